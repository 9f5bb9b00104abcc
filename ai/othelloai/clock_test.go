package othelloai

import (
	"math/rand/v2"
	"testing"

	"planiverse/rules"
	"planiverse/rules/othello"
)

// boardsByEmpties plays a random game and returns its position at each
// number of empty squares it passed through.
func boardsByEmpties(seed uint64) map[int]*othello.Board {
	r := rand.New(rand.NewPCG(seed, 1))
	b := othello.New()
	out := map[int]*othello.Board{}
	var buf []rules.Move
	for {
		out[b.Empties()] = b.Clone().(*othello.Board)
		if over, _ := b.Outcome(); over {
			return out
		}
		buf = b.Moves(buf[:0])
		b.Play(buf[r.IntN(len(buf))])
	}
}

func TestMoveShare(t *testing.T) {
	// Over a whole game (our moves at 52, 50, ... 2 empties, each spending
	// its part of what is left) the clock is spent and never overspent; a
	// move at 22 empties gets wldShare times a midgame move's time, one at
	// 20 empties solveShare times, one at 10 empties lateShare times.
	boards := boardsByEmpties(7)
	const clock = 2.0
	left := clock
	got := map[int]float64{}
	for e := 52; e > 0; e -= 2 {
		b, ok := boards[e]
		if !ok {
			t.Fatalf("the random game has no position at %d empties", e)
		}
		share, total := MoveShare(b)
		if share <= 0 || total < share {
			t.Fatalf("%d empties: share %v of %v", e, share, total)
		}
		got[e] = left * share / total
		left -= got[e]
	}
	if left < -1e-9 || left > clock/100 {
		t.Errorf("a game left %.4f of the %v s clock unspent", left, clock)
	}
	if r := got[20] / got[30]; r < params.solveShare*0.99 || r > params.solveShare*1.01 {
		t.Errorf("20 empties get %.4f s, 30 empties %.4f s: ratio %.2f, want %v", got[20], got[30], r, params.solveShare)
	}
	if r := got[22] / got[30]; r < params.wldShare*0.99 || r > params.wldShare*1.01 {
		t.Errorf("22 empties get %.4f s, 30 empties %.4f s: ratio %.2f, want %v", got[22], got[30], r, params.wldShare)
	}
	if share, _ := MoveShare(boardsByEmpties(7)[23]); share != params.wldShare {
		t.Errorf("a move at 23 empties weighs %v, want %v", share, params.wldShare)
	}
	if r := got[10] / got[30]; r < params.lateShare*0.99 || r > params.lateShare*1.01 {
		t.Errorf("10 empties get %.4f s, 30 empties %.4f s: ratio %.2f, want %v", got[10], got[30], r, params.lateShare)
	}
	if share, total := MoveShare(nil); share != 1 || total != 1 {
		t.Errorf("a non-Othello state gets %v/%v, want 1/1", share, total)
	}
}
