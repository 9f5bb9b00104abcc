package ui

import (
	"image/color"
	"math/rand/v2"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/i18n"
	"planiverse/app/puzzle"
	"planiverse/app/session"
	"planiverse/rules"
	"planiverse/rules/registry"
	"planiverse/widgets"
)

// prefPuzzles is the preference key of the puzzle progress (JSON,
// puzzle.Progress).
const prefPuzzles = "puzzles.progress"

// sideWidth is the width of the column beside the board.
const sideWidth = 330

// puzzleView is the Help → Puzzles window's content: it draws the
// view-model session.Puzzles computes (the task, what the last move
// earned, the player's rating and streak, the recent attempts) beside a
// board showing the puzzle, and forwards the player's input to it.
type puzzleView struct {
	vm    *session.Puzzles
	board widgets.Board

	gameSel, themeSel         *widget.Select
	themes                    []session.PuzzleTheme // the choices of themeSel
	task, feedback, stats     *wrapLabel
	history                   *wrapLabel
	hintBtn, solutionBtn, nxt *widget.Button
	boardBox, side            *fyne.Container
	root                      fyne.CanvasObject
}

// newPuzzleView builds the view on the progress saved in prefs and
// offers a first puzzle of game.
func newPuzzleView(prefs fyne.Preferences, game string) *puzzleView {
	v := &puzzleView{}
	var titles []string
	for _, name := range puzzle.Games() {
		titles = append(titles, gameTitleOf(name))
	}
	v.gameSel = widget.NewSelect(titles, func(title string) {
		for _, name := range puzzle.Games() {
			if gameTitleOf(name) == title && name != v.vm.Game() {
				v.vm.SetGame(name)
				v.showPuzzle()
			}
		}
	})
	v.themeSel = widget.NewSelect(nil, func(name string) {
		for _, t := range v.themes {
			if t.Name == name && t.ID != v.vm.Theme() {
				v.vm.SetTheme(t.ID)
				v.showPuzzle()
			}
		}
	})
	v.task = newWrapLabel("")
	v.task.TextStyle.Bold = true
	v.feedback = newWrapLabel("")
	v.stats = newWrapLabel("")
	v.history = newWrapLabel("")
	v.hintBtn = widget.NewButton(i18n.T("ui.puzzle.hint", "Hint", nil), v.hint)
	v.solutionBtn = widget.NewButton(i18n.T("ui.puzzle.show_solution", "Show solution", nil), v.showSolution)
	v.nxt = widget.NewButton(i18n.T("ui.puzzle.next", "Next puzzle", nil), v.next)
	v.nxt.Importance = widget.HighImportance
	v.boardBox = container.NewStack()
	v.side = container.NewVBox(v.gameSel, v.themeSel, v.task, v.feedback,
		container.NewHBox(v.hintBtn, v.solutionBtn), v.nxt, widget.NewSeparator(), v.stats, v.history)
	// The column keeps one width, its texts wrapping, so that the board
	// does not move when a text changes.
	width := canvas.NewRectangle(color.Transparent)
	width.SetMinSize(fyne.NewSize(sideWidth, 0))
	v.root = container.NewBorder(nil, nil, nil, container.NewStack(width, v.side), v.boardBox)
	v.vm = session.NewPuzzles(puzzle.ParseProgress(prefs.String(prefPuzzles)), game,
		rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 71)))
	v.vm.OnProgress = func(p *puzzle.Progress) { prefs.SetString(prefPuzzles, p.Marshal()) }
	v.showPuzzle()
	return v
}

// gameTitleOf returns the title, in the window's language, of the game
// named name (registry name), or name for a game not registered.
func gameTitleOf(name string) string {
	if d, err := registry.Lookup(name); err == nil {
		return gameTitle(d)
	}
	return name
}

// att is the attempt in play, nil when there is none.
func (v *puzzleView) att() *puzzle.Attempt { return v.vm.Attempt() }

// next offers the next puzzle near the player's rating.
func (v *puzzleView) next() {
	v.vm.Next()
	v.showPuzzle()
}

// showPuzzle selects the view-model's game and theme and puts its puzzle
// on a new board.
func (v *puzzleView) showPuzzle() {
	v.gameSel.SetSelected(gameTitleOf(v.vm.Game()))
	v.themes = v.vm.Themes()
	names := make([]string, len(v.themes))
	for i, t := range v.themes {
		names[i] = t.Name
		if t.ID == v.vm.Theme() {
			v.themeSel.Selected = t.Name
		}
	}
	v.themeSel.SetOptions(names)
	v.board = nil
	v.boardBox.Objects = nil
	if att := v.att(); att != nil {
		b, err := widgets.New(att.P.Game, att.State())
		if err != nil {
			v.vm.Fail(err)
		} else {
			v.board = b
			v.board.SetOnMove(v.move)
			v.boardBox.Objects = []fyne.CanvasObject{v.board}
		}
	}
	v.boardBox.Refresh()
	v.show()
}

// show draws the view-model's texts and enables the board and buttons of
// a puzzle in play.
func (v *puzzleView) show() {
	view := v.vm.View()
	v.task.SetText(view.Task)
	v.feedback.SetText(view.Feedback)
	v.stats.SetText(view.Stats)
	v.history.SetText(strings.Join(view.History, "\n"))
	if v.board != nil {
		v.board.SetInteractive(view.Playing)
	}
	if view.Playing {
		v.hintBtn.Enable()
		v.solutionBtn.Enable()
	} else {
		v.hintBtn.Disable()
		v.solutionBtn.Disable()
	}
	// A text that now wraps onto more lines needs the column laid out
	// again, or the lines below it overlap it.
	v.side.Refresh()
}

// move hands the player's move on the board to the view-model.
func (v *puzzleView) move(m rules.Move) {
	if v.att() == nil || v.att().Done() {
		return
	}
	v.vm.Try(m)
	v.clearHint()
	v.board.Update()
	v.show()
}

// hint highlights the region of the solution's next move, or on a second
// press marks the move too. A board that cannot highlight a region gets
// the move at once.
func (v *puzzleView) hint() {
	if v.board == nil {
		return
	}
	h := v.vm.Hint()
	rm, ok := v.board.(widgets.RegionMarker)
	if !ok && h.Move == rules.NoMove && h.Region != nil {
		h = v.vm.Hint()
	}
	if ok {
		rm.SetRegion(h.Region)
	}
	v.board.SetHint(h.Move)
	v.show()
}

// clearHint drops the hint's marks, after the position changed or a try.
func (v *puzzleView) clearHint() {
	v.board.SetHint(rules.NoMove)
	if rm, ok := v.board.(widgets.RegionMarker); ok {
		rm.SetRegion(nil)
	}
}

// showSolution plays the rest of the line.
func (v *puzzleView) showSolution() {
	if v.att() == nil || v.att().Done() {
		return
	}
	v.vm.ShowSolution()
	v.clearHint()
	v.board.Update()
	v.show()
}

// showPuzzles opens the Puzzles window on the current game's puzzles.
func (g *gui) showPuzzles() {
	w := g.app.NewWindow(i18n.T("ui.puzzle.title", "Puzzles", nil))
	game := ""
	if g.ctl != nil {
		game = g.ctl.Descriptor().Name
	}
	v := newPuzzleView(g.app.Preferences(), game)
	w.SetContent(v.root)
	w.Resize(fyne.NewSize(900, 620))
	w.Show()
}
