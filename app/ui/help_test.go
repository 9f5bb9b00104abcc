package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"planiverse/app/internal/sessiontest"
	"planiverse/rules/registry"
	"planiverse/widgets"
)

// TestRulesPages: the Help has every game's rules with a board diagram for
// each of its examples.
func TestRulesPages(t *testing.T) {
	test.NewTempApp(t)
	for _, d := range registry.Games() {
		page := rulesPage(d).(*fyne.Container)
		boards := 0
		var walk func(o fyne.CanvasObject)
		walk = func(o fyne.CanvasObject) {
			if _, ok := o.(widgets.Board); ok {
				boards++
				return
			}
			if c, ok := o.(*fyne.Container); ok {
				for _, child := range c.Objects {
					walk(child)
				}
			}
		}
		walk(page)
		if boards != len(d.Examples) {
			t.Errorf("%s: %d diagrams for %d examples", d.Name, boards, len(d.Examples))
		}
	}
	a := test.NewTempApp(t)
	g := newGUI(a, sessiontest.NewScripted(false), sessiontest.NewQueue().Post, 1)
	g.showRules()
	if g.win.Canvas().Overlays().Top() == nil {
		t.Fatal("no Help dialog")
	}
}
