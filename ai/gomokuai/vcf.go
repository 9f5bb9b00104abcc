package gomokuai

import (
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// maxVCFDepth bounds the number of fours a VCF search may play before the
// five: more than any board allows (a 20x20 board has room for 200 fours),
// so only the node budget and the clock bound a search.
const maxVCFDepth = 200

// unbounded is the depth recorded for a position with no VCF of any
// length: its search never reached the depth limit.
const unbounded = 1 << 30

// failEntry records that the side to move of the position with key has no
// win within depth moves of the solver (fours for the VCF, threats for the
// VCT), or none at all for unbounded.
type failEntry struct {
	key   uint64
	depth int32
}

// failed reports whether the entry proves that key has no win within depth,
// and bounded when that proof only holds within a depth limit (a deeper
// search might still find one).
func (e *failEntry) failed(key uint64, depth int) (failed, bounded bool) {
	if e.key != key || int(e.depth) < depth {
		return false, false
	}
	return true, e.depth != unbounded
}

// record stores that key has no win within depth, or none at any depth
// when no line below reached the depth limit (cut false).
func (e *failEntry) record(key uint64, depth int, cut bool) {
	d := int32(depth)
	if !cut {
		d = unbounded
	}
	*e = failEntry{key: key, depth: d}
}

// vcfSearch is a VCF (victory by continuous fours) search: the attacker, the
// side to move, plays only moves that make a four (or a five), the defender
// only the forced reply, the point that stops the five. The attacker wins
// when he makes five, or a move that leaves two distinct win points (an
// open four or a double four). When the defender has a four himself, the
// attacker must block it, and only with a move that makes a four. Under
// Renju, Black never plays a forbidden point (gomoku.FoulIn): Black's fours
// there are not tried, a Black attacker who must block on one loses the
// line, and a White four whose only block is forbidden for Black wins as
// an open four does. A table of positions known to fail at a depth prunes
// transpositions.
type vcfSearch struct {
	a       *analyzer
	stack   []rules.Move
	seq     [2*maxVCFDepth + 3]rules.Move
	seqLen  int
	nodes   int64
	limit   int64 // node budget, 0 for none
	done    <-chan struct{}
	aborted bool
	cut     bool // the search reached its depth limit somewhere (a deeper one might win)
	fail    []failEntry
	b       board // the position searched, loaded from a gomoku.Game
}

func newVCFSearch(a *analyzer, tableBits int) *vcfSearch {
	return &vcfSearch{
		a:     a,
		stack: make([]rules.Move, 0, 4096),
		fail:  make([]failEntry, 1<<tableBits),
	}
}

// solve runs the VCF search of v.b for its color to move by iterative
// deepening on the number of fours, from 0 (an immediate five) to
// maxDepth, so that the shortest VCF is found. It returns the sequence
// (attacker and defender moves alternating, ending with the five) in v's
// buffer. v.b is restored. v.aborted tells whether the node budget or
// v.done stopped it (then the answer is "not found" without proof).
func (v *vcfSearch) solve(maxDepth int) ([]rules.Move, bool) {
	g := &v.b
	v.aborted = false
	maxDepth = min(maxDepth, maxVCFDepth)
	for d := 0; d <= maxDepth; d++ {
		v.cut = false
		if v.attack(g, d, 0) {
			return v.seq[:v.seqLen], true
		}
		if v.aborted || !v.cut {
			break // out of time, or no VCF of any length: the fours ran out
		}
	}
	return nil, false
}

// attack reports whether the color to move of g (the search's board v.b)
// wins by VCF with at most depth fours before the five; on success
// seq[ply:seqLen] holds the moves.
func (v *vcfSearch) attack(g *board, depth, ply int) bool {
	v.nodes++
	if v.nodes&255 == 0 {
		if v.limit > 0 && v.nodes >= v.limit {
			v.aborted = true
		}
		select {
		case <-v.done:
			v.aborted = true
		default:
		}
	}
	if v.aborted {
		return false
	}
	if g.won {
		return false
	}
	a := v.a
	a.refreshBoard(g)
	me := g.toMove
	if p, ok := a.firstWin(me); ok {
		v.seq[ply] = p
		v.seqLen = ply + 1
		return true
	}
	if depth == 0 {
		v.cut = true
		return false
	}
	key := g.hash
	slot := &v.fail[key&uint64(len(v.fail)-1)]
	if failed, bounded := slot.failed(key, depth); failed {
		v.cut = v.cut || bounded // failed within a depth limit: a deeper search might not
		return false
	}
	n, q, _ := a.distinctWins(me ^ 1)
	if n >= 2 {
		return false
	}
	outerCut := v.cut
	v.cut = false
	start := len(v.stack)
	if n == 1 {
		if me == 0 && g.foul(int(q)) {
			return false // Black cannot block
		}
		v.stack = append(v.stack, q) // must block, and with a four
	} else {
		a.nextGen()
		v.stack = a.appendAll(v.stack, kindFour, me)
	}
	end := len(v.stack)
	won := false
	for i := start; i < end && !won && !v.aborted; i++ {
		p := v.stack[i]
		if me == 0 && g.foul(int(p)) {
			continue
		}
		g.play(int(p))
		a.refreshBoard(g)
		wn, w1, w2 := a.distinctWins(me)
		switch {
		case wn >= 2:
			v.seq[ply], v.seq[ply+1], v.seq[ply+2] = p, w1, w2
			v.seqLen = ply + 3
			won = true
		case wn == 1 && me == 1 && g.foul(int(w1)):
			// Black may not block: White fives next, whatever Black
			// plays (rules.NoMove stands for that move).
			v.seq[ply], v.seq[ply+1], v.seq[ply+2] = p, rules.NoMove, w1
			v.seqLen = ply + 3
			won = true
		case wn == 1:
			g.play(int(w1)) // the forced block
			if v.attack(g, depth-1, ply+2) {
				v.seq[ply], v.seq[ply+1] = p, w1
				won = true
			}
			g.undo()
		}
		g.undo()
	}
	v.stack = v.stack[:start]
	if !won && !v.aborted {
		slot.record(key, depth, v.cut)
	}
	v.cut = v.cut || outerCut
	return won
}

// VCF searches g for a victory by continuous fours of its side to move with
// at most maxDepth fours before the five (0 finds only an immediate five),
// shortest first. On success seq holds the winning line, attacker and
// defender moves alternating and ending with the five (so len(seq) is the
// number of plies to the win; none for a finished game; under Renju the
// defender's move is rules.NoMove where Black's only block is forbidden).
// g is only read
// (the search runs on a private copy); the call allocates its own tables, so it suits tests and one-off analysis
// (the search uses Knowledge.Solve).
func VCF(g *gomoku.Game, maxDepth int) (seq []rules.Move, ok bool) {
	if over, _ := g.Outcome(); over {
		return nil, false
	}
	v := newVCFSearch(new(analyzer), 12)
	v.b.load(g)
	s, ok := v.solve(maxDepth)
	if !ok {
		return nil, false
	}
	return append([]rules.Move(nil), s...), true
}
