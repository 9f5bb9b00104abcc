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
// (dvonn.Placement). Movement phase: the stacks that can move are ringed
// (ShowLegal); a tap on one selects it and marks its targets; a tap on a
// target moves (dvonn.Step); a tap on the selection or off the plate
// deselects. Any other tap on a space deselects and is refused: the
// OnRefused callback gets what it tried (a placement on a taken space, a
// move from the selection, or dvonn.Pick of a stack that cannot move), for
// the app to say why (rules.Refuser). A pass is not made on the board
// (the app offers it). Stacks removed by the last move fade out.
//
// Keyboard (see Board): Left and Right follow a row, Up and Down go to the
// nearest space of the row above or below, straight up or down the screen
// over repeated presses; the cursor starts on F3 or the last move's
// destination.
type DvonnBoard struct {
	selector
	g         *dvonn.Game
	showLegal bool // ring the stacks that can move (ShowLegal)

	goalX    float32 // the keyboard cursor's screen column (lattice x) for up and down
	goalFrom int     // the cell the last up or down reached (goalX holds while the cursor is there)
}

var _ Board = (*DvonnBoard)(nil)

// NewDvonnBoard returns a board widget that reads g (the app's position;
// the widget never changes it).
func NewDvonnBoard(g *dvonn.Game) *DvonnBoard {
	w := &DvonnBoard{g: g, showLegal: true, goalFrom: -1}
	center, _ := dvonn.CellAt(5, 2) // F3
	w.initSelector(g, decodeDvonn, w.cellAt, w, w.keyStep, g.LastMove, center)
	w.refusal = w.refused
	w.ExtendBaseWidget(w)
	return w
}

// ShowLegal turns the rings on the stacks that can move in the movement
// phase on or off (default on; widgets.LegalMarker). They are drawn only
// while the board is interactive.
func (w *DvonnBoard) ShowLegal(on bool) {
	if w.showLegal != on {
		w.showLegal = on
		w.Refresh()
	}
}

// Movable returns the mask (bit c = cell c) of the stacks ringed as able
// to move: those of the side to move with a move, in the movement phase,
// while the board is interactive and ShowLegal is on; 0 otherwise.
func (w *DvonnBoard) Movable() uint64 {
	if !w.interactive || !w.showLegal {
		return 0
	}
	return w.pickable()
}

// refused returns the move a refused tap on cell c tried, sel being the
// selection before it (selector.refusal).
func (w *DvonnBoard) refused(sel, c int) rules.Move {
	switch {
	case w.g.Placing():
		return dvonn.Placement(c)
	case sel >= 0:
		return dvonn.Step(sel, c)
	}
	return dvonn.Pick(c)
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
