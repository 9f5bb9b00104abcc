package ui

import (
	"strings"
	"testing"

	"planiverse/app/lesson"
	"planiverse/app/session"
)

// TestLessonsInEveryLanguage: through Fyne's lang (as the window looks
// texts up), the Learn view-model shows each language's own stage titles,
// task and summary, plural forms included, and a stage text whose key
// holds a move ("wrong.4-3") is found too.
func TestLessonsInEveryLanguage(t *testing.T) {
	summaries := map[string]string{
		"ja": "8ステップ中 0 完了、星 0/24",
		"ru": "Пройдено 0 из 8 шагов, 0 из 24 звёзд",
		"de": "0 von 8 Schritten erledigt, 0 von 24 Sternen",
	}
	c, err := lesson.Load("alak")
	if err != nil {
		t.Fatal(err)
	}
	var edge *lesson.Stage
	for i := range c.Stages {
		if c.Stages[i].ID == "alak.edge" {
			edge = &c.Stages[i]
		}
	}
	if edge == nil {
		t.Fatal("no alak.edge stage")
	}
	eachLanguage(t, func(tag string, tr func(string) string) {
		vm, err := session.NewLessons("gomoku", nil, func(func()) {})
		if err != nil {
			t.Fatal(err)
		}
		v := vm.View()
		if want := tr("lesson.gomoku.five.title"); !strings.HasSuffix(v.Heading, want) {
			t.Errorf("%s heading %q, want it to end with %q", tag, v.Heading, want)
		}
		if want := tr("lesson.gomoku.five.task"); v.Task != want {
			t.Errorf("%s task %q, want %q", tag, v.Task, want)
		}
		if want := tr("lesson.gomoku.block-four.title"); !strings.HasSuffix(v.Stages[1].Title, want) {
			t.Errorf("%s stage 2 %q, want %q", tag, v.Stages[1].Title, want)
		}
		if want, ok := summaries[tag]; ok && v.Summary != want {
			t.Errorf("%s summary %q, want %q", tag, v.Summary, want)
		}
		if strings.Contains(v.Summary, "steps") || strings.Contains(v.Summary, "{{") {
			t.Errorf("%s summary %q is not translated", tag, v.Summary)
		}
		if got, want := edge.Say("wrong.4-3", edge.Wrong["4-3"]), tr("lesson.alak.edge.wrong.4-3"); got != want {
			t.Errorf("%s alak.edge wrong 4-3 = %q, want %q", tag, got, want)
		}
	})
}
