package puzzle

import (
	"strings"
	"testing"

	"planiverse/app/i18n"
)

// TestTaskAndThemeWordsHaveEntries: every task sentence and every theme
// name has its en.json entry with the same English (their keys are
// computed, so app/i18n's check of literal keys does not see them), and
// every shipped puzzle's goal and side have a task sentence.
func TestTaskAndThemeWordsHaveEntries(t *testing.T) {
	for id, en := range tasks {
		if got, ok := i18n.English("puzzle.task." + id); !ok || got != en {
			t.Errorf("puzzle.task.%s: en.json has %q (%v), the code %q", id, got, ok, en)
		}
	}
	for _, game := range Games() {
		for _, th := range Themes(game) {
			key := "puzzle.theme." + strings.ToLower(th)
			if got, ok := i18n.English(key); !ok || got != th {
				t.Errorf("%s: en.json has %q (%v), want %q", key, got, ok, th)
			}
			if ThemeName(th) != th {
				t.Errorf("ThemeName(%q) = %q in English", th, ThemeName(th))
			}
		}
		ps, err := Shipped(game)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			if _, ok := tasks[string(p.Goal)+"."+p.Side]; !ok {
				t.Errorf("%s: no task sentence for goal %q, side %q", p.ID, p.Goal, p.Side)
				break
			}
		}
	}
	if got := ThemeName("no-such-theme"); got != "no-such-theme" {
		t.Errorf("ThemeName of an unknown theme = %q", got)
	}
	p := Puzzle{Side: "white", Goal: Best}
	if got := p.Task(); got != "White to play and keep the best score" {
		t.Errorf("Task() = %q", got)
	}
}
