package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// TestPuzzlesInEveryLanguage: through Fyne's lang (as the window looks
// texts up), the Puzzles window shows each language's task sentence,
// theme names, buttons and streak with the plural form of 0.
func TestPuzzlesInEveryLanguage(t *testing.T) {
	streaks := map[string]string{
		"ja": "連続正解：0問",
		"ru": "Серия: 0 задач",
		"cs": "Série: 0 úloh",
		"de": "Serie: 0 Rätsel",
		"fr": "Série\u00a0: 0 problème",
	}
	eachLanguage(t, func(tag string, tr func(string) string) {
		v := newPuzzleView(test.NewTempApp(t).Preferences(), "othello")
		p := v.att().P
		if want := tr("puzzle.task." + string(p.Goal) + "." + p.Side); v.task.Text != want {
			t.Errorf("%s task %q, want %q", tag, v.task.Text, want)
		}
		if want := tr("puzzle.all_themes"); v.themeSel.Selected != want || v.themeSel.Options[0] != want {
			t.Errorf("%s theme filter %q of %q, want %q first", tag, v.themeSel.Selected, v.themeSel.Options, want)
		}
		if want := tr("puzzle.theme.corner"); !slices.Contains(v.themeSel.Options, want) {
			t.Errorf("%s theme filter %q lacks %q", tag, v.themeSel.Options, want)
		}
		if want := tr("ui.puzzle.hint"); v.hintBtn.Text != want {
			t.Errorf("%s Hint button %q, want %q", tag, v.hintBtn.Text, want)
		}
		if want, ok := streaks[tag]; ok && !strings.Contains(v.stats.Text, want) {
			t.Errorf("%s stats %q, want %q", tag, v.stats.Text, want)
		}
		if strings.Contains(v.stats.Text, "Streak") || strings.Contains(v.stats.Text, "{{") {
			t.Errorf("%s stats %q are not translated", tag, v.stats.Text)
		}
	})
}
