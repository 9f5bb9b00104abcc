package gomokuai_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/ai/gomokuai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// noFilter is the Gomoku knowledge without its RootPolicy: the search as it
// was before RootMoves.
type noFilter struct{ k *gomokuai.Knowledge }

func (n noFilter) Evaluate(s rules.State) int { return n.k.Evaluate(s) }
func (n noFilter) OrderMoves(s rules.State, m []rules.Move, sc []int32) {
	n.k.OrderMoves(s, m, sc)
}
func (n noFilter) Candidates(s rules.State, b []rules.Move) []rules.Move {
	return n.k.Candidates(s, b)
}

var (
	_ ai.RootPolicy = (*gomokuai.Knowledge)(nil)
	_ ai.Knowledge  = noFilter{}
)

// replay plays the space-separated moves on a new 15x15 freestyle board.
func replay(t testing.TB, moves string) *gomoku.Game {
	t.Helper()
	g, _ := gomoku.New(gomoku.Options{Size: 15})
	for _, s := range strings.Fields(moves) {
		m, err := g.ParseMove(s)
		if err != nil || !g.Legal(m) {
			t.Fatalf("move %s: %v", s, err)
		}
		g.Play(m)
	}
	return g
}

// losesToVCF reports whether the opponent wins by VCF after m.
func losesToVCF(g *gomoku.Game, m rules.Move) bool {
	c := g.Clone().(*gomoku.Game)
	c.Play(m)
	_, ok := gomokuai.VCF(c, gomokuai.RefuteDepth)
	return ok
}

// Positions where the side to move must stop an opponent VCF, and a
// fixed-depth search without the root filter plays a move that loses to it.
// They come from random play (the hand-made four-three of H8 that opened
// the list stopped qualifying when the evaluation was refitted: the plain
// search now avoids the loss there by itself; random 1 and 4 were drawn
// anew when the evaluation moved to pattern classes).
var threatCases = []struct {
	name  string
	moves string
	depth int
}{
	{"random 1", "J6 D10 I5 M5 M10 M4 I9 K3 M7 G9 M6 L11 H6 L5 L12 C7 F7 J13 I11 F9 G5", 1},
	{"random 2", "E6 G6 E11 H9 J7 H11 K11 D12 D4 F11 J4 J10 L12 L9 H12 L5 I6 I8 G8 I10", 2},
	{"random 3", "I10 D6 E6 I6 I12 K4 J8 G10 F6 D7 J4 L4 G8 K11 J9", 3},
	{"random 4", "G13 J9 I13 J10 E11 F6 L8 G4 C6 H12 G12 K7 E8 H10 J6 H5 F3 C8 F5 H8 H7 D5", 1},
}

func TestEngineStopsVCF(t *testing.T) {
	for _, c := range threatCases {
		t.Run(c.name, func(t *testing.T) {
			g := replay(t, c.moves)
			k := gomokuai.New()
			root := k.Candidates(g, nil)
			losing := 0
			for _, m := range root {
				if losesToVCF(g, m) {
					losing++
				}
			}
			if losing == 0 || losing == len(root) {
				t.Fatalf("%d of %d root moves lose: not a test of the filter", losing, len(root))
			}

			plain := ai.NewEngine(4)
			plain.SetKnowledge(noFilter{gomokuai.New()})
			res := plain.Search(context.Background(), g, ai.Limits{Depth: c.depth}, nil)
			if !losesToVCF(g, res.Move) {
				t.Fatalf("without the filter the search plays %s, which does not lose: the test is too weak", g.MoveString(res.Move))
			}

			e := ai.NewEngine(4)
			before := g.String()
			res = e.Search(context.Background(), g, ai.Limits{Depth: c.depth}, nil)
			if g.String() != before {
				t.Fatal("Search changed the position")
			}
			if !g.Legal(res.Move) || losesToVCF(g, res.Move) {
				t.Fatalf("with the filter the search plays %s, legal %v, which loses", g.MoveString(res.Move), g.Legal(res.Move))
			}
			kept := k.RootMoves(context.Background(), g, slices.Clone(root))
			if !slices.Contains(kept, res.Move) {
				t.Fatalf("search move %s is not among the kept %d", g.MoveString(res.Move), len(kept))
			}
		})
	}
}

// A canceled search still returns a legal move, after a handful of nodes.
func TestEngineFilterCanceled(t *testing.T) {
	g := replay(t, threatCases[2].moves) // random 3
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e := ai.NewEngine(4)
	res := e.Search(ctx, g, ai.Limits{Time: time.Minute}, nil)
	if !g.Legal(res.Move) || res.Nodes > 1024 {
		t.Fatalf("move %v (legal %v) after %d nodes", res.Move, g.Legal(res.Move), res.Nodes)
	}
}

// middlegames are positions from games against AIWine (1 s a move), 14
// plies in: the search's usual work.
var middlegames = []string{
	"H8 H9 J10 I9 J9 J8 I7 K7 H10 J6 I10 G10 K10 L10",
	"H8 H9 H6 G10 G9 F10 H10 F11 E12 F8 F9 E10 C8 G11",
	"H8 H9 I6 G8 F7 G9 I9 G7 G6 G10 G11 I8 J7 F11",
}

// BenchmarkSearchSecond searches each middle game for one second (the
// search alone: no solver, no root filter) and reports the depth reached
// and the nodes per second. Run with -benchtime 1x.
func BenchmarkSearchSecond(b *testing.B) {
	benchMiddlegames(b, ai.Limits{Time: time.Second}, func(b *testing.B, res ai.Result) {
		b.ReportMetric(float64(res.Depth), "depth")
	})
}

// benchMiddlegames runs a sub-benchmark per middle game: a fresh engine
// with the search alone (no solver, no root filter) searching it within
// lim at every iteration. It reports the nodes per second of the last
// search, and report adds the benchmark's own metrics.
func benchMiddlegames(b *testing.B, lim ai.Limits, report func(*testing.B, ai.Result)) {
	searchAlone := func() ai.Knowledge { return noFilter{gomokuai.New()} }
	benchMiddlegamesWith(b, lim, searchAlone, report)
}

// benchMiddlegamesWith is benchMiddlegames with the engine's knowledge
// made by know.
func benchMiddlegamesWith(b *testing.B, lim ai.Limits, know func() ai.Knowledge, report func(*testing.B, ai.Result)) {
	for i, moves := range middlegames {
		b.Run(fmt.Sprint("game", i+1), func(b *testing.B) {
			g := replay(b, moves)
			var res ai.Result
			for b.Loop() {
				e := ai.NewEngine(16)
				e.SetKnowledge(know())
				res = e.Search(context.Background(), g, lim, nil)
			}
			report(b, res)
			b.ReportMetric(float64(res.Nodes)/res.Elapsed.Seconds(), "nodes/s")
		})
	}
}

// pelaLoss is a lost game against Pela (1 s a move, 2026-11-23, opening
// H8 I9 I6): White (the engine) to move at ply 8. Black's VCT works after
// I8 (played in the game) and G8 and J8 (chosen in some 1 s searches,
// since the root filter's rounds are cut short by its time), not after
// J6 or G6.
const pelaLoss = "H8 I9 I6 G9 H6 H9 J9"

// TestRefuted checks the root verifier on pelaLoss: the moves that lose to
// Black's VCT are refuted, the defences are not.
func TestRefuted(t *testing.T) {
	g := replay(t, pelaLoss)
	k := gomokuai.New()
	before := g.String()
	for _, c := range []struct {
		move    string
		refuted bool
	}{{"I8", true}, {"G8", true}, {"J8", true}, {"J6", false}, {"G6", false}} {
		m, _ := g.ParseMove(c.move)
		if got := k.Refuted(context.Background(), g, m); got != c.refuted {
			t.Errorf("Refuted(%s) = %v, want %v", c.move, got, c.refuted)
		}
		if g.String() != before {
			t.Fatal("Refuted changed the position")
		}
	}
}

// verifyTestDepth is the depth of TestEngineVerifiesBest's search.
const verifyTestDepth = 6

// TestEngineVerifiesBest checks that a search of pelaLoss plays a move
// after which Black has no VCT (the game's I8, and G8 and J8, lose). The
// search is limited by depth, not time, so that a slow machine gives the
// same answer (a 1 s search failed under the race detector on a loaded
// machine). The hour-long time limit never ends the search: it switches
// on the root filter's and the root verifier's time-limited rounds,
// which then stop at their node budgets. Either of them is enough to
// avoid the three losing moves here (TestRefuted checks the verifier
// alone, ai's TestRootPolicy the search's use of it).
func TestEngineVerifiesBest(t *testing.T) {
	if testing.Short() {
		t.Skip("a deep search")
	}
	g := replay(t, pelaLoss)
	e := ai.NewEngine(16)
	res := e.Search(context.Background(), g, ai.Limits{Depth: verifyTestDepth, Time: time.Hour}, nil)
	if res.Depth != verifyTestDepth {
		t.Fatalf("search ended at depth %d, want %d", res.Depth, verifyTestDepth)
	}
	c := g.Clone().(*gomoku.Game)
	c.Play(res.Move)
	if _, lost := gomokuai.VCT(c, gomokuai.SolveVCTDepth, 2_000_000); lost {
		t.Fatalf("played %s, after which Black wins by VCT", g.MoveString(res.Move))
	}
}

// BenchmarkSearchDepth searches each middle game to a fixed depth (the
// search alone: no solver, no root filter): the same nodes at every run,
// so that ns/op compares the speed of two builds that search alike.
func BenchmarkSearchDepth(b *testing.B) {
	benchMiddlegames(b, ai.Limits{Depth: 8}, func(b *testing.B, res ai.Result) {
		b.ReportMetric(float64(res.Nodes), "nodes")
	})
}

// BenchmarkSearchKnowledge searches each middle game to a fixed depth
// with all of the package's knowledge (QuickWin, the quiescence, the
// pruning and reductions; only the root filter is off, since a search
// without a time limit does not run it): the same nodes at every run, so
// that ns/op compares the speed of the search as it plays.
func BenchmarkSearchKnowledge(b *testing.B) {
	full := func() ai.Knowledge { return gomokuai.New() }
	benchMiddlegamesWith(b, ai.Limits{Depth: 16}, full, func(b *testing.B, res ai.Result) {
		b.ReportMetric(float64(res.Nodes), "nodes")
	})
}

// TestSwapChoice: under the swap opening the search (4 plies) takes the
// colors after a central first stone and plays on after a corner one.
// (One ply of Evaluate alone does not tell the corners: TestSwapEvaluation.)
func TestSwapChoice(t *testing.T) {
	for _, c := range []struct {
		first string
		swap  bool
	}{{"H8", true}, {"G7", true}, {"A1", false}, {"O15", false}} {
		g, _ := gomoku.New(gomoku.Options{Size: 15, Opening: gomoku.SwapOpening})
		p, _ := gomoku.ParsePoint(15, c.first)
		g.Play(rules.Move(p))
		e := ai.NewEngine(4)
		e.SetKnowledge(gomokuai.New())
		res := e.Search(context.Background(), g, ai.Limits{Depth: 4}, nil)
		if (res.Move == rules.Swap) != c.swap {
			t.Errorf("first stone %s: the search plays %s (score %d)", c.first, g.MoveString(res.Move), res.Score)
		}
	}
}
