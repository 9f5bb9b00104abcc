package lesson

import (
	"context"
	"strings"
	"testing"

	"planiverse/app/i18n"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// TestTextsInEnglishBundle: every text of every course has its key in
// en.json with exactly the course file's text, so the translations'
// source and the course never drift apart; and en.json has no lesson
// text of a stage that no course has.
func TestTextsInEnglishBundle(t *testing.T) {
	en, err := i18n.ReadBundle("en")
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, game := range Games() {
		c, err := Load(game)
		if err != nil {
			t.Fatal(err)
		}
		for i := range c.Stages {
			st := &c.Stages[i]
			for field, text := range st.Texts() {
				key := st.Key(field)
				keys[key] = true
				if e, ok := en[key]; !ok {
					t.Errorf("en.json lacks %q (%q)", key, text)
				} else if e.Plural || e.Other != text {
					t.Errorf("en.json has %q = %q, the course file %q", key, e.Other, text)
				}
			}
		}
		for key := range en {
			if strings.HasPrefix(key, "lesson."+game+".") && !keys[key] {
				t.Errorf("en.json has %q, which no stage of %s has", key, game)
			}
		}
	}
	if len(keys) < 100 {
		t.Errorf("found %d lesson texts, want over 100: the walk is broken", len(keys))
	}
}

// marker is an i18n backend that wraps each text in brackets with its
// key: "[othello.flip.title|A move must flip]".
type marker struct{}

func (marker) Translate(key, fallback string, _ map[string]any) string {
	return "[" + key + "|" + fallback + "]"
}

func (marker) Plural(key, fallback string, _ int, _ map[string]any) string {
	return "[" + key + "|" + fallback + "]"
}

// TestJudgeTextsComeThroughI18n: a refused try's explanation (a move's
// own, the rule's, an illegal move's) and the success text are looked up
// under the stage's keys.
func TestJudgeTextsComeThroughI18n(t *testing.T) {
	i18n.Install(marker{})
	defer i18n.Install(nil)
	for _, tc := range []struct{ game, id, move, key string }{
		{"gomoku", "gomoku.block-four", "J4", "lesson.gomoku.block-four.wrong.J4"},
		{"gomoku", "gomoku.block-four", "A1", "lesson.gomoku.block-four.wrong.rule"},
		{"gomoku", "gomoku.block-four", "H7", "lesson.gomoku.block-four.success"},
		{"othello", "othello.flip", "a1", "lesson.othello.flip.wrong.illegal"},
	} {
		c, err := Load(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		st := stage(t, c, tc.id)
		p, err := NewPlayer(st)
		if err != nil {
			t.Fatal(err)
		}
		var m rules.Move
		if tc.game == "othello" { // an illegal move, which ParseMove refuses
			sq, err := othello.ParseSquare(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			m = rules.Move(sq)
		} else {
			m = mustParse(t, p.Position(), tc.move)
		}
		v := p.Judge(context.Background(), p.Position().Clone(), m)
		if !strings.HasPrefix(v.Text, "["+tc.key+"|") {
			t.Errorf("%s %s: %q, want the text of %s", tc.id, tc.move, v.Text, tc.key)
		}
	}
}

// TestRulesReasonComesThroughI18n: a refused try without the stage's own
// text gives the rules' reason (rules.WhyPhrase) in the window's language.
func TestRulesReasonComesThroughI18n(t *testing.T) {
	i18n.Install(marker{})
	defer i18n.Install(nil)
	c, err := Load("dvonn")
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlayer(stage(t, c, "dvonn.height"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := dvonnStep(p.Position(), "J3", "J4") // a stack of two moved one space
	if err != nil {
		t.Fatal(err)
	}
	if v := p.Judge(context.Background(), p.Position().Clone(), m); !strings.HasPrefix(v.Text, "[why.dvonn.distance|") {
		t.Errorf("J3J4: %q, want the rules' reason through i18n", v.Text)
	}
}
