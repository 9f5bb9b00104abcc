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
//
// Keyboard (see Board): Left and Right follow a row, Up and Down go to the
// nearest space of the row above or below, straight up or down the screen
// over repeated presses; the cursor starts on F3 or the last move's
// destination.
type DvonnBoard struct {
	selector
	g *dvonn.Game

	goalX    float32 // the keyboard cursor's screen column (lattice x) for up and down
	goalFrom int     // the cell the last up or down reached (goalX holds while the cursor is there)
}

var _ Board = (*DvonnBoard)(nil)

// NewDvonnBoard returns a board widget that reads g (the app's position;
// the widget never changes it).
func NewDvonnBoard(g *dvonn.Game) *DvonnBoard {
	w := &DvonnBoard{g: g, goalFrom: -1}
	centre, _ := dvonn.CellAt(5, 2) // F3
	w.initSelector(g, decodeDvonn, w.cellAt, w, w.keyStep, g.LastMove, centre)
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

// keyStep moves the keyboard cursor from cell c: left and right along the
// row, up and down to the nearest space of the next row. Up and down
// keep to the column (on screen) where the vertical moves began, as text
// editors do, so that repeated presses go straight up rather than drifting
// along a slanted column; of two spaces equally near, the right one.
func (w *DvonnBoard) keyStep(c int, k fyne.KeyName) int {
	col, row := dvonn.CellCoord(c)
	switch k {
	case fyne.KeyLeft, fyne.KeyRight:
		d := 1
		if k == fyne.KeyLeft {
			d = -1
		}
		if n, ok := dvonn.CellAt(col+d, row); ok {
			return n
		}
		return c
	}
	r := row + 1 // row 1 is drawn at the bottom
	if k == fyne.KeyDown {
		r = row - 1
	}
	if w.goalFrom != c {
		w.goalX = float32(col) - float32(row)/2
	}
	best, bestD := -1, float32(1e9)
	for cc := range 11 {
		n, ok := dvonn.CellAt(cc, r)
		if !ok {
			continue
		}
		d := float32(cc) - float32(r)/2 - w.goalX
		if d < 0 {
			d = -d
		}
		if d <= bestD { // columns ascend: ties go right
			best, bestD = n, d
		}
	}
	if best < 0 {
		return c
	}
	w.goalFrom = best
	return best
}
