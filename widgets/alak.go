package widgets

import (
	"fyne.io/fyne/v2"

	"planiverse/rules"
	"planiverse/rules/alak"
)

// Alak layout in units of one cup spacing.
const (
	alkPad    = 0.45 // strip beyond the outer cups
	alkStripH = 1.3  // strip height
	alkLabelH = 0.75 // room for the slot names below the strip
	alkTopH   = 0.25 // room above the strip
	alkMargin = 0.45 // margin left and right of the strip
	alkCupR   = 0.38
	alkStoneR = 0.34
)

// AlakBoard draws an Alak position (RULES.md "Alak") as a row of cups on a
// wooden strip, with the slot numbers 1..11 (classic) or the point letters
// a.. (modern) below; Black (x in the notation) plays the dark stones,
// White (o) the light ones.
//
// Classic: a tap on a piece of the side to move selects it and marks its
// one or two destinations; a tap on a destination moves
// (alak.ClassicMove); a tap on the selection or off the strip deselects.
// Modern: a tap on an empty allowed point places there; the points
// forbidden by ko say "ko" in their cups. Any other tap on a slot or point
// is refused: the OnRefused callback gets what it tried (a placement, a
// move from the selection, or alak.Pick of a slot without a piece of the
// side to move), for the app to say why (rules.Refuser). Captured
// pieces fade out. Keyboard (see Board): Left and Right move the cursor
// along the row; it starts on the middle slot or the last move's
// destination.
type AlakBoard struct {
	selector
	g *alak.Game
}

var _ Board = (*AlakBoard)(nil)

// NewAlakBoard returns a board widget that reads g (the app's position;
// the widget never changes it). The number of slots is read once: give a
// game of another length a new widget.
func NewAlakBoard(g *alak.Game) *AlakBoard {
	w := &AlakBoard{g: g}
	n := g.Len()
	step := func(i int, k fyne.KeyName) int {
		switch k {
		case fyne.KeyLeft:
			return max(0, i-1)
		case fyne.KeyRight:
			return min(n-1, i+1)
		}
		return i
	}
	w.initSelector(g, g.DecodeMove, func(p fyne.Position) int { return w.geom().slot(p) }, w, step, g.LastMove, n/2)
	w.refusal = w.refused
	w.ExtendBaseWidget(w)
	return w
}

// Targets returns the destinations of the selected piece as a slot mask
// (bit i = slot i, 0-based), 0 when nothing is selected.
func (w *AlakBoard) Targets() uint32 { return uint32(w.targets()) }

// refused returns the move a refused tap on slot c tried, sel being the
// selection before it (selector.refusal).
func (w *AlakBoard) refused(sel, c int) rules.Move {
	switch {
	case w.g.Modern():
		return rules.Move(c)
	case sel >= 0:
		return alak.ClassicMove(sel, c)
	}
	return alak.Pick(c)
}

// alkGeom maps slots to widget coordinates for one size.
type alkGeom struct {
	n    int
	unit float32
	org  fyne.Position // center of slot 0
}

func alakGeom(n int, size fyne.Size) alkGeom {
	u, o := fit(size, float32(n)+2*(alkPad+alkMargin), alkTopH+alkStripH+alkLabelH)
	return alkGeom{n, u, fyne.NewPos(o.X+(alkMargin+alkPad+0.5)*u, o.Y+(alkTopH+alkStripH/2)*u)}
}

func (g alkGeom) center(i int) fyne.Position {
	return fyne.NewPos(g.org.X+float32(i)*g.unit, g.org.Y)
}

// slot returns the slot under p (within half a cup spacing across, on the
// strip), or -1.
func (g alkGeom) slot(p fyne.Position) int {
	if g.unit <= 0 {
		return -1
	}
	x := (p.X-g.org.X)/g.unit + 0.5
	y := (p.Y - g.org.Y) / g.unit
	if x < 0 || x >= float32(g.n) || y < -alkStripH/2 || y > alkStripH/2 {
		return -1
	}
	return int(x)
}

func (w *AlakBoard) geom() alkGeom { return alakGeom(w.g.Len(), w.Size()) }
