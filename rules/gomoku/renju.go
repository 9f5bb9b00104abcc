package gomoku

import (
	"math/bits"

	"planiverse/rules"
)

// Renju's forbidden points (RULES.md, Gomoku, "Renju"; the International
// Rules of Renju of the RIF, 1996/1998, renju.net/study/rifrules.php).
//
// Definitions used here, all about Black's stones on one line through the
// point p being tested, with a black stone put on p:
//
//   - five: exactly five black stones in an unbroken row; a five through p
//     wins, so p is never forbidden when it makes one, whatever else the
//     stone makes (our reading of RIF 9.3, as in the renju engines);
//   - overline: six or more in an unbroken row through p;
//   - four: the line has a point where one more black stone makes a five
//     containing p. Two such points on one line count as two fours (a
//     four-four on one line), except the two ends of a straight four (an
//     unbroken four with a five point at each end), which is one four;
//   - three: the line has a point q where one more black stone makes a
//     straight four containing p, and q is not itself forbidden for Black
//     in the position with p's stone (the recursive definition: a "fake
//     three" whose completing points are all forbidden is no three).
//
// p is forbidden for Black when it makes no five and an overline
// (FoulOverline), or two or more fours (FoulDoubleFour), or threes on two or
// more lines (FoulDoubleThree), in that order of precedence. A line that
// holds a four through p does not also count as a three, so a four-three is
// allowed.

// Foul is the reason a point is forbidden for Black under Renju, or NoFoul.
type Foul uint8

const (
	// NoFoul: the point is not forbidden.
	NoFoul Foul = iota
	// FoulDoubleThree: the stone makes real threes on two or more lines.
	FoulDoubleThree
	// FoulDoubleFour: the stone makes two or more fours (one line or several).
	FoulDoubleFour
	// FoulOverline: the stone makes six or more in a row (and no five).
	FoulOverline
)

// String returns "double-three", "double-four", "overline", or "" for
// NoFoul.
func (f Foul) String() string {
	switch f {
	case FoulDoubleThree:
		return "double-three"
	case FoulDoubleFour:
		return "double-four"
	case FoulOverline:
		return "overline"
	}
	return ""
}

// Lines is the layout of the line bitboards of a position, indexed
// [color][dir][line] as Game.Line: color 0 black, 1 white; bit numbering
// as in LineOf.
type Lines = [2][4][MaxLines]uint32

// maxFoulDepth bounds the recursion of the three test (a three's completing
// point tested for being forbidden, whose own threes are tested, ...). Each
// level adds a black stone next to the previous ones, so real positions stay
// far below it; past it a point counts as not forbidden.
const maxFoulDepth = 16

// FoulIn reports whether Black may not play the empty point p of a size x
// size board whose stones are l (RIF rules: see Foul), and why. It changes l
// while it works and restores it before returning. Its cost is a few
// bit operations per direction for most points; only points with black
// stones close by on two lines (or four on one) get the full test.
func FoulIn(l *Lines, size, p int) Foul {
	return foulAt(l, size, p, 0)
}

// lineRefs returns the line number and bit of point p in each direction.
func lineRefs(size, p int) (line, bit [4]int) {
	x, y := p%size, p/size
	line = [4]int{y, x, x - y + size - 1, x + y}
	bit = [4]int{x + 1, y + 1, x + 1, x + 1}
	return
}

// window returns the bits within d of bit b (b excluded).
func window(b, d int) uint32 {
	return (uint32(1)<<(2*d+1) - 1) << max(0, b-d) >> max(0, d-b) &^ (1 << b)
}

// near3 and near4 are window(b, 3) and window(b, 4) by bit b.
var near3, near4 [32]uint32

func init() {
	for b := range near3 {
		near3[b], near4[b] = window(b, 3), window(b, 4)
	}
}

// foulAt is FoulIn at recursion depth depth.
func foulAt(l *Lines, size, p, depth int) Foul {
	line, bit := lineRefs(size, p)
	// Quick test: a three through p needs two other black stones within 3
	// on its line, a four three within 4; an overline or two fours on one
	// line need four within 4.
	busy := 0
	for d := 0; d < 4; d++ {
		b := l[0][d][line[d]]
		n4 := bits.OnesCount32(b & near4[bit[d]])
		if n4 >= 4 {
			busy = 2
			break
		}
		if n4 == 3 || bits.OnesCount32(b&near3[bit[d]]) >= 2 {
			busy++
		}
	}
	if busy < 2 {
		return NoFoul
	}
	place(l, 0, line, bit, true)
	f := foulPlaced(l, size, line, bit, depth)
	place(l, 0, line, bit, false)
	return f
}

// foulPlaced is foulAt's full test, with p's black stone (at the given
// lines and bits) already placed.
func foulPlaced(l *Lines, size int, line, bit [4]int, depth int) Foul {
	over := false
	for d := 0; d < 4; d++ {
		switch n := runLen(l[0][d][line[d]], bit[d]); {
		case n == 5:
			return NoFoul
		case n > 5:
			over = true
		}
	}
	if over {
		return FoulOverline
	}
	fours := 0
	var threeDirs [4]int
	nThree := 0
	for d := 0; d < 4; d++ {
		b, w := l[0][d][line[d]], l[1][d][line[d]]
		mask := LineMask(size, d, line[d])
		empty := mask &^ (b | w)
		if n := foursThrough(b, empty, bit[d]); n > 0 {
			fours += n
			continue
		}
		if straightFourPoints(b, empty, bit[d]) != 0 {
			threeDirs[nThree] = d
			nThree++
		}
	}
	if fours >= 2 {
		return FoulDoubleFour
	}
	if nThree < 2 || depth >= maxFoulDepth {
		return NoFoul
	}
	// Count the real threes: lines with a completing point that is not
	// itself forbidden.
	real := 0
	for i := 0; i < nThree && real+nThree-i >= 2; i++ {
		d := threeDirs[i]
		b, w := l[0][d][line[d]], l[1][d][line[d]]
		empty := LineMask(size, d, line[d]) &^ (b | w)
		for q := straightFourPoints(b, empty, bit[d]); q != 0; q &= q - 1 {
			qp := LinePoint(size, d, line[d], bits.TrailingZeros32(q))
			if foulAt(l, size, qp, depth+1) == NoFoul {
				real++
				break
			}
		}
	}
	if real >= 2 {
		return FoulDoubleThree
	}
	return NoFoul
}

// place puts (on true) or removes a stone of color c on the point whose
// lines and bits are given.
func place(l *Lines, c int, line, bit [4]int, on bool) {
	for d := 0; d < 4; d++ {
		if on {
			l[c][d][line[d]] |= 1 << bit[d]
		} else {
			l[c][d][line[d]] &^= 1 << bit[d]
		}
	}
}

// runLen returns the length of the unbroken run of set bits of l through
// bit b (0 when b is clear).
func runLen(l uint32, b int) int {
	if l>>b&1 == 0 {
		return 0
	}
	return bits.TrailingZeros32(^(l >> b)) + bits.LeadingZeros32(^(l << (31 - b))) - 1
}

// runMask returns the bits of the unbroken run of set bits of l through bit
// b, which must be set.
func runMask(l uint32, b int) uint32 {
	up := bits.TrailingZeros32(^(l >> b))         // b and above
	down := bits.LeadingZeros32(^(l << (31 - b))) // b and below
	return (uint32(1)<<(up+down-1) - 1) << (b - down + 1)
}

// fivePoints returns the empty points where one more black stone makes
// exactly five (Black's win points: an overline does not win).
func fivePoints(b, empty uint32) uint32 { return WinPoints(b, empty, true) }

// foursThrough counts the fours through bit p of a line with black stones
// b (p's stone included) and empty points empty: 0, 1, or 2 for two fours
// on the line (more are counted as 2). The two ends of a straight four are
// one four.
func foursThrough(b, empty uint32, p int) int {
	var pts [2]int
	n := 0
	for f := fivePoints(b, empty); f != 0 && n < 2; f &= f - 1 {
		q := bits.TrailingZeros32(f)
		if runMask(b|1<<q, q)>>p&1 != 0 {
			pts[n] = q
			n++
		}
	}
	if n == 2 && pts[1]-pts[0] == 5 && b>>(pts[0]+1)&15 == 15 {
		return 1 // the two ends of one straight four
	}
	return n
}

// straightFourPoints returns the empty points q of a line (black stones b,
// p's stone included; empty points empty) where one more black stone makes
// a straight four containing p: an unbroken row of exactly four with a five
// point at each end.
func straightFourPoints(b, empty uint32, p int) uint32 {
	var out uint32
	for c := empty & near3[p]; c != 0; c &= c - 1 {
		q := bits.TrailingZeros32(c)
		nb := b | 1<<q
		if runLen(nb, q) != 4 {
			continue
		}
		r := runMask(nb, q)
		if r>>p&1 == 0 {
			continue
		}
		lo := bits.TrailingZeros32(r) - 1
		hi := 31 - bits.LeadingZeros32(r) + 1
		if f := fivePoints(nb, empty&^(1<<q)); f>>lo&1 != 0 && f>>hi&1 != 0 {
			out |= 1 << q
		}
	}
	return out
}

// WinPoints returns the empty points (bits of empty) of one line where a
// stone of the color whose stones are own (bit i = the line's i-th point)
// makes five: five or more in a row, exactly five when exact. The AI's line
// analysis uses it too.
func WinPoints(own, empty uint32, exact bool) uint32 {
	l1 := own << 1 // bit p: own at p-1
	l2 := l1 & (own << 2)
	l3 := l2 & (own << 3)
	l4 := l3 & (own << 4)
	r1 := own >> 1 // bit p: own at p+1
	r2 := r1 & (own >> 2)
	r3 := r2 & (own >> 3)
	r4 := r3 & (own >> 4)
	if !exact {
		return empty & (l4 | r4 | l3&r1 | l2&r2 | l1&r3)
	}
	l5 := l4 & (own << 5)
	r5 := r4 & (own >> 5)
	// Exactly a own stones on the left and 4-a on the right.
	return empty & (l4&^l5&^r1 | l3&^l4&r1&^r2 | l2&^l3&r2&^r3 | l1&^l2&r3&^r4 | r4&^r5&^l1)
}

// FoulAt reports whether Black may not play point p now under the Renju
// rule, and why: NoFoul for an occupied point, a point off the board, or a
// game under another rule. It does not depend on the side to move (it
// answers for Black's next stone) and leaves g unchanged.
func (g *Game) FoulAt(p int) Foul {
	if g.opts.Rule != Renju || p < 0 || p >= g.n || g.board[p] != 0 {
		return NoFoul
	}
	return foulAt(&g.lines, g.size, p, 0)
}

// ForbiddenReason returns why Black may not play m now under the Renju
// rule: "double-three", "double-four" or "overline"; "" for a move that is
// not forbidden (including rules.Swap and every move under other rules).
func (g *Game) ForbiddenReason(m rules.Move) string {
	return g.FoulAt(int(m)).String()
}

// Forbidden appends Black's forbidden points of the position (as moves,
// in increasing point order) to buf: none unless the rule is Renju. It
// answers for Black whoever is to move, and allocates nothing once buf has
// grown.
func (g *Game) Forbidden(buf []rules.Move) []rules.Move {
	if g.opts.Rule != Renju {
		return buf
	}
	near := g.blackNear()
	for p := 0; p < g.n; p++ {
		if g.mayFoul(&near, p) && foulAt(&g.lines, g.size, p, 0) != NoFoul {
			buf = append(buf, rules.Move(p))
		}
	}
	return buf
}

// blackNear returns, per row y, the bits x+1 of the points with at least
// two black stones in the 9x9 square around them (distance 4 or less in x
// and y): a point without them cannot be forbidden.
func (g *Game) blackNear() [MaxSize]uint32 {
	var near [MaxSize]uint32
	var once, twice [MaxSize + 8]uint32 // by row y+4: points (x+1) with >= 1, >= 2 black stones within 4 columns
	for y := 0; y < g.size; y++ {
		r := g.lines[0][Horizontal][y]
		var o, t uint32
		for k := -4; k <= 4; k++ {
			s := r << max(0, k) >> max(0, -k)
			t |= o & s
			o |= s
		}
		once[y+4], twice[y+4] = o, t
	}
	for y := 0; y < g.size; y++ {
		var o, t uint32
		for k := 0; k <= 8; k++ {
			t |= twice[y+k] | o&once[y+k]
			o |= once[y+k]
		}
		near[y] = t
	}
	return near
}

// mayFoul reports whether p is empty and has the black stones around it
// (near, from blackNear) that a forbidden point needs.
func (g *Game) mayFoul(near *[MaxSize]uint32, p int) bool {
	x, y := p%g.size, p/g.size
	return g.board[p] == 0 && near[y]>>(x+1)&1 != 0
}

// blackForbids reports whether the next stone is Black's under the Renju
// rule, so that forbidden points are not legal.
func (g *Game) blackForbids() bool {
	return g.opts.Rule == Renju && g.ColorToMove() == 0
}

// blackStuck reports whether Black is to move under Renju and every empty
// point is forbidden (the game is then drawn). It stops at the first
// allowed point, usually the first empty point tested.
func (g *Game) blackStuck() bool {
	if !g.blackForbids() {
		return false
	}
	for p := 0; p < g.n; p++ {
		if g.board[p] == 0 && foulAt(&g.lines, g.size, p, 0) == NoFoul {
			return false
		}
	}
	return true
}
