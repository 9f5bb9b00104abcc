// Package dvonnai is the DVONN game knowledge for Planiverse's search
// (package ai): a static evaluation of placement and movement positions
// (the engine-game model of model.go in the movement phase and the field
// evaluation of field.go in placement, or the field evaluation or the
// model fitted to human games of features.go throughout, for comparison)
// and a move-ordering heuristic, plus the placement of the DVONN pieces as
// candidate moves. It imports package ai and asserts the interfaces it
// satisfies (levels.go); nothing in ai imports it.
//
// Scale: scores are from the side to move's point of view and stay within
// [-ai.MaxEval, ai.MaxEval] (package ai), about 100 per stack.
// The fitted models' weights (model_weights.go, weights.go) are logistic
// models of the game result, expressed in units near those of the hand-set
// field evaluation (100 for a stack on a plain cell).
//
// The programs under cmd/ fit the weights (cmd/tune, cmd/tunemodel) and
// play test matches (cmd/match); EXPERIMENTS.md records their results.
package dvonnai

import (
	"math/bits"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// proximity[d] is the placement value of an own piece at board distance d
// from the nearest DVONN piece (d capped at 6); the edge terms are in
// params.
var proximity = [7]int{0, 30, 16, 6, -4, -10, -16}

// hexDist[a][b] is the board distance between cells a and b (steps between
// neighbors, through any spaces).
var hexDist [dvonn.NumCells][dvonn.NumCells]uint8

// center is F3, the middle of the board.
var center int

func init() {
	for a := range dvonn.NumCells {
		ca, ra := dvonn.CellCoord(a)
		for b := range dvonn.NumCells {
			cb, rb := dvonn.CellCoord(b)
			dc, dr := cb-ca, rb-ra
			hexDist[a][b] = uint8((abs(dc) + abs(dr) + abs(dc-dr)) / 2)
		}
	}
	center, _ = dvonn.CellIndex("F3")
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Knowledge is the DVONN evaluator and move orderer. It holds no state and
// may be shared, but New is cheap.
type Knowledge struct {
	// fitted selects the model fitted to the boardspace results
	// (features.go, weights.go) in both phases; for comparison and
	// analysis (it plays worse).
	fitted bool
	// exact solves endgames for the game analysis (ExactValue).
	exact exactSolver
}

// New returns the DVONN knowledge.
func New() *Knowledge { return &Knowledge{} }

// Evaluate returns the static evaluation of s (a *dvonn.Game whose game is
// not over) from the side to move's point of view, within [-ai.MaxEval, ai.MaxEval].
// It allocates nothing and leaves s unchanged. It panics if s is not a
// *dvonn.Game.
func (k *Knowledge) Evaluate(s rules.State) int {
	g := s.(*dvonn.Game)
	var v int
	switch {
	case k.fitted && g.Placing():
		v = placementEval(g)
	case k.fitted:
		v = movementEval(g)
	case g.Placing():
		v = placementField(g)
	default:
		v = movementModel(g)
	}
	return max(-ai.MaxEval, min(ai.MaxEval, v))
}

// expand returns the cells adjacent to a cell of m.
func expand(m uint64) uint64 {
	var n uint64
	for ; m != 0; m &= m - 1 {
		n |= dvonn.NeighborMask(bits.TrailingZeros64(m))
	}
	return n
}

// chainDistances fills dist with each occupied cell's distance to the
// nearest DVONN piece along chains of occupied spaces (0 on a DVONN piece).
func chainDistances(g *dvonn.Game, dist *[dvonn.NumCells]uint8) {
	occ := g.Occupied()
	layer := g.DvonnCells()
	seen := layer
	for d := uint8(0); layer != 0; d++ {
		for m := layer; m != 0; m &= m - 1 {
			dist[bits.TrailingZeros64(m)] = d
		}
		layer = expand(layer) & occ &^ seen
		seen |= layer
	}
}

// movementEval returns the side to move's advantage in a movement-phase
// position: the features (features.go) weighed by weightsFull and
// weightsEnd (weights.go, fitted on games by cmd/tune), interpolated by the
// phase.
func movementEval(g *dvonn.Game) int {
	var x [NumFeatures]int32
	ph := int32(Features(g, &x))
	return tapered(x[:], weightsFull[:], weightsEnd[:], ph)
}

// tapered returns the dot product of the features x with the weights
// interpolated between full (at phase PhaseMax) and end (at phase 0).
func tapered(x, full, end []int32, ph int32) int {
	var v int32
	for j, f := range x {
		v += f * (full[j]*ph + end[j]*(PhaseMax-ph)) / PhaseMax
	}
	return int(v)
}

// nearestDvonn returns the board distance from c to the nearest DVONN piece
// in dv (capped at 6), or 6 when there is none.
func nearestDvonn(c int, dv uint64) int {
	d := 6
	for ; dv != 0; dv &= dv - 1 {
		d = min(d, int(hexDist[c][bits.TrailingZeros64(dv)]))
	}
	return d
}

// placementValue is the value of an own piece on cell c during placement:
// closeness to the DVONN pieces dv, and the edge term.
func placementValue(c int, dv uint64) int {
	d := nearestDvonn(c, dv)
	v := proximity[d]
	if dvonn.EdgeCell(c) {
		if d <= 2 {
			v += params.edgeNear
		} else {
			v += params.edgeFar
		}
	}
	return v
}

// redScore is the placement policy for DVONN pieces: the first in the
// center (F3), the others four spaces (redSpread) from the nearest DVONN
// piece, off the edge, near the center and the middle row; so the default
// layout is B3 F3 J3, spread across the middle row.
func redScore(c int, dv uint64) int {
	if dv == 0 {
		return -params.redFirstCenter * int(hexDist[c][center])
	}
	_, row := dvonn.CellCoord(c)
	v := -params.redSpreadCost*abs(nearestDvonn(c, dv)-params.redSpread) - params.redCenter*int(hexDist[c][center]) - params.redRow*abs(row-2)
	if dvonn.EdgeCell(c) {
		v -= params.redEdge
	}
	return v
}

// Candidates restricts the placement of a DVONN piece to the single
// space redScore rates best (the evaluation cannot tell who gains from
// a DVONN piece's place, so the search would choose by noise); everywhere
// else it appends nothing and the search uses every legal move. It
// allocates nothing once buf has grown.
func (k *Knowledge) Candidates(s rules.State, buf []rules.Move) []rules.Move {
	g := s.(*dvonn.Game)
	if g.PieceToPlace() != dvonn.Red {
		return buf
	}
	dv := g.DvonnCells()
	best, bestCell := 0, -1
	for m := ^g.Occupied() & (1<<dvonn.NumCells - 1); m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		if v := redScore(c, dv); bestCell < 0 || v > best {
			best, bestCell = v, c
		}
	}
	return append(buf, dvonn.Placement(bestCell))
}

// placementEval returns the side to place's advantage during placement: the
// placement features (features.go) weighed by placementFull and placementEnd
// (weights.go, fitted by cmd/tune), interpolated by the number of pieces
// placed (nothing while only DVONN pieces are on the board).
func placementEval(g *dvonn.Game) int {
	if g.Placed() <= 3 {
		return 0
	}
	var x [NumPlacementFeatures]int32
	ph := int32(PlacementFeatures(g, &x))
	return tapered(x[:], placementFull[:], placementEnd[:], ph)
}

// OrderMoves fills scores[i] with a priority for moves[i] in s (higher
// first): during placement, for a DVONN piece central spaces apart from the
// other DVONN pieces, for an own piece the placement value; in movement,
// landing on a tall enemy stack first (200 per piece of its height, more
// with a DVONN piece inside), then taking a lone DVONN piece, and landing
// on an own stack last (weights in params). It allocates nothing.
func (k *Knowledge) OrderMoves(s rules.State, moves []rules.Move, scores []int32) {
	g := s.(*dvonn.Game)
	me := g.ToMove()
	dv := g.DvonnCells()
	red := g.PieceToPlace() == dvonn.Red
	for i, m := range moves {
		from, to, placement := dvonn.Decode(m)
		var v int
		switch {
		case to < 0: // pass
		case placement && red:
			v = redScore(to, dv)
		case placement:
			v = placementValue(to, dv)
		default:
			h, top, tdv := g.Stack(to)
			switch top {
			case dvonn.PlayerPiece(me):
				v = params.orderOwn
			case dvonn.Red:
				v = params.orderRed
			default:
				v = params.orderPerHeight * h
				if tdv > 0 {
					v += params.orderDvonnInside
				}
			}
			fh, _, _ := g.Stack(from)
			v -= fh // prefer moving short stacks at equal gain
		}
		scores[i] = int32(v)
	}
}
