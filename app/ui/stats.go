package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"planiverse/ai"
	"planiverse/app/i18n"
	"planiverse/rules/registry"
)

// Statistics: the person's games against Planiverse's computer, won, drawn
// and lost, per game and level, kept in the preferences under
// "stats.<game>.<level>.<won|drawn|lost>".

// statOutcomes are the counted outcomes in display order.
var statOutcomes = [3]string{"won", "drawn", "lost"}

func statKey(game string, level int, outcome string) string {
	return fmt.Sprintf("stats.%s.%d.%s", game, level, outcome)
}

// countGame adds one game of game at level with outcome ("won", "drawn",
// "lost") to the statistics in p.
func countGame(p fyne.Preferences, game string, level int, outcome string) {
	k := statKey(game, level, outcome)
	p.SetInt(k, p.Int(k)+1)
}

// statLine is one game and level's counts.
type statLine struct {
	Game  string // the game's title
	Level int
	Count [3]int // won, drawn, lost
}

// loadStats returns the lines with at least one game, in registry and
// level order.
func loadStats(p fyne.Preferences) []statLine {
	var out []statLine
	for _, d := range registry.Games() {
		for _, l := range ai.AllLevels() {
			line := statLine{Game: gameTitle(d), Level: l.Number}
			total := 0
			for i, o := range statOutcomes {
				line.Count[i] = p.Int(statKey(d.Name, l.Number, o))
				total += line.Count[i]
			}
			if total > 0 {
				out = append(out, line)
			}
		}
	}
	return out
}

// resetStats forgets every count.
func resetStats(p fyne.Preferences) {
	for _, d := range registry.Games() {
		for _, l := range ai.AllLevels() {
			for _, o := range statOutcomes {
				p.RemoveValue(statKey(d.Name, l.Number, o))
			}
		}
	}
}

// countFinished counts the finished game once (the window calls it when a
// game ends; taking moves back and finishing again does not count twice).
func (g *gui) countFinished() {
	if g.counted {
		return
	}
	outcome, ok := g.ctl.PersonOutcome()
	if !ok {
		return
	}
	g.counted = true
	set := g.ctl.Settings()
	countGame(g.app.Preferences(), set.Game, set.Level, outcome)
}

// statsGrid lays the lines out as a table of labels.
func statsGrid(lines []statLine) fyne.CanvasObject {
	if len(lines) == 0 {
		return widget.NewLabel(i18n.T("ui.stats.none", "No finished games against the computer yet.", nil))
	}
	cells := []fyne.CanvasObject{}
	bold := func(s string) fyne.CanvasObject {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	cells = append(cells, bold(i18n.T("ui.newgame.game", "Game", nil)), bold(i18n.T("ui.newgame.level", "Level", nil)),
		bold(i18n.T("ui.stats.won", "Won", nil)), bold(i18n.T("ui.stats.drawn", "Drawn", nil)),
		bold(i18n.T("ui.stats.lost", "Lost", nil)), bold(i18n.T("ui.stats.score", "Score", nil)))
	for _, l := range lines {
		total := l.Count[0] + l.Count[1] + l.Count[2]
		pct := 100 * (float64(l.Count[0]) + float64(l.Count[1])/2) / float64(total)
		cells = append(cells, widget.NewLabel(l.Game),
			widget.NewLabel(levelOption(ai.LevelOf(l.Level))),
			widget.NewLabel(i18n.Number(l.Count[0])), widget.NewLabel(i18n.Number(l.Count[1])),
			widget.NewLabel(i18n.Number(l.Count[2])), widget.NewLabel(i18n.Percent(pct, 0)))
	}
	return container.NewGridWithColumns(6, cells...)
}

// showStats shows the statistics with a button that resets them.
func (g *gui) showStats() {
	d, _, _ := g.statsDialog()
	g.show(d, nil)
}

// statsDialog builds the statistics dialog: the table at the top (its
// rows never stretched over the dialog's height), Reset beside Close at
// the bottom, the dialog sized to the table within the window. It returns
// the table's box and the Reset button as well (tests).
func (g *gui) statsDialog() (dialog.Dialog, *fyne.Container, *widget.Button) {
	p := g.app.Preferences()
	box := container.NewVBox(widget.NewLabel(i18n.T("ui.stats.heading", "Your games against the computer:", nil)), statsGrid(loadStats(p)))
	var d *dialog.CustomDialog
	reset := widget.NewButtonWithIcon(i18n.T("ui.stats.reset", "Reset…", nil), theme.DeleteIcon(), func() {
		c := dialog.NewConfirm(i18n.T("ui.stats.reset_title", "Reset statistics", nil), i18n.T("ui.stats.reset_question", "Forget every counted game?", nil), func(yes bool) {
			if yes {
				resetStats(p)
				box.Objects[1] = statsGrid(nil)
				box.Refresh()
			}
		}, g.win)
		g.show(c, c.Confirm)
	})
	reset.Importance = widget.LowImportance
	closeButton := widget.NewButton(i18n.T("ui.button.close", "Close", nil), func() { d.Hide() })
	closeButton.Importance = widget.HighImportance
	d = dialog.NewCustomWithoutButtons(i18n.T("ui.statistics", "Statistics", nil), container.NewVScroll(box), g.win)
	d.SetButtons([]fyne.CanvasObject{reset, closeButton})
	win := g.win.Canvas().Size()
	want := box.MinSize().AddWidthHeight(80, 140) // title, buttons and margins
	d.Resize(fyne.NewSize(min(max(want.Width, 420), win.Width-40), min(want.Height, win.Height-40)))
	return d, box, reset
}
