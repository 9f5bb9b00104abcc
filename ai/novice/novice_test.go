package novice

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// TestGreedyFlipsMost: on the positions of random games, Greedy's move
// flips as many discs as the best legal placement (counted by
// LegalPlacements), and on a position with one best placement it is that.
func TestGreedyFlipsMost(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for game := range 20 {
		b := othello.New()
		for ply := 0; ; ply++ {
			if over, _ := b.Outcome(); over {
				break
			}
			most := -1
			for _, p := range b.LegalPlacements() {
				most = max(most, len(p.Flips))
			}
			m := Greedy(b, r)
			if most < 0 {
				if m != rules.Pass {
					t.Fatalf("game %d ply %d: %s, want pass", game, ply, b.MoveString(m))
				}
			} else {
				own, opp := b.Bitboards()
				if got := bits.OnesCount64(othello.FlipsMask(int(m), own, opp)); got != most || othello.MovesMask(own, opp)>>m&1 == 0 {
					t.Fatalf("game %d ply %d: %s flips %d, best flips %d", game, ply, b.MoveString(m), got, most)
				}
			}
			// Go on with random moves, so that the positions vary.
			b.Play(Random(b, r))
		}
	}
	// Black's g1 flips five discs, c3 one.
	b, err := othello.ParsePosition("XOOOOO--" + "--------" + "XO------" + strings.Repeat("-", 40) + " X")
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(10) {
		if m := Greedy(b, rand.New(rand.NewPCG(seed, 0))); b.MoveString(m) != "g1" {
			t.Fatalf("seed %d: %s, want g1", seed, b.MoveString(m))
		}
	}
}

// gomokuGame plays points given as (x, y) pairs on 15x15 freestyle.
func gomokuGame(t *testing.T, rule gomoku.Rule, xy ...int) *gomoku.Game {
	t.Helper()
	g, err := gomoku.New(gomoku.Options{Size: 15, Rule: rule})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(xy); i += 2 {
		m := rules.Move(xy[i+1]*15 + xy[i])
		if !g.Legal(m) {
			t.Fatalf("stone %d at %d,%d is illegal", i/2+1, xy[i], xy[i+1])
		}
		g.Play(m)
	}
	return g
}

func TestLinerMakesFive(t *testing.T) {
	// Black 3..6,7 in a row (four), White 3..5,9 (three) and one more away;
	// Black to move makes five at 2,7 or 7,7, not a block.
	g := gomokuGame(t, gomoku.Freestyle, 3, 7, 3, 9, 4, 7, 4, 9, 5, 7, 5, 9, 6, 7, 12, 12)
	for seed := range uint64(20) {
		m := Liner(g, rand.New(rand.NewPCG(seed, 1)))
		if m != rules.Move(7*15+2) && m != rules.Move(7*15+7) {
			t.Fatalf("seed %d: %s, want a five", seed, g.MoveString(m))
		}
	}
}

func TestLinerBlocksFour(t *testing.T) {
	// White has four in a column at x=10, y=3..6 with y=2 already blocked
	// by Black; Black's best is a three. Black must block at 10,7.
	g := gomokuGame(t, gomoku.Freestyle, 3, 7, 10, 3, 4, 7, 10, 4, 5, 7, 10, 5, 10, 2, 10, 6)
	for seed := range uint64(20) {
		if m := Liner(g, rand.New(rand.NewPCG(seed, 2))); m != rules.Move(7*15+10) {
			t.Fatalf("seed %d: %s, want the block at %s", seed, g.MoveString(m), g.MoveString(rules.Move(7*15+10)))
		}
	}
}

func TestLinerLengthensLongestLine(t *testing.T) {
	// Black has two in a row at 7,7 and 8,7 and nothing to block; its move
	// makes a three (6,7 or 9,7) rather than a two elsewhere.
	g := gomokuGame(t, gomoku.Freestyle, 7, 7, 3, 3, 8, 7, 12, 12)
	seen := map[rules.Move]bool{}
	for seed := range uint64(40) {
		m := Liner(g, rand.New(rand.NewPCG(seed, 3)))
		if m != rules.Move(7*15+6) && m != rules.Move(7*15+9) {
			t.Fatalf("seed %d: %s, want 6,7 or 9,7", seed, g.MoveString(m))
		}
		seen[m] = true
	}
	if len(seen) != 2 {
		t.Errorf("ties not broken at random: only %v", seen)
	}
	// On an empty board, the center.
	e := gomokuGame(t, gomoku.Freestyle)
	if m := Liner(e, rand.New(rand.NewPCG(0, 0))); m != rules.Move(7*15+7) {
		t.Errorf("first stone %s, want the center", e.MoveString(m))
	}
}

// TestRandomLegalAndSeeded: whole DVONN and Alak games of Random are legal
// and the same game for the same seed, and another seed plays another game.
func TestRandomLegalAndSeeded(t *testing.T) {
	newStates := map[string]func() rules.State{
		"dvonn": func() rules.State { return dvonn.New() },
		"alak":  func() rules.State { g, _ := alak.ParsePosition(false, "xxxx...oooo x"); return g },
	}
	for name, start := range newStates {
		play := func(seed uint64) string {
			s := start()
			r := rand.New(rand.NewPCG(seed, 9))
			var moves []string
			for len(moves) < 400 {
				if over, _ := s.Outcome(); over {
					break
				}
				m := Random(s, r)
				text := s.MoveString(m)
				if _, err := s.ParseMove(text); err != nil {
					t.Fatalf("%s: move %d %s is illegal: %v", name, len(moves)+1, text, err)
				}
				moves = append(moves, text)
				s.Play(m)
			}
			return strings.Join(moves, " ")
		}
		a, b, c := play(5), play(5), play(6)
		if a != b {
			t.Errorf("%s: seed 5 played two games:\n%s\n%s", name, a, b)
		}
		if a == c {
			t.Errorf("%s: seeds 5 and 6 played the same game", name)
		}
	}
}

func TestLookup(t *testing.T) {
	for _, c := range []struct {
		game, name string
		ok         bool
	}{
		{"othello", "greedy", true}, {"othello", "Random", true}, {"gomoku", "liner", true},
		{"dvonn", "random", true}, {"alak", "random", true},
		{"gomoku", "greedy", false}, {"othello", "liner", false}, {"dvonn", "best", false}, {"alak", "", false},
	} {
		p, err := Lookup(c.game, c.name)
		if (err == nil) != c.ok {
			t.Errorf("Lookup(%s, %q): %v, %v", c.game, c.name, p.Name, err)
		}
		if err != nil && !strings.Contains(err.Error(), "random") {
			t.Errorf("Lookup(%s, %q): the error %q names no player", c.game, c.name, err)
		}
	}
}
