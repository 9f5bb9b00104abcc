package dvonnai

import (
	"testing"

	"planiverse/rules"
	"planiverse/rules/dvonn"
)

func TestFieldValues(t *testing.T) {
	g := board(t, rules.First, "C3:R D3:R H3:R E3:W1")
	var fv [dvonn.NumCells]int32
	fieldValues(g.DvonnCells(), &fv)
	cell := func(name string) int32 {
		c, ok := dvonn.CellIndex(name)
		if !ok {
			t.Fatal(name)
		}
		return fv[c]
	}
	for _, tc := range []struct {
		cell string
		want int32
	}{
		{"C3", 9}, // a DVONN piece (8) next to another (1)
		{"H3", 8}, // a lone DVONN piece
		{"E3", 5}, // next to D3
		{"C2", 6}, // next to C3 and D3
		{"F3", 4}, // two spaces from D3
		{"K5", 4},
	} {
		if got := cell(tc.cell); got != tc.want {
			t.Errorf("field value of %s = %d, want %d", tc.cell, got, tc.want)
		}
	}
}

func TestFieldPerspective(t *testing.T) {
	// The field evaluation is a difference of the two sides' values plus
	// the tempo: the same board with the other side to move sums to twice
	// the tempo exactly.
	k := &Knowledge{fieldEval: true}
	n := 0
	for _, g := range randomPositions(200, 3) {
		if g.Placing() {
			continue // otherToMove builds movement positions only
		}
		if over, _ := g.Outcome(); over {
			continue
		}
		if a, b := k.Evaluate(g), k.Evaluate(otherToMove(t, g)); a+b != 2*prm.fieldTempo {
			t.Fatalf("evaluations %d and %d: want a sum of %d\n%s", a, b, 2*prm.fieldTempo, g)
		}
		n++
	}
	if n < 50 {
		t.Fatalf("only %d movement positions checked", n)
	}
}

func TestFieldPrefersTheDvonnSide(t *testing.T) {
	// The same pieces in a row from three DVONN pieces, once with a black
	// piece next to them and once with that piece swapped with a far white
	// one: White (to move) is better off when Black's piece is far.
	near := board(t, rules.First, "A3:R B3:R C3:R D3:B1 E3:W1 F3:W1 G3:W1 H3:W1 I3:B1")
	far := board(t, rules.First, "A3:R B3:R C3:R D3:W1 E3:W1 F3:W1 G3:W1 H3:B1 I3:B1")
	f := &Knowledge{fieldEval: true}
	if a, b := f.Evaluate(near), f.Evaluate(far); a >= b {
		t.Errorf("Black nearer the DVONN piece evaluates %d for White, farther %d; want less", a, b)
	}
}

func TestFittedModelStillAvailable(t *testing.T) {
	// Knowledge.fitted switches to the fitted model, which counts height:
	// White owning every stack scores far more with it too, and the two
	// models differ.
	g := board(t, rules.First, "C3:R D3:R E3:R C2:W3 D2:W1 E2:W2")
	f := &Knowledge{fitted: true}
	if v := f.Evaluate(g); v < 500 {
		t.Errorf("fitted model: White owning all stacks evaluates %d", v)
	}
	if New().Evaluate(g) == f.Evaluate(g) {
		t.Errorf("both models give %d", f.Evaluate(g))
	}
}
