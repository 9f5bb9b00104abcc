package ui

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/puzzle"
	"planiverse/rules"
	"planiverse/rules/registry"
	"planiverse/widgets"
)

// prefPuzzles is the preference key of the puzzle progress (JSON,
// puzzle.Progress).
const prefPuzzles = "puzzles.progress"

// allThemes is the theme choice that filters nothing.
const allThemes = "All themes"

// provisionalRD is the rating deviation above which a rating is shown as
// provisional, as lichess does.
const provisionalRD = 110

// sideWidth is the width of the column beside the board.
const sideWidth = 330

// historyShown is how many recent attempts the window lists.
const historyShown = 8

// puzzleView is the Game → Puzzles window's content: a board showing the
// puzzle (package puzzle checks the moves and plays the replies), the
// task, what the last move earned, the player's rating and streak, and
// the recent attempts.
type puzzleView struct {
	prefs    fyne.Preferences
	progress *puzzle.Progress
	rng      *rand.Rand

	game  string
	theme string
	att   *puzzle.Attempt
	board widgets.Board

	gameSel, themeSel         *widget.Select
	task, feedback, stats     *widget.Label
	history                   *widget.Label
	hintBtn, solutionBtn, nxt *widget.Button
	boardBox                  *fyne.Container
	root                      fyne.CanvasObject
}

// newPuzzleView builds the view on the progress saved in prefs and
// offers a first puzzle of game.
func newPuzzleView(prefs fyne.Preferences, game string) *puzzleView {
	v := &puzzleView{prefs: prefs, progress: puzzle.ParseProgress(prefs.String(prefPuzzles)),
		rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 71)), theme: allThemes}
	var titles []string
	for _, name := range puzzle.Games() {
		titles = append(titles, gameTitleOf(name))
	}
	v.gameSel = widget.NewSelect(titles, func(title string) {
		for _, name := range puzzle.Games() {
			if gameTitleOf(name) == title && name != v.game {
				v.game, v.theme = name, allThemes
				v.themeSel.Options = append([]string{allThemes}, puzzle.Themes(name)...)
				v.themeSel.SetSelected(allThemes)
				v.next()
			}
		}
	})
	v.themeSel = widget.NewSelect(nil, func(t string) {
		if t != v.theme {
			v.theme = t
			v.next()
		}
	})
	v.task = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.feedback = widget.NewLabel("")
	v.stats = widget.NewLabel("")
	v.history = widget.NewLabel("")
	v.hintBtn = widget.NewButton("Hint", v.hint)
	v.solutionBtn = widget.NewButton("Show solution", v.showSolution)
	v.nxt = widget.NewButton("Next puzzle", v.next)
	v.nxt.Importance = widget.HighImportance
	v.boardBox = container.NewStack()
	for _, l := range []*widget.Label{v.task, v.feedback, v.stats, v.history} {
		l.Wrapping = fyne.TextWrapWord
	}
	side := container.NewVBox(v.gameSel, v.themeSel, v.task, v.feedback,
		container.NewHBox(v.hintBtn, v.solutionBtn), v.nxt, widget.NewSeparator(), v.stats, v.history)
	// The column keeps one width, its texts wrapping, so that the board
	// does not move when a text changes.
	width := canvas.NewRectangle(color.Transparent)
	width.SetMinSize(fyne.NewSize(sideWidth, 0))
	v.root = container.NewBorder(nil, nil, nil, container.NewStack(width, side), v.boardBox)
	if !containsGame(game) {
		game = puzzle.Games()[0]
	}
	v.gameSel.SetSelected(gameTitleOf(game))
	return v
}

// containsGame reports whether game has puzzles.
func containsGame(game string) bool {
	for _, g := range puzzle.Games() {
		if g == game {
			return true
		}
	}
	return false
}

// gameTitleOf returns the title, in the window's language, of the game
// named name (registry name), or name for a game not registered.
func gameTitleOf(name string) string {
	if d, err := registry.Lookup(name); err == nil {
		return gameTitle(d)
	}
	return name
}

// next offers the next puzzle near the player's rating.
func (v *puzzleView) next() {
	ps, err := puzzle.Shipped(v.game)
	theme := v.theme
	if theme == allThemes {
		theme = ""
	}
	var p *puzzle.Puzzle
	if err == nil {
		p = v.progress.Game(v.game).Next(ps, theme, v.rng)
	}
	if p == nil {
		v.att = nil
		v.task.SetText("No puzzle to offer")
		v.boardBox.Objects = nil
		v.boardBox.Refresh()
		return
	}
	v.att, err = puzzle.Start(p)
	if err == nil {
		v.board, err = widgets.New(v.game, v.att.State())
	}
	if err != nil {
		v.att = nil
		v.task.SetText("This puzzle cannot be shown: " + err.Error())
		return
	}
	v.board.SetOnMove(v.move)
	v.boardBox.Objects = []fyne.CanvasObject{v.board}
	v.boardBox.Refresh()
	v.task.SetText(p.Task())
	v.feedback.SetText(fmt.Sprintf("Puzzle %s, rated %d · %s", p.ID, p.Rating, themesText(p.Themes)))
	v.setPlaying(true)
	v.showStats()
}

// themesText writes a puzzle's themes for the window.
func themesText(ts []string) string {
	if len(ts) == 0 {
		return "no theme"
	}
	return strings.Join(ts, ", ")
}

// setPlaying enables the board and the buttons of a puzzle in play.
func (v *puzzleView) setPlaying(on bool) {
	v.board.SetInteractive(on)
	if on {
		v.hintBtn.Enable()
		v.solutionBtn.Enable()
	} else {
		v.hintBtn.Disable()
		v.solutionBtn.Disable()
	}
}

// move answers the player's move on the board.
func (v *puzzleView) move(m rules.Move) {
	if v.att == nil || v.att.Done() {
		return
	}
	verdict, _ := v.att.Try(m)
	v.board.SetHint(rules.NoMove)
	v.board.Update()
	switch verdict {
	case puzzle.Wrong:
		v.feedback.SetText("Not quite — try again.")
	case puzzle.Correct:
		v.feedback.SetText("Correct — the reply is on the board; go on.")
	case puzzle.Solved:
		if v.att.Clean() {
			v.feedback.SetText("Correct! Puzzle solved.")
		} else {
			v.feedback.SetText("Solved, with help: it counts as failed and comes back later.")
		}
		v.finish(v.att.Clean())
	}
}

// hint marks the solution's next move.
func (v *puzzleView) hint() {
	if v.att != nil && !v.att.Done() {
		v.board.SetHint(v.att.Hint())
		v.feedback.SetText("The marked move is the one to play.")
	}
}

// showSolution plays the rest of the line.
func (v *puzzleView) showSolution() {
	if v.att == nil || v.att.Done() {
		return
	}
	rest := v.att.ShowSolution()
	v.board.SetHint(rules.NoMove)
	v.board.Update()
	v.feedback.SetText("Solution: " + strings.Join(rest, " ") + ". It comes back later.")
	v.finish(false)
}

// finish records the attempt, saves the progress and ends play on the
// board.
func (v *puzzleView) finish(solved bool) {
	v.progress.Game(v.game).Record(v.att.P, solved)
	v.prefs.SetString(prefPuzzles, v.progress.Marshal())
	v.setPlaying(false)
	v.showStats()
}

// showStats writes the rating, the streak and the recent attempts.
func (v *puzzleView) showStats() {
	g := v.progress.Game(v.game)
	solved := 0
	for _, e := range g.History {
		if e.Solved {
			solved++
		}
	}
	rating := fmt.Sprint(int(math.Round(g.Rating.R)))
	if g.Rating.RD > provisionalRD {
		rating += " (provisional)"
	}
	v.stats.SetText(fmt.Sprintf("Your %s puzzle rating: %s\nStreak: %s · solved %d of %s",
		gameTitleOf(v.game), rating, plural(g.Streak, "puzzle", "puzzles"), solved, plural(len(g.History), "attempt", "attempts")))
	var lines []string
	for i := len(g.History) - 1; i >= 0 && len(lines) < historyShown; i-- {
		e := g.History[i]
		mark := "✗"
		if e.Solved {
			mark = "✓"
		}
		lines = append(lines, fmt.Sprintf("%s %s (rating %d)", mark, e.ID, e.Rating))
	}
	v.history.SetText(strings.Join(lines, "\n"))
}

// plural writes n with the noun in the singular or the plural.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// showPuzzles opens the Puzzles window on the current game's puzzles.
func (g *gui) showPuzzles() {
	w := g.app.NewWindow("Puzzles")
	game := ""
	if g.ctl != nil {
		game = g.ctl.Descriptor().Name
	}
	v := newPuzzleView(g.app.Preferences(), game)
	w.SetContent(v.root)
	w.Resize(fyne.NewSize(900, 620))
	w.Show()
}
