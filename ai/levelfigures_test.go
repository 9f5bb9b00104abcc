package ai_test

import (
	"testing"

	"planiverse/ai"
	"planiverse/rules/registry"
)

// TestLevelFigures: each of the four games' knowledge has measured
// figures (ai.LevelTable) for every level, MinLevel to MaxLevel in order,
// each from a sample of moves, in the unit of the game's analysis; the
// slice is a copy; a game without knowledge has none.
func TestLevelFigures(t *testing.T) {
	for _, name := range []string{"othello", "gomoku", "dvonn", "alak"} {
		d, err := registry.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		o, _ := d.Resolve(nil)
		s, err := d.New(o)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := ai.KnowledgeFor(s).(ai.LevelTable); !ok {
			t.Fatalf("%s: the knowledge is no ai.LevelTable", name)
		}
		_, sc := ai.AnalysisFor(s)
		unit := sc.Unit
		if unit == "" {
			unit = "%"
		}
		fs := ai.LevelFiguresOf(name)
		if len(fs) != ai.MaxLevel-ai.MinLevel+1 {
			t.Fatalf("%s: %d figures, want %d", name, len(fs), ai.MaxLevel-ai.MinLevel+1)
		}
		for i, f := range fs {
			if f.Level != ai.MinLevel+i || f.Moves <= 0 || f.MistakeEvery < 0 || f.MeanLoss < 0 || f.Unit != unit {
				t.Errorf("%s: figure %d = %+v (unit want %q)", name, i, f, unit)
			}
			if g, ok := ai.LevelFigureOf(name, f.Level); !ok || g != f {
				t.Errorf("%s: LevelFigureOf(%d) = %+v, %v", name, f.Level, g, ok)
			}
		}
		fs[0].Moves = -1
		if ai.LevelFiguresOf(name)[0].Moves == -1 {
			t.Errorf("%s: LevelFiguresOf returns the table itself", name)
		}
	}
	if _, ok := ai.LevelFigureOf("othello", ai.MaxLevel+1); ok {
		t.Error("a figure for a level above MaxLevel")
	}
}
