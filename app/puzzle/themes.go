package puzzle

import (
	"math"
	"math/bits"

	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/othello"
)

// endgameMobile is the most mobile stacks of a DVONN puzzle tagged
// endgame: few enough to count to the end.
const endgameMobile = 8

// The initial rating from the difficulty (InitialRating).
const (
	baseRating      = 800 // a one-move puzzle with nothing else to it
	perPlayerMove   = 250 // each further move of the player
	perFailingMove  = 20  // each other move that fails, up to maxFailingMoves
	maxFailingMoves = 20
	perNodeDecade   = 60   // each tenfold of the solver's nodes beyond nodeFloor
	nodeFloor       = 1000 // nodes any puzzle needs
)

// InitialRating returns a puzzle's rating from what proving it took:
// the player's moves, the failing alternatives (more plausible ways to
// go wrong) and the solver's nodes (a deeper search), within MinRating
// and MaxRating.
func InitialRating(pr Proof) int {
	r := float64(baseRating + perPlayerMove*max(pr.PlayerMoves-1, 0) + perFailingMove*min(pr.Failing, maxFailingMoves))
	if pr.Nodes > nodeFloor {
		r += perNodeDecade * math.Log10(float64(pr.Nodes)/nodeFloor)
	}
	return max(MinRating, min(MaxRating, int(math.Round(r))))
}

// othelloThemes tags an Othello puzzle from its position b and first
// move m, whose exact value is best.
func othelloThemes(b *othello.Board, m rules.Move, best int) []string {
	var t []string
	sq := int(m)
	row, col := sq/8, sq%8
	switch {
	case m == rules.Pass:
	case (row == 0 || row == 7) && (col == 0 || col == 7):
		t = append(t, ThemeCorner)
	case row == 0 || row == 7 || col == 0 || col == 7:
		t = append(t, ThemeEdge)
	}
	if m != rules.Pass && parityMove(b, sq) {
		t = append(t, ThemeParity)
	}
	if best == 64 {
		t = append(t, ThemeWipeOut)
	}
	return t
}

// parityMove reports whether square sq lies in a quadrant with an odd
// number of empties while another quadrant holds an even, non-zero
// number: the move keeps the last move in that region.
func parityMove(b *othello.Board, sq int) bool {
	own, opp := b.Bitboards()
	empty := ^(own | opp)
	quad := [4]uint64{0x000000000F0F0F0F, 0x00000000F0F0F0F0, 0x0F0F0F0F00000000, 0xF0F0F0F000000000}
	q := sq/32*2 + sq%8/4
	if bits.OnesCount64(empty&quad[q])%2 == 0 {
		return false
	}
	for i, mask := range quad {
		if n := bits.OnesCount64(empty & mask); i != q && n > 0 && n%2 == 0 {
			return true
		}
	}
	return false
}

// dvonnThemes tags a DVONN puzzle from its position g and first move m.
func dvonnThemes(g *dvonn.Game, m rules.Move) []string {
	var t []string
	if _, to, _ := dvonn.Decode(m); m != rules.Pass && g.Controlled(g.ToMove().Opponent())&(1<<to) != 0 {
		t = append(t, ThemeCapture)
	}
	if m != rules.Pass {
		h := g.Copy()
		h.Play(m)
		if h.LastRemoved() != 0 {
			t = append(t, ThemeIsolation)
		}
	}
	if bits.OnesCount64(g.Mobile()) <= endgameMobile {
		t = append(t, ThemeEndgame)
	}
	return t
}

// alakThemes tags an Alak puzzle from its position g and first move m.
func alakThemes(g *alak.Game, m rules.Move) []string {
	if g.Captures(m) != 0 {
		return []string{ThemeCapture}
	}
	return []string{ThemeDefense}
}
