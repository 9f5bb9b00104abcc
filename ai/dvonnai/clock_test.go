package dvonnai

import (
	"testing"

	"planiverse/rules/dvonn"
)

func TestMoveShare(t *testing.T) {
	// Placements get a small part of a 4.95 s clock (CodeCup's); the first
	// movement move gets more than any placement, and no move more than
	// half of the time left.
	g := dvonn.New()
	left := 4.95
	var maxPlace float64
	for g.Placing() {
		share, total := MoveShare(g)
		b := left * share / total
		if b <= 0 || b > left {
			t.Fatalf("placement %d: budget %v of %v", g.Placed(), b, left)
		}
		maxPlace = max(maxPlace, b)
		if g.Placed()%2 == 0 {
			left -= b // our placements: every other one
		}
		g.Play(g.Moves(nil)[0])
	}
	if left < 4.4 {
		t.Errorf("placement spent %.3f s of 4.95 s, want under 0.55 s", 4.95-left)
	}
	share, total := MoveShare(g)
	if b := left * share / total; b <= maxPlace || b > left/2 {
		t.Errorf("first movement move gets %.3f s (largest placement %.3f s, left %.3f s)", b, maxPlace, left)
	}
}
