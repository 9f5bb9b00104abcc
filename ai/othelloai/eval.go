package othelloai

import (
	"math/bits"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// Board masks (bit i = square i = row*8 + col, a1 = 0).
const (
	colA      = 0x0101010101010101
	colH      = 0x8080808080808080
	notColA   = ^uint64(colA)
	notColH   = ^uint64(colH)
	row1      = 0x00000000000000FF
	row8      = 0xFF00000000000000
	borderSqs = colA | colH | row1 | row8
)

// squareValue is a classic static weight per square (corners high, X- and
// C-squares low), used only to order moves.
var squareValue = [64]int16{
	400, -60, 40, 20, 20, 40, -60, 400,
	-60, -150, -10, -10, -10, -10, -150, -60,
	40, -10, 5, 2, 2, 5, -10, 40,
	20, -10, 2, 0, 0, 2, -10, 20,
	20, -10, 2, 0, 0, 2, -10, 20,
	40, -10, 5, 2, 2, 5, -10, 40,
	-60, -150, -10, -10, -10, -10, -150, -60,
	400, -60, 40, 20, 20, 40, -60, 400,
}

// xCorner[sq] is the corner diagonally next to X-square sq (b2, g2, b7,
// g7), cCorner[sq] the corner next to C-square sq (b1, a2, g1, h2, a7, b8,
// h7, g8); -1 for other squares.
var xCorner, cCorner = func() (x, c [64]int8) {
	for i := range x {
		x[i], c[i] = -1, -1
	}
	x[9], x[14], x[49], x[54] = 0, 7, 56, 63
	c[1], c[8], c[6], c[15], c[48], c[57], c[55], c[62] = 0, 0, 7, 7, 56, 56, 63, 63
	return x, c
}()

// xSquares and cSquares by corner: xMaskOf[i], cMaskOf[i] for corner i of
// corners (a1, h1, a8, h8).
var (
	corners = [4]int{0, 7, 56, 63}
	xMaskOf = [4]uint64{1 << 9, 1 << 14, 1 << 49, 1 << 54}
	cMaskOf = [4]uint64{1<<1 | 1<<8, 1<<6 | 1<<15, 1<<48 | 1<<57, 1<<55 | 1<<62}
)

// neighbors returns the squares adjacent (8 directions) to a square of x.
func neighbors(x uint64) uint64 {
	h := x | (x<<1)&notColA | (x>>1)&notColH
	return (h | h<<8 | h>>8) &^ x
}

// fullLines returns, for each of the four axes, the squares whose whole
// line along that axis is filled (filled = occupied squares).
//
// Diagonals by doubling: after the step with shift k*d, a square keeps its
// bit when the k squares before it along the line (or all of them up to the
// board's edge) are filled; the squares within k of the edge take the
// boundary mask instead of the shifted bits, which also hides the shifts'
// wrap-around. Three steps (k = 1, 2, 4) cover a line of eight, once
// towards each end.
func fullLines(filled uint64) (h, v, d7, d9 uint64) {
	// Rows: a row is full when its byte is 0xFF.
	t := filled & (filled >> 1) & 0x7F7F7F7F7F7F7F7F
	t &= t >> 2
	t &= t >> 4
	h = (t & 0x0101010101010101) * 0xFF
	t = filled & (filled >> 32)
	t &= t >> 16
	t &= t >> 8
	v = (t & 0xFF) * 0x0101010101010101
	const (
		rows01, rows0123 = 0x000000000000FFFF, 0x00000000FFFFFFFF
		rows67, rows4567 = 0xFFFF000000000000, 0xFFFFFFFF00000000
		cols01, cols0123 = 0x0303030303030303, 0x0F0F0F0F0F0F0F0F
		cols67, cols4567 = 0xC0C0C0C0C0C0C0C0, 0xF0F0F0F0F0F0F0F0
	)
	// d9: square sq-9 is one row up and one column left.
	a := filled & (filled<<9 | row1 | colA)
	a &= a<<18 | rows01 | cols01
	a &= a<<36 | rows0123 | cols0123
	b := filled & (filled>>9 | row8 | colH)
	b &= b>>18 | rows67 | cols67
	b &= b>>36 | rows4567 | cols4567
	d9 = a & b
	// d7: square sq-7 is one row up and one column right.
	a = filled & (filled<<7 | row1 | colH)
	a &= a<<14 | rows01 | cols67
	a &= a<<28 | rows0123 | cols4567
	b = filled & (filled>>7 | row8 | colA)
	b &= b>>14 | rows67 | cols01
	b &= b>>28 | rows4567 | cols0123
	d7 = a & b
	return h, v, d7, d9
}

// StableDiscs returns the discs of own that can never be flipped, by a
// sufficient test: along each of the four axes a disc must lie on the
// board edge, on a filled line, or next to a stable disc of its own color
// (corners, then edges and regions grown from them). opp is the other
// side's discs. Some stable discs may be missed (a disc protected only by
// an opponent's stable disc), none is wrongly reported.
func StableDiscs(own, opp uint64) uint64 {
	fh, fv, f7, f9 := fullLines(own | opp)
	h0 := fh | colA | colH
	v0 := fv | row1 | row8
	d70 := f7 | borderSqs
	d90 := f9 | borderSqs
	var st uint64
	for {
		n := own & (h0 | (st<<1)&notColA | (st>>1)&notColH) &
			(v0 | st<<8 | st>>8) &
			(d70 | (st<<7)&notColH | (st>>7)&notColA) &
			(d90 | (st<<9)&notColA | (st>>9)&notColH)
		if n == st {
			return st
		}
		st = n
	}
}

// weights of the evaluation's features, in units of 1/100 disc. A pair
// holds the weight at 60 empties and at 0 empties; in between it is
// interpolated linearly on the number of empties.
type weights struct {
	mobility  [2]int // per legal move more than the opponent
	potential [2]int // per empty square next to the opponent, more than the opponent
	corner    [2]int // per corner more than the opponent
	xSquare   [2]int // per X-square (b2...) next to an empty corner, more than the opponent (a penalty)
	cSquare   [2]int // per C-square (b1, a2...) next to an empty corner, more than the opponent (a penalty)
	stable    [2]int // per stable disc more than the opponent
	pass      int    // penalty when the side to move must pass
	discEarly int    // per disc more than the opponent, above 16 empties
	discEnd   int    // per disc more than the opponent at 0 empties (ramping up from 16 empties)
	parity    int    // bonus for the last move (odd empties) at 20 empties or fewer
}

// defaultWeights were set by hand, then adjusted at a fixed depth
// (EXPERIMENTS.md, "Hand-set evaluation").
var defaultWeights = weights{
	mobility:  [2]int{90, 60},
	potential: [2]int{40, 10},
	corner:    [2]int{800, 800},
	xSquare:   [2]int{450, 150},
	cSquare:   [2]int{150, 30},
	stable:    [2]int{120, 120},
	pass:      150,
	discEarly: -5,
	discEnd:   100,
	parity:    100,
}

// at interpolates w at e empties (0..60).
func at(w [2]int, e int) int { return (w[0]*e + w[1]*(60-e)) / 60 }

// EvaluateBitboards is the static evaluation of the position where the side
// to move owns own and the other side opp, from the side to move's point of
// view, about 100 units per disc, within ai.MaxEval either way. A finished game scores
// its final disc difference (empties to the winner) times 100. Features,
// weighted by the number of empties: mobility, potential mobility (empty
// squares next to the opponent's discs), corners, X- and C-squares next to
// an empty corner, stable discs, disc difference near the end, and parity
// (who gets the last move). It does not allocate.
func EvaluateBitboards(own, opp uint64) int {
	return evaluate(own, opp, &defaultWeights)
}

func evaluate(own, opp uint64, w *weights) int {
	empt := ^(own | opp)
	e := bits.OnesCount64(empt)
	mo, mp := othello.MovesMask(own, opp), othello.MovesMask(opp, own)
	if mo == 0 && mp == 0 {
		return 100 * othello.FinalScore(own, opp)
	}
	v := 0
	// Mobility.
	cm, cp := bits.OnesCount64(mo), bits.OnesCount64(mp)
	v += (cm - cp) * at(w.mobility, e)
	if cm == 0 {
		v -= w.pass
	}
	// Potential mobility: empties next to the opponent.
	pmo := bits.OnesCount64(empt & neighbors(opp))
	pmp := bits.OnesCount64(empt & neighbors(own))
	v += (pmo - pmp) * at(w.potential, e)
	// Corners and the squares next to empty corners.
	v += at(w.corner, e) * (bits.OnesCount64(own&cornerMask) - bits.OnesCount64(opp&cornerMask))
	xw, cw := at(w.xSquare, e), at(w.cSquare, e)
	for i, c := range corners {
		if empt>>c&1 == 0 {
			continue
		}
		xm, cmk := xMaskOf[i], cMaskOf[i]
		v -= xw * (bits.OnesCount64(own&xm) - bits.OnesCount64(opp&xm))
		v -= cw * (bits.OnesCount64(own&cmk) - bits.OnesCount64(opp&cmk))
	}
	// Stable discs.
	if (own|opp)&cornerMask != 0 {
		v += at(w.stable, e) * (bits.OnesCount64(StableDiscs(own, opp)) - bits.OnesCount64(StableDiscs(opp, own)))
	}
	// Disc difference: slightly negative early, worth a disc each at the end.
	dd := bits.OnesCount64(own) - bits.OnesCount64(opp)
	if e <= 16 {
		v += dd * (w.discEnd * (16 - e) / 16)
	} else {
		v += dd * w.discEarly
	}
	// Parity: with an odd number of empties the side to move plays last.
	if e <= 20 {
		if e&1 == 1 {
			v += w.parity
		} else {
			v -= w.parity
		}
	}
	return max(-ai.MaxEval+1, min(ai.MaxEval-1, v))
}

// Evaluate is the static evaluation of s (an *othello.Board; 0 for any other
// state) from the side to move's point of view: the pattern evaluation
// EvaluatePatterns (trained weights, far stronger than EvaluateBitboards,
// the hand-set one: EXPERIMENTS.md). It does not allocate and leaves s
// unchanged.
func (k *Knowledge) Evaluate(s rules.State) int {
	b, ok := s.(*othello.Board)
	if !ok {
		return 0
	}
	own, opp := b.Bitboards()
	return EvaluatePatterns(own, opp)
}
