package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
	"planiverse/app/session/quality"
)

// inView fails unless o is shown and lies wholly within the window's
// canvas.
func inView(t *testing.T, g *gui, what string, o fyne.CanvasObject) {
	t.Helper()
	if !o.Visible() {
		t.Fatalf("%s is hidden", what)
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	size, canvas := o.Size(), g.win.Canvas().Size()
	if pos.Y < 0 || pos.Y+size.Height > canvas.Height+0.5 || size.Height <= 0 {
		t.Fatalf("%s at y %v, %v high: outside the canvas %v high", what, pos.Y, size.Height, canvas.Height)
	}
}

// analyzedOthello starts an Othello game between two people, plays 16
// plies of the first legal move and makes its report.
func analyzedOthello(t *testing.T, g *gui, q *sessiontest.Queue) {
	t.Helper()
	g.startGame(settings("othello", session.VsPerson))
	firstLegal(t, g.ctl, 16)
	g.ctl.SetReportOptions(quality.Options{Depth: 2})
	g.ctl.SetTeachingOptions(quality.Options{Depth: 1})
	g.ctl.StartReport()
	q.RunUntil(t, "the report", func() bool { return g.ctl.Report() != nil })
}

// TestPanelFixedPartInView: the turn line, the seat rows and the main
// buttons stay within the window at its least size for 1366x768 at scales
// 1, 1.5 and 2, and at the default size, whatever the coach area says
// (Learn from your mistakes' long text, a report), and the panel has no
// scroll of its own to move them away.
func TestPanelFixedPartInView(t *testing.T) {
	g, q := newTestGUI(t)
	saved := screenPixels
	t.Cleanup(func() { screenPixels = saved })
	screenPixels.w, screenPixels.h = 1366, 768
	if _, ok := g.panel.content.(*container.Scroll); ok {
		t.Fatal("the panel scrolls as a whole")
	}
	analyzedOthello(t, g, q)
	least := g.win.Content().MinSize()
	states := map[string]func(){
		"game":   func() { g.ctl.Review(g.ctl.Plies()) },
		"review": func() { g.ctl.ReviewMistake(-1) },
		"learn": func() {
			if !g.ctl.StartLearning() {
				t.Fatal("no mistake to learn from")
			}
			g.ctl.RevealLearn()
		},
	}
	for _, scale := range []float32{1, 1.5, 2} {
		for _, size := range []fyne.Size{fyne.NewSize(least.Width, g.leastSize(scale).Height), defaultWindow} {
			for name, set := range states {
				g.win.Resize(size)
				set()
				g.refresh()
				what := func(s string) string { return fmt.Sprintf("%s (%s, scale %v, %v)", s, name, scale, size) }
				p := g.panel
				// A turn line that wraps onto more lines moves the
				// parts below it down at once.
				if top, slot := p.top.Position().Y+p.top.MinSize().Height, p.msgSlot.Position().Y; slot < top {
					t.Fatalf("%s at %v, over the buttons (to %v)", what("the message line"), slot, top)
				}
				// The panel never asks for more than the least size.
				if m, least := p.content.MinSize().Height, g.leastSize(scale).Height; m > least+0.5 {
					t.Fatalf("%s asks for %v, more than the window's least %v", what("the panel"), m, least)
				}
				inView(t, g, what("the turn line"), p.turn)
				inView(t, g, what("Black's row"), p.seats[0].box)
				inView(t, g, what("White's row"), p.seats[1].box)
				for _, b := range []*widget.Button{p.newGame, p.hint, p.resign, p.undo, p.redo} {
					inView(t, g, what("the "+b.Text+" button"), b)
				}
				if p.coach.Visible() {
					// The coach area never covers the fixed part, and its
					// text is whole (wrapped, scrolled within the area).
					if p.coach.Position().Y < p.msgSlot.Position().Y+p.msgSlot.Size().Height {
						t.Fatalf("%s over the message line", what("the coach area"))
					}
					if p.coachText.Truncation != fyne.TextTruncateOff || p.coachText.Wrapping != fyne.TextWrapWord {
						t.Fatalf("%s is cut short", what("the coach text"))
					}
					// Its buttons stay in view where the window has room
					// below the fixed part (at scale 1.5 and 2 on this
					// screen the least size has hardly any).
					if scale == 1 || size == defaultWindow {
						inView(t, g, what("the coach area's buttons"), p.coachButtons)
					}
				}
				g.ctl.StopLearning()
			}
		}
	}
}

// TestCoachAreaOneThing: the coach area shows one wrapped text, replaced
// as the coach's subject changes: the move on view after a report, the
// exercise in Learn, the move on view again after Stop; it is hidden in a
// game with nothing to say.
func TestCoachAreaOneThing(t *testing.T) {
	g, q := newTestGUI(t)
	g.startGame(settings("othello", session.VsPerson))
	g.win.Resize(defaultWindow)
	if g.panel.coach.Visible() {
		t.Fatalf("coach area shown with nothing to say: %q", g.panel.coachText.Text)
	}
	analyzedOthello(t, g, q)
	g.ctl.ReviewMistake(-1)
	g.refresh()
	text := g.panel.coachText.Text
	if !g.panel.coach.Visible() || !strings.HasPrefix(text, "Move ") || !g.an.navRow.Visible() || g.an.learnRow.Visible() {
		t.Fatalf("the mistake on view: coach %q, navigation %v, learn row %v", text, g.an.navRow.Visible(), g.an.learnRow.Visible())
	}
	g.ctl.StartLearning()
	if t2 := g.panel.coachText.Text; !strings.HasPrefix(t2, "Learn from your mistakes") || strings.Contains(t2, text) ||
		!g.an.learnRow.Visible() || g.an.navRow.Visible() {
		t.Fatalf("learning: coach %q (before %q), learn row %v, navigation %v", t2, text, g.an.learnRow.Visible(), g.an.navRow.Visible())
	}
	g.ctl.StopLearning()
	if t3 := g.panel.coachText.Text; strings.Contains(t3, "Learn") || g.an.learnRow.Visible() {
		t.Fatalf("after Stop: coach %q, learn row %v", t3, g.an.learnRow.Visible())
	}
}

// TestMovesGraphToggle: where the panel has no room for both the move
// list and the graph (the default size with the coach area speaking of a
// report), the Moves | Graph toggle shows one; the graph with its mistake
// marks is one click away and the choice outlives the window.
func TestMovesGraphToggle(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.win.Resize(defaultWindow)
	analyzedOthello(t, g, q)
	g.ctl.ReviewMistake(-1)
	g.refresh()
	p := g.panel
	p.body.Refresh()
	if p.graphBox.Visible() && p.moves.Visible() {
		t.Skip("room for both the list and the graph at the default size")
	}
	inView(t, g, "the Moves | Graph toggle", p.toggle)
	// The finished analysis put its graph in view, without making it the
	// player's choice.
	inView(t, g, "the graph after the analysis", p.graphBox)
	if a.Preferences().Bool(prefPanelGraph) {
		t.Fatal("the analysis's graph was remembered as the player's choice")
	}
	test.Tap(p.showMoves)
	inView(t, g, "the move list", p.moves)
	test.Tap(p.showGraphs)
	inView(t, g, "the graph", p.graphBox)
	if p.moves.Visible() {
		t.Fatal("the list stays beside the chosen graph")
	}
	marked := 0
	for _, c := range p.graph.Marks() {
		if c != nil {
			marked++
		}
	}
	if marked == 0 {
		t.Fatal("no mistake marked on the graph")
	}
	if !a.Preferences().Bool(prefPanelGraph) {
		t.Fatal("the choice is not remembered")
	}
	g.win.Close()
	g2 := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	defer g2.win.Close()
	if !g2.panel.graphChosen {
		t.Fatal("a new window forgot the choice of the graph")
	}
	// With room for both, both show and the toggle does not.
	g2.win.Resize(fyne.NewSize(1040, 1400))
	analyzedOthello(t, g2, q)
	if !g2.panel.graphBox.Visible() || !g2.panel.moves.Visible() || g2.panel.toggle.Visible() {
		t.Fatalf("a tall window: graph %v, list %v, toggle %v", g2.panel.graphBox.Visible(), g2.panel.moves.Visible(), g2.panel.toggle.Visible())
	}
}

// TestSharedLine: the message line, the thinking line and the review bar
// share one place below the buttons, one at a time: the search while it
// runs, a message before the hint found, the review bar over both.
func TestSharedLine(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	eng := sessiontest.NewScripted(true)
	g := newGUI(a, eng, q.Post, 1)
	defer g.win.Close()
	g.ctl.MinDelay = 0
	g.win.Resize(defaultWindow)
	g.startGame(settings("othello", session.VsComputer))
	p := g.panel
	shown := func() string {
		switch {
		case p.review.Visible():
			return "review"
		case p.thinkRow.Visible():
			return "thinking " + p.thinking.Text
		case p.msgRow.Visible():
			return "message " + p.messages.Text
		}
		return "nothing"
	}
	firstLegal(t, g.ctl, 1)
	eng.WaitStarted(t)
	q.Drain()
	if s := shown(); !strings.HasPrefix(s, "thinking Thinking…") {
		t.Fatalf("while the computer searches the line shows %q", s)
	}
	close(eng.Release)
	q.RunUntil(t, "the computer's reply", g.ctl.PersonToMove)
	g.hint()
	q.RunUntil(t, "the hint", func() bool { return strings.HasPrefix(shown(), "thinking Hint: ") })
	g.ctl.Note("A message.")
	if s := shown(); s != "message A message." {
		t.Fatalf("with a message and a hint the line shows %q", s)
	}
	g.ctl.Review(0)
	if s := shown(); s != "review" {
		t.Fatalf("in review the line shows %q", s)
	}
}
