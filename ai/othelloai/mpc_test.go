package othelloai_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"planiverse/ai"
	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

func TestMPCShallow(t *testing.T) {
	for d := 3; d <= 40; d++ {
		s := othelloai.MPCShallow(d)
		if s < 1 || s >= d || (d-s)%2 != 0 {
			t.Errorf("MPCShallow(%d) = %d: want 1 <= s < d, same parity", d, s)
		}
	}
}

// TestSearchHooks checks that the search gets Othello's multi-ProbCut
// and its shallow search through the Knowledge's hooks.
func TestSearchHooks(t *testing.T) {
	k := othelloai.New()
	h := k.SearchHooks()
	if h.ProbCut == nil || h.ShallowSearch == nil || h.ShallowDepth != k.ShallowPlies || h.ShallowDepth <= 0 {
		t.Errorf("hooks: ProbCut %v, ShallowSearch %v, ShallowDepth %d (ShallowPlies %d)", h.ProbCut != nil, h.ShallowSearch != nil, h.ShallowDepth, k.ShallowPlies)
	}
}

func TestProbCutDeclines(t *testing.T) {
	start := othello.New()
	if _, _, _, _, ok := (&othelloai.Knowledge{}).ProbCut(start, 8); ok {
		t.Error("the zero Knowledge (MPCThreshold 0) uses multi-ProbCut")
	}
	k := othelloai.New()
	if _, _, _, _, ok := k.ProbCut(start, 2); ok {
		t.Error("multi-ProbCut at depth 2")
	}
	// Every midgame stage and depth has a fitted model.
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		b := playRandom(rng, 4+rng.IntN(36))
		if b == nil {
			continue
		}
		for d := 3; d <= 14 && d < b.Empties(); d++ {
			sh, a, _, margin, ok := k.ProbCut(b, d)
			if !ok || sh != othelloai.MPCShallow(d) || a <= 0 || margin <= 0 {
				t.Fatalf("%s depth %d: ProbCut = %d, %v, %v, %v", b.Position(), d, sh, a, margin, ok)
			}
		}
	}
	// Endgames the root solver handles need exact play: never cut.
	for range 200 {
		b := playRandom(rng, 60-k.MaxSolveEmpties+rng.IntN(k.MaxSolveEmpties))
		if b == nil {
			continue
		}
		if _, _, _, _, ok := k.ProbCut(b, 6); ok {
			t.Fatalf("%s (%d empties): ProbCut in the solver's range", b.Position(), b.Empties())
		}
	}
}

// TestMPCSearch: with multi-ProbCut the search stays legal and visits
// fewer nodes at depth 8 than without it.
func TestMPCSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var with, without int64
	on, off := ai.NewEngine(16), ai.NewEngine(16)
	on.SetKnowledge(othelloai.New())
	off.SetKnowledge(&othelloai.Knowledge{MaxSolveEmpties: othelloai.New().MaxSolveEmpties})
	var buf []rules.Move
	for n := 0; n < 12; {
		b := playRandom(rng, 10+rng.IntN(20))
		if b == nil {
			continue
		}
		n++
		on.ClearHash()
		off.ClearHash()
		r := on.Search(context.Background(), b, ai.Limits{Depth: 8}, nil)
		with += r.Nodes
		legal := false
		for _, m := range b.Moves(buf[:0]) {
			legal = legal || m == r.Move
		}
		if !legal {
			t.Fatalf("%s: illegal move %v with multi-ProbCut", b.Position(), r.Move)
		}
		without += off.Search(context.Background(), b, ai.Limits{Depth: 8}, nil).Nodes
	}
	t.Logf("nodes at depth 8: %d with multi-ProbCut, %d without", with, without)
	if with >= without {
		t.Errorf("multi-ProbCut did not reduce the nodes: %d vs %d", with, without)
	}
}

// playRandom plays plies random moves from the start; nil if the game ended.
func playRandom(rng *rand.Rand, plies int) *othello.Board {
	b := othello.New()
	var buf []rules.Move
	for b.Plies() < plies {
		if over, _ := b.Outcome(); over {
			return nil
		}
		buf = b.Moves(buf[:0])
		b.Play(buf[rng.IntN(len(buf))])
	}
	if over, _ := b.Outcome(); over {
		return nil
	}
	return b
}
