package main

import (
	"math/bits"

	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// The hand-set evaluation package dvonnai had before the fitted one,
// frozen here as the baseline whose logistic scale sets the fitted weights'
// units (one logit is 1/kOld of its units, so 100 stays about one piece).

// oldMovementEval is the old movement evaluation (White's advantage, 100 per
// piece of height).
func oldMovementEval(g *dvonn.Game) int {
	const (
		wHeight, wStack, wMobility, wDvonn, wRisk = 100, 40, 15, 30, 12
		wCaptureToMove, wCaptureWaiting           = 80, 30
	)
	var dist [dvonn.NumCells]uint8
	chainDistances(g, &dist)
	mover := g.ToMove()
	var side, capture [2]int
	for p := range 2 {
		own := g.Controlled(rules.Seat(p))
		enemy := g.Controlled(rules.Seat(p ^ 1))
		v := 0
		for m := own; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			h, _, dv := g.Stack(c)
			v += wHeight*h + wStack
			if dv > 0 {
				v += wDvonn
			}
			if d := int(dist[c]); d > 2 {
				v -= wRisk * h * (d - 2)
			}
			t := g.Targets(c)
			v += wMobility * bits.OnesCount64(t)
			for e := t & enemy; e != 0; e &= e - 1 {
				eh, _, _ := g.Stack(bits.TrailingZeros64(e))
				capture[p] = max(capture[p], eh)
			}
		}
		side[p] = v
	}
	for p := range 2 {
		if rules.Seat(p) == mover {
			side[p] += wCaptureToMove * capture[p]
		} else {
			side[p] += wCaptureWaiting * capture[p]
		}
	}
	return side[0] - side[1]
}

// oldPlacementEval is the old placement evaluation, from the side to
// place's point of view: the sum of placementValue over each side's pieces,
// plus 15 for the side to place.
func oldPlacementEval(g *dvonn.Game) int {
	if g.Placed() <= 3 {
		return 0
	}
	dv := g.DvonnCells()
	var side [2]int
	for p := range 2 {
		for m := g.Controlled(rules.Seat(p)); m != 0; m &= m - 1 {
			side[p] += placementValue(bits.TrailingZeros64(m), dv)
		}
	}
	me := g.ToMove()
	return side[me] + 15 - side[me^1]
}

// placementValue is the old value of an own piece on cell c during
// placement: proximity by the distance to the nearest DVONN piece in dv,
// plus 8 on the edge within two spaces of one, -8 on the edge farther away.
func placementValue(c int, dv uint64) int {
	proximity := [7]int{0, 30, 16, 6, -4, -10, -16}
	d := 6
	for m := dv; m != 0; m &= m - 1 {
		d = min(d, hexDist(c, bits.TrailingZeros64(m)))
	}
	v := proximity[d]
	if dvonn.EdgeCell(c) {
		if d <= 2 {
			v += 8
		} else {
			v -= 8
		}
	}
	return v
}

// hexDist is the board distance between cells a and b.
func hexDist(a, b int) int {
	ca, ra := dvonn.CellCoord(a)
	cb, rb := dvonn.CellCoord(b)
	dc, dr := cb-ca, rb-ra
	return (abs(dc) + abs(dr) + abs(dc-dr)) / 2
}

func abs(x int) int { return max(x, -x) }

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
		var next uint64
		for m := layer; m != 0; m &= m - 1 {
			next |= dvonn.NeighborMask(bits.TrailingZeros64(m))
		}
		layer = next & occ &^ seen
		seen |= layer
	}
}
