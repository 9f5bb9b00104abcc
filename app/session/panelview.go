package session

import (
	"strings"
	"time"

	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/phrase"
)

// PanelView is everything the window's side panel shows, computed from the
// game by Controller.Panel: the panel draws it and adds no game text of
// its own.
//
// The coach area (Coach) says one thing at a time. Of the things that are
// true now, it shows the first of:
//
//  1. CoachLearn: the exercise of Learn from your mistakes, while it runs;
//  2. CoachVerdict: the teaching game's verdict on the person's latest
//     move ("Blunder … Take back and try again"), while the game's own
//     position is on view; entering review or Learn dismisses it, and the
//     person's next move replaces it;
//  3. CoachProgress: the game report's progress, while it runs;
//  4. CoachMove: with a game report (or an opened record's own
//     analysis), the judgment of the move that led to the position on
//     view, or the report's summary at the start position;
//  5. CoachOffer: the offer to analyze a finished game without a report;
//  6. CoachNone: nothing (the area is hidden).
type PanelView struct {
	// Title is the game and its variant ("Othello · 8x8").
	Title string
	// Turn is the turn line: one sentence of whose turn it is and what to
	// do, the result, the position on view while reviewing, or the task of
	// Learn from your mistakes.
	Turn string
	// TurnColor is the color of the disc beside the turn line (0 dark, 1
	// light): the side to move in the position on view, or the winner's
	// color once the game is over and its last position is on view.
	TurnColor rules.Color
	// Seats are the two sides' rows, by seat.
	Seats [2]SeatView
	// Thinking is the line under the seats: the running search in words,
	// or the hint found.
	Thinking ThinkingView
	// Message is the latest message that holds ("" for none); HasLog
	// says the game has messages for the log.
	Message string
	HasLog  bool
	// Review is the review bar's state.
	Review ReviewView
	// Coach is the coach area: one thing at a time (see the precedence
	// above).
	Coach CoachView
	// Buttons says which of the panel's buttons are shown or enabled.
	Buttons PanelButtons
	// Moves are the move list's rows, oldest first.
	Moves []MoveRow
	// GraphScores and GraphKnown are the evaluation graph's data
	// (Controller.Analysis); GraphCurrent is the ply on view marked on it,
	// -1 for none.
	GraphScores  []float64
	GraphKnown   []bool
	GraphCurrent int
}

// SeatView is one side's row.
type SeatView struct {
	// Color is the side's color: 0 dark, 1 light.
	Color rules.Color
	// Name is the side and who plays it: "Black — Computer, Casual".
	Name string
	// Score is the side's count in the position on view ("12 discs",
	// "1 disc"), "" in a game without a score.
	Score string
	// Clock is the side's time left ("4:59"), "" without a clock;
	// Running says its clock runs, LowTime that it runs with under
	// LowTime left.
	Clock            string
	Running, LowTime bool
}

// LowTime is the time left under which a running clock is shown as low.
const LowTime = 10 * time.Second

// ThinkingView is the line of the running search.
type ThinkingView struct {
	// On says a search runs (the computer's move or a hint).
	On bool
	// Text is the search in words ("Thinking… Looked 9 moves ahead; …"),
	// the hint found ("Hint: d3 (marked on the board)"), or "".
	Text string
	// Tip is the search's figures in numbers, for a tooltip ("" for
	// none).
	Tip string
}

// ReviewView is the review bar: shown while an earlier position is on
// view.
type ReviewView struct {
	On bool
	// Ply is the number of moves played to reach the position on view;
	// Len the number of moves of the game.
	Ply, Len int
}

// CoachKind is what the coach area shows.
type CoachKind int

// The coach area's kinds, from the lowest precedence to the highest.
const (
	CoachNone CoachKind = iota
	CoachOffer
	CoachMove
	CoachProgress
	CoachVerdict
	CoachLearn
)

// CoachView is the coach area.
type CoachView struct {
	Kind CoachKind
	// Text is what it says, whole: the panel wraps it to its width.
	Text string
	// Progress is the game report's progress from 0 to 1 (CoachProgress).
	Progress float64
}

// PanelButtons says which buttons the panel shows and which it enables.
// The buttons of the coach area are enabled only with their kind.
type PanelButtons struct {
	// Undo, Redo, Hint and Resign are enabled.
	Undo, Redo, Hint, Resign bool
	// Swap shows the Swap colors button (Gomoku's swap).
	Swap bool
	// Specials are the moves the person may make with a button (Gomoku's
	// Swap2 balance).
	Specials []rules.Special
	// Pause shows the Pause button (computer against computer);
	// CanPause enables it; Paused makes it Resume.
	Pause, CanPause, Paused bool
	// First and Back (to the start, one move back) and Continue from here
	// are enabled in the review bar.
	First, Back, Continue bool
	// CancelAnalysis is enabled while the game report runs.
	CancelAnalysis bool
	// Analyze offers to analyze the finished game (CoachOffer).
	Analyze bool
	// PrevMistake, NextMistake: a mistake before or after the ply on
	// view; Report and Learn: the game report is there (CoachMove).
	PrevMistake, NextMistake, Report, Learn bool
	// TakeBack: the teaching game's verdict is shown (CoachVerdict).
	TakeBack bool
	// ShowAnswer, LearnNext and LearnStop run Learn from your mistakes;
	// LearnLast says the mistake on view is the last (Next finishes).
	ShowAnswer, LearnNext, LearnStop, LearnLast bool
}

// MoveRow is one row of the move list.
type MoveRow struct {
	// Text is the move with its number and side: "12. Black  d3".
	Text string
	// Judged says the move has a class (from the game report or the
	// opened record's own analysis); Class is it; Mark is its annotation
	// ("?!", "??", "?? missed win"; "" for a best or good move).
	Judged bool
	Class  quality.Class
	Mark   string
}

// classMarks are the annotation marks the move list adds to a move of
// each class, with the words of the last two (keys "session.mark.…").
var classMarks = [quality.NumClasses]phrase.P{{}, {}, phrase.T("", "?!", nil), phrase.T("", "?", nil), phrase.T("", "??", nil),
	phrase.T("session.mark.missedWin", "?? missed win", nil), phrase.T("session.mark.losing", "?? losing", nil)}

// ClassMark returns the annotation mark of class cl ("?!", "??", "?? missed
// win"; "" for a best or good move), its words in the window's language.
func ClassMark(cl quality.Class) string {
	if cl < quality.NumClasses {
		return local(classMarks[cl])
	}
	return ""
}

// Panel returns what the side panel shows now; the zero PanelView before
// the first game.
func (c *Controller) Panel() PanelView {
	if c.state == nil || c.desc == nil {
		return PanelView{}
	}
	v := PanelView{
		Title:        GameLine(c.set),
		Turn:         c.turnLine(),
		TurnColor:    c.turnColor(),
		Thinking:     c.PanelThinking(),
		HasLog:       len(c.log) > 0,
		GraphCurrent: -1,
	}
	if msgs := c.Messages(); len(msgs) > 0 {
		v.Message = msgs[len(msgs)-1]
	}
	v.Seats = c.PanelSeats()
	ply, reviewing := c.Reviewing()
	v.Review = ReviewView{On: reviewing, Ply: ply, Len: len(c.hist)}
	if reviewing {
		v.GraphCurrent = ply
	}
	v.GraphScores, v.GraphKnown = c.Analysis()
	v.Moves = c.moveRows()
	v.Coach = c.coachView()
	v.Buttons = c.panelButtons(v.Coach.Kind)
	return v
}

// PanelSeats is PanelView.Seats alone, for the clocks' ticks: the player
// rows with their clocks, without the rest of the panel.
func (c *Controller) PanelSeats() (seats [2]SeatView) {
	if c.state == nil || c.desc == nil {
		return seats
	}
	for seat := rules.First; seat <= rules.Second; seat++ {
		seats[seat] = c.seatView(seat)
	}
	return seats
}

// turnLine is PanelView.Turn.
func (c *Controller) turnLine() string {
	if q, _, _, ok := c.Learning(); ok {
		vs := c.ViewState()
		return tr("session.turn.learn", "{{.Side}}: find a better move than {{.Move}}",
			map[string]any{"Side": sideColor(c.desc.SeatName(vs, vs.ToMove())), "Move": q.Move})
	}
	if ply, on := c.Reviewing(); on {
		if ply == 0 {
			return trn("session.turn.reviewStart", "Reviewing the start; {{.Count}} move played", "Reviewing the start; {{.Count}} moves played", len(c.hist), nil)
		}
		return tr("session.turn.reviewMove", "Reviewing move {{.Ply}} of {{.Len}}", map[string]any{"Ply": ply, "Len": len(c.hist)})
	}
	if c.Over() || !c.started {
		return c.TurnText()
	}
	toMove := c.state.ToMove()
	turn := c.turnPhrase()
	data := map[string]any{"Turn": turn}
	switch {
	case c.CanSwap() && !c.hasAction():
		// The game's own action (Swap2's choice) already says what to do.
		return tr("session.turn.swap", "{{.Turn}} — place a white stone, or swap colors and take over the black stone", data)
	case c.set.Opponent == VsComputer && !c.IsComputer(toMove):
		return tr("session.turn.you", "{{.Turn}} — your turn", data)
	case c.IsComputer(toMove):
		return tr("session.turn.computer", "{{.Turn}} — computer", data)
	}
	return local(turn)
}

// hasAction reports whether the game describes the turn now with an
// action of its own (rules.Descriptor.Action).
func (c *Controller) hasAction() bool {
	return !c.desc.ActionPhrase(c.state).IsZero()
}

// turnColor is PanelView.TurnColor.
func (c *Controller) turnColor() rules.Color {
	if _, on := c.Reviewing(); !on {
		if w, ok := c.Winner(); ok {
			return c.Color(w)
		}
	}
	vs := c.ViewState()
	return c.desc.ColorOf(vs, vs.ToMove())
}

// seatView is one seat's row.
func (c *Controller) seatView(seat rules.Seat) SeatView {
	r := SeatView{Color: c.Color(seat), Name: c.seatLine(seat)}
	if n, unit := c.Score(seat); unit != "" {
		r.Score = local(phrase.Count(unit, strings.TrimSuffix(unit, "s"), unit, n))
	}
	if left, running, on := c.Clock(seat); on {
		r.Clock, r.Running, r.LowTime = ClockText(left), running, running && left < LowTime
	}
	return r
}

// seatLine is a seat's name in its row: the side and who plays it, with
// the level of Planiverse's own computer ("Black — Computer, Casual";
// "White — You").
func (c *Controller) seatLine(seat rules.Seat) string {
	data := map[string]any{"Side": sideColor(c.SeatName(seat)), "Player": c.playerPhrase(seat)}
	if _, ext := c.ExternalSeat(seat); c.IsComputer(seat) && !ext {
		data["Level"] = LevelName(c.LevelOf(seat))
		return tr("session.seat.level", "{{.Side}} — {{.Player}}, {{.Level}}", data)
	}
	return tr("session.seat", "{{.Side}} — {{.Player}}", data)
}

// PanelThinking is PanelView.Thinking alone, for the search's progress
// reports.
func (c *Controller) PanelThinking() ThinkingView {
	on, hint, info := c.Thinking()
	if !on {
		if h := c.Hint(); h != rules.NoMove {
			data := map[string]any{"Move": c.state.MoveString(h)}
			if c.HintFromBook() {
				return ThinkingView{Text: tr("session.hint.book", "Hint: {{.Move}} (opening book, marked on the board)", data)}
			}
			return ThinkingView{Text: tr("session.hint", "Hint: {{.Move}} (marked on the board)", data)}
		}
		return ThinkingView{}
	}
	words, figures := c.ThinkingWords()
	if info.Depth <= 0 || words == "" {
		// The first iteration, or an external engine, has no figures yet.
		if hint {
			return ThinkingView{On: true, Text: tr("session.thinking.hint", "Looking for a hint…", nil), Tip: figures}
		}
		return ThinkingView{On: true, Text: tr("session.thinking", "Thinking…", nil), Tip: figures}
	}
	data := map[string]any{"Search": words}
	if hint {
		return ThinkingView{On: true, Text: tr("session.thinking.hintSearch", "Looking for a hint… {{.Search}}", data), Tip: figures}
	}
	return ThinkingView{On: true, Text: tr("session.thinking.search", "Thinking… {{.Search}}", data), Tip: figures}
}

// moveRows is PanelView.Moves: each move's class from the game report,
// else from the opened record's notes (checked once for the list: the
// window asks for the panel ten times a second while a clock runs).
func (c *Controller) moveRows() []MoveRow {
	rows := make([]MoveRow, len(c.hist))
	var judged []quality.Move
	if rep := c.Report(); rep != nil {
		judged = rep.Moves
	}
	var notes []quality.Note
	if _, ok := c.FileNote(1); ok {
		notes = c.xa.notes.notes
	}
	for i, e := range c.hist {
		r := MoveRow{Text: tr("session.moveRow", "{{.Number}}. {{.Side}}  {{.Move}}", map[string]any{"Number": i + 1, "Side": sideColor(e.side), "Move": e.text})}
		switch {
		case i < len(judged):
			r.Judged, r.Class = true, judged[i].Class
		case i < len(notes) && notes[i].HasClass:
			r.Judged, r.Class = true, notes[i].Class
		}
		if r.Judged {
			r.Mark = ClassMark(r.Class)
		}
		rows[i] = r
	}
	return rows
}

// coachView is PanelView.Coach, by the precedence of PanelView's doc.
func (c *Controller) coachView() CoachView {
	if text, ok := c.learnText(); ok {
		return CoachView{Kind: CoachLearn, Text: text}
	}
	if _, on := c.Reviewing(); !on {
		if v := c.VerdictWords(); v != "" {
			return CoachView{Kind: CoachVerdict, Text: sentences(v, tr("session.coach.takeBack", "Take back and try again, or play on.", nil))}
		}
	}
	if running, done, total := c.ReportProgress(); running {
		cv := CoachView{Kind: CoachProgress, Text: trn("session.coach.progress", "Analyzing the game: {{.Done}} of {{.Count}} move…",
			"Analyzing the game: {{.Done}} of {{.Count}} moves…", total, map[string]any{"Done": done})}
		if total > 0 {
			cv.Progress = float64(done) / float64(total)
		}
		return cv
	}
	rep := c.Report()
	ply, _ := c.Reviewing()
	if q, ok := c.MoveQuality(ply); ok {
		return CoachView{Kind: CoachMove, Text: MoveWords(q, rep.Scale, c.yours(q))}
	}
	if n, ok := c.FileNote(ply); ok && n.HasJudgment {
		// The record's own judgment (PQ), in the words of the window's.
		return CoachView{Kind: CoachMove, Text: MoveWords(n.Judgment, quality.ScaleFor(c.state), c.yours(n.Judgment))}
	}
	if n, ok := c.FileNote(ply); ok && n.Comment != "" {
		return CoachView{Kind: CoachMove, Text: tr("session.coach.recordComment", "Move {{.Ply}}, from the record: {{.Comment}}", map[string]any{"Ply": ply, "Comment": n.Comment})}
	}
	if rep != nil {
		return CoachView{Kind: CoachMove, Text: tr("session.coach.summary", "{{.Summary}}.", map[string]any{"Summary": ReportSummary(rep)})}
	}
	if c.Over() && c.Plies() > 0 {
		return CoachView{Kind: CoachOffer, Text: tr("session.coach.offer", "Analyze this game to see each side's mistakes and the better moves.", nil)}
	}
	return CoachView{}
}

// yours reports whether the coach calls the player of judged move q
// "you": a person playing against the computer.
func (c *Controller) yours(q quality.Move) bool {
	return c.set.Opponent == VsComputer && !c.IsComputer(q.Seat)
}

// learnText says the exercise of Learn from your mistakes
// (LearnPrompt); false when it is not running.
func (c *Controller) learnText() (string, bool) {
	text := c.LearnPrompt()
	return text, text != ""
}

// panelButtons is PanelView.Buttons with the coach area showing kind.
func (c *Controller) panelButtons(kind CoachKind) PanelButtons {
	ply, reviewing := c.Reviewing()
	running, _, _ := c.ReportProgress()
	rep := c.Report()
	b := PanelButtons{
		Undo: c.CanUndo(), Redo: c.CanRedo(), Hint: c.PersonToMove(), Resign: c.CanResign(),
		Swap: c.CanSwap(), Specials: c.Specials(),
		Pause: c.set.Opponent == Watch, CanPause: c.CanPause(), Paused: c.Paused(),
		First: reviewing && ply > 0, Back: reviewing && ply > 0, Continue: c.CanContinue(),
		CancelAnalysis: running,
	}
	switch kind {
	case CoachOffer:
		b.Analyze = true
	case CoachMove:
		b.PrevMistake = c.NextMistake(ply, -1) != 0
		b.NextMistake = c.NextMistake(ply, 1) != 0
		b.Report, b.Learn = rep != nil, rep != nil
	case CoachVerdict:
		b.TakeBack = true
	case CoachLearn:
		_, n, of, _ := c.Learning()
		b.ShowAnswer = !c.LearnRevealed()
		b.LearnNext, b.LearnStop, b.LearnLast = true, true, n == of
	}
	return b
}
