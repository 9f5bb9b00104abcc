package gomokuai

import (
	"math/bits"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// Line patterns. Every function here works on one line of the board as the
// line bitboards of package gomoku give it: bit i+1 for the i-th point along
// the line, bits 0 and size+1 (and every bit outside the line's mask) never
// set, so that a pattern may look one point past either end.
//
// A "window" is five consecutive points of a line: the places a five can
// still be made. A window is live for a color when it holds no enemy stone
// and, under the exact-five rule, neither point just outside it holds an own
// stone (filling it would make an overline).

// windowValue is the value of a live window by the number of own stones in
// it (0..5), in evaluation units (about 1/100 of a stone). A window of four
// is a four: one move from five. Five (a finished game) only appears when
// the analysis is asked about a won position.
var windowValue = [6]int32{0, 3, 20, 100, 600, 5000}

// fourPoints returns the empty points where a stone of own's color makes a
// four (creates a win point): the empty points of the live windows holding
// three own stones.
func fourPoints(own, opp, mask uint32, exact bool) uint32 {
	lo := bits.TrailingZeros32(mask)
	hi := 31 - bits.LeadingZeros32(mask)
	var four uint32
	for i := lo; i+4 <= hi; i++ {
		o := own >> i & 31
		if opp>>i&31 != 0 || bits.OnesCount32(o) != 3 {
			continue
		}
		if exact && (own>>(i-1)|own>>(i+5))&1 != 0 {
			continue
		}
		four |= (^o & 31) << i
	}
	return four
}

// openFourPoints returns the points where a stone of own's color makes two
// or more win points in this line (an open four, or two fours in one line):
// a threat the enemy cannot meet with one stone. A line with such points
// holds a "three".
func openFourPoints(own, opp, mask uint32, exact bool) uint32 {
	empty := mask &^ (own | opp)
	var out uint32
	for f := fourPoints(own, opp, mask, exact); f != 0; f &= f - 1 {
		p := f & -f
		if bits.OnesCount32(gomoku.WinPoints(own|p, empty&^p, exact)) >= 2 {
			out |= p
		}
	}
	return out
}

// lineInfo is the analysis of one line: the stones it was made for, the
// window score and, per color (0 black, 1 white), its win points (where a
// stone makes five), four points (where a stone makes a four) and three
// points (where a stone makes an open four).
type lineInfo struct {
	b, w  uint32
	score int32 // black's live windows minus white's
	win   [2]uint32
	four  [2]uint32
	three [2]uint32

	// makers: per color, the points where a stone makes a three in this
	// line (vctSearch.appendThreeMakers), computed when first asked for
	// (makersOK) and kept until the line's stones change.
	makers   [2]uint32
	makersOK [2]bool
}

// analyzeLine computes the lineInfo of a line with black stones b, white
// stones w and points mask, both colors under the same rule.
func analyzeLine(b, w, mask uint32, exact bool) lineInfo {
	return analyzeLineRule(b, w, mask, [2]bool{exact, exact})
}

// exactFor returns, per color (0 black), whether only exactly five wins
// under the rule: both colors under exact five, Black only under Renju.
func exactFor(rule gomoku.Rule) [2]bool {
	return [2]bool{rule == gomoku.ExactFive || rule == gomoku.Renju, rule == gomoku.ExactFive}
}

// analyzeLineRule is analyzeLine with the exact-five flag per color
// (exactFor).
func analyzeLineRule(b, w, mask uint32, ex [2]bool) lineInfo {
	li := lineInfo{b: b, w: w}
	if b|w == 0 {
		return li
	}
	// Only windows holding a stone matter.
	occ := b | w
	lo := max(bits.TrailingZeros32(mask), bits.TrailingZeros32(occ)-4)
	hi := min(31-bits.LeadingZeros32(mask)-4, 31-bits.LeadingZeros32(occ))
	for i := lo; i <= hi; i++ {
		wb, ww := b>>i&31, w>>i&31
		switch {
		case wb|ww == 0, wb != 0 && ww != 0:
		case ww == 0:
			if ex[0] && (b>>(i-1)|b>>(i+5))&1 != 0 {
				continue
			}
			k := bits.OnesCount32(wb)
			li.score += windowValue[k]
			if k == 4 {
				li.win[0] |= (^wb & 31) << i
			} else if k == 3 {
				li.four[0] |= (^wb & 31) << i
			}
		default:
			if ex[1] && (w>>(i-1)|w>>(i+5))&1 != 0 {
				continue
			}
			k := bits.OnesCount32(ww)
			li.score -= windowValue[k]
			if k == 4 {
				li.win[1] |= (^ww & 31) << i
			} else if k == 3 {
				li.four[1] |= (^ww & 31) << i
			}
		}
	}
	empty := mask &^ (b | w)
	own := [2]uint32{b, w}
	for c := 0; c < 2; c++ {
		for f := li.four[c]; f != 0; f &= f - 1 {
			p := f & -f
			if bits.OnesCount32(gomoku.WinPoints(own[c]|p, empty&^p, ex[c])) >= 2 {
				li.three[c] |= p
			}
		}
	}
	return li
}

// lineRef names one line: a direction (gomoku.Horizontal..AntiDiagonal)
// and a line number.
type lineRef struct {
	dir, line uint8
}

// analyzer keeps the lineInfo of every line that can hold a five, and the
// totals over them, for one board size and rule. refresh brings it up to
// date with a game by re-analyzing only the lines whose stones changed
// since the last call, so between neighboring positions of a search it
// costs a comparison of the moves, of the lines through the stones played
// or taken back, and a few line analyses (mostly found in the cache).
type analyzer struct {
	size  int
	rule  gomoku.Rule
	exact [2]bool   // per color: only exactly five wins (exactFor)
	lines []lineRef // the lines of length >= 5
	mask  [4][gomoku.MaxLines]uint32
	info  [4][gomoku.MaxLines]lineInfo

	score  int    // sum of the lines' scores (black minus white)
	nWin   [2]int // sum over lines of the number of win points, per color
	nFour  [2]int // sum over lines of the number of four points
	nThree [2]int // number of lines with a three, per color

	// Pattern codes: per color, each point's four codes (patternSet;
	// none on an occupied point), the pattern table of the color's rule,
	// and the sum of the points' pointEval values.
	sets      [2][gomoku.MaxPoints]patternSet
	patStones [4][gomoku.MaxLines][2]uint32 // per line: the black and white stones the codes are for
	patCodes  [4][gomoku.MaxLines][2]uint64 // per line and color: the codes in sets (lineCodes)
	dirty     [4][gomoku.MaxLines]bool      // lines re-analyzed since refreshPatterns
	dirtyList []lineRef                     // those lines
	pat       [2]*[1 << (4 * patternReach)]uint8
	value     [2]int32
	valueOpp  [2]int32 // the same sums read for the color not to move
	// threats[c].count(i): the number of empty points whose pattern set
	// for color c has bit i of its threatTable entry (threatMask,
	// staticResult).
	threats [2]threatCounts

	// origin and step place the points of a line: bit i of line l in
	// direction dir is point origin[dir][l] + (i-1)*step[dir] (for the
	// bits of the line's mask).
	origin [4][gomoku.MaxLines]int32
	step   [4]int32

	stamp [gomoku.MaxPoints]uint32 // for de-duplicating points
	gen   uint32

	// src is the board the analysis was last brought up to date with by
	// refreshBoard, nil after any other update: while it is, only the
	// board's dirty lines need comparing. long marks, per direction, the
	// lines of a.lines.
	src  *board
	long [4]uint64

	// moves[:synced] are the moves of a game whose stones the analysis
	// holds, the last game refresh compared move by move; synced is -1
	// when there is none (after reset and refreshBoard). A game's stones
	// follow from its moves (the color of a stone from how many came
	// before it), so when the next game shares a prefix of moves with it,
	// only the lines through the stones after that prefix, in either
	// game, can differ.
	moves  [gomoku.MaxPoints + 1]rules.Move
	synced int
	// syncedHash is the Zobrist hash (gomoku.Game.Hash) of the game
	// refresh last brought the analysis up to date with, when synced >= 0:
	// a game with the same hash has the same stones (as the transposition
	// table assumes), so refresh has nothing to compare. The main search
	// refreshes several times a node; this spares all but the first a
	// walk through the game's moves.
	syncedHash uint64

	// cache holds the analyses of recent lines by their stones and mask
	// (1<<lineCacheBits entries, for the analyzer's rule): a search
	// that plays and takes back stones meets the same lines again and
	// again.
	cache []lineCacheEntry

	// withKind: per kind (kindWin, kindFour, kindThree), color and
	// direction, the lines holding such points; withTwo: per color and
	// direction, the lines holding two or more stones of it. They let the
	// threat searches visit only the lines that matter.
	withKind [3][2][4]uint64
	withTwo  [2][4]uint64
}

// lineCacheBits sets the size of analyzer.cache (72 bytes an entry).
const lineCacheBits = 12

// lineCacheEntry is a line analysis and the mask of the line it was made
// for (zero for none), with the line's pattern codes (lineCodes) once
// refreshPatterns has asked for them (codesOK).
type lineCacheEntry struct {
	mask    uint32
	li      lineInfo
	codes   [2]uint64
	codesOK bool
}

// lineHash is the index in analyzer.cache of the line with black stones
// b, white stones w and points mask.
func lineHash(b, w, mask uint32) uint64 {
	return (uint64(b)*0x9E3779B97F4A7C15 ^ uint64(w)*0xC2B2AE3D27D4EB4F ^ uint64(mask)*0x165667B19E3779F9) >> (64 - lineCacheBits)
}

// reset prepares a for boards of g's size and rule, with no line analyzed.
func (a *analyzer) reset(g *gomoku.Game) { a.resetFor(g.Size(), g.Rule()) }

// resetFor prepares a for boards of the given size and rule, with no line
// analyzed.
func (a *analyzer) resetFor(size int, rule gomoku.Rule) {
	a.size = size
	a.rule = rule
	a.exact = exactFor(rule)
	if a.lines == nil {
		a.lines = make([]lineRef, 0, 4*gomoku.MaxLines)
	}
	a.lines = a.lines[:0]
	a.src = nil
	a.synced = -1
	if a.cache == nil {
		a.cache = make([]lineCacheEntry, 1<<lineCacheBits)
	} else {
		clear(a.cache)
	}
	a.long = [4]uint64{}
	a.step = [4]int32{1, int32(size), int32(size + 1), -int32(size - 1)}
	for dir := 0; dir < 4; dir++ {
		for l := 0; l < gomoku.NumLines(a.size, dir); l++ {
			m := gomoku.LineMask(a.size, dir, l)
			a.mask[dir][l] = m
			if m != 0 {
				i := bits.TrailingZeros32(m)
				a.origin[dir][l] = int32(gomoku.LinePoint(size, dir, l, i)) - int32(i-1)*a.step[dir]
			}
			if bits.OnesCount32(m) >= 5 {
				a.lines = append(a.lines, lineRef{uint8(dir), uint8(l)})
				a.long[dir] |= 1 << l
			}
		}
	}
	a.info = [4][gomoku.MaxLines]lineInfo{}
	a.withKind = [3][2][4]uint64{}
	a.withTwo = [2][4]uint64{}
	a.score, a.nWin, a.nFour, a.nThree = 0, [2]int{}, [2]int{}, [2]int{}
	a.sets = [2][gomoku.MaxPoints]patternSet{}
	a.patStones = [4][gomoku.MaxLines][2]uint32{}
	a.patCodes = [4][gomoku.MaxLines][2]uint64{}
	a.dirty = [4][gomoku.MaxLines]bool{}
	if a.dirtyList == nil {
		a.dirtyList = make([]lineRef, 0, 4*gomoku.MaxLines)
	}
	a.dirtyList = a.dirtyList[:0]
	a.value = [2]int32{}
	a.valueOpp = [2]int32{}
	a.threats = [2]threatCounts{}
	a.pat = [2]*[1 << (4 * patternReach)]uint8{patternsFor(a.exact[0]), patternsFor(a.exact[1])}
}

// refresh updates the analysis to the stones of g. When the analysis was
// last brought up to date with a game of the same size and rule by refresh
// (not refreshBoard), it compares only the lines through the stones played
// after the longest common prefix of the two games' moves (a search plays
// and takes back moves on one game, so these are the few last ones);
// otherwise every line. With codes, each re-analyzed line's pattern codes
// are brought up to date too (update).
func (a *analyzer) refresh(g *gomoku.Game, codes bool) {
	if a.lines == nil || a.size != g.Size() || a.rule != g.Rule() {
		a.reset(g)
	}
	if a.src == nil && a.synced >= 0 && a.syncedHash == g.Hash() {
		return
	}
	a.syncedHash = g.Hash()
	n := g.Ply()
	if a.src != nil || a.synced < 0 {
		a.src = nil
		for _, r := range a.lines {
			dir, l := int(r.dir), int(r.line)
			b, w := g.Line(0, dir, l), g.Line(1, dir, l)
			if li := &a.info[dir][l]; li.b != b || li.w != w {
				a.update(li, dir, l, b, w, codes)
			}
		}
		for i := 0; i < n; i++ {
			a.moves[i] = g.History(i)
		}
		a.synced = n
		return
	}
	k, end := 0, min(n, a.synced)
	for k < end && a.moves[k] == g.History(k) {
		k++
	}
	var changed [4]uint64 // per direction, the lines through a stone after the prefix
	for i := k; i < a.synced; i++ {
		a.touch(&changed, a.moves[i])
	}
	for i := k; i < n; i++ {
		m := g.History(i)
		a.moves[i] = m
		a.touch(&changed, m)
	}
	a.synced = n
	for dir := 0; dir < 4; dir++ {
		for m := changed[dir] & a.long[dir]; m != 0; m &= m - 1 {
			l := bits.TrailingZeros64(m)
			b, w := g.Line(0, dir, l), g.Line(1, dir, l)
			if li := &a.info[dir][l]; li.b != b || li.w != w {
				a.update(li, dir, l, b, w, codes)
			}
		}
	}
}

// touch marks in changed (per direction, a set of lines) the four lines
// through the point of move m, if m places a stone.
func (a *analyzer) touch(changed *[4]uint64, m rules.Move) {
	p := int(m)
	if p >= a.size*a.size {
		return // rules.Swap, gomoku.Balance
	}
	x, y := p%a.size, p/a.size
	changed[gomoku.Horizontal] |= 1 << y
	changed[gomoku.Vertical] |= 1 << x
	changed[gomoku.Diagonal] |= 1 << (x - y + a.size - 1)
	changed[gomoku.AntiDiagonal] |= 1 << (x + y)
}

// refreshAll is refresh followed by refreshPatterns. When no line waits
// for its codes (the usual case in the main search, which calls it at
// every node), refresh's updates bring each line's codes up to date as
// they go, without the dirty list.
func (a *analyzer) refreshAll(g *gomoku.Game) {
	a.refresh(g, len(a.dirtyList) == 0)
	a.refreshPatterns()
}

// refreshBoard updates the analysis to the stones of the VCF board b.
func (a *analyzer) refreshBoard(bd *board) {
	if a.lines == nil || a.size != bd.size || a.rule != bd.rule {
		a.resetFor(bd.size, bd.rule)
	}
	a.synced = -1
	if a.src != bd {
		for _, r := range a.lines {
			dir, l := int(r.dir), int(r.line)
			b, w := bd.lines[0][dir][l], bd.lines[1][dir][l]
			if li := &a.info[dir][l]; li.b != b || li.w != w {
				a.update(li, dir, l, b, w, false)
			}
		}
		a.src = bd
		bd.dirty = [4]uint64{}
		return
	}
	for dir := 0; dir < 4; dir++ {
		for m := bd.dirty[dir] & a.long[dir]; m != 0; m &= m - 1 {
			l := bits.TrailingZeros64(m)
			b, w := bd.lines[0][dir][l], bd.lines[1][dir][l]
			if li := &a.info[dir][l]; li.b != b || li.w != w {
				a.update(li, dir, l, b, w, false)
			}
		}
	}
	bd.dirty = [4]uint64{}
}

// update re-analyses the line li (direction dir, number l) for black
// stones b and white stones w. With codes it also brings the line's
// pattern codes up to date (patternsFrom); without, it puts the line on
// the dirty list for refreshPatterns.
func (a *analyzer) update(li *lineInfo, dir, l int, b, w uint32, codes bool) {
	a.account(li, -1)
	mask := a.mask[dir][l]
	e := &a.cache[lineHash(b, w, mask)]
	if e.mask != mask || e.li.b != b || e.li.w != w {
		e.mask, e.li, e.codesOK = mask, analyzeLineRule(b, w, mask, a.exact), false
	}
	*li = e.li
	a.account(li, 1)
	a.index(li, dir, l)
	if codes {
		a.patternsFrom(e, dir, l)
		return
	}
	if !a.dirty[dir][l] {
		a.dirty[dir][l] = true
		a.dirtyList = append(a.dirtyList, lineRef{uint8(dir), uint8(l)})
	}
}

// refreshPatterns brings the pattern codes up to date with the lines'
// stones (a.info, so after refresh or refreshBoard): for each line whose
// stones changed since its codes were computed, the line's codes (from the
// line cache when it has them) replace the old ones at the points where
// they differ. Only the main search's evaluation, ordering and candidates
// read the codes; the VCF and VCT searches, which refresh at every node,
// do not pay for them.
func (a *analyzer) refreshPatterns() {
	for _, r := range a.dirtyList {
		dir, l := int(r.dir), int(r.line)
		a.dirty[dir][l] = false
		li := &a.info[dir][l]
		ps := &a.patStones[dir][l]
		if ps[0] == li.b && ps[1] == li.w {
			continue
		}
		*ps = [2]uint32{li.b, li.w}
		mask := a.mask[dir][l]
		var codes [2]uint64
		if e := &a.cache[lineHash(li.b, li.w, mask)]; e.mask == mask && e.li.b == li.b && e.li.w == li.w {
			if !e.codesOK {
				e.codes, e.codesOK = a.lineCodes(li.b, li.w, mask), true
			}
			codes = e.codes
		} else {
			codes = a.lineCodes(li.b, li.w, mask)
		}
		a.updatePatterns(dir, l, codes)
	}
	a.dirtyList = a.dirtyList[:0]
}

// patternsFrom brings the pattern codes of line (dir, l) up to date with
// its stones (a.info) from e, the line cache's entry for them.
func (a *analyzer) patternsFrom(e *lineCacheEntry, dir, l int) {
	ps := &a.patStones[dir][l]
	if ps[0] == e.li.b && ps[1] == e.li.w {
		return
	}
	*ps = [2]uint32{e.li.b, e.li.w}
	if !e.codesOK {
		e.codes, e.codesOK = a.lineCodes(e.li.b, e.li.w, e.mask), true
	}
	a.updatePatterns(dir, l, e.codes)
}

// lineCodes returns, per color, the pattern codes of the points of a line
// with black stones b, white stones w and points mask: the code of bit i
// at bits 3*(i-1) to 3*(i-1)+2, patNone on occupied points and on points
// with no stone of the color within patternReach.
func (a *analyzer) lineCodes(b, w, mask uint32) (codes [2]uint64) {
	empty := mask &^ (b | w)
	own := [2]uint32{b, w}
	for c := 0; c < 2; c++ {
		// The points with a stone of color c within patternReach.
		near := own[c]
		for k := 1; k <= patternReach; k++ {
			near |= own[c]<<k | own[c]>>k
		}
		for m := empty & near; m != 0; m &= m - 1 {
			i := bits.TrailingZeros32(m)
			codes[c] |= uint64(a.pat[c][patternKey(own[c], own[c^1], mask, i)]) << (3 * (i - 1))
		}
	}
	return codes
}

// updatePatterns replaces the pattern codes in direction dir of the points
// of line l with codes (lineCodes) where they differ from the old ones,
// keeping the running sums of the point values.
func (a *analyzer) updatePatterns(dir, l int, codes [2]uint64) {
	shift := uint(3*dir) & 15
	keep := ^(patternSet(7) << shift)
	origin, step := a.origin[dir][l], a.step[dir]
	old := &a.patCodes[dir][l]
	// One bit, the lowest of its three, per point whose codes changed for
	// either color.
	const lowBits = 0x1249249249249249
	d := (old[0] ^ codes[0]) | (old[1] ^ codes[1])
	d = (d | d>>1 | d>>2) & lowBits
	sets0, sets1 := &a.sets[0], &a.sets[1]
	var dv0, dv1, do0, do1 int32
	var dt0, dt1 threatCounts
	for ; d != 0; d &= d - 1 {
		at := uint(bits.TrailingZeros64(d)) & 63
		p := origin + int32(at*11>>5)*step // the point at bit at/3+1
		prev0, prev1 := sets0[p], sets1[p]
		s0 := prev0&keep | patternSet(codes[0]>>at&7)<<shift
		s1 := prev1&keep | patternSet(codes[1]>>at&7)<<shift
		sets0[p], sets1[p] = s0, s1
		n0, o0 := &evalTable[s0&setMask], &evalTable[prev0&setMask]
		n1, o1 := &evalTable[s1&setMask], &evalTable[prev1&setMask]
		dv0 += n0.value - o0.value
		dv1 += n1.value - o1.value
		do0 += n0.valueOpp - o0.valueOpp
		do1 += n1.valueOpp - o1.valueOpp
		dt0 += n0.threats - o0.threats
		dt1 += n1.threats - o1.threats
	}
	a.value[0] += dv0
	a.value[1] += dv1
	a.valueOpp[0] += do0
	a.valueOpp[1] += do1
	a.threats[0] += dt0
	a.threats[1] += dt1
	*old = codes
}

// account adds (sign 1) or removes (sign -1) li's share of the totals.
func (a *analyzer) account(li *lineInfo, sign int) {
	a.score += sign * int(li.score)
	for c := 0; c < 2; c++ {
		a.nWin[c] += sign * bits.OnesCount32(li.win[c])
		a.nFour[c] += sign * bits.OnesCount32(li.four[c])
		if li.three[c] != 0 {
			a.nThree[c] += sign
		}
	}
}

// index brings the line (dir, l)'s bits of withKind and withTwo up to
// date with li (each bit set or cleared, whatever it was).
func (a *analyzer) index(li *lineInfo, dir, l int) {
	bit := uint64(1) << l
	set := func(m *uint64, on bool) {
		var b uint64
		if on {
			b = bit
		}
		*m = *m&^bit | b
	}
	set(&a.withKind[kindWin][0][dir], li.win[0] != 0)
	set(&a.withKind[kindWin][1][dir], li.win[1] != 0)
	set(&a.withKind[kindFour][0][dir], li.four[0] != 0)
	set(&a.withKind[kindFour][1][dir], li.four[1] != 0)
	set(&a.withKind[kindThree][0][dir], li.three[0] != 0)
	set(&a.withKind[kindThree][1][dir], li.three[1] != 0)
	set(&a.withTwo[0][dir], li.b&(li.b-1) != 0) // two or more stones
	set(&a.withTwo[1][dir], li.w&(li.w-1) != 0)
}

// threatMask returns which threats color c has somewhere on the board:
// bit i is set when some empty point has bit i of its threatTable entry
// (threatFour, threatThree, threatDouble: the evalThreatBits), 0-7.
func (a *analyzer) threatMask(c rules.Seat) int {
	t := a.threats[c&1]
	m := 0
	for i := range evalThreatBits {
		if t.count(i) > 0 {
			m |= 1 << i
		}
	}
	return m
}

// renju reports whether Black's forbidden points apply.
func (a *analyzer) renju() bool { return a.rule == gomoku.Renju }

// nextGen starts a new de-duplication round of stamp.
func (a *analyzer) nextGen() {
	a.gen++
	if a.gen == 0 {
		a.stamp = [gomoku.MaxPoints]uint32{}
		a.gen = 1
	}
}

// appendPoints appends to buf the points of the bits set in m on the given
// line that were not appended before in this de-duplication round.
func (a *analyzer) appendPoints(buf []rules.Move, dir, line int, m uint32) []rules.Move {
	for ; m != 0; m &= m - 1 {
		p := gomoku.LinePoint(a.size, dir, line, bits.TrailingZeros32(m))
		if p < 0 || a.stamp[p] == a.gen {
			continue
		}
		a.stamp[p] = a.gen
		buf = append(buf, rules.Move(p))
	}
	return buf
}

// kind selects a per-color mask of lineInfo.
type kind uint8

const (
	kindWin kind = iota
	kindFour
	kindThree
)

func (li *lineInfo) points(k kind, c rules.Seat) uint32 {
	switch k {
	case kindWin:
		return li.win[c]
	case kindFour:
		return li.four[c]
	}
	return li.three[c]
}

// appendAll appends the distinct points of the given kind for color c over
// all lines (without starting a new de-duplication round, so that several
// calls can share one).
func (a *analyzer) appendAll(buf []rules.Move, k kind, c rules.Seat) []rules.Move {
	for dir := 0; dir < 4; dir++ {
		for ls := a.withKind[k][c][dir]; ls != 0; ls &= ls - 1 {
			l := bits.TrailingZeros64(ls)
			buf = a.appendPoints(buf, dir, l, a.info[dir][l].points(k, c))
		}
	}
	return buf
}

// firstWin returns a win point of color c, if there is one.
func (a *analyzer) firstWin(c rules.Seat) (rules.Move, bool) {
	if a.nWin[c] == 0 {
		return rules.NoMove, false
	}
	for dir := 0; dir < 4; dir++ {
		if ls := a.withKind[kindWin][c][dir]; ls != 0 {
			l := bits.TrailingZeros64(ls)
			p := gomoku.LinePoint(a.size, dir, l, bits.TrailingZeros32(a.info[dir][l].win[c]))
			return rules.Move(p), true
		}
	}
	return rules.NoMove, false
}

// distinctWins returns the number of distinct win points of color c,
// counting at most two, and the first two (rules.NoMove where missing).
func (a *analyzer) distinctWins(c rules.Seat) (n int, first, second rules.Move) {
	first, second = rules.NoMove, rules.NoMove
	if a.nWin[c] == 0 {
		return 0, first, second
	}
	for dir := 0; dir < 4; dir++ {
		for ls := a.withKind[kindWin][c][dir]; ls != 0; ls &= ls - 1 {
			l := bits.TrailingZeros64(ls)
			for m := a.info[dir][l].win[c]; m != 0; m &= m - 1 {
				p := rules.Move(gomoku.LinePoint(a.size, dir, l, bits.TrailingZeros32(m)))
				if first == rules.NoMove {
					first, n = p, 1
				} else if p != first {
					return 2, first, p
				}
			}
		}
	}
	return n, first, second
}

// appendDefences appends the points where a stone of color me stops every
// open-four point of color opp on line (dir, l), or, when no single point
// does, opp's open-four points themselves.
func (a *analyzer) appendDefences(buf []rules.Move, dir, l int, me rules.Seat) []rules.Move {
	li := &a.info[dir][l]
	mask := a.mask[dir][l]
	own := [2]uint32{li.b, li.w}
	opp := me ^ 1
	three := li.three[opp]
	// Candidate defences: empty points within five of a threat point.
	near := three
	for k := 1; k <= 5; k++ {
		near |= three<<k | three>>k
	}
	empty := mask &^ (li.b | li.w)
	var def uint32
	for d := near & empty; d != 0; d &= d - 1 {
		p := d & -d
		if openFourPoints(own[opp], own[me]|p, mask, a.exact[opp]) == 0 {
			def |= p
		}
	}
	if def == 0 {
		def = three
	}
	return a.appendPoints(buf, dir, l, def)
}
