package dvonnai

import (
	"testing"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// The movement phase's field evaluation: the baseline the tests hold the
// engine-game model (model.go) against. Its weights are in evaluation units per field value
// (a stack on a plain cell, field value 4, is 100).
const (
	fieldStack   = 25 // per field value of a controlled stack's cell
	fieldReach   = 3  // per field value of an occupied cell a stack's height reaches: mobility
	fieldToDvonn = 3  // per field value of a DVONN stack a free stack can land on
	fieldToEnemy = 6  // per field value of an enemy stack a free stack can land on: a capture counts twice a reach
	fieldTempo   = 25 // the side to move's bonus: a quarter stack
)

// movementField is the field evaluation of a movement position (not over)
// from the side to move's point of view.
func movementField(g *dvonn.Game) int {
	var side [2]int32
	for p, s := range fieldTerms(g) {
		side[p] = fieldStack*s[0] + fieldReach*s[1] + fieldToDvonn*s[2] + fieldToEnemy*s[3]
	}
	me := int(g.ToMove())
	return int(side[me]-side[me^1]) + fieldTempo
}

// fieldEvaluate is Knowledge.Evaluate with movementField in place of the
// model in the movement phase.
func fieldEvaluate(g *dvonn.Game) int {
	if g.Placing() {
		return New().Evaluate(g)
	}
	return max(-ai.MaxEval, min(ai.MaxEval, movementField(g)))
}

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
	n := 0
	for _, g := range randomPositions(200, 3) {
		if g.Placing() {
			continue // otherToMove builds movement positions only
		}
		if over, _ := g.Outcome(); over {
			continue
		}
		if a, b := fieldEvaluate(g), fieldEvaluate(otherToMove(t, g)); a+b != 2*fieldTempo {
			t.Fatalf("evaluations %d and %d: want a sum of %d\n%s", a, b, 2*fieldTempo, g)
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
	if a, b := fieldEvaluate(near), fieldEvaluate(far); a >= b {
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
