package ui

import (
	"math"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"

	"planiverse/app/i18n"
	"planiverse/app/session/quality"
	"planiverse/rules/registry"
)

// qualityHelpIntro explains the move classes (Help ▸ Move quality).
const qualityHelpIntro = `The game report (Analysis ▸ Analyze game) judges every move by the engine. For each move it finds the best move of the position and compares the two: what the move played lost against the best is its loss. In Othello the loss is counted in discs (exact from 20 empty squares on, by deep search before). In the other games it is the drop of the mover's chance to win, in percent (draws counting half), from the engine's values, exact where a result is proven (Alak's perfect table, a Gomoku win by continuous fours).

Best move: the engine's choice, or as good.
Good move: a small loss, below the inaccuracy threshold.
Inaccuracy (?!), Mistake (?), Blunder (??): a loss at or above the thresholds below.
Missed win: the best move won by force and the move played does not.
Losing move: the move played loses by force where the best move did not.

Accuracy is how close to the best move each move was, 100% = always best: the mean, over a side's moves that had a choice, of 103.17·e^(−0.0435·drop) − 3.17 (the drop in percent of winning chances): 100% for a game of best moves.

Teaching game (Analysis menu): every move you make is judged at once; after a mistake or worse the panel says what it cost and why, in the game's own terms (a corner given away, a four left unblocked, a capture allowed), and offers "Take back and try again". Learn from your mistakes walks through your mistakes of the report: find a better move on the board; a best or good move counts as found.

The thresholds of each game:`

// qualityHelpText returns the Help's page on move quality, with each
// game's thresholds read from its analysis scale (ai.Analyst).
func qualityHelpText() string {
	var b strings.Builder
	b.WriteString(i18n.T("ui.quality.intro", qualityHelpIntro, nil))
	b.WriteString("\n")
	for _, d := range registry.Games() {
		s, err := d.Start(d.Defaults())
		if err != nil {
			continue
		}
		sc := quality.ScaleFor(s)
		data := map[string]any{"Game": gameTitle(d), "Inaccuracy": threshold(sc.Inaccuracy),
			"Mistake": threshold(sc.Mistake), "Blunder": threshold(sc.Blunder)}
		line := i18n.T("ui.quality.thresholds_chances", "{{.Game}}: inaccuracy from {{.Inaccuracy}}% of winning chances, mistake from {{.Mistake}}% of winning chances, blunder from {{.Blunder}}% of winning chances.", data)
		if sc.Unit != "" {
			data["Unit"] = lossUnit(sc.Unit)
			line = i18n.T("ui.quality.thresholds_unit", "{{.Game}}: inaccuracy from {{.Inaccuracy}} {{.Unit}}, mistake from {{.Mistake}} {{.Unit}}, blunder from {{.Blunder}} {{.Unit}}.", data)
		}
		b.WriteString("\n" + line)
	}
	return b.String()
}

// threshold is a threshold of the analysis scale as the window's language
// writes it: 2, 2.5 (2,5 in German).
func threshold(x float64) string {
	if x == math.Trunc(x) {
		return i18n.Decimal(x, 0)
	}
	return i18n.Decimal(x, 1)
}

// showQualityHelp shows Help ▸ Move quality.
func (a *analysisUI) showQualityHelp() {
	text := newWrapLabel(qualityHelpText())
	d := dialog.NewCustom(i18n.T("ui.quality.title", "Move quality", nil), i18n.T("ui.button.close", "Close", nil), container.NewVScroll(text), a.g.win)
	size := a.g.win.Canvas().Size()
	d.Resize(fyne.NewSize(min(680, size.Width-40), min(560, size.Height-40)))
	a.g.show(d, nil)
}
