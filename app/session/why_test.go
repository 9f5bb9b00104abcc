package session

import (
	"slices"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/app/internal/sessiontest"
	"planiverse/app/session/quality"
)

// TestReportTextsPlurals: every counted word of the report's texts is
// singular for 1 and plural for 2, and the summary leads with the counts
// of mistakes and worse per side, not the accuracy.
func TestReportTextsPlurals(t *testing.T) {
	side := func(color string, n int) quality.Side {
		s := quality.Side{Color: color, Accuracy: 90}
		for cl := quality.Mistake; cl < quality.NumClasses; cl++ {
			s.Counts[cl] = n
		}
		s.Counts[quality.Inaccuracy] = n
		return s
	}
	if got, want := MistakeCounts(side("Black", 1)), "1 mistake, 1 blunder, 1 missed win, 1 losing move"; got != want {
		t.Errorf("MistakeCounts, 1 each = %q, want %q", got, want)
	}
	if got, want := MistakeCounts(side("Black", 2)), "2 mistakes, 2 blunders, 2 missed wins, 2 losing moves"; got != want {
		t.Errorf("MistakeCounts, 2 each = %q, want %q", got, want)
	}
	if got, want := MistakeCounts(side("Black", 0)), "no mistakes"; got != want {
		t.Errorf("MistakeCounts, none = %q, want %q", got, want)
	}
	r := &quality.Report{Sides: [2]quality.Side{side("Black", 1), side("White", 0)}, Moves: make([]quality.Move, 1)}
	if got, want := ReportSummary(r), "Black: 1 mistake, 1 blunder, 1 missed win, 1 losing move (accuracy 90%); White: no mistakes (accuracy 90%)"; got != want {
		t.Errorf("ReportSummary = %q, want %q", got, want)
	}
	if got := ReportNote(r); !strings.HasPrefix(got, "1 move analyzed.") {
		t.Errorf("ReportNote of 1 move = %q", got)
	}
	r.Moves = make([]quality.Move, 2)
	if got := ReportNote(r); !strings.HasPrefix(got, "2 moves analyzed.") {
		t.Errorf("ReportNote of 2 moves = %q", got)
	}
	discs := quality.Scale{AnalysisScale: ai.AnalysisScale{Logit: 600, Unit: "discs", UnitScore: 100, Mistake: 6}}
	for loss, want := range map[float64]string{1: "it cost 1 disc", 0.6: "it cost 0.6 discs", 1.4: "it cost 1.4 discs", 2: "it cost 2.0 discs", 16.1: "it cost 16.1 discs"} {
		if got := LossWords(quality.Move{Loss: loss, Class: quality.Mistake}, discs); got != want {
			t.Errorf("LossWords(%g discs) = %q, want %q", loss, got, want)
		}
	}
	for n, want := range map[int]string{0: "0 moves", 1: "1 move", 2: "2 moves"} {
		if got := Plural(n, "move"); got != want {
			t.Errorf("Plural(%d) = %q, want %q", n, got, want)
		}
	}
	if got := levelFigureWords(ai.LevelFigure{Moves: 1}); got != "rarely makes a mistake (none in 1 move)" {
		t.Errorf("level words over 1 move: %q", got)
	}
}

// TestMoveWordsSayWhy: the words of a mistake on view end with its
// sentence of why; a lesser class keeps to the figures.
func TestMoveWordsSayWhy(t *testing.T) {
	discs := quality.Scale{AnalysisScale: ai.AnalysisScale{Logit: 600, Unit: "discs", UnitScore: 100, Inaccuracy: 3, Mistake: 6, Blunder: 12}}
	q := quality.Move{Ply: 5, Color: "Black", Move: "b2", Best: "c4", Value: quality.Value{Score: -2310}, BestValue: quality.Value{Score: -700},
		Loss: 16.1, Class: quality.Blunder, Why: "b2 gives White the corner a1."}
	want := "Move 5: You played b2 (-23.1 discs); best was c4 (-7.0 discs). Blunder, it cost 16.1 discs. b2 gives White the corner a1."
	if got := MoveWords(q, discs, true); got != want {
		t.Errorf("MoveWords = %q\nwant %q", got, want)
	}
	q.Class, q.Loss = quality.Inaccuracy, 3
	if got := MoveWords(q, discs, true); strings.Contains(got, "corner") {
		t.Errorf("an inaccuracy's words say why: %q", got)
	}
	// A missed win says so once, in its why.
	q = quality.Move{Ply: 73, Color: "Black", Move: "F1H3", Best: "F3F2", Value: quality.Value{Score: 400},
		BestValue: quality.Value{Score: ai.WinScore - 9, Exact: true}, Class: quality.MissedWin,
		Why: "F3F2 wins by force in 5 moves; F1H3 lets the win slip."}
	got := MoveWords(q, quality.Scale{AnalysisScale: ai.AnalysisScale{Logit: 600}}, false)
	if strings.Count(strings.ToLower(got), "win slip")+strings.Count(got, "misses a win") != 1 || !strings.Contains(got, "Missed win. F3F2 wins") {
		t.Errorf("a missed win's words: %q", got)
	}
}

// mistakeOnView makes the report of 16 plies of Othello (first legal
// moves) at depth 3 and returns a mistake of it.
func reportMistake(t *testing.T, c *Controller, q *sessiontest.Queue) quality.Move {
	t.Helper()
	c.Start()
	firstMoves(t, c, 16)
	c.SetReportOptions(quality.Options{Depth: 3})
	c.StartReport()
	q.RunUntil(t, "the report", func() bool { return c.Report() != nil })
	for _, m := range c.Report().Moves {
		if IsMistake(m.Class) {
			return m
		}
	}
	t.Fatal("no mistake in the report")
	return quality.Move{}
}

// TestLearnKeepsTheReportsFigure: in Learn from your mistakes, trying
// the mistake's own move again gives the report's loss, and another move
// is measured from the report's best value, although Learn judges with a
// shallower search than the report's.
func TestLearnKeepsTheReportsFigure(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	mistake := reportMistake(t, c, q)
	c.SetTeachingOptions(quality.Options{Depth: 1})
	if !c.StartLearning() {
		t.Fatal("no mistake to learn from")
	}
	m, _, _, _ := c.Learning()
	if m.Ply != mistake.Ply {
		t.Fatalf("learning move %d, want the first mistake %d", m.Ply, mistake.Ply)
	}
	try := func(text string) quality.Move {
		t.Helper()
		mv, err := c.ViewState().ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.TryLearn(mv); err != nil {
			t.Fatal(err)
		}
		q.RunUntil(t, "the judgment", func() bool { _, trying, ok := c.LearnTried(); return ok && !trying })
		tq, _, _ := c.LearnTried()
		return tq
	}
	if got := try(m.Move); got.Loss != m.Loss || got.Value != m.Value || got.Class != m.Class {
		t.Errorf("the mistake tried again: loss %.1f %s (%+v), report's %.1f %s (%+v)", got.Loss, got.Class, got.Value, m.Loss, m.Class, m.Value)
	}
	if !strings.Contains(c.LearnWords(), LossWords(m, quality.ScaleFor(c.ViewState()))) {
		t.Errorf("Learn's words %q do not give the report's loss", c.LearnWords())
	}
	for _, mv := range c.ViewState().Moves(nil) {
		text := c.ViewState().MoveString(mv)
		if text == m.Move || text == m.Best {
			continue
		}
		if got := try(text); got.Best == m.Best && got.BestValue != m.BestValue {
			t.Errorf("%s measured from best %+v, the report's best is %+v", text, got.BestValue, m.BestValue)
		}
		break
	}
	c.RevealLearn()
	if p := c.LearnPrompt(); m.Why == "" || !strings.Contains(p, m.Why) {
		t.Errorf("the revealed answer %q does not say why (%q)", p, m.Why)
	}
}

// TestValuesKeepTheReportsFigure: with the values on the board, the
// position before a judged move labels the move played and the best move
// with the report's values, whatever depth the values' own search reached.
func TestValuesKeepTheReportsFigure(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	mistake := reportMistake(t, c, q)
	c.Review(mistake.Ply - 1)
	c.SetValuesMaxDepth(1)
	c.SetValues(true)
	q.RunUntil(t, "the values", func() bool { _, _, done := c.Values(); return done })
	s := c.ViewState()
	sc := quality.ScaleFor(s)
	labels := c.ValueLabels()
	for text, v := range map[string]quality.Value{mistake.Move: mistake.Value, mistake.Best: mistake.BestValue} {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if labels[m] != sc.Label(v) {
			t.Errorf("%s labeled %q on the board, the report's value is %q", text, labels[m], sc.Label(v))
		}
	}
	if len(labels) != len(s.Moves(nil)) {
		t.Errorf("%d labels for %d moves", len(labels), len(s.Moves(nil)))
	}
}

// TestMistakeList: the report's list names each mistake or worse, in
// order, with its cost and why, and leaves the better moves out.
func TestMistakeList(t *testing.T) {
	discs := quality.Scale{AnalysisScale: ai.AnalysisScale{Logit: 600, Unit: "discs", UnitScore: 100, Inaccuracy: 3, Mistake: 6, Blunder: 12}}
	r := &quality.Report{Scale: discs, Moves: []quality.Move{
		{Ply: 1, Color: "Black", Move: "d3", Class: quality.Best},
		{Ply: 2, Color: "White", Move: "c3", Loss: 4, Class: quality.Inaccuracy},
		{Ply: 3, Color: "Black", Move: "b2", Loss: 16.1, Class: quality.Blunder, Why: "b2 gives White the corner a1."},
		{Ply: 4, Color: "White", Move: "a1", Loss: 1, Class: quality.Mistake},
	}}
	want := []string{
		"Move 3, Black b2: blunder, it cost 16.1 discs. b2 gives White the corner a1.",
		"Move 4, White a1: mistake, it cost 1 disc.",
	}
	if got := MistakeList(r); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("MistakeList =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestLearnKeepsTheAnswerBack: Learn shows why a mistake fell short
// before the answer only when the sentence does not name the best move.
func TestLearnKeepsTheAnswerBack(t *testing.T) {
	tests := []struct {
		why, best string
		names     bool
	}{
		{"b2 gives White the corner a1.", "c4", false},
		{"b3 leaves White 6 moves (Black had 4); c4 leaves 2.", "c4", true},
		{"J1 misses the five at H12.", "H12", true},
		{"J1 misses the five at H12.", "H1", false},
	}
	for _, tc := range tests {
		if got := namesBest(quality.Move{Why: tc.why, Best: tc.best}); got != tc.names {
			t.Errorf("namesBest(%q, best %s) = %v, want %v", tc.why, tc.best, got, tc.names)
		}
	}
}

// TestSetUpFromOneMove: the message of a game set up from moves counts
// them with the right number.
func TestSetUpFromOneMove(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	for text, want := range map[string]string{"f5": "Set up from 1 move.", "f5 d6": "Set up from 2 moves."} {
		if err := c.LoadMoves(settings("othello", VsPerson), text); err != nil {
			t.Fatal(err)
		}
		if log := c.MessageLog(); !slices.Contains(log, want) {
			t.Errorf("after setting up from %q the messages are %q, want %q among them", text, log, want)
		}
	}
}
