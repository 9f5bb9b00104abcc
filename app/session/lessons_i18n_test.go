package session

import (
	"strings"
	"sync"
	"testing"
	"text/template"
	"unicode"

	"planiverse/app/i18n"
	"planiverse/app/internal/sessiontest"
)

// marking is an i18n backend that executes the English text and wraps it
// in ⟦ ⟧, so that a text that came through i18n shows it; it notes each
// word argument that did not come through i18n itself (move notation,
// the arguments named in notation, excepted).
type marking struct {
	mu    sync.Mutex
	plain []string // "key: Arg = text" of each unmarked word argument
}

// notation are arguments that hold a game's notation, the same in every
// language.
var notation = map[string]bool{"Move": true}

func (m *marking) mark(key, fallback string, data map[string]any) string {
	for name, v := range data {
		if s, ok := v.(string); ok && !notation[name] && !marked(s) && strings.IndexFunc(s, unicode.IsLetter) >= 0 {
			m.mu.Lock()
			m.plain = append(m.plain, key+": "+name+" = "+s)
			m.mu.Unlock()
		}
	}
	var sb strings.Builder
	if err := template.Must(template.New(key).Parse(fallback)).Execute(&sb, data); err != nil {
		return err.Error()
	}
	return "⟦" + sb.String() + "⟧"
}

func (m *marking) Translate(key, fallback string, data map[string]any) string {
	return m.mark(key, fallback, data)
}

func (m *marking) Plural(key, fallback string, _ int, data map[string]any) string {
	return m.mark(key, fallback, data)
}

// marked reports whether s came through the marking backend.
func marked(s string) bool { return strings.HasPrefix(s, "⟦") && strings.HasSuffix(s, "⟧") }

// installMarking installs a marking backend for the test and returns it
// with check, which fails the test unless a text came through it.
func installMarking(t *testing.T) (*marking, func(what, text string)) {
	m := &marking{}
	i18n.Install(m)
	t.Cleanup(func() { i18n.Install(nil) })
	return m, func(what, text string) {
		t.Helper()
		if !marked(text) {
			t.Errorf("%s %q did not come through i18n", what, text)
		}
	}
}

// TestLessonTextsComeThroughI18n: with a marking backend, every text of
// the Learn view-model (heading, task, stage list, summary, "Checking…",
// a refused try's answer and the tries, the success text, Show
// solution's sentence, the game's title and the first-start offer) came
// through i18n, and so did every word argument of its templates.
func TestLessonTextsComeThroughI18n(t *testing.T) {
	m, check := installMarking(t)
	check("offer", LessonOffer("dvonn", 0, false))
	q := sessiontest.NewQueue()
	l, err := NewLessons("othello", nil, q.Post)
	if err != nil {
		t.Fatal(err)
	}
	changes := 0
	l.OnChange = func() { changes++ }
	check("title", l.Title())
	views := func(what string, v LessonView) {
		t.Helper()
		check(what+" heading", v.Heading)
		check(what+" task", v.Task)
		check(what+" summary", v.Summary)
		for _, it := range v.Stages {
			check(what+" stage", it.Title)
		}
	}
	views("first view", l.View())
	l.Try(move(t, l.Position(), "f5"))
	check("while checking", l.View().Feedback)
	q.RunUntil(t, "the wrong try's answer", func() bool { return changes == 1 })
	v := l.View()
	views("after a wrong try", v)
	check("wrong try", v.Feedback)
	check("tries", v.Tries)
	l.ShowSolution()
	check("Show solution", l.View().Feedback)
	l.Try(move(t, l.Position(), "d3"))
	q.RunUntil(t, "the right try's answer", func() bool { return changes == 2 })
	v = l.View()
	views("solved", v)
	check("success", v.Feedback)
	if !v.Solved {
		t.Errorf("d3 did not solve the stage: %+v", v)
	}
	for _, p := range m.plain {
		t.Errorf("argument did not come through i18n: %s", p)
	}
}
