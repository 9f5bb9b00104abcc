package ai_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/registry"
)

func TestAllLevels(t *testing.T) {
	all := ai.AllLevels()
	if len(all) != ai.MaxLevel-ai.MinLevel+1 || all[0].Number != ai.MinLevel || all[0].Name != "Novice" || all[0].Description == "" {
		t.Fatalf("levels: %+v", all)
	}
	for i, l := range ai.Levels() {
		if all[i+1-ai.MinLevel] != l {
			t.Errorf("AllLevels()[%d] = %+v, Levels has %+v", i+1-ai.MinLevel, all[i+1-ai.MinLevel], l)
		}
	}
	for n := ai.MinLevel - 2; n <= ai.MaxLevel+2; n++ {
		want := max(ai.MinLevel, min(n, ai.MaxLevel))
		if l := ai.LevelOf(n); l.Number != want {
			t.Errorf("LevelOf(%d) = %+v, want level %d", n, l, want)
		}
	}
}

// TestNoviceLevel: every game's knowledge has a Novice level of its own
// (ai.LevelTable), a softened 1-ply choice; playing it from the positions
// of a random game gives legal moves, the same for the same seed, and more
// varied ones than level 1 over the same seeds (a level 0 clamped to 1
// would choose exactly level 1's moves).
func TestNoviceLevel(t *testing.T) {
	for _, name := range []string{"othello", "gomoku", "dvonn", "alak"} {
		d, err := registry.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		o, err := d.Resolve(nil)
		if err != nil {
			t.Fatal(err)
		}
		s, err := d.Start(o)
		if err != nil {
			t.Fatal(err)
		}
		nt, ok := ai.KnowledgeFor(s).(ai.LevelTable)
		if !ok {
			t.Fatalf("%s: no Novice level", name)
		}
		if sp := nt.NoviceLevel(); sp.Depth != 1 || sp.Temp <= 0 || sp.TimeDivisor != 0 {
			t.Errorf("%s: Novice level %+v, want a softened 1-ply choice", name, sp)
		}
		ai.Prepare(s, true)
		r := rand.New(rand.NewPCG(7, 7))
		var distinct [2]int // distinct moves over the seeds, summed over positions: level 0, level 1
		var buf []rules.Move
		for ply := 0; ply < 60; ply++ {
			if over, _ := s.Outcome(); over {
				break
			}
			if ply%3 == 2 {
				for k, level := range []int{0, 1} {
					seen := map[rules.Move]bool{}
					for seed := range uint64(8) {
						m := ai.NewEngine(1).Play(context.Background(), s.Clone(), level, rand.New(rand.NewPCG(seed, 1)), nil).Move
						if _, err := s.ParseMove(s.MoveString(m)); err != nil {
							t.Fatalf("%s ply %d level %d: illegal move: %v", name, ply, level, err)
						}
						if level == 0 && seed == 0 {
							again := ai.NewEngine(1).Play(context.Background(), s.Clone(), level, rand.New(rand.NewPCG(seed, 1)), nil).Move
							if again != m {
								t.Fatalf("%s ply %d: the same seed chose %s then %s", name, ply, s.MoveString(m), s.MoveString(again))
							}
						}
						seen[m] = true
					}
					distinct[k] += len(seen)
				}
			}
			buf = s.Moves(buf[:0])
			s.Play(buf[r.IntN(len(buf))])
		}
		if distinct[0] <= distinct[1] {
			t.Errorf("%s: the Novice level chose %d distinct moves, level 1 %d; want more", name, distinct[0], distinct[1])
		}
	}
}
