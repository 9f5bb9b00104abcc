package session

import (
	"testing"
	"time"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session/quality"
	"planiverse/rules"
)

// TestRenjuValuesArrive: in Renju, with Black to move in a quiet position
// (a stone of White's far off in a corner), the values on the board come
// within a few seconds. They did not come at all within the values' 20 s
// before: the context's deadline made every search count as timed, and
// Gomoku's root filter then looked for White's VCT after each of Black's
// 200 moves.
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

// TestEmptyBoardValuesCentre: on an empty freestyle board, 15x15 and
// 19x19, the values on the board include the centre, and no point is
// valued above it (they listed E11, G11, H11, I11, K11 and E9, not H8).
func TestEmptyBoardValuesCentre(t *testing.T) {
	for _, size := range []string{"15", "19"} {
		q := sessiontest.NewQueue()
		set := settings("gomoku", VsPerson).WithOption("gomoku", "size", size).WithOption("gomoku", "opening", "none")
		c := newTestController(t, sessiontest.NewScripted(false), q.Post, set)
		c.Start()
		c.SetValuesMaxDepth(4)
		c.SetValues(true)
		q.RunUntil(t, "the values", func() bool { _, _, done := c.Values(); return done })
		vals, _, _ := c.Values()
		centre := map[string]string{"15": "H8", "19": "J10"}[size]
		m, err := c.State().ParseMove(centre)
		if err != nil {
			t.Fatal(err)
		}
		cv, ok := vals[m]
		if !ok {
			var got []string
			for o := range vals {
				got = append(got, c.State().MoveString(o))
			}
			t.Fatalf("%sx%s: the centre %s is not valued; the values are of %v", size, size, centre, got)
		}
		sc := quality.ScaleFor(c.State())
		for o, v := range vals {
			if sc.Expected(v) > sc.Expected(cv)+1e-9 {
				t.Fatalf("%sx%s: %s (%s) is valued above the centre (%s)", size, size,
					c.State().MoveString(o), ValueLabel(v, sc), ValueLabel(cv, sc))
			}
		}
	}
}
