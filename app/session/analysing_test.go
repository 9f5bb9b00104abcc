package session

import (
	"testing"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session/quality"
)

// TestAnalysing: Analysing holds exactly while a game report runs: not
// before one is asked, while it runs, not after it is done, nor after
// Cancel.
func TestAnalysing(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	firstMoves(t, c, 10)
	if c.Analysing() {
		t.Fatal("analysing before any report was asked")
	}
	c.SetReportOptions(quality.Options{Depth: 2})
	c.StartReport()
	if !c.Analysing() {
		t.Fatal("not analysing while the report runs")
	}
	q.RunUntil(t, "the report", func() bool { return c.Report() != nil })
	if c.Analysing() {
		t.Fatal("analysing after the report is done")
	}
	firstMoves(t, c, 2)
	c.StartReport()
	if !c.Analysing() {
		t.Fatal("not analysing the longer game")
	}
	c.CancelReport()
	if c.Analysing() {
		t.Fatal("analysing after Cancel")
	}
}
