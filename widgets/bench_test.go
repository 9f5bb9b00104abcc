package widgets

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// boardCase is a rendered board and its position, for benchmarks.
type boardCase struct {
	name string
	s    rules.State
	w    Board
}

func benchBoards(tb testing.TB) []boardCase {
	test.NewTempApp(tb)
	ob := othello.New()
	gg, _ := gomoku.New(gomoku.Options{Size: 15})
	dg := dvonn.New()
	for _, m := range strings.Fields(dvonnPlacement + " " + dvonnMoves) {
		mv, err := dg.ParseMove(m)
		if err != nil {
			tb.Fatal(err)
		}
		dg.Play(mv)
	}
	ag := alak.NewClassic()
	cases := []boardCase{
		{"othello", ob, NewOthelloBoard(ob)},
		{"gomoku", gg, NewGomokuBoard(gg)},
		{"dvonn", dg, NewDvonnBoard(dg)},
		{"alak", ag, NewAlakBoard(ag)},
	}
	for _, c := range cases {
		w := test.NewTempWindow(tb, c.w)
		w.Resize(fyne.NewSize(600, 500))
		c.w.Resize(fyne.NewSize(600, 500))
	}
	return cases
}

// BenchmarkUpdate measures one move played and undone on the position,
// each followed by the board's Update (what the app does per move).
func BenchmarkUpdate(b *testing.B) {
	for _, c := range benchBoards(b) {
		b.Run(c.name, func(b *testing.B) {
			m := c.s.Moves(nil)[0]
			for b.Loop() {
				c.s.Play(m)
				c.w.Update()
				c.s.Undo()
				c.w.Update()
			}
		})
	}
}

// BenchmarkRefreshUnchanged measures a refresh that changes nothing (hover
// and theme refreshes): it should touch no canvas object.
func BenchmarkRefreshUnchanged(b *testing.B) {
	for _, c := range benchBoards(b) {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				c.w.Refresh()
			}
		})
	}
}

// TestRefreshUnchangedAllocs checks a refresh of an unchanged position
// allocates nothing (it runs on every hover change).
func TestRefreshUnchangedAllocs(t *testing.T) {
	for _, c := range benchBoards(t) {
		c.w.Refresh()
		if n := testing.AllocsPerRun(20, c.w.Refresh); n != 0 {
			t.Errorf("%s: Refresh allocates %.1f times", c.name, n)
		}
	}
}
