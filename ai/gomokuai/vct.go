package gomokuai

import (
	"math/bits"
	"time"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// maxVCTDepth bounds the number of attacker threats (fours and threes) a
// VCT search may play before the five; the node budget and the clock
// usually stop it first.
const maxVCTDepth = 24

// vctSearch is a VCT (victory by continuous threats) search, the
// threat-space search of Allis ("Searching for solutions in games and
// artificial intelligence", 1994, ch. 4) in its proof form: the attacker, the
// side to move, plays only threats, moves that make a four (a gain square
// that leaves a win point) or an open three (a point from which the next
// stone makes an open four), and the defender every reply that could refute
// the threat:
//   - after a four, the only rest square (the win point), or a five;
//   - after an open or broken three, every defence (the cost squares: the
//     points that leave the attacker no open-four point in that line; for a
//     Renju Black attacker every empty point near the three, since a
//     forbidden open-four point does not count) and every four of the
//     defender's own (a counter-threat the attacker must answer, after which
//     the defender still faces the three).
//
// The attacker wins when he makes five or a threat the defender cannot meet
// (two win points, an open four, a four whose rest square is forbidden to a
// Renju Black defender, a three without a legal defence). Because the
// defender's replies cover every move that stops the threat and every move
// that makes a four (all other moves let the attacker make five or an open
// four next, and a defender's three is too slow against that), a win it
// reports is a win against every defence. When the defender has a four, the
// attacker must block it, and the block must leave him a threat. Under
// Renju, Black never plays a forbidden point (gomoku.FoulIn) and a Black
// three counts only when one of its open-four points is allowed.
//
// Depth is counted in attacker threats; the search deepens iteratively, so
// that short wins are found first, and a table of positions that failed at
// a depth prunes transpositions. The search shares the analyzer and board
// of a vcfSearch.
type vctSearch struct {
	a        *analyzer
	b        *board     // vcf.b: the two searches share the position
	vcf      *vcfSearch // the defender's VCF, tried before his replies to the first three
	stack    []rules.Move
	first    rules.Move // the attacker's first threat of the win found
	nodes    int64
	limit    int64 // node budget, 0 for none
	done     <-chan struct{}
	deadline time.Time // zero for none
	aborted  bool
	stopped  bool // v.done or the deadline stopped the search (not the node budget)
	cut      bool // the depth limit was reached somewhere
	depth    int  // the depth (threats) of the last win found
	fail     []failEntry

	// proof marks the points of the last win found: the attacker's threats
	// and forced blocks anywhere in the proof tree, and the defender's
	// replies to the first threat (the candidates for a defence against
	// it; see Knowledge.RootMoves). proof[p] == proofGen marks p.
	proof    [gomoku.MaxPoints]uint32
	proofGen uint32
	partial  bool // the marks of the last win found may miss points (its proof walk was cut short)

	// The df-pn search (dfpn.go), used unless iterative is set.
	iterative bool
	skipProof bool       // do not mark the proof of a df-pn win (the callers that only need the move)
	att       rules.Seat // the attacker
	gen       uint16     // the search's generation, for the table's replacement
	tt        []pnEntry  // transposition table, in buckets of two
	kind      []uint8    // per v.stack entry: the child's kind
	cpn, cdn  []uint32   // per v.stack entry: the child's proof and disproof numbers
	cln       []uint8    // per v.stack entry: a proved child's length
}

// newVCTSearch returns a VCT search on vcf's board with a fail table of
// 1<<tableBits entries (16 bytes each) for the iterative search and a
// df-pn table of 1<<pnBits entries (24 bytes each).
func newVCTSearch(vcf *vcfSearch, tableBits, pnBits int) *vctSearch {
	return &vctSearch{
		a:     vcf.a,
		b:     &vcf.b,
		vcf:   vcf,
		stack: make([]rules.Move, 0, 1<<14),
		fail:  make([]failEntry, 1<<tableBits),
		tt:    make([]pnEntry, 1<<pnBits),
		kind:  make([]uint8, 0, 1<<14),
		cpn:   make([]uint32, 0, 1<<14),
		cdn:   make([]uint32, 0, 1<<14),
		cln:   make([]uint8, 0, 1<<14),
	}
}

// solve runs the VCT search of the attacker to move in v.b with at most
// maxDepth threats: the iterative-deepening search (solveID) on
// iterativeVCTNodes nodes, then, when that found nothing for lack of
// nodes, the df-pn search (solvePN) with the rest of the budget (only the
// former when v.iterative is set). It returns the attacker's first move
// when it finds a win. v.b is restored; v.aborted tells whether the budget
// or v.done stopped it.
func (v *vctSearch) solve(maxDepth int) (rules.Move, bool) {
	v.aborted, v.stopped = false, false
	v.partial = false
	v.proofGen++
	if v.proofGen == 0 {
		v.proof = [gomoku.MaxPoints]uint32{}
		v.proofGen = 1
	}
	if !v.iterative {
		// Short wins first, by the iterative search on a small budget; then
		// df-pn with the rest.
		limit := v.limit
		v.limit = params.iterativeVCTNodes
		if limit > 0 {
			v.limit = min(v.limit, max(1, limit/8))
		}
		m, ok := v.solveID(maxDepth)
		v.limit = limit
		if ok || !v.aborted || v.stopped || (limit > 0 && v.nodes >= limit) {
			return m, ok // a win, no win at all, or the end of the budget
		}
		v.aborted = false
		return v.solvePN(maxDepth)
	}
	return v.solveID(maxDepth)
}

// solveID is the iterative-deepening search of solve, by the number of
// threats from 1 to maxDepth.
func (v *vctSearch) solveID(maxDepth int) (rules.Move, bool) {
	maxDepth = min(maxDepth, maxVCTDepth)
	for d := 1; d <= maxDepth; d++ {
		v.cut = false
		if v.attack(d, true) {
			v.depth = d
			return v.first, true
		}
		if v.aborted || !v.cut {
			break
		}
	}
	return rules.NoMove, false
}

// tick counts a node and checks the budget and the done channel.
func (v *vctSearch) tick() bool {
	v.nodes++
	if v.nodes&255 == 0 {
		if v.limit > 0 && v.nodes >= v.limit {
			v.aborted = true
		}
		select {
		case <-v.done:
			v.aborted, v.stopped = true, true
		default:
		}
		if !v.deadline.IsZero() && v.nodes&1023 == 0 && time.Now().After(v.deadline) {
			v.aborted, v.stopped = true, true
		}
	}
	return !v.aborted
}

// mark adds p to the proof of the win being found.
func (v *vctSearch) mark(p rules.Move) {
	if p >= 0 && int(p) < len(v.proof) {
		v.proof[p] = v.proofGen
	}
}

// inProof reports whether p belongs to the proof of the last win found.
func (v *vctSearch) inProof(p rules.Move) bool {
	return p >= 0 && int(p) < len(v.proof) && v.proof[p] == v.proofGen
}

// attack reports whether the attacker, to move in v.b, wins with at most
// depth more threats. At the root (root true) it records the first move.
func (v *vctSearch) attack(depth int, root bool) bool {
	if !v.tick() {
		return false
	}
	g, a := v.b, v.a
	if g.won {
		return false
	}
	a.refreshBoard(g)
	me := g.toMove
	if p, ok := a.firstWin(me); ok {
		if root {
			v.first = p
		}
		return true
	}
	n, q, _ := a.distinctWins(me ^ 1)
	if n >= 2 {
		return false
	}
	if n == 1 {
		// The defender's four: block it, and the block must leave a threat
		// (respond checks). It costs no depth: the defender's fours run out.
		if me == 0 && g.foul(int(q)) {
			return false
		}
		g.play(int(q))
		won := v.respond(depth, false)
		g.undo()
		if won {
			v.mark(q)
			if root {
				v.first = q
			}
		}
		return won
	}
	if p, ok := v.threePoint(me); ok {
		// An open four next: the defender has no four to interpose.
		if root {
			v.first = p
		}
		return true
	}
	if depth == 0 {
		v.cut = true
		return false
	}
	key := g.hash
	slot := &v.fail[key&uint64(len(v.fail)-1)]
	if failed, bounded := slot.failed(key, depth); failed {
		v.cut = v.cut || bounded
		return false
	}
	outerCut := v.cut
	v.cut = false
	start := len(v.stack)
	a.nextGen()
	v.stack = a.appendAll(v.stack, kindFour, me)
	v.stack = v.appendThreeMakers(v.stack, me)
	end := len(v.stack)
	won := false
	for i := start; i < end && !won && !v.aborted; i++ {
		p := v.stack[i]
		if me == 0 && g.foul(int(p)) {
			continue
		}
		g.play(int(p))
		won = v.respond(depth-1, root)
		g.undo()
		if won {
			v.mark(p)
			if root {
				v.first = p
			}
		}
	}
	v.stack = v.stack[:start]
	if !won && !v.aborted {
		slot.record(key, depth, v.cut)
	}
	v.cut = v.cut || outerCut
	return won
}

// respond reports whether the attacker, who has just moved in v.b, wins
// against every defence with at most depth more threats. first tells that
// the attacker's move was his first: the defender's replies then join the
// proof when they all fail.
func (v *vctSearch) respond(depth int, first bool) bool {
	if !v.tick() {
		return false
	}
	g, a := v.b, v.a
	if g.won {
		return true // the attacker made five
	}
	a.refreshBoard(g)
	me := g.toMove // the defender
	att := me ^ 1
	if a.nWin[me] > 0 {
		return false // the defender makes five
	}
	n, q, _ := a.distinctWins(att)
	switch {
	case n >= 2:
		return true
	case n == 1:
		if me == 0 && g.foul(int(q)) {
			return true // a Renju Black defender may not block
		}
		g.play(int(q))
		won := v.attack(depth, false)
		g.undo()
		if won && first {
			v.mark(q)
		}
		return won
	}
	if !v.hasThree(att) {
		return false // no threat: the defender has a free move
	}
	if first && a.nFour[me] > 0 { // a VCF needs a four to start
		if v.defenderVCF() {
			return false
		}
		a.refreshBoard(g)
	}
	start := len(v.stack)
	v.stack = v.appendThreeReplies(v.stack, att)
	end := len(v.stack)
	won := true
	for i := start; i < end && won && !v.aborted; i++ {
		p := v.stack[i]
		if me == 0 && g.foul(int(p)) {
			continue
		}
		g.play(int(p))
		won = v.attack(depth, false)
		g.undo()
	}
	won = won && !v.aborted
	if won && first {
		for _, p := range v.stack[start:end] {
			v.mark(p)
		}
	}
	v.stack = v.stack[:start]
	return won
}

// defenderVCF reports whether the side to move of v.b (the defender) wins
// by VCF within defenceVCFDepth fours and defenceVCFNodes nodes (the nodes
// count towards v's). It is a shortcut: the defender's fours are replies of
// their own.
func (v *vctSearch) defenderVCF() bool {
	f := v.vcf
	f.nodes, f.limit, f.done = 0, params.defenceVCFNodes, v.done
	if v.limit > 0 {
		f.limit = max(1, min(f.limit, v.limit-v.nodes))
	}
	_, won := f.solve(params.defenceVCFDepth)
	v.nodes += f.nodes
	if f.aborted {
		select {
		case <-v.done:
			v.aborted = true
		default:
		}
	}
	return won
}

// hasThree reports whether color c has a point that makes an open four (a
// three), one allowed to Black under Renju. The analysis must be fresh.
func (v *vctSearch) hasThree(c rules.Seat) bool {
	_, ok := v.threePoint(c)
	return ok
}

// threePoint returns a point where color c makes an open four, one allowed
// to Black under Renju, if there is one. The analysis must be fresh.
func (v *vctSearch) threePoint(c rules.Seat) (rules.Move, bool) {
	a := v.a
	if a.nThree[c] == 0 {
		return rules.NoMove, false
	}
	for dir := 0; dir < 4; dir++ {
		for ls := a.withKind[kindThree][c][dir]; ls != 0; ls &= ls - 1 {
			l := bits.TrailingZeros64(ls)
			for m := a.info[dir][l].three[c]; m != 0; m &= m - 1 {
				p := gomoku.LinePoint(a.size, dir, l, bits.TrailingZeros32(m))
				if p >= 0 && (c == 1 || !v.b.foul(p)) {
					return rules.Move(p), true
				}
			}
		}
	}
	return rules.NoMove, false
}

// appendThreeMakers appends the points that make a three for color c in
// some line (a stone there leaves an open-four point in that line), found
// among the empty points of live windows holding two stones of c and none
// of the other color (without starting a new de-duplication round). Under
// Renju, whether Black's three is real (an allowed open-four point) is
// checked after the point is played.
func (v *vctSearch) appendThreeMakers(buf []rules.Move, c rules.Seat) []rules.Move {
	a := v.a
	for dir := 0; dir < 4; dir++ {
		for ls := a.withTwo[c][dir]; ls != 0; ls &= ls - 1 {
			l := bits.TrailingZeros64(ls)
			li := &a.info[dir][l]
			if !li.makersOK[c] {
				li.makers[c] = threeMakers(li, c, a.mask[dir][l], a.exact[c])
				li.makersOK[c] = true
			}
			if li.makers[c] != 0 {
				buf = a.appendPoints(buf, dir, l, li.makers[c])
			}
		}
	}
	return buf
}

// threeMakers returns the points of line li (points mask) where a stone
// of color c makes a three: the empty points of the live windows holding
// two stones of c after which an open-four point appears.
func threeMakers(li *lineInfo, c rules.Seat, mask uint32, exact bool) uint32 {
	own, opp := li.b, li.w
	if c == 1 {
		own, opp = opp, own
	}
	if bits.OnesCount32(own) < 2 {
		return 0
	}
	m := twoWindowPoints(own, opp, mask, exact)
	var three uint32
	for ; m != 0; m &= m - 1 {
		p := m & -m
		if openFourPoints(own|p, opp, mask, exact) != 0 {
			three |= p
		}
	}
	return three
}

// appendThreeReplies appends to buf the defender's replies to the
// attacker att's threes on the board: the cost squares of every three (for
// a Renju Black attacker every empty point near it), then every four of
// the defender. Points may repeat across lines.
func (v *vctSearch) appendThreeReplies(buf []rules.Move, att rules.Seat) []rules.Move {
	a, g, me := v.a, v.b, att^1
	a.nextGen()
	for dir := 0; dir < 4; dir++ {
		for ls := a.withKind[kindThree][att][dir]; ls != 0; ls &= ls - 1 {
			l := bits.TrailingZeros64(ls)
			if att == 0 && g.renju {
				buf = v.appendNearThree(buf, dir, l)
			} else {
				buf = a.appendDefences(buf, dir, l, me)
			}
		}
	}
	return a.appendAll(buf, kindFour, me)
}

// twoWindowPoints returns the empty points of the live windows of a line
// holding exactly two own stones.
func twoWindowPoints(own, opp, mask uint32, exact bool) uint32 {
	lo := bits.TrailingZeros32(mask)
	hi := 31 - bits.LeadingZeros32(mask)
	var out uint32
	for i := lo; i+4 <= hi; i++ {
		o := own >> i & 31
		if opp>>i&31 != 0 || bits.OnesCount32(o) != 2 {
			continue
		}
		if exact && (own>>(i-1)|own>>(i+5))&1 != 0 {
			continue
		}
		out |= (^o & 31) << i
	}
	return out
}

// appendNearThree appends every empty point within five points of a three
// point of Black on line (dir, l): the over-inclusive defence set used for
// a Renju Black attacker, whose forbidden open-four points do not count.
func (v *vctSearch) appendNearThree(buf []rules.Move, dir, l int) []rules.Move {
	a := v.a
	li := &a.info[dir][l]
	three := li.three[0]
	near := three
	for k := 1; k <= 5; k++ {
		near |= three<<k | three>>k
	}
	empty := a.mask[dir][l] &^ (li.b | li.w)
	return a.appendPoints(buf, dir, l, near&empty)
}

// VCT searches g for a victory by continuous threats (fours and threes) of
// its side to move with at most maxDepth threats and nodes positions (0 for
// no limit), and returns the first move of a win. g is only read; the call
// allocates its own tables, so it suits tests and one-off analysis.
func VCT(g *gomoku.Game, maxDepth int, nodes int64) (first rules.Move, ok bool) {
	if over, _ := g.Outcome(); over {
		return rules.NoMove, false
	}
	v := newVCTSearch(newVCFSearch(new(analyzer), 12), 14, 17)
	v.b.load(g)
	v.limit = nodes
	return v.solve(maxDepth)
}
