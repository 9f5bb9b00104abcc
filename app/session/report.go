package session

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Game report: every move of the game judged by the engine
// (quality.Analyzer.Game) in the background, on an engine of its own,
// with progress, Cancel and the navigation between mistakes. The report
// belongs to the game object and the moves it analyzed: New game, opening
// a record, or Undo of an analyzed move drops it (a running one is
// canceled); moves played after it was made are simply not in it.

// DefaultReportTime is the search time of each position of a game report.
const DefaultReportTime = 250 * time.Millisecond

// reportTTMegabytes is the game report's transposition table size.
const reportTTMegabytes = 32

// analysisExtras is what the game report (report.go), the values on the
// board (values.go) and the teaching game (teaching.go) keep in the
// Controller.
type analysisExtras struct {
	rep   reportRun
	val   valuesRun
	teach teachState
	notes fileNotes // an opened record's own analysis (filenotes.go)
	// reportOpts are the game report's options (SetReportOptions).
	reportOpts quality.Options
}

// reportRun is the game report, running or done.
type reportRun struct {
	game    rules.State // the game object the report belongs to (Controller.state)
	moves   []string    // the moves it analyses
	gen     uint64
	cancel  context.CancelFunc
	running bool
	done    int
	report  *quality.Report
	err     error
}

// SetReportOptions sets how the game report searches each position (zero:
// DefaultReportTime a position). Tests set a Depth, so that the report
// depends on the record only.
func (c *Controller) SetReportOptions(o quality.Options) { c.xa.reportOpts = o }

// StartReport starts the game report of the moves played so far, in the
// background; a report already running or done for the same moves stays.
// It returns false when there is no move to analyze.
func (c *Controller) StartReport() bool {
	if c.state == nil || c.closed || len(c.hist) == 0 {
		return false
	}
	c.checkReport()
	r := &c.xa.rep
	texts, _, _ := c.History()
	if r.game == c.state && slices.Equal(r.moves, texts) && (r.running || r.report != nil && r.err == nil) {
		return true
	}
	c.dropReport()
	opts := c.xa.reportOpts
	if opts.Time <= 0 && opts.Depth <= 0 {
		opts.Time = DefaultReportTime
	}
	if opts.TTMegabytes <= 0 {
		opts.TTMegabytes = reportTTMegabytes
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.game, r.moves, r.cancel, r.running, r.done = c.state, texts, cancel, true, 0
	gen := r.gen
	rec, d, post := c.Record(), c.desc, c.w.post
	c.w.spawn(func() {
		an := quality.New(d, opts)
		rep, err := an.Game(ctx, rec, func(done, total int) {
			post(func() {
				if gen == c.xa.rep.gen && !c.closed {
					c.xa.rep.done = done
					c.changed()
				}
			})
		})
		post(func() {
			if gen != c.xa.rep.gen || c.closed {
				return
			}
			r := &c.xa.rep
			r.running, r.cancel = false, nil
			cancel()
			if err != nil {
				// Canceled or a record that does not replay: no report.
				r.report, r.err = nil, err
			} else {
				r.report = rep
			}
			c.changed()
		})
	})
	c.changed()
	return true
}

// CancelReport stops a running game report; nothing is kept of it.
func (c *Controller) CancelReport() {
	if c.xa.rep.running {
		c.dropReport()
		c.changed()
	}
}

// Analyzing reports whether a game report is running: Cancel analysis
// has something to cancel.
func (c *Controller) Analyzing() bool { return c.xa.rep.running }

// dropReport cancels the running report, if any, and forgets the report.
func (c *Controller) dropReport() {
	r := &c.xa.rep
	if r.cancel != nil {
		r.cancel()
	}
	*r = reportRun{gen: r.gen + 1}
}

// checkReport drops the report when the game it belongs to is gone (New
// game, an opened record) or a move it analyzed was taken back.
func (c *Controller) checkReport() {
	r := &c.xa.rep
	if r.game == nil {
		return
	}
	texts, _, _ := c.History()
	if r.game != c.state || len(texts) < len(r.moves) || !slices.Equal(texts[:len(r.moves)], r.moves) {
		c.dropReport()
	}
}

// ReportProgress reports whether the game report runs, with the moves
// analyzed so far and the moves it analyses.
func (c *Controller) ReportProgress() (running bool, done, total int) {
	r := &c.xa.rep
	return r.running, r.done, len(r.moves)
}

// Report returns the finished game report of this game, or nil (none
// asked, running, canceled, or dropped by New game or Undo).
func (c *Controller) Report() *quality.Report {
	c.checkReport()
	return c.xa.rep.report
}

// MoveQuality returns the report's judgment of the game's ply-th move
// (1 for the first), false when the report has none or the move was not
// the players' (a placement at random, quality.Move.Setup).
func (c *Controller) MoveQuality(ply int) (quality.Move, bool) {
	rep := c.Report()
	if rep == nil || ply < 1 || ply > len(rep.Moves) || rep.Moves[ply-1].Setup {
		return quality.Move{}, false
	}
	return rep.Moves[ply-1], true
}

// IsMistake reports whether a move of class cl counts as a mistake for
// the navigation and the teaching game: a mistake, a blunder, a missed
// win or a losing move.
func IsMistake(cl quality.Class) bool { return cl >= quality.Mistake }

// NextMistake returns the ply (1-based) of the first mistake (IsMistake)
// after ply when dir > 0, or the last one before it when dir < 0; 0 when
// there is none. The moves' classes are the report's, or, before the
// window made one, those of the opened record's notes (FileNote).
func (c *Controller) NextMistake(ply, dir int) int {
	if dir == 0 {
		return 0
	}
	n := len(c.hist)
	class := func(p int) (quality.Class, bool) {
		note, ok := c.FileNote(p)
		return note.Class, ok && note.HasClass
	}
	if rep := c.Report(); rep != nil {
		n = len(rep.Moves)
		class = func(p int) (quality.Class, bool) { return rep.Moves[p-1].Class, true }
	}
	for p := ply + dir; p >= 1 && p <= n; p += dir {
		if cl, ok := class(p); ok && IsMistake(cl) {
			return p
		}
	}
	return 0
}

// ReviewMistake puts the position after the next (dir > 0) or previous
// (dir < 0) mistake on view, from the ply on view; it returns false when
// there is none.
func (c *Controller) ReviewMistake(dir int) bool {
	cur, _ := c.Reviewing()
	p := c.NextMistake(cur, dir)
	if p == 0 {
		return false
	}
	c.Review(p)
	if p >= len(c.hist) {
		// The last move: Review shows the game itself.
		c.changed()
	}
	return true
}

// MoveWords describes the report's judgment of move q for people: "Move
// 12: You played d3 (-4.0 discs); best was c4 (+2.0 discs). Mistake, it
// cost 6.0 discs. d3 gives White the corner a1."; you says the person
// played it. A mistake or worse ends with why (quality.Move.Why).
func MoveWords(q quality.Move, sc quality.Scale, you bool) string {
	data := map[string]any{"Ply": q.Ply, "Who": sideColor(q.Color), "Move": q.Move, "Value": sc.WordsPhrase(q.Value),
		"Best": q.Best, "BestValue": sc.WordsPhrase(q.BestValue)}
	// The person's own moves have their own templates: "you" takes
	// another form of the verb than a color in most languages.
	var s string
	switch {
	case q.Forced && you:
		return tr("session.move.onlyYou", "Move {{.Ply}}: You played {{.Move}} ({{.Value}}), the only move.", data)
	case q.Forced:
		return tr("session.move.only", "Move {{.Ply}}: {{.Who}} played {{.Move}} ({{.Value}}), the only move.", data)
	case q.Class == quality.Best && you:
		return tr("session.move.bestYou", "Move {{.Ply}}: You played {{.Move}} ({{.Value}}), the best move.", data)
	case q.Class == quality.Best:
		return tr("session.move.best", "Move {{.Ply}}: {{.Who}} played {{.Move}} ({{.Value}}), the best move.", data)
	case you:
		s = tr("session.move.worseYou", "Move {{.Ply}}: You played {{.Move}} ({{.Value}}); best was {{.Best}} ({{.BestValue}}).", data)
	default:
		s = tr("session.move.worse", "Move {{.Ply}}: {{.Who}} played {{.Move}} ({{.Value}}); best was {{.Best}} ({{.BestValue}}).", data)
	}
	if (q.Class == quality.MissedWin || q.Class == quality.Losing) && q.Why != "" {
		// The why says it: "b2 lets the win slip."
		return withWhy(sentences(s, tr("session.move.class", "{{.Class}}.", map[string]any{"Class": q.Class.TitlePhrase()})), q)
	}
	return withWhy(sentences(s, tr("session.move.classLoss", "{{.Class}}, {{.Loss}}.", map[string]any{"Class": q.Class.TitlePhrase(), "Loss": lossPhrase(q, sc)})), q)
}

// withWhy appends q's sentence of why (quality.Move.Why, in the window's
// language) to text, for a mistake or worse.
func withWhy(text string, q quality.Move) string {
	if q.Why == "" || !IsMistake(q.Class) {
		return text
	}
	return sentences(text, whyText(q))
}

// whyText is q's sentence of why in the window's language: its Reason,
// or Why as it is for a judgment without one (a record's PQ whose reason
// had no JSON form).
func whyText(q quality.Move) string {
	if q.Reason.IsZero() {
		return q.Why
	}
	return local(q.Reason)
}

// LossWords says what move q cost: "it cost 6 discs", "it cost 12% of
// winning chances", "it misses a win", "it loses" (in the window's
// language).
func LossWords(q quality.Move, sc quality.Scale) string { return local(lossPhrase(q, sc)) }

// lossPhrase is LossWords as a phrase (keys "session.loss.…").
func lossPhrase(q quality.Move, sc quality.Scale) phrase.P {
	switch q.Class {
	case quality.MissedWin:
		return phrase.T("session.loss.missedWin", "it misses a win", nil)
	case quality.Losing:
		return phrase.T("session.loss.losing", "it lets the opponent win", nil)
	}
	if sc.Unit != "" {
		return phrase.T("session.loss.cost", "it cost {{.Amount}}", map[string]any{"Amount": unitWords(q.Loss, sc.Unit)})
	}
	return phrase.T("session.loss.chances", "it cost {{.Percent}} of winning chances", map[string]any{"Percent": phrase.Number{X: q.Drop, Percent: true}})
}

// analysisChanged brings the report, the values on the board and the
// teaching game up to date after a change (Controller.changed).
func (c *Controller) analysisChanged() {
	if c.closed {
		c.dropReport()
		c.stopValues()
		return
	}
	c.checkReport()
	c.checkValues()
	c.checkTeaching()
}

// ReportLabels returns the labels the board shows for the report's
// judgment of the move that led to the position on view: the value of
// the move played and of the best move, by move (the moves of the
// position before it); nil without a report or at the start.
func (c *Controller) ReportLabels() map[rules.Move]string {
	ply, _ := c.Reviewing()
	q, ok := c.MoveQuality(ply)
	if !ok || q.Forced {
		return nil
	}
	before := c.ViewState().Clone()
	before.Undo()
	sc := quality.ScaleFor(before)
	out := map[rules.Move]string{}
	if m, err := before.ParseMove(q.Move); err == nil {
		out[m] = local(sc.LabelPhrase(q.Value))
	}
	if m, err := before.ParseMove(q.Best); err == nil && q.Best != q.Move {
		out[m] = tr("session.label.best", "best {{.Value}}", map[string]any{"Value": sc.LabelPhrase(q.BestValue)})
	}
	return out
}

// unitWords writes an amount x of a game's unit (a plural noun, "discs")
// to one decimal: "6.5 discs", and "1 disc" for exactly one (key
// "amount.<unit>", a decimal count: phrase.ND).
func unitWords(x float64, unit string) phrase.P {
	one, other := "{{.Amount}} "+strings.TrimSuffix(unit, "s"), "{{.Amount}} "+unit
	if fmt.Sprintf("%.1f", x) == "1.0" {
		return phrase.N("amount."+unit, one, other, 1, map[string]any{"Amount": phrase.Number{X: 1}})
	}
	return phrase.ND("amount."+unit, one, other, x, 1, map[string]any{"Amount": phrase.Number{X: x, Decimals: 1}})
}

// reportValues returns the game report's values of the move played from
// the position on view (the game's next move) and of its best move, by
// move; nil when the report has not judged it. The values on the board
// show them rather than their own search's, so that a move's loss reads
// the same on the board as in the report and in Learn.
func (c *Controller) reportValues() map[rules.Move]quality.Value {
	ply, _ := c.Reviewing()
	q, ok := c.MoveQuality(ply + 1)
	s := c.ViewState()
	if !ok || q.Forced || s == nil {
		return nil
	}
	out := map[rules.Move]quality.Value{}
	if m, err := s.ParseMove(q.Move); err == nil {
		out[m] = q.Value
	}
	if m, err := s.ParseMove(q.Best); err == nil {
		out[m] = q.BestValue
	}
	return out
}

// AccuracyMeaning says what a side's accuracy in the game report means,
// for a tooltip or a line of the report (in the window's language).
func AccuracyMeaning() string {
	return tr("session.report.accuracy", "Accuracy: how close to the best move each move was, 100% = always best.", nil)
}

// MistakeCounts says a side's moves of class mistake or worse in words,
// each class with its count: "1 mistake, 2 blunders, 1 missed win", or
// "no mistakes".
func MistakeCounts(s quality.Side) string {
	var parts []string
	for cl := quality.Mistake; cl < quality.NumClasses; cl++ {
		if n := s.Counts[cl]; n > 0 {
			parts = append(parts, local(cl.CountPhrase(n)))
		}
	}
	if len(parts) == 0 {
		return tr("session.report.noMistakes", "no mistakes", nil)
	}
	return strings.Join(parts, tr("session.listSeparator", ", ", nil))
}

// ReportSummary is the game report in one line, leading with each side's
// mistakes and worse (MistakeCounts), then its accuracy: "Black: 1
// mistake, 2 blunders (accuracy 81%); White: no mistakes (accuracy 97%)".
func ReportSummary(r *quality.Report) string {
	var parts []string
	for _, s := range r.Sides {
		parts = append(parts, SideSummary(s))
	}
	return strings.Join(parts, tr("session.sideSeparator", "; ", nil))
}

// SideSummary is one side's line of the game report: "Black: 1 mistake,
// 2 blunders (accuracy 81%)".
func SideSummary(s quality.Side) string {
	return tr("session.report.side", "{{.Side}}: {{.Mistakes}} (accuracy {{.Accuracy}})",
		map[string]any{"Side": sideColor(s.Color), "Mistakes": MistakeCounts(s), "Accuracy": phrase.Number{X: s.Accuracy, Percent: true}})
}

// ReportNote is the game report's closing note: how many moves it judged
// and how to walk through the mistakes.
func ReportNote(r *quality.Report) string {
	return trn("session.report.note", "{{.Count}} move analyzed. Previous and Next mistake in the panel or the Analysis menu walk through them; Help ▸ Move quality explains the classes.",
		"{{.Count}} moves analyzed. Previous and Next mistake in the panel or the Analysis menu walk through them; Help ▸ Move quality explains the classes.", len(r.Moves), nil)
}

// MistakeList describes the report's mistakes and worse (IsMistake), one
// line each in the game's order, with what each cost and why: "Move 3,
// Black b3: blunder, it cost 15.1 discs. b3 leaves White 6 moves (Black
// had 4); c4 leaves 2."
func MistakeList(r *quality.Report) []string {
	var out []string
	for _, q := range r.Moves {
		if !IsMistake(q.Class) {
			continue
		}
		out = append(out, withWhy(tr("session.report.mistake", "Move {{.Ply}}, {{.Side}} {{.Move}}: {{.Class}}, {{.Loss}}.",
			map[string]any{"Ply": q.Ply, "Side": sideColor(q.Color), "Move": q.Move, "Class": q.Class.LowerPhrase(), "Loss": lossPhrase(q, r.Scale)}), q))
	}
	return out
}
