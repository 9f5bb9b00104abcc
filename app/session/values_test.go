package session

import (
	"maps"
	"testing"
	"time"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session/quality"
	"planiverse/rules"
)

// TestRenjuValuesArrive: in Renju, with Black to move in a quiet position
// (a stone of White's far off in a corner), the values on the board come
// within a few seconds: the values' deadline must not make their
// searches count as timed (Gomoku's root filter then looks for White's
// VCT after each of Black's moves).
func TestRenjuValuesArrive(t *testing.T) {
	q := sessiontest.NewQueue()
	set := settings("gomoku", VsPerson).WithOption("gomoku", "rules", "renju").WithOption("gomoku", "opening", "none")
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, set)
	c.Start()
	c.SetValues(true)
	for _, text := range []string{"H8", "H9", "F8", "A1"} {
		m, err := c.State().ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Play(m); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	if c.State().ToMove() != rules.First {
		t.Fatal("not Black to move")
	}
	const limit = 5 * time.Second
	q.RunUntilWithin(t, "Renju's values with Black to move", limit, func() bool { v, _, _ := c.Values(); return len(v) > 0 })
	labels := c.ValueLabels()
	f, ok := c.State().(interface{ ForbiddenReason(rules.Move) string })
	if !ok {
		t.Fatal("the Renju position cannot tell forbidden points")
	}
	for m := range labels {
		if why := f.ForbiddenReason(m); why != "" {
			t.Fatalf("a value on Black's forbidden point %s (%s)", c.State().MoveString(m), why)
		}
	}
}

// TestEmptyBoardValuesCenter: on an empty freestyle board, 15x15 and
// 19x19, the values on the board include the center, and no point is
// valued above it (they listed E11, G11, H11, I11, K11 and E9, not H8).
func TestEmptyBoardValuesCenter(t *testing.T) {
	for _, size := range []string{"15", "19"} {
		q := sessiontest.NewQueue()
		set := settings("gomoku", VsPerson).WithOption("gomoku", "size", size).WithOption("gomoku", "opening", "none")
		c := newTestController(t, sessiontest.NewScripted(false), q.Post, set)
		c.Start()
		c.SetValuesMaxDepth(4)
		c.SetValues(true)
		q.RunUntil(t, "the values", func() bool { _, _, done := c.Values(); return done })
		vals, _, _ := c.Values()
		center := map[string]string{"15": "H8", "19": "J10"}[size]
		m, err := c.State().ParseMove(center)
		if err != nil {
			t.Fatal(err)
		}
		cv, ok := vals[m]
		if !ok {
			var got []string
			for o := range vals {
				got = append(got, c.State().MoveString(o))
			}
			t.Fatalf("%sx%s: the center %s is not valued; the values are of %v", size, size, center, got)
		}
		sc := quality.ScaleFor(c.State())
		for o, v := range vals {
			if sc.Expected(v) > sc.Expected(cv)+1e-9 {
				t.Fatalf("%sx%s: %s (%s) is valued above the center (%s)", size, size,
					c.State().MoveString(o), sc.Label(v), sc.Label(cv))
			}
		}
	}
}

// TestBoardLabelsKeepReview: in review of a mistake with the values on,
// the board writes both: the report's labels of the move played and the
// best move (on their points) and the values of the position on view on
// the other points.
func TestBoardLabelsKeepReview(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	firstMoves(t, c, 14)
	c.SetReportOptions(quality.Options{Depth: 2})
	c.StartReport()
	q.RunUntil(t, "the report", func() bool { return c.Report() != nil })
	ply := c.NextMistake(0, 1)
	if ply == 0 || ply >= c.Plies() {
		t.Fatalf("no mistake to review before the last move (found %d of %d)", ply, c.Plies())
	}
	c.Review(ply)
	report := c.ReportLabels()
	if len(report) == 0 {
		t.Fatal("the mistake has no labels")
	}
	c.SetValuesMaxDepth(2)
	c.SetValues(true)
	q.RunUntil(t, "the values", func() bool { _, _, done := c.Values(); return done })
	got := c.BoardLabels()
	for m, text := range report {
		if got[m] != text {
			t.Fatalf("with the values on, %s reads %q, want the report's %q", c.ViewState().MoveString(m), got[m], text)
		}
	}
	values := 0
	for m, text := range c.ValueLabels() {
		if _, both := report[m]; !both {
			if got[m] != text {
				t.Fatalf("the value of %s reads %q, want %q", c.ViewState().MoveString(m), got[m], text)
			}
			values++
		}
	}
	if values == 0 {
		t.Fatal("no value on the board beside the report's labels")
	}
	c.Review(c.Plies())
	q.RunUntil(t, "the game's values", func() bool { _, _, done := c.Values(); return done })
	if !maps.Equal(c.BoardLabels(), c.ValueLabels()) {
		t.Fatalf("back in the game the board reads %v, want the values %v", c.BoardLabels(), c.ValueLabels())
	}
}
