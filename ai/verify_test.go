package ai

import (
	"context"
	"slices"
	"testing"
	"time"

	"planiverse/rules"
)

// verifyKnowledge is tic-tac-toe knowledge whose RootPolicy refutes
// every root move but keep, recording the moves it was asked about.
type verifyKnowledge struct {
	hashEval
	testPolicy
	keep  rules.Move
	asked []rules.Move
}

// testVerifyDepth is the least iteration depth after which the tests'
// policies are asked about the best move.
const testVerifyDepth = 4

// testPolicy is the timing of the tests' RootPolicies: asked from depth
// testVerifyDepth on, for a fifth of the limit a call and two fifths a
// search, with a tenth of it kept for the final check; it filters nothing.
type testPolicy struct{}

func (testPolicy) FilterRoot(ctx context.Context, s rules.State, moves []rules.Move, limit, elapsed time.Duration) []rules.Move {
	return moves
}

func (testPolicy) CheckTime(depth int, limit, spent time.Duration) (time.Duration, bool) {
	return min(limit/5, 2*limit/5-spent), depth >= testVerifyDepth
}

func (testPolicy) FinalReserve(limit time.Duration) time.Duration { return limit / 10 }

func (k *verifyKnowledge) Refuted(ctx context.Context, s rules.State, m rules.Move) bool {
	k.asked = append(k.asked, m)
	return m != k.keep
}

// TestRootPolicy checks that under a time limit a refuted best move is
// dropped and the iteration searched again, so that the only move the
// verifier accepts is played, that no move is asked about twice, and that
// without a time limit the verifier is never asked.
func TestRootPolicy(t *testing.T) {
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

// TestRootPolicyKeepsLastMove checks that a verifier refuting every move
// leaves the search a legal move to play.
func TestRootPolicyKeepsLastMove(t *testing.T) {
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

// finalKnowledge is wide-game knowledge whose RootPolicy costs cost of
// the test clock a call (so that the search's verifier time runs out after
// a few calls) and clears the first clear moves it is asked about,
// refuting the others.
type finalKnowledge struct {
	hashEval
	testPolicy
	clock   *time.Time
	cost    time.Duration
	clear   int
	asked   []rules.Move
	refuted []rules.Move
}

func (k *finalKnowledge) Refuted(ctx context.Context, s rules.State, m rules.Move) bool {
	*k.clock = k.clock.Add(k.cost)
	k.asked = append(k.asked, m)
	if len(k.asked) <= k.clear {
		return false
	}
	k.refuted = append(k.refuted, m)
	return true
}

// TestVerifyFinal checks, with a test clock, that the move a timed search
// returns has been put to the RootPolicy even when the verifier's share
// of the time ran out before that move became best (verifyFinal), that a
// move it refutes then is not played, and that no move is asked about
// twice.
func TestVerifyFinal(t *testing.T) {
	const limit = 200 * time.Millisecond
	for _, clear := range []int{1000, 1} {
		clock := time.Now()
		k := &finalKnowledge{clock: &clock, cost: 80 * time.Millisecond, clear: clear}
		e := NewEngine(1)
		e.SetKnowledge(k)
		e.now = func() time.Time { clock = clock.Add(time.Millisecond); return clock }
		res := e.Search(context.Background(), newWide(), Limits{Time: limit}, nil)
		if res.Move < 0 || res.Move > 7 || res.Depth < testVerifyDepth {
			t.Fatalf("clear %d: move %d depth %d", clear, res.Move, res.Depth)
		}
		if clear > len(k.asked) && !slices.Contains(k.asked, res.Move) {
			t.Errorf("clear %d: played %d, never put to the verifier (asked %v)", clear, res.Move, k.asked)
		}
		if slices.Contains(k.refuted, res.Move) {
			t.Errorf("clear %d: played %d, which the verifier refuted (asked %v)", clear, res.Move, k.asked)
		}
		if clear == 1 && len(k.refuted) == 0 {
			t.Errorf("clear 1: the verifier refuted nothing (asked %v)", k.asked)
		}
		seen := map[rules.Move]bool{}
		for _, m := range k.asked {
			if seen[m] {
				t.Errorf("clear %d: asked about %d twice (%v)", clear, m, k.asked)
			}
			seen[m] = true
		}
	}
}

// TestVerifyFinalScore checks the score a move refuted in the final check
// leaves behind: its stand-in reports the last finished iteration's score
// when it is that iteration's best move, else the estimate of
// fallbackScore (with an empty transposition table, the negated static
// evaluation after it), never the refuted move's score.
func TestVerifyFinalScore(t *testing.T) {
	for _, iter := range []rules.Move{rules.NoMove, 2} {
		k := &verifyKnowledge{keep: rules.NoMove}
		e := NewEngine(1)
		e.SetKnowledge(k)
		e.begin(context.Background(), newWide(), Limits{Time: time.Hour}, nil)
		e.rootMoves = append(e.rootMoves[:0], 0, 1, 2, 3, 4, 5, 6, 7)
		e.best = Result{Move: 5, Score: 999, Depth: 6}
		e.iterMove, e.iterScore = iter, 17
		e.verifyFinal()
		e.end()
		want, wantScore := rules.Move(2), 17
		if iter == rules.NoMove {
			child := newWide()
			child.Play(0)
			want, wantScore = 0, -(hashEval{}).Evaluate(child)
		}
		if e.best.Move != want || e.best.Score != wantScore {
			t.Errorf("iteration's move %d: got %d score %d, want %d score %d (asked %v)", iter, e.best.Move, e.best.Score, want, wantScore, k.asked)
		}
	}
}
