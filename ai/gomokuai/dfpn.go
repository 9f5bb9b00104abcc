package gomokuai

import (
	"math/rand/v2"

	"planiverse/rules"
)

// The VCT's proof-number search: df-pn (Nagai, "Df-pn algorithm for
// searching AND/OR trees and its applications", 2002), the depth-first
// form of Allis's proof-number search (Allis, van der Meulen and van den
// Herik, "Proof-number search", 1994), over the move generators of the
// threat-space search in vct.go. An OR node is a position with the
// attacker to move (his children: his fours and the moves that make a
// three, or the forced block of a defender's four), an AND node one with
// the defender to move (his children: the cost squares of the attacker's
// threes and his own fours, or the forced block of the attacker's four).
// A node's proof number is the least number of leaves that must be proved
// to prove it a win of the attacker, its disproof number the least number
// that must be disproved to prove it is not one. A transposition table
// keyed by the Zobrist hash and the attacker's color keeps the numbers of
// the nodes searched, so that df-pn, which expands a node again each time
// it returns to it, does not search it again; the children's thresholds
// use the 1+ε trick (Pawlewicz and Lew, "Improving depth-first PN-search:
// 1+ε trick", 2006) against thrashing.
//
// Depth: a node's remaining depth is the number of threats the attacker
// may still play before the open four or five that ends the win (a forced
// block of a defender's four costs none, as in the iterative search). A
// proof stored in the table records its length in threats (pnEntry.ln), a
// disproof the remaining depth it holds for, and an entry is used only
// where they fit, so that a position reached by paths of different depths
// is sound. For the same reason the table is kept from one search to the
// next (an entry's numbers are facts about its position and attacker, not
// about the root): the root filter's searches of the opponent's VCT after
// each candidate move meet the same positions again.

// pnInf is the infinite proof or disproof number (a proved or disproved
// node's other number).
const pnInf = 1 << 28

// pnEntry is a transposition-table entry of the df-pn VCT: the position's
// key (Zobrist hash mixed with the attacker's color), its proof and
// disproof numbers, the nodes spent on it (for replacement), the
// generation (search) that stored it, the remaining depth it was searched
// with and, for a proof, its length in attacker moves before the open four
// or five.
type pnEntry struct {
	key    uint64
	pn, dn uint32
	work   uint32
	gen    uint16
	rd     uint8
	ln     uint8
}

// attackerKeys mix the attacker's color into the table key.
var attackerKeys [2]uint64

func init() {
	next := rand.New(rand.NewPCG(uint64(0x6466706e61747461), 1)).Uint64 // "dfpnatta"
	attackerKeys[0], attackerKeys[1] = next(), next()
}

// Child kinds, for the initial proof numbers of a child not in the table.
const (
	childFour  uint8 = iota // the attacker's four: one reply
	childThree              // the attacker's three: a few replies
	childReply              // any other move
	childBlock              // the attacker's forced block of a four: costs no depth
)

// lookup returns the table's numbers for the node of key at remaining depth
// rd, if it holds usable ones: a proof no longer than rd, a disproof for at
// least rd, or the estimates of an unfinished node.
func (v *vctSearch) lookup(key uint64, rd int) (pn, dn uint32, ln int, ok bool) {
	i := key & uint64(len(v.tt)-2)
	for j := i; j < i+2; j++ {
		e := &v.tt[j]
		if e.key != key {
			continue
		}
		switch {
		case e.pn == 0:
			if int(e.ln) <= rd {
				return 0, pnInf, int(e.ln), true
			}
		case e.dn == 0:
			if int(e.rd) >= rd {
				return pnInf, 0, 0, true
			}
		default:
			return e.pn, e.dn, 0, true
		}
		return 0, 0, 0, false
	}
	return 0, 0, 0, false
}

// store saves a node's numbers in its two-entry bucket: over its own
// entry, else over the entry of least worth (an unfinished entry of an
// earlier search is worth nothing).
func (v *vctSearch) store(key uint64, rd int, pn, dn uint32, ln int, work int64) {
	i := key & uint64(len(v.tt)-2)
	e0, e1 := &v.tt[i], &v.tt[i+1]
	e := e0
	switch {
	case e0.key == key:
	case e1.key == key:
		e = e1
	case v.worth(e1) < v.worth(e0):
		e = e1
	}
	*e = pnEntry{key: key, pn: pn, dn: dn, work: uint32(min(work, 1<<31)), gen: v.gen, rd: uint8(min(rd, 255)), ln: uint8(min(ln, 255))}
}

func (v *vctSearch) worth(e *pnEntry) uint32 {
	if e.gen != v.gen && e.pn != 0 && e.dn != 0 {
		return 0
	}
	return e.work
}

// expand generates the children of the node in v.b (an OR node when the
// attacker is to move) at remaining depth rd onto v.stack and v.kind, or
// reports it terminal with its numbers: pn 0 for a win of the attacker
// (then term is the move that ends it at an OR node, else rules.NoMove),
// dn 0 for a node that is not one. The analysis of v.a is left fresh for
// the node.
func (v *vctSearch) expand(rd int) (terminal bool, pn, dn uint32, bound int, term rules.Move) {
	g, a := v.b, v.a
	att := v.att
	if g.won {
		if g.toMove == att {
			return true, pnInf, 0, 255, rules.NoMove // the defender made five
		}
		return true, 0, pnInf, 0, rules.NoMove
	}
	a.refreshBoard(g)
	me := g.toMove
	if me == att {
		if p, ok := a.firstWin(me); ok {
			return true, 0, pnInf, 0, p
		}
		n, q, _ := a.distinctWins(me ^ 1)
		switch {
		case n >= 2:
			return true, pnInf, 0, 255, rules.NoMove
		case n == 1:
			if me == 0 && g.foul(int(q)) {
				return true, pnInf, 0, 255, rules.NoMove
			}
			v.stack = append(v.stack, q)
			v.kind = append(v.kind, childBlock)
			return false, 0, 0, 0, rules.NoMove
		}
		if p, ok := v.threePoint(me); ok {
			return true, 0, pnInf, 0, p
		}
		if rd == 0 {
			return true, pnInf, 0, 0, rules.NoMove
		}
		start := len(v.stack)
		a.nextGen()
		v.stack = a.appendAll(v.stack, kindFour, me)
		fours := len(v.stack)
		v.stack = v.appendThreeMakers(v.stack, me)
		v.compact(start, fours)
		if len(v.stack) == start {
			return true, pnInf, 0, 255, rules.NoMove
		}
		return false, 0, 0, 0, rules.NoMove
	}
	// The defender to move.
	if a.nWin[me] > 0 {
		return true, pnInf, 0, 255, rules.NoMove
	}
	n, q, _ := a.distinctWins(att)
	switch {
	case n >= 2:
		return true, 0, pnInf, 0, rules.NoMove
	case n == 1:
		if me == 0 && g.foul(int(q)) {
			return true, 0, pnInf, 0, rules.NoMove
		}
		v.stack = append(v.stack, q)
		v.kind = append(v.kind, childReply)
		return false, 0, 0, 0, rules.NoMove
	}
	if !v.hasThree(att) {
		return true, pnInf, 0, 255, rules.NoMove
	}
	start := len(v.stack)
	v.stack = v.appendThreeReplies(v.stack, att)
	v.compact(start, start)
	if len(v.stack) == start {
		return true, 0, pnInf, 0, rules.NoMove // no legal defence
	}
	return false, 0, 0, 0, rules.NoMove
}

// compact drops from v.stack[start:] the points forbidden to the color to
// move and sets v.kind for them: childFour before index fours (the
// attacker's fours), childThree after it at an OR node, childReply at an
// AND node.
func (v *vctSearch) compact(start, fours int) {
	g := v.b
	or := g.toMove == v.att
	k := start
	for i := start; i < len(v.stack); i++ {
		p := v.stack[i]
		if g.toMove == 0 && g.foul(int(p)) {
			continue
		}
		v.stack[k] = p
		kind := childReply
		if or {
			kind = childThree
			if i < fours {
				kind = childFour
			}
		}
		v.kind = append(v.kind[:k], kind)
		k++
	}
	v.stack = v.stack[:k]
	v.kind = v.kind[:k]
}

// childKey returns the table key of the position after the color to move
// of v.b plays p.
func (v *vctSearch) childKey(p rules.Move) uint64 {
	g := v.b
	return g.hash ^ boardKeys[g.toMove][p] ^ keyWhiteToMove ^ attackerKeys[v.att]
}

// mid is df-pn's multiple iterative deepening at the node in v.b with
// remaining depth rd: it searches the node until its proof number reaches
// thpn or its disproof number thdn (or it is solved), stores its numbers
// in the table and returns them, with the proof's length when it is
// proved. v.b is restored.
func (v *vctSearch) mid(rd int, thpn, thdn uint32) (pn, dn uint32, ln int) {
	g := v.b
	key := g.hash ^ attackerKeys[v.att]
	if !v.tick() {
		return 1, 1, 0
	}
	start0 := v.nodes
	start := len(v.stack)
	terminal, tpn, tdn, bound, _ := v.expand(rd)
	if terminal {
		v.stack, v.kind = v.stack[:start], v.kind[:start]
		if tdn == 0 {
			rd = bound
		}
		v.store(key, max(rd, 0), tpn, tdn, 0, 1)
		return tpn, tdn, 0
	}
	end := len(v.stack)
	or := g.toMove == v.att
	crd := rd
	if or && v.kind[start] != childBlock {
		crd = rd - 1
	}
	// The children's numbers: from the table, else initial ones.
	v.cpn = v.cpn[:start]
	v.cdn = v.cdn[:start]
	v.cln = v.cln[:start]
	for i := start; i < end; i++ {
		cp, cd, cl, ok := v.lookup(v.childKey(v.stack[i]), crd)
		if !ok {
			cp, cd, cl = 1, 1, 0
			if v.kind[i] == childThree {
				cp = params.pnChildThree
			}
		}
		v.cpn = append(v.cpn, cp)
		v.cdn = append(v.cdn, cd)
		v.cln = append(v.cln, uint8(cl))
	}
	for {
		var best int
		var second uint32
		if or {
			best, pn, second, dn = leastAndSum(v.cpn, v.cdn, start, end)
		} else {
			best, dn, second, pn = leastAndSum(v.cdn, v.cpn, start, end)
		}
		if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || v.aborted {
			break
		}
		var cthpn, cthdn uint32
		if or {
			cthpn = min(thpn, epsThreshold(second))
			cthdn = uint32(min(uint64(thdn)-uint64(dn)+uint64(v.cdn[best]), pnInf))
		} else {
			cthdn = min(thdn, epsThreshold(second))
			cthpn = uint32(min(uint64(thpn)-uint64(pn)+uint64(v.cpn[best]), pnInf))
		}
		g.play(int(v.stack[best]))
		cp, cd, cl := v.mid(crd, cthpn, cthdn)
		g.undo()
		v.cpn[best], v.cdn[best], v.cln[best] = cp, cd, uint8(min(cl, 255))
	}
	if pn == 0 {
		// The proof's length: the shortest proved move at an OR node, the
		// longest defence at an AND node.
		if or {
			ln = 255
			for i := start; i < end; i++ {
				if v.cpn[i] == 0 {
					ln = min(ln, int(v.cln[i])+rd-crd)
				}
			}
		} else {
			for i := start; i < end; i++ {
				ln = max(ln, int(v.cln[i]))
			}
		}
	}
	v.stack, v.kind = v.stack[:start], v.kind[:start]
	v.cpn, v.cdn, v.cln = v.cpn[:start], v.cdn[:start], v.cln[:start]
	if !v.aborted || pn == 0 || dn == 0 {
		v.store(key, max(rd, 0), pn, dn, ln, v.nodes-start0)
	}
	return pn, dn, ln
}

// leastAndSum combines the numbers of children start..end-1: the index of
// the least of least[i] (-1 for none), that least value and the second
// least (pnInf when missing), and the sum of sum[i] capped at pnInf. At an
// OR node least holds the children's proof numbers and sum their disproof
// numbers; at an AND node the other way round.
func leastAndSum(least, sum []uint32, start, end int) (best int, lo, second, total uint32) {
	best, lo, second = -1, pnInf, pnInf
	var s uint64
	for i := start; i < end; i++ {
		s += uint64(sum[i])
		if c := least[i]; c < lo {
			best, second, lo = i, lo, c
		} else if c < second {
			second = c
		}
	}
	return best, lo, second, uint32(min(s, pnInf))
}

// epsThreshold is the 1+ε trick's threshold for the best child: the second
// best child's number times 1+ε, plus one.
func epsThreshold(second uint32) uint32 {
	return uint32(min(uint64(second)+1+uint64(second)>>params.epsShift, pnInf))
}

// solvePN runs the df-pn VCT of the attacker to move in v.b with at most
// maxDepth attacker moves before the open four or five. It returns the
// first move of a win, with v.depth its length, and marks the proof
// (v.proof) as the iterative-deepening search does.
func (v *vctSearch) solvePN(maxDepth int) (rules.Move, bool) {
	g := v.b
	v.att = g.toMove
	v.gen++
	rd := min(maxDepth, maxVCTDepth)
	pn, _, ln := v.mid(rd, pnInf, pnInf)
	for pn != 0 && !v.aborted {
		if _, dn, _, ok := v.lookup(g.hash^attackerKeys[v.att], rd); ok && dn == 0 {
			break
		}
		pn, _, ln = v.mid(rd, pnInf, pnInf)
	}
	if pn != 0 || v.aborted {
		return rules.NoMove, false
	}
	v.depth = ln
	v.first = rules.NoMove
	// The walk may exceed the node budget (it re-expands the proof tree,
	// and proves again what the table lost) by walkVCTNodes, but not the
	// clock or done.
	limit := v.limit
	v.limit = v.nodes + params.walkVCTNodes
	v.walk(rd, true, false)
	v.limit = limit
	if v.aborted {
		v.partial = true
		v.aborted = false
	}
	if v.first == rules.NoMove {
		return rules.NoMove, false // the proof was lost (stopped by the clock)
	}
	return v.first, true
}

// walk visits the proof tree of the proved node in v.b (remaining depth
// rd) and marks its points as the iterative-deepening search does: the
// attacker's moves everywhere, and the defender's replies to the first
// threat (first, at the AND node after it). At the root (root) it sets
// v.first. A proved child missing from the table is proved again.
func (v *vctSearch) walk(rd int, root, first bool) {
	g := v.b
	if !v.tick() {
		return
	}
	start := len(v.stack)
	terminal, tpn, _, _, term := v.expand(rd)
	if terminal {
		if root && tpn == 0 {
			v.first = term
		}
		return
	}
	end := len(v.stack)
	defer func() { v.stack, v.kind = v.stack[:start], v.kind[:start] }()
	if g.toMove == v.att {
		crd := rd - 1
		if v.kind[start] == childBlock {
			crd = rd
		}
		best, bestLn := -1, 256
		for i := start; i < end; i++ {
			if cp, _, cl, ok := v.lookup(v.childKey(v.stack[i]), crd); ok && cp == 0 && cl < bestLn {
				best, bestLn = i, cl
			}
		}
		for i := start; i < end && best < 0 && !v.aborted; i++ {
			g.play(int(v.stack[i]))
			cp, _, _ := v.mid(crd, pnInf, pnInf)
			g.undo()
			if cp == 0 {
				best = i
			}
		}
		if best < 0 {
			v.partial = true
			return
		}
		p := v.stack[best]
		v.mark(p)
		if root {
			v.first = p
			if v.skipProof {
				return
			}
		}
		g.play(int(p))
		v.walk(crd, false, root && crd < rd)
		g.undo()
		return
	}
	for i := start; i < end && !v.aborted; i++ {
		p := v.stack[i]
		if first {
			v.mark(p)
		}
		g.play(int(p))
		if cp, _, _, ok := v.lookup(g.hash^attackerKeys[v.att], rd); !ok || cp != 0 {
			v.mid(rd, pnInf, pnInf)
		}
		v.walk(rd, false, false)
		g.undo()
	}
}
