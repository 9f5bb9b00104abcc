package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// tipLabel is a one-line label with a tooltip: while the pointer rests on
// it, Tip (when not empty) shows in a small pop-up below it. The panel
// uses it for the engine's raw figures behind the words it shows.
type tipLabel struct {
	widget.Label
	Tip   string
	popup *widget.PopUp
}

var _ desktop.Hoverable = (*tipLabel)(nil)

func newTipLabel(text string) *tipLabel {
	l := &tipLabel{}
	l.Text = text
	l.ExtendBaseWidget(l)
	return l
}

// SetTip sets the tooltip text; an empty text shows none.
func (l *tipLabel) SetTip(tip string) {
	l.Tip = tip
	if l.popup != nil && l.popup.Visible() {
		if tip == "" {
			l.popup.Hide()
		} else {
			l.popup.Content.(*fyne.Container).Objects[1].(*canvas.Text).Text = tip
			l.popup.Refresh()
		}
	}
}

// MouseIn shows the tooltip below the label.
func (l *tipLabel) MouseIn(*desktop.MouseEvent) {
	if l.Tip == "" {
		return
	}
	c := fyne.CurrentApp().Driver().CanvasForObject(l)
	if c == nil {
		return
	}
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	bg.StrokeColor = theme.Color(theme.ColorNameSeparator)
	bg.StrokeWidth = 1
	t := canvas.NewText(l.Tip, theme.Color(theme.ColorNameForeground))
	t.TextSize = theme.CaptionTextSize()
	l.popup = widget.NewPopUp(container.NewStack(bg, container.NewPadded(t)), c)
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(l)
	l.popup.ShowAtPosition(pos.AddXY(0, l.Size().Height))
}

// MouseMoved does nothing: the tooltip stays while the pointer is on the
// label.
func (l *tipLabel) MouseMoved(*desktop.MouseEvent) {}

// MouseOut hides the tooltip.
func (l *tipLabel) MouseOut() {
	if l.popup != nil {
		l.popup.Hide()
		l.popup = nil
	}
}
