package widgets

import (
	"fyne.io/fyne/v2"

	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// DvonnBoard draws a DVONN position (RULES.md "DVONN") on the hex plate,
// row 1 at the bottom, row 5 at the top, columns A–K slanting up to the
// left (the names printed around the plate follow dvonn.CellName). Stacks
// are piles of discs (at most five drawn) with the height written on top
// and a red ring when they hold a DVONN piece.
//
// Placement phase: a tap on an empty space places there
// (dvonn.Placement). Movement phase: a tap on a stack of the side to move
// that has a move selects it and marks its targets; a tap on a target
// moves (dvonn.Step); a tap on the selection or anywhere else deselects. A
// pass is not made on the board (the app offers it). Stacks removed by the
// last move fade out.
type DvonnBoard struct {
	selector
	g *dvonn.Game
}

var _ Board = (*DvonnBoard)(nil)

// NewDvonnBoard returns a board widget that reads g (the app's position;
// the widget never changes it).
func NewDvonnBoard(g *dvonn.Game) *DvonnBoard {
	w := &DvonnBoard{g: g}
	w.initSelector(g, decodeDvonn, w.cellAt)
	w.ExtendBaseWidget(w)
	return w
}

// decodeDvonn maps a DVONN move to the selector's cells: a placement is a
// one-tap move onto its space, a stack move goes from one space to another.
func decodeDvonn(m rules.Move) (from, to int) {
	f, t, _ := dvonn.Decode(m)
	return f, t
}

// Targets returns the mask (bit c = cell c) of the spaces the selected
// stack can move to, 0 when nothing is selected.
func (w *DvonnBoard) Targets() uint64 { return w.targets() }

// cellAt returns the space within half a unit of p, or -1.
func (w *DvonnBoard) cellAt(p fyne.Position) int {
	c, r, d := dvonnGeom(w.Size()).nearest(p)
	if d > 0.5 {
		return -1
	}
	if cell, ok := dvonn.CellAt(c, r); ok {
		return cell
	}
	return -1
}

// Tapped places, selects, moves or deselects (fyne.Tappable); see
// DvonnBoard.
func (w *DvonnBoard) Tapped(e *fyne.PointEvent) { w.tap(w.cellAt(e.Position)) }
