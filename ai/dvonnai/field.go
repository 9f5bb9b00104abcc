package dvonnai

import (
	"math/bits"

	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// The field evaluation: Planiverse's DVONN evaluation in the placement
// phase, and in the movement phase the base of the engine-game model
// (model.go), which replaced it there (fieldTerms feeds the model; the
// movement-phase field evaluation itself is kept by the tests as the
// baseline the model beats, field_test.go).
//
// Every cell gets a field value by its closeness to the DVONN pieces
// (fieldValue): a DVONN piece keeps the stacks around it alive, so the
// stacks there, and the moves that land there, are worth more. The feature
// set and the weights were chosen by matches at CodeCup time, where this
// evaluation played far better than the model fitted to human results
// (features.go, weights.go, kept as Knowledge.fitted for comparison and
// analysis); the idea's origin and the matches are in EXPERIMENTS.md
// ("field evaluation").
//
// The placement weights are in params (placeNear1 ... edgeExcess), in
// small units (a few tens a piece).

// fieldValues fills fv with every cell's field value: 4, plus 4 for a DVONN
// piece on the cell, plus 1 for each DVONN piece next to it.
func fieldValues(dvc uint64, fv *[dvonn.NumCells]int32) {
	for c := range dvonn.NumCells {
		fv[c] = 4
	}
	for d := dvc; d != 0; d &= d - 1 {
		c := bits.TrailingZeros64(d)
		fv[c] += 4
		for n := dvonn.NeighborMask(c); n != 0; n &= n - 1 {
			fv[bits.TrailingZeros64(n)]++
		}
	}
}

// fieldTerms returns, for White and Black, the field evaluation's four
// sums over the side's stacks: the field values of their cells, of the
// occupied cells their heights reach along the six lines, and of those a
// mobile stack can land on that hold a DVONN piece and that hold an enemy
// stack. It allocates nothing.
func fieldTerms(g *dvonn.Game) (side [2][4]int32) {
	occ := g.Occupied()
	dvc := g.DvonnCells()
	free := g.Mobile()
	var fv [dvonn.NumCells]int32
	fieldValues(dvc, &fv)
	for p := range 2 {
		own := g.Controlled(rules.Seat(p))
		enemy := g.Controlled(rules.Seat(p ^ 1))
		s := &side[p]
		for m := own; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			h, _, _ := g.Stack(c)
			s[0] += fv[c]
			mobile := free&(1<<c) != 0
			for t := dvonn.TargetMask(c, h) & occ; t != 0; t &= t - 1 {
				tc := bits.TrailingZeros64(t)
				s[1] += fv[tc]
				if mobile {
					if dvc&(1<<tc) != 0 {
						s[2] += fv[tc]
					}
					if enemy&(1<<tc) != 0 {
						s[3] += fv[tc]
					}
				}
			}
		}
	}
	return side
}

// placementField is the field evaluation during placement (0 until the
// three DVONN pieces are down) from the side to place's point of view: pieces near the
// DVONN pieces, the total distance to them, pieces boxed in by their own,
// and an edge balance, in small units (a few tens a piece) so that the
// placement never outweighs the movement positions the search reaches at
// its end. It allocates nothing.
func placementField(g *dvonn.Game) int {
	if g.Placed() <= 3 {
		return 0 // only DVONN pieces: nothing to weigh yet
	}
	dvc := g.DvonnCells()
	var side [2]int
	var edge [2]int
	for p := range 2 {
		own := g.Controlled(rules.Seat(p))
		for m := own; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			tot := 0
			for d := dvc; d != 0; d &= d - 1 {
				tot += int(hexDist[c][bits.TrailingZeros64(d)])
			}
			side[p] += params.placeTotDist * tot
			switch nearestDvonn(c, dvc) {
			case 1:
				side[p] += params.placeNear1
			case 2:
				side[p] += params.placeNear2
			}
			if dvonn.EdgeCell(c) {
				edge[p]++
			}
			if n := bits.OnesCount64(dvonn.NeighborMask(c) &^ own); n < 2 {
				side[p] += params.placeCrowded * (2 - n)
			}
		}
	}
	for p := range 2 {
		if x := edge[p] - edge[p^1] - params.edgeExcess; x > 0 {
			side[p] += params.placeEdge * x
		}
	}
	me := int(g.ToMove())
	return side[me] - side[me^1]
}
