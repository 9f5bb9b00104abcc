package lesson

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/rules"
	"planiverse/rules/dvonn"
	"planiverse/rules/registry"
)

func TestMain(m *testing.M) {
	ai.Use(games.Knowledge())
	os.Exit(m.Run())
}

// minStages is the least number of stages of each game's course.
var minStages = map[string]int{"othello": 8, "gomoku": 8, "dvonn": 8, "alak": 5}

// TestEveryGameHasACourse: each registered game has a course that loads,
// with at least its number of stages.
func TestEveryGameHasACourse(t *testing.T) {
	if got := Games(); len(got) != len(registry.Names()) {
		t.Errorf("games with a course: %v, want every game of %v", got, registry.Names())
	}
	for game, least := range minStages {
		c, err := Load(game)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Stages) < least {
			t.Errorf("%s: %d stages, want at least %d", game, len(c.Stages), least)
		}
		if c.Intro == "" {
			t.Errorf("%s: no intro", game)
		}
	}
}

// TestEveryStageSolvable: in every stage of every game the solution is a
// legal move that the rule accepts (with the success text and 3 stars),
// and the mistake is a legal move that the rule refuses with one of the
// stage's own sentences.
func TestEveryStageSolvable(t *testing.T) {
	for _, game := range Games() {
		c, err := Load(game)
		if err != nil {
			t.Fatal(err)
		}
		for i := range c.Stages {
			st := &c.Stages[i]
			t.Run(st.ID, func(t *testing.T) {
				p, err := NewPlayer(st)
				if err != nil {
					t.Fatal(err)
				}
				mistake := mustParse(t, p.Position(), st.Mistake)
				f, err := p.Try(context.Background(), mistake)
				if err != nil || f.OK {
					t.Fatalf("mistake %s accepted (%+v, %v)", st.Mistake, f, err)
				}
				if f.Text != st.Wrong[st.Mistake] && f.Text != st.Wrong["rule"] {
					t.Errorf("mistake %s: text %q is not the stage's", st.Mistake, f.Text)
				}
				if err := p.Retry(); err != nil {
					t.Fatal(err)
				}
				f, err = p.Try(context.Background(), mustParse(t, p.Position(), st.Solution))
				if err != nil || !f.OK || f.Stars != 3 || f.Text != st.Success {
					t.Fatalf("solution %s: %+v, %v", st.Solution, f, err)
				}
			})
		}
	}
}

// mustParse reads move text that must be legal in s.
func mustParse(t *testing.T, s rules.State, text string) rules.Move {
	t.Helper()
	m, err := s.ParseMove(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return m
}

// TestStarsByTries: three stars at the first try, two at the second, one
// later; an illegal try counts and is explained in one sentence.
func TestStarsByTries(t *testing.T) {
	for tries, want := range map[int]int{1: 3, 2: 2, 3: 1, 7: 1} {
		if got := Stars(tries); got != want {
			t.Errorf("Stars(%d) = %d, want %d", tries, got, want)
		}
	}
	c, err := Load("othello")
	if err != nil {
		t.Fatal(err)
	}
	st := &c.Stages[0] // othello.flip: d3 or c4 flip d4; a1 flips nothing
	p, err := NewPlayer(st)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	f, _ := p.Try(ctx, mustParse(t, p.Position(), "f5"))
	if f.OK || f.Tries != 1 || f.Text != st.Wrong["rule"] {
		t.Errorf("first try f5: %+v", f)
	}
	a1 := rules.Move(0) // othello's square a1, never legal at the start
	f, _ = p.Try(ctx, a1)
	if f.OK || f.Tries != 2 || f.Text != st.Wrong["illegal"] {
		t.Errorf("second try a1: %+v", f)
	}
	f, _ = p.Try(ctx, mustParse(t, p.Position(), "d3"))
	if !f.OK || f.Tries != 3 || f.Stars != 1 || !p.Done() || p.Stars() != 1 {
		t.Errorf("third try d3: %+v", f)
	}
	if _, err := p.Try(ctx, a1); err == nil {
		t.Error("a try after the task is done was not refused")
	}
	p.Retry()
	f, _ = p.Try(ctx, mustParse(t, p.Position(), "f5"))
	f, _ = p.Try(ctx, mustParse(t, p.Position(), "c4"))
	if !f.OK || f.Stars != 2 {
		t.Errorf("after a retry, second try c4: %+v", f)
	}
}

// TestIllegalTryUsesTheRulesReason: without the stage's own "illegal"
// text, a refused illegal try gives the rules' reason (a
// DVONN stack moved the wrong distance), and the position is unchanged.
func TestIllegalTryUsesTheRulesReason(t *testing.T) {
	c, err := Load("dvonn")
	if err != nil {
		t.Fatal(err)
	}
	st := stage(t, c, "dvonn.height")
	p, err := NewPlayer(st)
	if err != nil {
		t.Fatal(err)
	}
	before := p.Position().String()
	// J3J4: the stack of two on J3 moved one space.
	m, err := dvonnStep(p.Position(), "J3", "J4")
	if err != nil {
		t.Fatal(err)
	}
	f, _ := p.Try(context.Background(), m)
	if f.OK || !strings.Contains(f.Text, "exactly 2") {
		t.Errorf("J3J4: %+v, want the rules' reason", f)
	}
	if p.Position().String() != before {
		t.Error("a refused try changed the position")
	}
}

// TestReplyIsPlayed: the pass stage's reply (White passes) is played after
// the accepted move, so that Black is to move again.
func TestReplyIsPlayed(t *testing.T) {
	c, _ := Load("othello")
	p, err := NewPlayer(stage(t, c, "othello.pass"))
	if err != nil {
		t.Fatal(err)
	}
	f, _ := p.Try(context.Background(), mustParse(t, p.Position(), "f4"))
	if !f.OK || p.Position().ToMove() != rules.First {
		t.Errorf("after f4 and White's pass: %+v, to move %d", f, p.Position().ToMove())
	}
}

// TestParseRefusesBadCourses: an unknown rule kind, a missing text, a
// stage of another game and an unreadable position are errors.
func TestParseRefusesBadCourses(t *testing.T) {
	good := `{"id":"othello.x","title":"T","task":"T.","rule":{"kind":"any-of","moves":["d3"]},"wrong":{"rule":"W."},"success":"S.","solution":"d3","mistake":"f5"}`
	if _, err := parse("othello", []byte(`{"game":"othello","intro":"I.","stages":[`+good+`]}`)); err != nil {
		t.Fatalf("good course: %v", err)
	}
	for name, stage := range map[string]string{
		"kind":     strings.Replace(good, "any-of", "any", 1),
		"text":     strings.Replace(good, `"success":"S.",`, "", 1),
		"game":     strings.Replace(good, "othello.x", "gomoku.x", 1),
		"position": strings.Replace(good, `"title"`, `"position":"xx","title"`, 1),
		"field":    strings.Replace(good, `"title"`, `"titel":"x","title"`, 1),
	} {
		if _, err := parse("othello", []byte(`{"game":"othello","stages":[`+stage+`]}`)); err == nil {
			t.Errorf("%s: a bad course was read", name)
		}
	}
	if _, err := Load("chess"); err == nil {
		t.Error("a course for a game without one")
	}
}

func stage(t *testing.T, c *Course, id string) *Stage {
	t.Helper()
	for i := range c.Stages {
		if c.Stages[i].ID == id {
			return &c.Stages[i]
		}
	}
	t.Fatalf("no stage %s", id)
	return nil
}

// dvonnStep is the DVONN move code from one space to another, legal or not.
func dvonnStep(_ rules.State, from, to string) (rules.Move, error) {
	f, ok1 := dvonn.CellIndex(from)
	t, ok2 := dvonn.CellIndex(to)
	if !ok1 || !ok2 {
		return 0, fmt.Errorf("no space %s or %s", from, to)
	}
	return dvonn.Step(f, t), nil
}

// TestRevealEarnsOneStar: after the solution is shown, solving the stage
// at the first try earns one star; a retry forgets it.
func TestRevealEarnsOneStar(t *testing.T) {
	c, _ := Load("alak")
	st := stage(t, c, "alak.capture")
	p, err := NewPlayer(st)
	if err != nil {
		t.Fatal(err)
	}
	m := p.Reveal()
	if p.Position().MoveString(m) != st.Solution {
		t.Fatalf("Reveal = %s, want %s", p.Position().MoveString(m), st.Solution)
	}
	f, _ := p.Try(context.Background(), m)
	if !f.OK || f.Stars != 1 {
		t.Errorf("solved after Reveal: %+v, want one star", f)
	}
	if p.Reveal() != rules.NoMove {
		t.Error("Reveal after the stage was solved")
	}
	p.Retry()
	if f, _ := p.Try(context.Background(), m); f.Stars != 3 {
		t.Errorf("after Retry, first try: %+v, want three stars", f)
	}
}

// TestTextsAreSentences: every text of every stage is whole sentences (a
// capital first, a full stop last), for the translation layer, and names
// no rule kind or id.
func TestTextsAreSentences(t *testing.T) {
	for _, game := range Games() {
		c, _ := Load(game)
		texts := map[string]string{game + " intro": c.Intro}
		for _, st := range c.Stages {
			texts[st.ID+" task"] = st.Task
			texts[st.ID+" success"] = st.Success
			for k, w := range st.Wrong {
				texts[st.ID+" wrong "+k] = w
			}
		}
		for where, text := range texts {
			first, last := text[:1], text[len(text)-1:]
			if strings.ToUpper(first) != first || !strings.ContainsAny(last, ".?!") {
				t.Errorf("%s: %q is not whole sentences", where, text)
			}
			if strings.Contains(text, game+".") || strings.Contains(text, "-of") {
				t.Errorf("%s: %q names an id or a rule", where, text)
			}
		}
	}
}
