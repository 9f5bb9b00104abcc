package session

import (
	"math"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// TestLevelFigureWords: the wording's thresholds: nearly every move below
// 1.5 moves a mistake, "about one in N" with N rounded as said aloud,
// "rarely" from 100 moves a mistake, and "none in N" when none was seen.
func TestLevelFigureWords(t *testing.T) {
	for _, c := range []struct {
		f    ai.LevelFigure
		want string
	}{
		{ai.LevelFigure{Moves: 500, MistakeEvery: 1.2}, "makes a mistake nearly every move"},
		{ai.LevelFigure{Moves: 500, MistakeEvery: 1.6}, "about one mistake in 2 moves"},
		{ai.LevelFigure{Moves: 500, MistakeEvery: 12.4}, "about one mistake in 12 moves"},
		{ai.LevelFigure{Moves: 500, MistakeEvery: 19.4}, "about one mistake in 19 moves"},
		{ai.LevelFigure{Moves: 500, MistakeEvery: 35.5}, "about one mistake in 35 moves"},
		{ai.LevelFigure{Moves: 500, MistakeEvery: 88.7}, "about one mistake in 90 moves"},
		{ai.LevelFigure{Moves: 5000, MistakeEvery: 99.9}, "about one mistake in 100 moves"},
		{ai.LevelFigure{Moves: 5000, MistakeEvery: 100}, "rarely makes a mistake (about one in 100 moves)"},
		{ai.LevelFigure{Moves: 8000, MistakeEvery: 396.7}, "rarely makes a mistake (about one in 400 moves)"},
		{ai.LevelFigure{Moves: 9000, MistakeEvery: 1234}, "rarely makes a mistake (about one in 1200 moves)"},
		{ai.LevelFigure{Moves: 1911}, "rarely makes a mistake (none in 1900 moves)"},
		{ai.LevelFigure{Moves: 47}, "rarely makes a mistake (none in 45 moves)"},
		{ai.LevelFigure{}, ""},
	} {
		if got := levelFigureWords(c.f); got != c.want {
			t.Errorf("levelFigureWords(%+v) = %q, want %q", c.f, got, c.want)
		}
	}
}

// TestLevelWords: every level of the four games has words from its
// measured figures, the weakest level errs more often than the strongest,
// and a game or level without figures has none.
func TestLevelWords(t *testing.T) {
	for _, name := range []string{"othello", "gomoku", "dvonn", "alak"} {
		d, err := registry.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for lv := ai.MinLevel; lv <= ai.MaxLevel; lv++ {
			if w := LevelWords(d, lv); !strings.Contains(w, "mistake") {
				t.Errorf("%s level %d: words %q", name, lv, w)
			}
		}
		lo, _ := ai.LevelFigureOf(name, ai.MinLevel)
		hi, _ := ai.LevelFigureOf(name, ai.MaxLevel)
		if lo.MistakeEvery <= 0 || hi.MistakeEvery > 0 && hi.MistakeEvery <= lo.MistakeEvery {
			t.Errorf("%s: Novice errs every %.1f moves, Master every %.1f", name, lo.MistakeEvery, hi.MistakeEvery)
		}
		if w := LevelWords(d, ai.MaxLevel+1); w != "" {
			t.Errorf("%s level %d: words %q, want none", name, ai.MaxLevel+1, w)
		}
	}
	ai.Register("nofigures", func() ai.Knowledge { return &ai.Mobility{} })
	defer ai.Register("nofigures", nil)
	if w := LevelWords(&rules.Descriptor{Name: "nofigures"}, 3); w != "" {
		t.Errorf("a game without figures: %q", w)
	}
	if w := LevelWords(nil, 3); w != "" {
		t.Errorf("no game: %q", w)
	}
}

// TestLevelWordsOrdered: a level never reads as erring more often than
// the level below it, in every game, and out-of-order samples are pooled
// by their moves.
func TestLevelWordsOrdered(t *testing.T) {
	figs := []ai.LevelFigure{
		{Level: 0, Moves: 100, MistakeEvery: 2},
		{Level: 1, Moves: 100, MistakeEvery: 13},
		{Level: 2, Moves: 300, MistakeEvery: 8},
		{Level: 3, Moves: 50, MistakeEvery: 0},
	}
	got := orderedFigures(figs)
	// Levels 1 and 2 pool: (100/13 + 300/8) mistakes in 400 moves.
	want := 400 / (100.0/13 + 300.0/8)
	if got[1].MistakeEvery != got[2].MistakeEvery || math.Abs(got[1].MistakeEvery-want) > 1e-9 {
		t.Fatalf("pooled %v and %v, want %v", got[1].MistakeEvery, got[2].MistakeEvery, want)
	}
	if got[0].MistakeEvery != 2 || got[3].MistakeEvery != 0 || figs[1].MistakeEvery != 13 {
		t.Fatalf("ordered %+v from %+v", got, figs)
	}
	for _, d := range registry.Games() {
		prev := 0.0
		for _, f := range orderedFigures(ai.LevelFiguresOf(d.Name)) {
			every := f.MistakeEvery
			if every == 0 {
				every = math.Inf(1)
			}
			if every < prev {
				t.Errorf("%s level %d errs every %v moves, more often than the level below (%v)", d.Name, f.Level, every, prev)
			}
			prev = every
		}
	}
}
