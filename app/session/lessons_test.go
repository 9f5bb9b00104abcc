package session

import (
	"strings"
	"testing"

	"planiverse/app/internal/sessiontest"
	"planiverse/rules"
)

// TestLessonProgressRoundTrip: progress written and read back is the same;
// damaged pairs are skipped and stars kept within 1 to 3.
func TestLessonProgressRoundTrip(t *testing.T) {
	p := LessonProgress{"othello.flip": 3, "alak.move": 1, "dvonn.place": 2}
	text := p.String()
	if text != "alak.move=1,dvonn.place=2,othello.flip=3" {
		t.Errorf("String = %q", text)
	}
	back := ParseLessonProgress(text)
	if back.String() != text {
		t.Errorf("read back %v, want %v", back, p)
	}
	got := ParseLessonProgress("a=x, othello.pass=9 ,=2,gomoku.five=0,,nonsense")
	if len(got) != 1 || got["othello.pass"] != 3 {
		t.Errorf("damaged text read as %v, want only othello.pass=3", got)
	}
}

// TestLessonOffer: offered once, for a game never played, with the number
// of steps in words.
func TestLessonOffer(t *testing.T) {
	if got := LessonOffer("dvonn", 0, false); got != "New to DVONN? Learn the rules in 8 short steps." {
		t.Errorf("offer = %q", got)
	}
	if got := LessonOffer("dvonn", 2, false); got != "" {
		t.Errorf("offer for a game played: %q", got)
	}
	if got := LessonOffer("alak", 0, true); got != "" {
		t.Errorf("offer made twice: %q", got)
	}
}

// TestLessonsTryAndProgress: a wrong try gives the stage's sentence and no
// stars; the right one the success text, two stars at the second try, and
// the progress is handed to OnProgress; the next stage then opens.
func TestLessonsTryAndProgress(t *testing.T) {
	q := sessiontest.NewQueue()
	l, err := NewLessons("othello", LessonProgress{}, q.Post)
	if err != nil {
		t.Fatal(err)
	}
	var saved LessonProgress
	changes := 0
	l.OnChange = func() { changes++ }
	l.OnProgress = func(p LessonProgress) { saved = ParseLessonProgress(p.String()) }
	v := l.View()
	if v.Heading != "Othello · step 1 of 8: A move must flip" || v.Summary != "0 of 8 steps done, 0 of 24 stars" {
		t.Errorf("first view: %q, %q", v.Heading, v.Summary)
	}
	l.Try(move(t, l.Position(), "f5"))
	if !l.View().Busy || l.View().Feedback != "Checking…" {
		t.Errorf("while checking: %+v", l.View())
	}
	q.RunUntil(t, "the wrong try's answer", func() bool { return changes == 1 })
	v = l.View()
	if v.Solved || !strings.Contains(v.Feedback, "not the one on d4") || v.Tries != "1 try" || v.Stars != "" {
		t.Errorf("after f5: %+v", v)
	}
	l.Try(move(t, l.Position(), "d3"))
	q.RunUntil(t, "the right try's answer", func() bool { return changes == 2 })
	v = l.View()
	if !v.Solved || v.Stars != "★★☆" || v.Tries != "2 tries" || v.Stages[0].Stars != "★★☆" || v.Summary != "1 of 8 steps done, 2 of 24 stars" {
		t.Errorf("after d3: %+v", v)
	}
	if saved["othello.flip"] != 2 {
		t.Errorf("saved progress %v, want othello.flip=2", saved)
	}
	if !v.HasNext || !l.Next() || l.View().Current != 1 || l.View().Feedback != "" {
		t.Errorf("Next: %+v", l.View())
	}
	// A course reopened with that progress starts at the first stage not
	// done.
	again, err := NewLessons("othello", saved, q.Post)
	if err != nil || again.View().Current != 1 {
		t.Errorf("reopened at stage %d (%v), want 1", again.View().Current, err)
	}
}

func move(t *testing.T, s rules.State, text string) rules.Move {
	t.Helper()
	m, err := s.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestLessonsShowSolution: Show solution names the move in the feedback
// (not as a wrong try), and solving after it earns one star.
func TestLessonsShowSolution(t *testing.T) {
	q := sessiontest.NewQueue()
	l, err := NewLessons("gomoku", nil, q.Post)
	if err != nil {
		t.Fatal(err)
	}
	m := l.ShowSolution()
	v := l.View()
	if m == rules.NoMove || v.Feedback != "The marked move solves it: H7." || !v.Shown || v.Solved {
		t.Fatalf("after Show solution: %v, %+v", m, v)
	}
	l.OnChange = func() {}
	l.Try(m)
	q.RunUntil(t, "the answer", func() bool { return !l.View().Busy })
	if v := l.View(); !v.Solved || v.Stars != "★☆☆" || v.Shown {
		t.Errorf("solved after Show solution: %+v", v)
	}
}
