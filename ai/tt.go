package ai

import (
	"planiverse/rules"
)

// Bound kinds of a transposition-table entry.
const (
	boundNone  uint8 = iota
	boundUpper       // score <= stored (fail low, an all-node)
	boundLower       // score >= stored (fail high, a cut-node)
	boundExact       // exact score (a PV node)
)

// depthSolved marks an entry whose subtree was searched to the end of the
// game everywhere (no horizon reached): its bound holds at any depth.
const depthSolved = 255

// ttEntry is one transposition-table slot (16 bytes, so that a bucket of
// two fills half a 64-byte cache line and never straddles two). It keeps
// the high 32 bits of the Zobrist hash (check); the low bits chose the
// bucket, so a false match needs two positions equal in both.
type ttEntry struct {
	check uint32
	score int32
	move  rules.Move
	depth uint8
	bound uint8
	age   uint8
	_     [3]byte
}

// ttCheck is the part of a Zobrist hash an entry keeps (ttEntry.check).
func ttCheck(key uint64) uint32 { return uint32(key >> 32) }

// transTable is a fixed-size, power-of-two transposition table of two-slot
// buckets indexed by the low bits of the Zobrist hash.
type transTable struct {
	entries []ttEntry
	mask    uint64
	age     uint8
}

func newTransTable(megabytes int) transTable {
	if megabytes < 1 {
		megabytes = 1
	}
	n := uint64(megabytes) << 20 / 16
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	return transTable{entries: make([]ttEntry, size), mask: size - 1}
}

// toTT converts a score at ply into the table's ply-independent form: mate
// scores are stored as distance from the stored node, not from the root.
func toTT(score, ply int) int32 {
	switch {
	case score > MateBound:
		return int32(score + ply)
	case score < -MateBound:
		return int32(score - ply)
	}
	return int32(score)
}

func fromTT(score int32, ply int) int {
	s := int(score)
	switch {
	case s > MateBound:
		return s - ply
	case s < -MateBound:
		return s + ply
	}
	return s
}

func (t *transTable) probe(key uint64) (ttEntry, bool) {
	i := key & t.mask &^ 1
	c := ttCheck(key)
	for _, e := range t.entries[i : i+2] {
		if e.check == c && e.bound != boundNone {
			return e, true
		}
	}
	return ttEntry{}, false
}

// store saves a search result. Each key maps to a bucket of two slots: an
// entry of the same key is updated (unless it holds a deeper result of this
// search and the new one is not exact), else the slot with the older or
// shallower entry is replaced.
func (t *transTable) store(key uint64, depth int, ply int, score int, bound uint8, m rules.Move) {
	i := key & t.mask &^ 1
	b := t.entries[i : i+2]
	c := ttCheck(key)
	var p *ttEntry
	switch {
	case b[0].check == c:
		p = &b[0]
	case b[1].check == c:
		p = &b[1]
	}
	if p != nil {
		if p.age == t.age && int(p.depth) > depth && bound != boundExact {
			return // keep the deeper entry of this search
		}
		if m == rules.NoMove {
			m = p.move // keep the old best move
		}
	} else {
		p = &b[0]
		if b[1].age != t.age && b[0].age == t.age || (b[1].age == t.age) == (b[0].age == t.age) && b[1].depth < b[0].depth {
			p = &b[1]
		}
	}
	d := depth
	if d > depthSolved {
		d = depthSolved - 1 // only a solved subtree stores depthSolved itself
	}
	if d < 0 {
		d = 0
	}
	*p = ttEntry{check: c, score: toTT(score, ply), move: m, depth: uint8(d), bound: bound, age: t.age}
}

func (t *transTable) clear() {
	clear(t.entries)
	t.age = 0
}
