package dvonnai

import (
	"math/bits"

	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// oldMovementEval is the hand-set movement evaluation this package had
// before the fitted one (White's advantage, 100 per piece of height), kept
// to compare the two on the same positions (TestTune).
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
		own := g.Controlled(rules.Player(p))
		enemy := g.Controlled(rules.Player(p ^ 1))
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
		if rules.Player(p) == mover {
			side[p] += wCaptureToMove * capture[p]
		} else {
			side[p] += wCaptureWaiting * capture[p]
		}
	}
	return side[0] - side[1]
}

// oldPlacementEval is the hand-set placement evaluation this package had
// before the fitted one, from the side to place's point of view: the sum of
// placementValue over each side's pieces, plus 15 for the side to place.
func oldPlacementEval(g *dvonn.Game) int {
	if g.Placed() <= 3 {
		return 0
	}
	dv := g.DvonnCells()
	var side [2]int
	for p := range 2 {
		for m := g.Controlled(rules.Player(p)); m != 0; m &= m - 1 {
			side[p] += placementValue(bits.TrailingZeros64(m), dv)
		}
	}
	me := g.ToMove()
	return side[me] + 15 - side[me^1]
}
