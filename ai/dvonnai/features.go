package dvonnai

import (
	"math/bits"

	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// Movement-phase features. Each side feature is computed for White and for
// Black; the evaluation weighs the side to move's value minus the other's.
// Heights count every piece of a stack (the score counts them all).
const (
	fHeight      = iota // controlled height (the score now)
	fStacks             // controlled stacks
	fMoves              // legal stack moves
	fToEnemy            // moves landing on an enemy stack
	fToDvonn            // moves landing on a stack holding a DVONN piece
	fDvonnStacks        // controlled stacks holding a DVONN piece
	fNearDvonn          // height of stacks next to a DVONN piece (not on one)
	fChainRisk          // height × steps beyond 2 along occupied chains to a DVONN piece
	fStuck              // height of stacks without a move now (surrounded or no target)
	fDead               // height of stacks that can never move (too tall for any line from their cell)
	fAttacked           // height of stacks an enemy stack can land on now
	fFragile            // height of stacks cut off if one articulation cell empties
	fSafe               // height neither attacked nor fragile (the endgame count)
	nSide
)

// Features from the side to move's point of view that are not a difference
// of two sides' values.
const (
	aTempo      = iota // 1: the side to move
	aCapMover          // tallest enemy stack the mover can land on
	aCapWaiting        // minus the tallest mover's stack the other side can land on
	aCutMover          // best net height the mover cuts off by moving an articulation stack
	aCutWaiting        // minus the same for the other side
	nAsym
)

// NumFeatures is the length of a movement feature vector: the side differences, then the
// asymmetric features.
const NumFeatures = nSide + nAsym

// PhaseMax is the phase of a full board; phase 0 is the end of the game.
const PhaseMax = 64

// ring[c] lists the six neighbor cells of c in turning order (-1 off the
// board), and runs[m] the number of runs of set bits in the 6-bit circular
// pattern m: a cell whose occupied neighbors form one run is never an
// articulation point of the occupied cells.
var (
	ring [dvonn.NumCells][6]int8
	runs [64]uint8
)

func init() {
	steps := [6][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 0}, {-1, -1}, {0, -1}}
	for c := range dvonn.NumCells {
		col, row := dvonn.CellCoord(c)
		for i, s := range steps {
			n, ok := dvonn.CellAt(col+s[0], row+s[1])
			if !ok {
				n = -1
			}
			ring[c][i] = int8(n)
		}
	}
	for m := range 64 {
		n := 0
		for i := range 6 {
			if m&(1<<i) != 0 && m&(1<<((i+5)%6)) == 0 {
				n++
			}
		}
		if m == 63 {
			n = 1
		}
		runs[m] = uint8(n)
	}
}

// Features fills x with the movement-phase features of g (not placing, not
// over) from the side to move's point of view and returns the phase,
// PhaseMax with a full board down to 0 with four stacks or fewer. It
// allocates nothing.
func Features(g *dvonn.Game, x *[NumFeatures]int32) int {
	*x = [NumFeatures]int32{}
	occ := g.Occupied()
	dvc := g.DvonnCells()
	var dist [dvonn.NumCells]uint8
	chainDistances(g, &dist)
	ctrl := [2]uint64{g.Controlled(rules.First), g.Controlled(rules.Second)}
	var height [dvonn.NumCells]int32
	var tg [dvonn.NumCells]uint64
	var reach [2]uint64 // cells each side can land on
	var side [2][nSide]int32
	nearDv := expand(dvc) &^ dvc
	for p := range 2 {
		f := &side[p]
		enemy := ctrl[p^1]
		for m := ctrl[p]; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			h, _, dv := g.Stack(c)
			height[c] = int32(h)
			t := g.Targets(c)
			tg[c] = t
			reach[p] |= t
			h32 := int32(h)
			f[fHeight] += h32
			f[fStacks]++
			f[fMoves] += int32(bits.OnesCount64(t))
			f[fToEnemy] += int32(bits.OnesCount64(t & enemy))
			f[fToDvonn] += int32(bits.OnesCount64(t & dvc))
			if dv > 0 {
				f[fDvonnStacks]++
			}
			if nearDv&(1<<c) != 0 {
				f[fNearDvonn] += h32
			}
			if d := int32(dist[c]); d > 2 {
				f[fChainRisk] += h32 * (d - 2)
			}
			if t == 0 {
				f[fStuck] += h32
				if dvonn.TargetMask(c, h) == 0 {
					f[fDead] += h32
				}
			}
		}
	}
	// Articulation cells: a cell whose stack, moving away, cuts cells off
	// every DVONN piece. Stacks holding a DVONN piece take it along and are
	// skipped; so are cells whose occupied neighbors form a single run.
	var fragile uint64
	var cut [2]int32 // best net cut-off height for each side moving its articulation stack
	for m := occ &^ dvc; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		pat := 0
		for i, n := range ring[c] {
			if n >= 0 && occ&(1<<n) != 0 {
				pat |= 1 << i
			}
		}
		if runs[pat] < 2 {
			continue
		}
		rest := occ &^ (1 << c)
		lost := rest &^ dvonn.Connected(rest, dvc)
		if lost == 0 {
			continue
		}
		fragile |= lost
		if tg[c] != 0 {
			var hl [2]int32
			for p := range 2 {
				for l := lost & ctrl[p]; l != 0; l &= l - 1 {
					hl[p] += height[bits.TrailingZeros64(l)]
				}
			}
			o := 0
			if ctrl[1]&(1<<c) != 0 {
				o = 1
			}
			cut[o] = max(cut[o], hl[o^1]-hl[o])
		}
	}
	var capt [2]int32
	for p := range 2 {
		f := &side[p]
		attacked := reach[p^1]
		for m := ctrl[p]; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			bit := uint64(1) << c
			h := height[c]
			if attacked&bit != 0 {
				f[fAttacked] += h
			}
			if fragile&bit != 0 {
				f[fFragile] += h
			}
			if (attacked|fragile)&bit == 0 {
				f[fSafe] += h
			}
		}
		for m := reach[p] & ctrl[p^1]; m != 0; m &= m - 1 {
			capt[p] = max(capt[p], height[bits.TrailingZeros64(m)])
		}
	}
	me := int(g.ToMove())
	for i := range nSide {
		x[i] = side[me][i] - side[me^1][i]
	}
	x[nSide+aTempo] = 1
	x[nSide+aCapMover] = capt[me]
	x[nSide+aCapWaiting] = -capt[me^1]
	x[nSide+aCutMover] = cut[me]
	x[nSide+aCutWaiting] = -cut[me^1]
	n := bits.OnesCount64(occ)
	return max(0, min(PhaseMax, (n-4)*PhaseMax/45))
}

// Placement-phase features, once the three DVONN pieces are down: side
// differences (the side to place's value minus the other's), then the tempo.
const (
	pDist1   = iota // pieces next to a DVONN piece
	pDist2          // pieces two spaces from the nearest DVONN piece
	pDist3          // three spaces
	pDistFar        // four or more
	pTotDist        // sum over pieces of the distances to all three DVONN pieces
	pEdge           // pieces on the edge (never surrounded, mobile at once)
	pCrowded        // pieces with fewer than two neighbors that are not own pieces
	pContact        // pieces next to an enemy piece
	pUnder          // own pieces next to an enemy piece and a DVONN piece
	nPSide
	pTempo               = nPSide // 1: the side to place
	NumPlacementFeatures = nPSide + 1
)

// PlacementFeatures fills x with the placement features of g (placing, the
// three DVONN pieces down) from the side to place's point of view and
// returns the phase: PhaseMax with 3 pieces placed down to 0 with 49.
func PlacementFeatures(g *dvonn.Game, x *[NumPlacementFeatures]int32) int {
	*x = [NumPlacementFeatures]int32{}
	dvc := g.DvonnCells()
	ctrl := [2]uint64{g.Controlled(rules.First), g.Controlled(rules.Second)}
	near := expand(dvc)
	var side [2][nPSide]int32
	for p := range 2 {
		f := &side[p]
		for m := ctrl[p]; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			tot := 0
			for d := dvc; d != 0; d &= d - 1 {
				tot += int(hexDist[c][bits.TrailingZeros64(d)])
			}
			f[pTotDist] += int32(tot)
			switch nearestDvonn(c, dvc) {
			case 1:
				f[pDist1]++
			case 2:
				f[pDist2]++
			case 3:
				f[pDist3]++
			default:
				f[pDistFar]++
			}
			nb := dvonn.NeighborMask(c)
			if dvonn.EdgeCell(c) {
				f[pEdge]++
			}
			if bits.OnesCount64(nb&^ctrl[p]) < 2 {
				f[pCrowded]++
			}
			if nb&ctrl[p^1] != 0 {
				f[pContact]++
				if near&(1<<c) != 0 {
					f[pUnder]++
				}
			}
		}
	}
	me := int(g.ToMove())
	for i := range nPSide {
		x[i] = side[me][i] - side[me^1][i]
	}
	x[pTempo] = 1
	return (dvonn.NumCells - g.Placed()) * PhaseMax / (dvonn.NumCells - 3)
}
