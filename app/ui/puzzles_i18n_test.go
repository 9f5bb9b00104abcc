package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"planiverse/app/i18n"
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
	for _, l := range i18n.Languages {
		if l.Tag == "en" {
			continue
		}
		b, err := i18n.ReadBundle(i18n.BundleName(l.Tag))
		if err != nil {
			t.Fatal(err)
		}
		tr := func(key string) string {
			t.Helper()
			if b[key].Other == "" {
				t.Fatalf("%s lacks %s", l.Tag, key)
			}
			return b[key].Other
		}
		inLanguage(t, l.Tag, func() {
			v := newPuzzleView(test.NewTempApp(t).Preferences(), "othello")
			p := v.att().P
			if want := tr("puzzle.task." + string(p.Goal) + "." + p.Side); v.task.Text != want {
				t.Errorf("%s task %q, want %q", l.Tag, v.task.Text, want)
			}
			if want := tr("puzzle.all_themes"); v.themeSel.Selected != want || v.themeSel.Options[0] != want {
				t.Errorf("%s theme filter %q of %q, want %q first", l.Tag, v.themeSel.Selected, v.themeSel.Options, want)
			}
			if want := tr("puzzle.theme.corner"); !slices.Contains(v.themeSel.Options, want) {
				t.Errorf("%s theme filter %q lacks %q", l.Tag, v.themeSel.Options, want)
			}
			if want := tr("ui.puzzle.hint"); v.hintBtn.Text != want {
				t.Errorf("%s Hint button %q, want %q", l.Tag, v.hintBtn.Text, want)
			}
			if want, ok := streaks[l.Tag]; ok && !strings.Contains(v.stats.Text, want) {
				t.Errorf("%s stats %q, want %q", l.Tag, v.stats.Text, want)
			}
			if strings.Contains(v.stats.Text, "Streak") || strings.Contains(v.stats.Text, "{{") {
				t.Errorf("%s stats %q are not translated", l.Tag, v.stats.Text)
			}
		})
	}
}
