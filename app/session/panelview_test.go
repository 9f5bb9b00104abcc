package session

import (
	"strings"
	"testing"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session/quality"
)

// TestPanelTurnDiscOnView: in review, and in computer against computer,
// the turn line's disc shows the side to move in the position on view,
// not the game's.
func TestPanelTurnDiscOnView(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	playTexts(t, c, "d3 c5")
	if v := c.Panel(); v.TurnColor != 0 || !strings.HasPrefix(v.Turn, "Black to move") {
		t.Fatalf("in the game: disc %d, turn %q; want Black's", v.TurnColor, v.Turn)
	}
	c.Review(1) // after d3: White to move
	v := c.Panel()
	if v.TurnColor != 1 || v.Turn != "Reviewing move 1 of 2" {
		t.Fatalf("after d3 on view: disc %d, turn %q; want White's disc", v.TurnColor, v.Turn)
	}
	if !v.Review.On || v.Review.Ply != 1 || !v.Buttons.First || !v.Buttons.Back || v.GraphCurrent != 1 {
		t.Fatalf("review bar %+v, first %v back %v, graph at %d", v.Review, v.Buttons.First, v.Buttons.Back, v.GraphCurrent)
	}
	c.Review(0)
	if v := c.Panel(); v.TurnColor != 0 || !strings.Contains(v.Turn, "2 moves played") || v.Buttons.Back {
		t.Fatalf("the start on view: disc %d, turn %q, back %v", v.TurnColor, v.Turn, v.Buttons.Back)
	}

	// Computer against computer, paused after White's first move, with
	// the first move on view.
	w := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", Watch))
	w.Start()
	q.RunUntil(t, "two moves", func() bool { return w.Plies() >= 2 })
	w.SetPaused(true)
	w.Review(1)
	want := w.Descriptor().ColorOf(w.ViewState(), w.ViewState().ToMove())
	if v := w.Panel(); v.TurnColor != want || want != 1 {
		t.Fatalf("watching, move 1 on view: disc %d, want %d (White's)", v.TurnColor, want)
	}
	if v := w.Panel(); !v.Buttons.Pause || !v.Buttons.Paused || v.Buttons.Undo {
		t.Fatalf("watching: buttons %+v", v.Buttons)
	}
}

// TestPanelSwapOneInstruction: the turn line gives one instruction at a
// swap choice: Swap2's own action alone, and the plain swap's instruction
// where the game has none.
func TestPanelSwapOneInstruction(t *testing.T) {
	q := sessiontest.NewQueue()
	set := settings("gomoku", VsPerson).WithOption("gomoku", "opening", "swap2")
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, set)
	c.Start()
	playTexts(t, c, "H8 H9 J8")
	v := c.Panel()
	if !v.Buttons.Swap || len(v.Buttons.Specials) != 1 {
		t.Fatalf("at the Swap2 choice: swap %v, specials %v", v.Buttons.Swap, v.Buttons.Specials)
	}
	if !strings.Contains(v.Turn, "chooses: place the fourth stone") || strings.Contains(v.Turn, "take over the black stone") {
		t.Fatalf("Swap2 turn line %q: want the game's choice alone", v.Turn)
	}

	c = newTestController(t, sessiontest.NewScripted(false), q.Post, settings("gomoku", VsPerson).WithOption("gomoku", "opening", "swap"))
	c.Start()
	playTexts(t, c, "H8")
	if v := c.Panel(); !v.Buttons.Swap || !strings.HasSuffix(v.Turn, "— place a white stone, or swap colors and take over the black stone") {
		t.Fatalf("swap turn line %q (swap %v)", v.Turn, v.Buttons.Swap)
	}
}

// TestPanelRowsAndPlurals: the seat rows and the move list rows, with
// counted words in the singular for one.
func TestPanelRowsAndPlurals(t *testing.T) {
	q := sessiontest.NewQueue()
	set := settings("othello", VsComputer)
	set.Clock = ClockPresets[1].Key
	c := newTestController(t, sessiontest.NewScripted(true), q.Post, set)
	c.Start()
	playTexts(t, c, "d3")
	v := c.Panel()
	if v.Seats[0].Name != "Black — You" || !strings.HasPrefix(v.Seats[1].Name, "White — Computer, ") {
		t.Fatalf("seat names %q, %q", v.Seats[0].Name, v.Seats[1].Name)
	}
	if v.Seats[0].Score != "4 discs" || v.Seats[1].Score != "1 disc" {
		t.Fatalf("scores %q, %q; want 4 discs, 1 disc", v.Seats[0].Score, v.Seats[1].Score)
	}
	if v.Seats[0].Clock == "" || v.Seats[0].Running || !v.Seats[1].Running {
		t.Fatalf("clocks %+v", v.Seats)
	}
	if len(v.Moves) != 1 || v.Moves[0].Text != "1. Black  d3" || v.Moves[0].Judged {
		t.Fatalf("move rows %+v", v.Moves)
	}
	if !v.Thinking.On || !strings.HasPrefix(v.Thinking.Text, "Thinking…") || !strings.HasSuffix(v.Turn, "— computer") {
		t.Fatalf("while the computer thinks: %+v, turn %q", v.Thinking, v.Turn)
	}
	c.Close()

	c = newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	playTexts(t, c, "d3")
	c.Review(0)
	if v := c.Panel(); !strings.Contains(v.Turn, "1 move played") {
		t.Fatalf("turn %q: want 1 move played", v.Turn)
	}

	r := &quality.Report{Sides: [2]quality.Side{{Color: "Black", Accuracy: 91.6}, {Color: "White", Accuracy: 100}}}
	r.Sides[0].Counts[quality.Mistake] = 1
	r.Sides[0].Counts[quality.Losing] = 1
	r.Sides[1].Counts[quality.Blunder] = 2
	want := "Black: 1 mistake, 1 losing move (accuracy 92%); White: 2 blunders (accuracy 100%)"
	if got := ReportSummary(r); got != want {
		t.Fatalf("report line %q, want %q", got, want)
	}
}

// TestPanelCoachPrecedence walks the coach area through a teaching game,
// its report and Learn from your mistakes: it shows one thing at a time,
// by the precedence of PanelView's doc, with the buttons of what it shows
// only, and the teaching prompt goes once the game's position leaves the
// view.
func TestPanelCoachPrecedence(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("alak", VsPerson))
	before, bad := alakBlunder(t, c.Descriptor())
	if len(before) > 0 {
		if err := c.LoadMoves(settings("alak", VsPerson), joinMoves(before)); err != nil {
			t.Fatal(err)
		}
	}
	c.Start()
	if v := c.Panel(); v.Coach.Kind != CoachNone || v.Coach.Text != "" {
		t.Fatalf("coach before anything to say: %+v", v.Coach)
	}
	c.SetTeachingOptions(quality.Options{Depth: 1})
	c.SetReportOptions(quality.Options{Depth: 1})
	c.SetTeaching(true)
	if err := c.Play(bad); err != nil {
		t.Fatal(err)
	}
	q.RunUntil(t, "the verdict", func() bool { return c.Panel().Coach.Kind == CoachVerdict })
	v := c.Panel()
	if !strings.Contains(v.Coach.Text, "Take back and try again") || !v.Buttons.TakeBack || v.Buttons.Learn || v.Buttons.ShowAnswer {
		t.Fatalf("the verdict: %+v, buttons %+v", v.Coach, v.Buttons)
	}

	// The report starts: the verdict, still true, keeps the area; the
	// analysis runs beside it (Cancel analysis enabled).
	c.StartReport()
	if v := c.Panel(); v.Coach.Kind != CoachVerdict || !v.Buttons.CancelAnalysis {
		t.Fatalf("verdict during the report: %+v, cancel %v", v.Coach, v.Buttons.CancelAnalysis)
	}
	// Review dismisses the verdict: it does not come back with the game.
	c.Review(1)
	if v := c.Panel(); v.Coach.Kind == CoachVerdict || v.Buttons.TakeBack {
		t.Fatalf("the verdict stayed in review: %+v", v.Coach)
	}
	c.Review(c.Plies())
	if v := c.Panel(); v.Coach.Kind == CoachVerdict || v.Buttons.TakeBack {
		t.Fatalf("the verdict came back after review: %+v", v.Coach)
	}
	if c.Report() == nil {
		if v := c.Panel(); v.Coach.Kind != CoachProgress || !strings.HasPrefix(v.Coach.Text, "Analyzing the game: ") {
			t.Fatalf("while the report runs: %+v", v.Coach)
		}
	}
	q.RunUntil(t, "the report", func() bool { return c.Report() != nil })

	// The report: the game's last move, the mistake, in words; the
	// summary at the start; its mark in the move list.
	v = c.Panel()
	if v.Coach.Kind != CoachMove || !strings.HasPrefix(v.Coach.Text, "Move ") || v.Buttons.CancelAnalysis || !v.Buttons.Learn || !v.Buttons.Report {
		t.Fatalf("after the report: %+v, buttons %+v", v.Coach, v.Buttons)
	}
	last := v.Moves[len(v.Moves)-1]
	if !last.Judged || !IsMistake(last.Class) || !strings.HasPrefix(last.Mark, "?") {
		t.Fatalf("the mistake's row %+v", last)
	}
	c.Review(0)
	if v := c.Panel(); v.Coach.Kind != CoachMove || !strings.Contains(v.Coach.Text, "accuracy") || !v.Buttons.NextMistake || v.Buttons.PrevMistake {
		t.Fatalf("the start on view with a report: %+v, buttons %+v", v.Coach, v.Buttons)
	}

	// Learn replaces the move on view; Stop brings it back.
	if !c.StartLearning() {
		t.Fatal("no mistake to learn from")
	}
	v = c.Panel()
	if v.Coach.Kind != CoachLearn || !strings.HasPrefix(v.Coach.Text, "Learn from your mistakes, 1 of ") ||
		!v.Buttons.ShowAnswer || !v.Buttons.LearnStop || v.Buttons.PrevMistake || v.Buttons.TakeBack {
		t.Fatalf("learning: %+v, buttons %+v", v.Coach, v.Buttons)
	}
	if q, _, _, _ := c.Learning(); !strings.HasSuffix(v.Turn, ": find a better move than "+q.Move) {
		t.Fatalf("learning: turn %q", v.Turn)
	}
	c.RevealLearn()
	if v := c.Panel(); v.Buttons.ShowAnswer || !strings.Contains(v.Coach.Text, "The best move was") {
		t.Fatalf("after Show the answer: %+v", v.Coach)
	}
	c.StopLearning()
	if v := c.Panel(); v.Coach.Kind != CoachMove || v.Buttons.LearnStop || strings.Contains(v.Coach.Text, "Learn") {
		t.Fatalf("after Stop: %+v, buttons %+v", v.Coach, v.Buttons)
	}
}

// TestPanelCoachOffer: a finished game without a report offers its
// analysis; once the report runs the offer gives way to its progress, and
// Cancel returns to the offer.
func TestPanelCoachOffer(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	firstMoves(t, c, 12)
	if v := c.Panel(); v.Coach.Kind != CoachNone || v.Buttons.Analyze {
		t.Fatalf("a game going on: %+v", v.Coach)
	}
	c.Resign()
	v := c.Panel()
	if v.Coach.Kind != CoachOffer || !v.Buttons.Analyze || v.Buttons.Resign {
		t.Fatalf("after resigning: %+v, buttons %+v", v.Coach, v.Buttons)
	}
	c.SetReportOptions(quality.Options{Depth: 30}) // far more than a test waits for
	c.StartReport()
	if v := c.Panel(); v.Coach.Kind != CoachProgress || v.Buttons.Analyze || !v.Buttons.CancelAnalysis {
		t.Fatalf("while analyzing: %+v, buttons %+v", v.Coach, v.Buttons)
	}
	c.CancelReport()
	if v := c.Panel(); v.Coach.Kind != CoachOffer || v.Buttons.CancelAnalysis {
		t.Fatalf("after Cancel: %+v, buttons %+v", v.Coach, v.Buttons)
	}
}
