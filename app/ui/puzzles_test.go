package ui

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/puzzle"
	"planiverse/app/session"
	"planiverse/rules"
)

// solutionMove returns the puzzle view's next solution move.
func solutionMove(t *testing.T, v *puzzleView) rules.Move {
	t.Helper()
	m, err := v.att().State().ParseMove(v.att().P.Solution[v.att().Step()])
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestPuzzleWindowSolve plays a puzzle of each game in the window: a
// wrong move is answered "Not quite — try again", the line then solves
// it with help (a failure for the rating), and the next puzzle solved
// cleanly says "Correct!"; the progress is saved in the preferences.
func TestPuzzleWindowSolve(t *testing.T) {
	a := test.NewTempApp(t)
	for _, game := range puzzle.Games() {
		v := newPuzzleView(a.Preferences(), game)
		if v.att() == nil || !strings.Contains(v.task.Text, "to play and") {
			t.Fatalf("%s: task %q", game, v.task.Text)
		}
		right := solutionMove(t, v)
		for _, m := range v.att().State().Moves(nil) {
			if m != right {
				v.move(m)
				break
			}
		}
		if v.feedback.Text != "Not quite — try again." {
			t.Errorf("%s: wrong move answered %q", game, v.feedback.Text)
		}
		for !v.att().Done() {
			v.move(solutionMove(t, v))
		}
		if !strings.HasPrefix(v.feedback.Text, "Solved, with help") {
			t.Errorf("%s: after a wrong try the end says %q", game, v.feedback.Text)
		}
		v.next()
		for !v.att().Done() {
			v.move(solutionMove(t, v))
		}
		if v.feedback.Text != "Correct! Puzzle solved." {
			t.Errorf("%s: a clean solve says %q", game, v.feedback.Text)
		}
		g := puzzle.ParseProgress(a.Preferences().String(prefPuzzles)).Game(game)
		if len(g.History) != 2 || g.History[0].Solved || !g.History[1].Solved || g.Streak != 1 || len(g.Retry) != 1 {
			t.Errorf("%s: saved progress %+v, want a failure then a success", game, g)
		}
		if !strings.Contains(v.stats.Text, "Streak: 1 puzzle") {
			t.Errorf("%s: stats %q", game, v.stats.Text)
		}
	}
}

// TestPuzzleWindowShowSolution checks Show solution: the line is played,
// the puzzle counts as failed, the buttons are off until the next one.
func TestPuzzleWindowShowSolution(t *testing.T) {
	a := test.NewTempApp(t)
	v := newPuzzleView(a.Preferences(), "dvonn")
	v.showSolution()
	if !v.att().Done() || !strings.HasPrefix(v.feedback.Text, "Solution: ") || !v.solutionBtn.Disabled() {
		t.Errorf("done %v feedback %q button off %v", v.att().Done(), v.feedback.Text, v.solutionBtn.Disabled())
	}
	if g := puzzle.ParseProgress(a.Preferences().String(prefPuzzles)).Game("dvonn"); len(g.History) != 1 || g.History[0].Solved {
		t.Errorf("saved %+v, want one failure", g.History)
	}
	v.next()
	if v.solutionBtn.Disabled() {
		t.Error("Show solution still off on the next puzzle")
	}
}

// TestPuzzlesMenuItem checks that Help → Puzzles… (after Learn…, the
// Game menu filling the window's default height) opens the Puzzles
// window on the current game's puzzles.
func TestPuzzlesMenuItem(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.startGame(settings("alak", session.VsComputer))
	help := g.win.MainMenu().Items[len(g.win.MainMenu().Items)-1]
	i := slices.IndexFunc(help.Items, func(it *fyne.MenuItem) bool { return it.Label == "Learn…" })
	if help.Label != "Help" || i < 0 || i+1 >= len(help.Items) || help.Items[i+1].Label != "Puzzles…" {
		t.Fatalf("Puzzles… does not follow Learn… in the Help menu")
	}
	help.Items[i+1].Action()
	for _, w := range a.Driver().AllWindows() {
		if w.Title() == "Puzzles" {
			if v, ok := w.Content().(*fyne.Container); !ok || len(v.Objects) == 0 {
				t.Errorf("the Puzzles window shows %T", w.Content())
			}
			return
		}
	}
	t.Error("no Puzzles window")
}

// TestPuzzleColumnMakesRoomForLongerTexts: a text that comes to wrap onto
// more lines gets the height its lines need, not the one it had.
func TestPuzzleColumnMakesRoomForLongerTexts(t *testing.T) {
	a := test.NewTempApp(t)
	v := newPuzzleView(a.Preferences(), "othello")
	w := a.NewWindow("Puzzles")
	w.SetContent(v.root)
	w.Resize(fyne.NewSize(900, 620))
	v.vm.Fail(errors.New(strings.Repeat("a long reason ", 12)))
	v.show()
	if h, need := v.task.Size().Height, v.task.MinSize().Height; h < need {
		t.Errorf("the task has %v of the %v its lines need", h, need)
	}
}

// hintMarks is what a board of package widgets shows of a hint.
type hintMarks interface {
	Region() []int
	Hint() rules.Move
}

// TestPuzzleWindowHintRegion checks the Hint button in each game: the
// first press highlights a region of the board and marks no move, the
// second marks the solution's move, and a move played or the next
// puzzle clears both.
func TestPuzzleWindowHintRegion(t *testing.T) {
	a := test.NewTempApp(t)
	for _, game := range puzzle.Games() {
		v := newPuzzleView(a.Preferences(), game)
		right := solutionMove(t, v)
		v.hint()
		b := v.board.(hintMarks)
		if len(b.Region()) < 2 || b.Hint() != rules.NoMove || !strings.Contains(v.feedback.Text, "highlighted region") {
			t.Errorf("%s: first hint: region %v, move %v, feedback %q", game, b.Region(), b.Hint(), v.feedback.Text)
		}
		v.hint()
		if len(b.Region()) < 2 || b.Hint() != right || v.feedback.Text != "The marked move is the one to play." {
			t.Errorf("%s: second hint: region %v, move %v (want %v), feedback %q", game, b.Region(), b.Hint(), right, v.feedback.Text)
		}
		v.move(right)
		if b.Region() != nil || b.Hint() != rules.NoMove {
			t.Errorf("%s: after the move: region %v, move %v", game, b.Region(), b.Hint())
		}
		v.next()
		v.hint()
		v.next()
		if b := v.board.(hintMarks); b.Region() != nil || b.Hint() != rules.NoMove {
			t.Errorf("%s: the next puzzle shows region %v, move %v", game, b.Region(), b.Hint())
		}
	}
}
