package session

import (
	"testing"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session/quality"
)

// TestAnalyzing: Analyzing holds exactly while a game report runs: not
// before one is asked, while it runs, not after it is done, nor after
// Cancel.
func TestAnalyzing(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	firstMoves(t, c, 10)
	if c.Analyzing() {
		t.Fatal("analyzing before any report was asked")
	}
	c.SetReportOptions(quality.Options{Depth: 2})
	c.StartReport()
	if !c.Analyzing() {
		t.Fatal("not analyzing while the report runs")
	}
	q.RunUntil(t, "the report", func() bool { return c.Report() != nil })
	if c.Analyzing() {
		t.Fatal("analyzing after the report is done")
	}
	firstMoves(t, c, 2)
	c.StartReport()
	if !c.Analyzing() {
		t.Fatal("not analyzing the longer game")
	}
	c.CancelReport()
	if c.Analyzing() {
		t.Fatal("analyzing after Cancel")
	}
}

// TestRandomPlacementNotJudged: in a DVONN game whose pieces were placed
// at random, the report judges no placement: MoveQuality has nothing for
// them, they count in neither side's classes nor accuracy, and the first
// judged move is the first move of play. Placements the players made are
// judged as before.
func TestRandomPlacementNotJudged(t *testing.T) {
	for _, placement := range []string{"random", "hand"} {
		q := sessiontest.NewQueue()
		set := settings("dvonn", VsPerson).WithOption("dvonn", "placement", placement)
		c := newTestController(t, sessiontest.NewScripted(false), q.Post, set)
		c.Start()
		placed := c.Plies()
		if placement == "random" && placed != 49 {
			t.Fatalf("%d plies after the random placement, want 49", placed)
		}
		firstMoves(t, c, 6)
		c.SetReportOptions(quality.Options{Depth: 1})
		c.StartReport()
		q.RunUntil(t, "the report", func() bool { return c.Report() != nil })
		rep := c.Report()
		counted := 0
		for _, s := range rep.Sides {
			for _, n := range s.Counts {
				counted += n
			}
		}
		if counted != c.Plies()-placed {
			t.Fatalf("%s placement: the sides count %d moves, want the %d moves after the %d placed", placement, counted, c.Plies()-placed, placed)
		}
		for ply := 1; ply <= c.Plies(); ply++ {
			_, judged := c.MoveQuality(ply)
			if judged != (ply > placed) {
				t.Fatalf("%s placement: move %d judged %v", placement, ply, judged)
			}
		}
	}
}

// TestRandomPlacementNotAnnotated: the report's SGF of a game placed at
// random carries no annotation on the placements, and its first judged
// move does.
func TestRandomPlacementNotAnnotated(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("dvonn", VsPerson).WithOption("dvonn", "placement", "random"))
	c.Start()
	firstMoves(t, c, 4)
	c.SetReportOptions(quality.Options{Depth: 1})
	c.StartReport()
	q.RunUntil(t, "the report", func() bool { return c.Report() != nil })
	data, err := c.Report().SGF(c.Record())
	if err != nil {
		t.Fatal(err)
	}
	notes, err := quality.Notes(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) != c.Plies() {
		t.Fatalf("%d notes for %d moves", len(notes), c.Plies())
	}
	for i, n := range notes[:49] {
		if n.HasClass || n.HasValue || n.Comment != "" {
			t.Fatalf("placement %d is annotated: %+v", i+1, n)
		}
	}
	if !notes[49].HasValue {
		t.Fatalf("the first move of play is not annotated: %+v", notes[49])
	}
}
