package gomokuai

import (
	"math/bits"
	"sync"

	"planiverse/rules/gomoku"
)

// Pattern codes. For every empty point, every one of its four lines and
// each color, the pattern code says what a stone of that color on the
// point would make in that line. It is read from a table indexed by the
// line's stones within patternReach points on either side of the point
// (own stones, and blocked points: enemy stones or off the board), the
// classic scheme of Gomocup engines (e.g. the shape table of AIWine or
// the pattern codes of dhbloo/rapfi); the table is derived here from the
// rule's definition of five, not copied from either.
//
// The codes, weakest first, with the field's names:
//
//	patNone    nothing that can grow into a five in this line
//	patClosed2 a two that can become a closed three (block2)
//	patOpen2   a two that can become a three (flex2)
//	patClosed3 a closed three: one more stone makes a four (block3)
//	patThree   a three, straight or broken: one more stone makes an open
//	           four (flex3)
//	patFour    a four: one win point (block4)
//	patOpen4   an open four, or two fours in the line: two win points (flex4)
//	patFive    five (exactly five under an exact rule)
//
// Each code is defined from the next: a stone makes patThree when some
// further stone in the line would then make patOpen4, patClosed3 when the
// best further stone makes patFour, patOpen2 for patThree, patClosed2 for
// patClosed3 (code c leads to code c-2).
const (
	patNone = iota
	patClosed2
	patOpen2
	patClosed3
	patThree
	patFour
	patOpen4
	patFive
	numPatterns
)

// patternReach is how many points on either side of a point its pattern
// code looks at: enough for any open four through the point (6 points) and
// the overline test of an exact five next to it.
const patternReach = 5

// patternTable maps a window key (patternKey) to the pattern code of its
// center point; one table per five rule (index 1: exactly five).
var (
	patternTable [2]*[1 << (4 * patternReach)]uint8
	patternOnce  [2]sync.Once
)

// patternsFor returns the pattern table of the rule (exact: only exactly
// five wins), building it on first use (about 60,000 windows).
func patternsFor(exact bool) *[1 << (4 * patternReach)]uint8 {
	i := 0
	if exact {
		i = 1
	}
	patternOnce[i].Do(func() { patternTable[i] = buildPatterns(exact) })
	return patternTable[i]
}

// windowBits is the width of a window: the point and patternReach points
// on either side.
const windowBits = 2*patternReach + 1

// buildPatterns computes the pattern code of the center of every window:
// 10 points around it, each own, blocked or empty.
func buildPatterns(exact bool) *[1 << (4 * patternReach)]uint8 {
	t := new([1 << (4 * patternReach)]uint8)
	// memo[own<<windowBits|blocked] holds level+1 (0: not computed) of the
	// window with those stones, the center included in own.
	memo := make([]uint8, 1<<(2*windowBits))
	const half = 1<<patternReach - 1
	for own := uint32(0); own < 1<<(2*patternReach); own++ {
		for blk := uint32(0); blk < 1<<(2*patternReach); blk++ {
			if own&blk != 0 {
				continue
			}
			o := own&half | (own>>patternReach)<<(patternReach+1) | 1<<patternReach
			bl := blk&half | (blk>>patternReach)<<(patternReach+1)
			t[own|blk<<(2*patternReach)] = windowLevel(o, bl, exact, memo)
		}
	}
	return t
}

// windowLevel returns the pattern code of the stones own in a window of
// windowBits points (bit i: the i-th point) whose blocked points are blk,
// the points past its ends counting as blocked.
func windowLevel(own, blk uint32, exact bool, memo []uint8) uint8 {
	key := own<<windowBits | blk
	if v := memo[key]; v != 0 {
		return v - 1
	}
	const full = 1<<windowBits - 1
	empty := full &^ (own | blk)
	var lv uint8
	switch wins := gomoku.WinPoints(own<<1, empty<<1, exact); {
	case hasFive(own, exact):
		lv = patFive
	case bits.OnesCount32(wins) >= 2:
		lv = patOpen4
	case wins != 0:
		lv = patFour
	default:
		var best uint8
		for e := empty; e != 0; e &= e - 1 {
			best = max(best, windowLevel(own|e&-e, blk, exact, memo))
		}
		if best >= patClosed3 {
			lv = best - 2
		}
	}
	memo[key] = lv + 1
	return lv
}

// hasFive reports whether the stones own of a window hold a five (a run of
// five, or five or more unless exact).
func hasFive(own uint32, exact bool) bool {
	for m := own; m != 0; {
		lo := bits.TrailingZeros32(m)
		run := bits.TrailingZeros32(^(m >> lo))
		if run == 5 || run > 5 && !exact {
			return true
		}
		m &^= (1<<run - 1) << lo
	}
	return false
}

// patternKey returns the table key of the point at bit i (1..size) of a
// line with own stones own, enemy stones opp and board points mask: the own
// and blocked points within patternReach of it, the point itself left out.
func patternKey(own, opp, mask uint32, i int) uint32 {
	const pad = 8 // room below bit 1 for the window's low end
	o := uint64(own) << pad >> (i + pad - patternReach)
	b := ((^uint64(mask)|uint64(opp))<<pad | (1<<pad - 1)) >> (i + pad - patternReach) // off the board counts as blocked
	const half = 1<<patternReach - 1
	ok := uint32(o)&half | uint32(o>>(patternReach+1))&half<<patternReach
	bk := uint32(b)&half | uint32(b>>(patternReach+1))&half<<patternReach
	return ok | bk<<(2*patternReach)
}

// Point scores. The four pattern codes of a point for one color are
// packed into a pattern set (3 bits per direction, patternSet) and valued
// by pointTable, the move-ordering score of playing there (attack), and
// by evalTable, the evaluation value of the point; both in evaluation
// units (about 1/100 of a stone).
type pointScore struct {
	order   int32 // move ordering and the candidate cap
	defence int32 // order*orderDefenceShare/100: the share of a block (pointOrder)
}

// Bits of threatTable: what a stone of the color on the point makes, a
// four or better in some line (threatFour), a three (threatThree), two
// threes or a three and an open two in two lines (threatDouble). The
// evaluation reads which of them each side has anywhere
// (analyzer.threatMask, threatValue).
//
// Three more bits name the points that win by force (the pattern4
// classes B_FLEX4, C_BLOCK4_FLEX3 and F_FLEX3_2X of dhbloo/rapfi), for
// staticResult: an open four, or fours in two lines (threatOpen4: two win points at once); a
// four and a three in another line (threatFourThree); threes in two lines
// (threatThree3). A point has at most one of them, the strongest, and
// none when it makes a five.
const (
	threatFour = 1 << iota
	threatThree
	threatDouble
	threatOpen4
	threatFourThree
	threatThree3

	// evalThreatBits: the bits the evaluation reads (threatMask).
	evalThreatBits = 3
	// numThreatBits: the bits analyzer.threats counts.
	numThreatBits = 6
)

// threatOf returns the threat bits of the pattern set s.
func threatOf(s patternSet) uint8 {
	n := s.codeCounts()
	var t uint8
	if n[patFour]+n[patOpen4]+n[patFive] > 0 {
		t |= threatFour
	}
	if n[patThree] > 0 {
		t |= threatThree
	}
	if n[patThree] >= 2 || n[patThree] == 1 && n[patOpen2] >= 1 {
		t |= threatDouble
	}
	switch {
	case n[patFive] > 0:
	case n[patOpen4] > 0 || n[patFour] >= 2:
		t |= threatOpen4
	case n[patFour] == 1 && n[patThree] > 0:
		t |= threatFourThree
	case n[patThree] >= 2:
		t |= threatThree3
	}
	return t
}

// patternSet packs a point's four codes: code of direction dir at bits
// 3*dir..3*dir+2.
type patternSet uint16

// setMask covers the bits of a patternSet (masking an index of pointTable
// with it spares the bounds check).
const setMask patternSet = 1<<12 - 1

func (s patternSet) code(dir int) uint8 { return uint8(s>>(3*dir)) & 7 }

// codeCounts returns how many of s's four directions hold each code.
func (s patternSet) codeCounts() (n [numPatterns]int) {
	for dir := 0; dir < 4; dir++ {
		n[s.code(dir)]++
	}
	return n
}

// Combination classes of a point's four codes, strongest first.
const (
	comboFive      = iota // a five
	comboOpen4            // an open four or a double four: wins next move
	comboFourThree        // a four and a three
	comboThree3           // two threes (a double three; forbidden to Black in Renju)
	comboFour             // a single four
	comboThree            // a single three
	comboOther
)

// comboOf returns the combination class of s.
func comboOf(s patternSet) int {
	n := s.codeCounts()
	switch {
	case n[patFive] > 0:
		return comboFive
	case n[patOpen4] > 0 || n[patFour] >= 2:
		return comboOpen4
	case n[patFour] > 0 && n[patThree] > 0:
		return comboFourThree
	case n[patThree] >= 2:
		return comboThree3
	case n[patFour] > 0:
		return comboFour
	case n[patThree] > 0:
		return comboThree
	}
	return comboOther
}

// Weights of the move ordering: per pattern code (summed over the four
// directions) and per combination class (added), set by hand and
// self-play. The evaluation's values are per pattern class instead
// (classValue, evalweights.go).
//
// A closed three weighs less here than an open two, and no bonus goes to
// the combinations that prepare a double threat, which can leave the move
// that wins outside the candidate cap; bonuses for them did not play
// better (EXPERIMENTS.md, "orderCode and orderCombo").
var (
	orderCode  = [numPatterns]int32{0, 2, 8, 6, 30, 40, 600, 10_000}
	orderCombo = [comboOther + 1]int32{100_000, 8_000, 3_000, 1_200, 0, 0, 0}
)

// pointTable scores every pattern set for the move ordering (pointScore);
// threatTable gives its threat bits (threatOf). evalTable holds what the
// incremental update (analyzer.updatePatterns) sums per set, in one
// 16-byte entry so that a point costs one lookup per color and no
// branch: the two values and the threat bits as counts (threatCounts).
var (
	pointTable  [1 << 12]pointScore
	threatTable [1 << 12]uint8
	evalTable   [1 << 12]pointEval
)

// pointEval is a pattern set's share of the running sums of analyzer:
// value and valueOpp, the point's share of the static evaluation for the
// side to move and for the opponent (classValue), and threatCounts of its
// threat bits.
type pointEval struct {
	value, valueOpp int32
	threats         threatCounts
}

// threatCounts packs a count per threat bit (numThreatBits of them) into
// threatCountBits bits each, bit i's count at bits threatCountBits*i: the
// number of empty points whose set has that bit. A board has at most
// gomoku.MaxPoints empty points, so no count reaches the next field, and
// adding one set's counts and subtracting another's (modulo 2^64) keeps
// every field exact.
type threatCounts uint64

// threatCountBits is the width of one count in threatCounts.
const threatCountBits = 10

// A count must hold every point of the largest board, and the counts
// must fit in 64 bits (the constants below do not compile otherwise).
const (
	_ = uint(1<<threatCountBits - 1 - gomoku.MaxPoints)
	_ = uint(64 - numThreatBits*threatCountBits)
)

// threatCountsOf returns the counts of one point whose set has threat
// bits t: 1 in the field of each bit set.
func threatCountsOf(t uint8) threatCounts {
	var n threatCounts
	for i := 0; i < numThreatBits; i++ {
		n |= threatCounts(t>>i&1) << (threatCountBits * i)
	}
	return n
}

// count returns the count of threat bit i.
func (n threatCounts) count(i int) int32 {
	return int32(n>>(threatCountBits*uint(i))) & (1<<threatCountBits - 1)
}

func init() {
	for s := range pointTable {
		ps := patternSet(s)
		var sc pointScore
		for dir := 0; dir < 4; dir++ {
			sc.order += orderCode[ps.code(dir)]
		}
		sc.order += orderCombo[comboOf(ps)]
		sc.defence = sc.order * params.orderDefenceShare / 100
		threatTable[s] = threatOf(ps)
		c := classOfSet[s]
		pointTable[s] = sc
		evalTable[s] = pointEval{classValue[0][c], classValue[1][c], threatCountsOf(threatTable[s])}
	}
}
