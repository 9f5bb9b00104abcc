package dvonn

import (
	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Contents describes the stack on one space for NewPosition: how many white,
// black and DVONN pieces it holds and the color on top (Empty for an empty
// space; Red only for a lone DVONN piece).
type Contents struct {
	White, Black, Dvonns int
	Top                  Piece
}

// NewPosition returns a movement-phase position (all 49 pieces placed,
// some possibly removed) with the given stacks (indexed by cell 0..48) and
// side to move, without history: for tests, analysis and puzzles. The
// pieces missing from 23 white, 23 black count as removed. Errors wrap
// rules.ErrIllegal: a top color the stack does not hold, Red on top of a
// taller stack, more than 23 pieces of a color, not exactly 3 DVONN pieces,
// or a stack not connected to a DVONN piece (RULES.md would have removed
// it).
func NewPosition(cells [NumCells]Contents, toMove rules.Seat) (*Game, error) {
	g := New()
	g.placed = NumCells
	g.toMove = toMove & 1
	var whites, blacks, dvonns int
	for c, in := range cells {
		if in.White < 0 || in.Black < 0 || in.Dvonns < 0 {
			return nil, rules.Errorp(rules.ErrIllegal, phrase.T("error.dvonn.negative", "dvonn: {{.Cell}}: negative piece count", map[string]any{"Cell": CellName(c)}))
		}
		h := in.White + in.Black + in.Dvonns
		whites += in.White
		blacks += in.Black
		dvonns += in.Dvonns
		ok := false
		switch in.Top {
		case Empty:
			ok = h == 0
		case White:
			ok = in.White > 0
		case Black:
			ok = in.Black > 0
		case Red:
			ok = h == 1 && in.Dvonns == 1
		}
		if !ok {
			return nil, rules.Errorp(rules.ErrIllegal, phrase.T("error.dvonn.top", "dvonn: {{.Cell}}: a stack of {{.White}} white, {{.Black}} black, {{.Dvonn}} DVONN pieces cannot have {{.Top}} on top",
				map[string]any{"Cell": CellName(c), "White": in.White, "Black": in.Black, "Dvonn": in.Dvonns, "Top": phrase.T("error.dvonn.piece."+in.Top.String(), in.Top.String(), nil)}))
		}
		if h == 0 {
			continue
		}
		if whites > 23 || blacks > 23 || dvonns > 3 {
			break // reported below
		}
		s := stack{height: uint8(h), top: uint8(in.Top), whites: uint8(in.White), dvonns: uint8(in.Dvonns)}
		g.cells[c] = s
		g.occ |= 1 << c
		if in.Dvonns > 0 {
			g.dvonn |= 1 << c
		}
		if in.Top == White || in.Top == Black {
			g.ctrl[in.Top-White] |= 1 << c
		}
		g.hash ^= stackKey(c, s)
	}
	if whites > 23 || blacks > 23 || dvonns != 3 {
		return nil, rules.Errorp(rules.ErrIllegal, phrase.T("error.dvonn.counts", "dvonn: {{.White}} white, {{.Black}} black, {{.Dvonn}} DVONN pieces (at most 23, 23, exactly 3)",
			map[string]any{"White": whites, "Black": blacks, "Dvonn": dvonns}))
	}
	if cut := g.occ &^ Connected(g.occ, g.dvonn); cut != 0 {
		return nil, rules.Errorp(rules.ErrIllegal, phrase.T("error.dvonn.cut_off", "dvonn: stacks cut off from the DVONN pieces ({{.Cell}}...)", map[string]any{"Cell": CellName(lowestCell(cut))}))
	}
	g.gone = [3]uint8{uint8(23 - whites), uint8(23 - blacks), 0}
	if g.toMove == rules.Second {
		g.hash ^= zBlack
	}
	return g, nil
}

func lowestCell(m uint64) int {
	for c := range NumCells {
		if m&(1<<c) != 0 {
			return c
		}
	}
	return -1
}
