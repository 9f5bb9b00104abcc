package ai

import (
	"context"
	"testing"
	"time"

	"planiverse/rules"
)

// verifyKnowledge is tic-tac-toe knowledge whose RootVerifier refutes
// every root move but keep, recording the moves it was asked about.
type verifyKnowledge struct {
	hashEval
	keep  rules.Move
	asked []rules.Move
}

func (k *verifyKnowledge) Refuted(ctx context.Context, s rules.State, m rules.Move) bool {
	k.asked = append(k.asked, m)
	return m != k.keep
}

// TestRootVerifier checks that under a time limit a refuted best move is
// dropped and the iteration searched again, so that the only move the
// verifier accepts is played, that no move is asked about twice, and that
// without a time limit the verifier is never asked.
func TestRootVerifier(t *testing.T) {
	for _, keep := range []rules.Move{0, 5, 8} {
		k := &verifyKnowledge{keep: keep}
		e := NewEngine(1)
		e.SetKnowledge(k)
		res := e.Search(context.Background(), &tictac{}, Limits{Time: 2 * time.Second}, nil)
		if res.Move != keep {
			t.Errorf("keep %d: played %d (asked %v)", keep, res.Move, k.asked)
		}
		seen := map[rules.Move]bool{}
		for _, m := range k.asked {
			if seen[m] {
				t.Errorf("keep %d: asked about %d twice (%v)", keep, m, k.asked)
			}
			seen[m] = true
		}
		if len(k.asked) == 0 {
			t.Errorf("keep %d: the verifier was never asked", keep)
		}
	}
	k := &verifyKnowledge{keep: 8}
	e := NewEngine(1)
	e.SetKnowledge(k)
	e.Search(context.Background(), &tictac{}, Limits{Depth: 9}, nil)
	if len(k.asked) != 0 {
		t.Errorf("fixed depth: asked about %v", k.asked)
	}
}

// TestRootVerifierKeepsLastMove checks that a verifier refuting every move
// leaves the search a legal move to play.
func TestRootVerifierKeepsLastMove(t *testing.T) {
	k := &verifyKnowledge{keep: rules.NoMove}
	e := NewEngine(1)
	e.SetKnowledge(k)
	res := e.Search(context.Background(), &tictac{}, Limits{Time: 2 * time.Second}, nil)
	if res.Move < 0 || res.Move > 8 {
		t.Fatalf("played %d", res.Move)
	}
	if len(k.asked) != 8 {
		t.Errorf("asked about %v, want all but the last of the 9 moves", k.asked)
	}
}
