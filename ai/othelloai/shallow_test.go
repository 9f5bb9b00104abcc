package othelloai_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"planiverse/ai"
	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// referenceNegamax is a plain negamax of b to depth plies at ply through
// the rules.State interface, without pruning: the value ShallowSearch
// must reproduce.
func referenceNegamax(k *othelloai.Knowledge, b *othello.Board, depth, ply int) int {
	if over, sc := b.Outcome(); over {
		return ai.TerminalScore(sc, ply)
	}
	if depth <= 0 {
		return max(-ai.MaxEval, min(ai.MaxEval, k.Evaluate(b)))
	}
	best := -ai.WinScore - 1
	for _, m := range b.Moves(nil) {
		b.Play(m)
		best = max(best, -referenceNegamax(k, b, depth-1, ply+1))
		b.Undo()
	}
	return best
}

// shallowTestBoards returns positions from random games, every fifth ply,
// with a few near the end so that passes and finished games occur.
func shallowTestBoards(games int) []*othello.Board {
	r := rand.New(rand.NewPCG(5, 6))
	var out []*othello.Board
	for range games {
		b := othello.New()
		for ply := 0; ; ply++ {
			if over, _ := b.Outcome(); over {
				break
			}
			if ply%5 == 0 || b.Empties() < 8 {
				out = append(out, b.Copy())
			}
			ms := b.Moves(nil)
			b.Play(ms[r.IntN(len(ms))])
		}
	}
	return out
}

// TestShallowSearchMatchesNegamax checks ShallowSearch against a plain
// negamax: the exact value with an open window, and fail-soft bounds on the
// right side of null windows around it (a fail-high score is a lower bound,
// a fail-low one an upper bound); the board is left unchanged and the
// nodes and horizon flag are sane.
func TestShallowSearchMatchesNegamax(t *testing.T) {
	k := othelloai.New()
	boards := shallowTestBoards(12)
	if testing.Short() {
		boards = boards[:60]
	}
	checked := 0
	for _, b := range boards {
		for depth := 0; depth <= 3; depth++ {
			ply := 1 + depth
			want := referenceNegamax(k, b, depth, ply)
			hash, pos := b.Hash(), b.Position()
			v, move, nodes, horizon, ok := k.ShallowSearch(b, depth, ply, -ai.WinScore-1, ai.WinScore+1)
			if !ok || v != want {
				t.Fatalf("%s depth %d: ShallowSearch %d (ok %v), negamax %d", pos, depth, v, ok, want)
			}
			// The best move: none at depth 0 or for a finished game, else a
			// legal move whose child has the value.
			over, _ := b.Outcome()
			switch {
			case depth == 0 || over:
				if move != rules.NoMove {
					t.Fatalf("%s depth %d: best move %d, want none", pos, depth, move)
				}
			case !slices.Contains(b.Moves(nil), move):
				t.Fatalf("%s depth %d: best move %d is not legal", pos, depth, move)
			default:
				b.Play(move)
				child := -referenceNegamax(k, b, depth-1, ply+1)
				b.Undo()
				if child != want {
					t.Fatalf("%s depth %d: best move %s scores %d, the value is %d", pos, depth, b.MoveString(move), child, want)
				}
			}
			if b.Hash() != hash || b.Position() != pos {
				t.Fatalf("%s: ShallowSearch changed the board", pos)
			}
			if nodes < 1 {
				t.Fatalf("%s depth %d: %d nodes", pos, depth, nodes)
			}
			if over, _ := b.Outcome(); !over && depth == 0 && !horizon {
				t.Fatalf("%s: an evaluation without the horizon flag", pos)
			}
			if over, _ := b.Outcome(); over && horizon {
				t.Fatalf("%s: a finished game with the horizon flag", pos)
			}
			for _, a := range []int{want - 1, want, want - 50, want + 30} {
				v, _, _, _, _ := k.ShallowSearch(b, depth, ply, a, a+1)
				switch {
				case want > a && (v <= a || v > want):
					t.Fatalf("%s depth %d window (%d,%d): %d, value %d (want a lower bound above alpha)", pos, depth, a, a+1, v, want)
				case want <= a && (v > a || v < want):
					t.Fatalf("%s depth %d window (%d,%d): %d, value %d (want an upper bound at most alpha)", pos, depth, a, a+1, v, want)
				}
			}
			checked++
		}
	}
	if checked < 200 {
		t.Fatalf("only %d cases", checked)
	}
}

// TestShallowSearchDeclines checks that a state other than an Othello
// board is handed back to the search.
func TestShallowSearchDeclines(t *testing.T) {
	var s rules.State
	if _, _, _, _, ok := othelloai.New().ShallowSearch(s, 2, 1, -1, 1); ok {
		t.Fatal("ShallowSearch took a nil state")
	}
}

// TestShallowSearchAllocs checks that the shallow search allocates nothing.
func TestShallowSearchAllocs(t *testing.T) {
	k := othelloai.New()
	b := shallowTestBoards(1)[4]
	if a := testing.AllocsPerRun(20, func() { k.ShallowSearch(b, 3, 1, -ai.WinScore, ai.WinScore) }); a != 0 {
		t.Fatalf("%v allocations a call", a)
	}
}

// booklessEngine returns an engine with a table of mb megabytes and
// Othello's knowledge without the opening book, after set has adjusted it.
func booklessEngine(mb int, set func(*othelloai.Knowledge)) *ai.Engine {
	k := othelloai.New()
	k.NoBook = true
	set(k)
	e := ai.NewEngine(mb)
	e.SetKnowledge(k)
	return e
}

// TestShallowInSearch checks the shallow search inside the engine: at
// depths 1 and 2 (no late move reductions, whose choices depend on the
// killers and history the shallow nodes do not feed) the search finds the
// same score with and without it, and at depth 6 it returns a legal move.
func TestShallowInSearch(t *testing.T) {
	for i, b := range shallowTestBoards(4) {
		if over, _ := b.Outcome(); over || i%3 != 0 {
			continue
		}
		for depth := 1; depth <= 2; depth++ {
			var got [2]int
			for j, plies := range []int{0, othelloai.New().ShallowPlies} {
				e := booklessEngine(4, func(k *othelloai.Knowledge) { k.ShallowPlies = plies })
				got[j] = e.Search(context.Background(), b, ai.Limits{Depth: depth}, nil).Score
			}
			if got[0] != got[1] {
				t.Errorf("%s: depth %d scores %d without and %d with the shallow search", b.Position(), depth, got[0], got[1])
			}
		}
		m := booklessEngine(4, func(*othelloai.Knowledge) {}).Search(context.Background(), b, ai.Limits{Depth: 6}, nil).Move
		if !slices.Contains(b.Moves(nil), m) {
			t.Fatalf("%s: depth 6 returned %v, not a legal move", b.Position(), m)
		}
	}
}

// TestShallowPV checks that the principal variation reaches the horizon
// with the shallow search as without it: the frontier node gives its best
// move (the line was one ply short before), and the line is legal.
func TestShallowPV(t *testing.T) {
	checked := 0
	for i, b := range shallowTestBoards(4) {
		if over, _ := b.Outcome(); over || i%2 != 0 {
			continue
		}
		for depth := 2; depth <= 4; depth++ {
			var lens [2]int
			for j, plies := range []int{0, othelloai.New().ShallowPlies} {
				e := booklessEngine(4, func(k *othelloai.Knowledge) {
					k.MPCThreshold = 0
					k.ShallowPlies = plies
				})
				res := e.Search(context.Background(), b, ai.Limits{Depth: depth}, nil)
				c := b.Copy()
				for _, m := range res.PV {
					if !slices.Contains(c.Moves(nil), m) {
						t.Fatalf("%s depth %d shallow %d: PV %v has an illegal move %d", b.Position(), depth, plies, res.PV, m)
					}
					c.Play(m)
				}
				lens[j] = len(res.PV)
			}
			if lens[0] != lens[1] {
				t.Errorf("%s depth %d: a PV of %d moves without the shallow search, %d with it", b.Position(), depth, lens[0], lens[1])
			}
			checked++
		}
	}
	if checked < 20 {
		t.Fatalf("only %d cases", checked)
	}
}

// BenchmarkMidgameSearch searches middle-game positions (28-44 empties,
// from random games) to depth 10 with multi-ProbCut and a cleared 1 MB table,
// as the top level does, with the shallow search off and at 2 and 3 plies;
// ns/op is one position.
func BenchmarkMidgameSearch(b *testing.B) {
	var boards []*othello.Board
	for _, bd := range shallowTestBoards(8) {
		if e := bd.Empties(); e >= 28 && e <= 44 {
			boards = append(boards, bd)
		}
	}
	for _, plies := range []int{0, 1, 2, 3} {
		b.Run(fmt.Sprintf("shallow=%d", plies), func(b *testing.B) {
			e := booklessEngine(1, func(k *othelloai.Knowledge) { k.ShallowPlies = plies })
			i := 0
			var nodes int64
			for b.Loop() {
				e.ClearHash()
				nodes += e.Search(context.Background(), boards[i%len(boards)], ai.Limits{Depth: 10}, nil).Nodes
				i++
			}
			b.ReportMetric(float64(nodes)/float64(i), "nodes/op")
		})
	}
}
