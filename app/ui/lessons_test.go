package ui

import (
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/session"
	"planiverse/rules"
	"planiverse/widgets"
)

// tapMove taps the board b where a tap plays move m, found by tapping
// across the board with the callbacks caught, then tapping there for real
// with onMove as the board's callback for moves and refused moves.
func tapMove(t *testing.T, b widgets.Board, m rules.Move, onMove func(rules.Move)) {
	t.Helper()
	var got rules.Move
	b.SetOnMove(func(x rules.Move) { got = x })
	refuser := b.(interface{ SetOnRefused(func(rules.Move)) })
	refuser.SetOnRefused(func(rules.Move) {})
	defer refuser.SetOnRefused(onMove)
	size := b.Size()
	for y := float32(2); y < size.Height; y += 4 {
		for x := float32(2); x < size.Width; x += 4 {
			got = rules.NoMove
			b.(fyne.Tappable).Tapped(&fyne.PointEvent{Position: fyne.NewPos(x, y)})
			if got == m {
				b.SetOnMove(onMove)
				b.(fyne.Tappable).Tapped(&fyne.PointEvent{Position: fyne.NewPos(x, y)})
				return
			}
		}
	}
	t.Fatalf("no point of the %v board plays the move", size)
}

// TestLearnPlaysAStage: Help → Learn opens the current game's course on its
// first stage; the stage's right move tapped on the board gives the
// success text with three stars, saved in the preferences; the game on the
// window is as it was when the dialog closes.
func TestLearnPlaysAStage(t *testing.T) {
	g, q := newTestGUI(t)
	g.win.Resize(defaultWindow)
	g.startGame(settings("othello", session.VsPerson))
	playTexts(t, g.ctl, "f5 d6")
	before := g.ctl.State().String()

	menuAction(t, g, "Learn…")
	top := g.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("Learn opened no dialog")
	}
	text := labelsOf(top)
	if !strings.Contains(text, "Othello · step 1 of 8: A move must flip") || !strings.Contains(text, "0 of 8 steps done") {
		t.Fatalf("the dialog shows:\n%s", text)
	}
	board, ok := findWhere(top, func(b *widgets.OthelloBoard) bool { return true })
	if !ok || board.Size().Width < 100 {
		t.Fatalf("no Othello board in the dialog (%v)", ok)
	}
	stage := lessonStage(t, "othello", 0)
	m, err := stage.ParseMove("d3")
	if err != nil {
		t.Fatal(err)
	}
	tapMove(t, board, m, g.learn.vm.Try)
	q.RunUntil(t, "the try's answer", func() bool { return !g.learn.view.Busy && g.learn.view.Feedback != "" })
	text = labelsOf(top)
	if !strings.Contains(text, "★★★  The disc on d4 was caught") || !strings.Contains(text, "1 of 8 steps done, 3 of 24 stars") {
		t.Fatalf("after d3 the dialog shows:\n%s", text)
	}
	if got := loadLessonProgress(g.app.Preferences()); got["othello.flip"] != 3 {
		t.Errorf("saved progress %v", got)
	}
	test.Tap(findButton(top, "Next"))
	if text := labelsOf(top); !strings.Contains(text, "step 2 of 8") {
		t.Errorf("after Next:\n%s", text)
	}
	test.Tap(findButton(top, "Back to the game"))
	if g.win.Canvas().Overlays().Top() != nil {
		t.Fatal("Back to the game left the dialog open")
	}
	if g.ctl.State().String() != before {
		t.Error("the lesson changed the game on the window")
	}
}

// lessonStage returns the start position of stage i of game's course.
func lessonStage(t *testing.T, game string, i int) rules.State {
	t.Helper()
	vm, err := session.NewLessons(game, nil, func(func()) {})
	if err != nil {
		t.Fatal(err)
	}
	if err := vm.Open(i); err != nil {
		t.Fatal(err)
	}
	return vm.Position()
}

// TestLessonOfferedOnce: with the offer on, the first start of a game
// never played offers its lessons ("New to DVONN? Learn the rules in 8
// short steps."), and Learn opens them; the next start of it does not.
func TestLessonOfferedOnce(t *testing.T) {
	g, _ := newTestGUI(t)
	g.win.Resize(defaultWindow)
	g.lessonOffers = true
	g.startGame(settings("dvonn", session.VsPerson))
	top := g.win.Canvas().Overlays().Top()
	if top == nil || !strings.Contains(labelsOf(top), "New to DVONN? Learn the rules in 8 short steps.") {
		t.Fatal("no offer of DVONN's lessons")
	}
	test.Tap(findButton(top, "Learn"))
	if top = g.win.Canvas().Overlays().Top(); top == nil || !strings.Contains(labelsOf(top), "DVONN · step 1 of 8") {
		t.Fatal("Learn did not open DVONN's lessons")
	}
	test.Tap(findButton(top, "Back to the game"))
	g.startGame(settings("dvonn", session.VsPerson))
	if g.win.Canvas().Overlays().Top() != nil {
		t.Error("the offer was made twice")
	}
	countGame(g.app.Preferences(), "alak", 1, "won")
	g.startGame(settings("alak", session.VsPerson))
	if g.win.Canvas().Overlays().Top() != nil {
		t.Error("the offer was made for a game played before")
	}
}

// TestStageLayout: a wide area puts the text beside a square board and
// under a board twice as wide as high, whichever leaves the board larger.
func TestStageLayout(t *testing.T) {
	test.NewTempApp(t)
	text := widget.NewLabel("You play Black: take a corner.")
	text.Wrapping = fyne.TextWrapWord
	for _, c := range []struct {
		name   string
		board  fyne.Size // the board's least size: its aspect ratio
		beside bool
	}{
		{"square board", fyne.NewSize(100, 100), true},
		{"wide board", fyne.NewSize(200, 100), false},
	} {
		board := canvas.NewRectangle(color.Black)
		board.SetMinSize(c.board)
		box := container.NewVBox(text)
		stageLayout{}.Layout([]fyne.CanvasObject{board, box}, fyne.NewSize(900, 400))
		beside := box.Position().X > 0 && box.Position().Y == 0
		if beside != c.beside {
			t.Errorf("%s: text at %v (board %v), want beside %v", c.name, box.Position(), board.Size(), c.beside)
		}
		if box.Position().X < board.Position().X+board.Size().Width && box.Position().Y < board.Position().Y+board.Size().Height {
			t.Errorf("%s: the text at %v overlaps the board %v", c.name, box.Position(), board.Size())
		}
	}
}

// TestLearnEnterGoesOn: Enter in the Learn dialog does nothing before the
// stage is solved and opens the next stage after.
func TestLearnEnterGoesOn(t *testing.T) {
	g, q := newTestGUI(t)
	g.win.Resize(defaultWindow)
	g.startGame(settings("alak", session.VsPerson))
	menuAction(t, g, "Learn…")
	u := g.learn
	g.dialogKey(fyne.KeyReturn)
	if u.view.Current != 0 || g.win.Canvas().Overlays().Top() == nil {
		t.Fatalf("Enter before the stage was solved: stage %d, dialog open %v", u.view.Current, g.win.Canvas().Overlays().Top() != nil)
	}
	m, err := u.vm.Position().ParseMove("1-5")
	if err != nil {
		t.Fatal(err)
	}
	u.vm.Try(m)
	q.RunUntil(t, "the answer", func() bool { return u.view.Solved })
	g.dialogKey(fyne.KeyReturn)
	if u.view.Current != 1 {
		t.Errorf("Enter after the stage was solved: stage %d, want 1", u.view.Current)
	}
}

// TestLearnTitlesWrap: in a narrow Learn dialog in German, whose titles
// run long, every stage's title in the list is whole, wrapped over as
// many lines as it needs, its row as tall as its lines.
func TestLearnTitlesWrap(t *testing.T) {
	inLanguage(t, "de", func() {
		g, _ := newTestGUI(t)
		g.win.Resize(fyne.NewSize(700, 520))
		g.startGame(settings("othello", session.VsPerson))
		u := g.openLessons("othello")
		if u == nil {
			t.Fatal("no Learn dialog")
		}
		wrapped := 0
		seen := map[string]bool{}
		eachObject(u.list, func(o fyne.CanvasObject) bool {
			l, ok := o.(*wrapLabel)
			if !ok || l.Source == "" || !o.Visible() {
				return false
			}
			seen[l.Source] = true
			if l.Truncation != fyne.TextTruncateOff {
				t.Errorf("%q is truncated", l.Source)
			}
			if h := l.MinSize().Height; l.Size().Height+0.5 < h {
				t.Errorf("%q needs %.0f high, its row gives %.0f", l.Source, h, l.Size().Height)
			}
			if l.MinSize().Height > widget.NewLabel("x").MinSize().Height+1 {
				wrapped++
			}
			return false
		})
		if len(seen) == 0 {
			t.Fatal("no stage title found in the list")
		}
		if wrapped == 0 {
			t.Errorf("no title wraps in a %v list: not a test", u.list.Size())
		}
	})
}
