package gomoku

import (
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// TestWhy: a taken point, a Renju forbidden point and an opening choice
// that is not offered each say why.
func TestWhy(t *testing.T) {
	g := mustNew(t, Options{Size: 15, Rule: Renju, Opening: NoOpening})
	rulestest.Play(t, g, "F8 A1 G8 A3 H9 A5 H10 A7")
	for _, c := range []struct {
		text, want string
	}{
		{"H8", "Forbidden for Black: double three."},
		{"F8", "That point is taken."},
		{"B2", ""},
	} {
		p, err := ParsePoint(15, c.text)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Why(rules.Move(p)).String(); got != c.want {
			t.Errorf("Why(%s) = %q, want %q", c.text, got, c.want)
		}
	}
	if got := g.Why(rules.Swap).String(); got != "The colors can be swapped only when the opening rule offers it." {
		t.Errorf("Why(swap) = %q", got)
	}
	if got := g.Why(Balance).String(); got != "Two more stones can be placed only when Swap2 offers the choice." {
		t.Errorf("Why(balance) = %q", got)
	}
}

// TestWhyAgreesWithMoves: Why refuses exactly the codes Moves leaves out,
// in every variant.
func TestWhyAgreesWithMoves(t *testing.T) {
	opts := append(allOptions(), Options{Size: 15, Rule: Renju, Opening: NoOpening}, Options{Size: 15, Rule: Renju, Opening: Swap2Opening})
	for _, o := range opts {
		codes := func(s rules.State) []rules.Move {
			out := []rules.Move{rules.Swap, Balance, rules.Pass}
			for p := range o.Size * o.Size {
				out = append(out, rules.Move(p))
			}
			return out
		}
		if n := rulestest.CheckWhy(t, rulestest.Positions(spec(o), 12, 60, 3), codes); n == 0 {
			t.Errorf("%+v: no move refused", o)
		}
	}
}
