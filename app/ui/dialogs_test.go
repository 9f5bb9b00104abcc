package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
	"planiverse/app/session/quality"
)

// menuItem returns the main menu's item with label, or fails.
func menuItem(t *testing.T, g *gui, label string) *fyne.MenuItem {
	t.Helper()
	for _, m := range g.win.MainMenu().Items {
		for _, it := range m.Items {
			if it.Label == label {
				return it
			}
		}
	}
	t.Fatalf("no menu item %q", label)
	return nil
}

// TestCancelAnalysisItem: the Analysis menu's Cancel analysis is enabled
// only while a game report runs.
func TestCancelAnalysisItem(t *testing.T) {
	g, q := newTestGUI(t)
	g.startGame(settings("othello", session.VsPerson))
	firstLegal(t, g.ctl, 12)
	item := menuItem(t, g, "Cancel analysis")
	if !item.Disabled {
		t.Fatal("Cancel analysis is enabled with no analysis running")
	}
	g.ctl.SetReportOptions(quality.Options{Depth: 2})
	menuAction(t, g, "Analyse game")
	if item.Disabled {
		t.Fatal("Cancel analysis is disabled while the analysis runs")
	}
	q.RunUntil(t, "the report", func() bool { return g.ctl.Report() != nil })
	if !item.Disabled {
		t.Fatal("Cancel analysis stays enabled after the analysis")
	}
	firstLegal(t, g.ctl, 1)
	menuAction(t, g, "Analyse game")
	menuAction(t, g, "Cancel analysis")
	if !item.Disabled || g.ctl.Analysing() {
		t.Fatal("Cancel analysis stays enabled after the analysis was cancelled")
	}
}

var _ = sessiontest.NewQueue
