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

// Teaching game: with it on, each move a person makes is judged in the
// background (quality.Analyzer.Analyze, on an engine of its own, while the
// game goes on); a mistake or worse (IsMistake) is told with its cost, and
// TakeBack takes the game back to before it, as KaTrain's teaching game
// does. Learn from your mistakes walks through the person's mistakes of the
// game report: each position before a mistake is put on view, the person
// tries a move there (TryLearn), is told whether it is as good as the best
// (a best or good move), and may ask for the answer (RevealLearn).

// DefaultTeachingTime is the search time of each position judged in the
// teaching game (the position before the move and the one after it).
const DefaultTeachingTime = 300 * time.Millisecond

// teachState is the teaching game and the walk through the mistakes.
type teachState struct {
	on      bool
	opts    quality.Options
	judged  int // moves of the history already handed to the judge
	gen     uint64
	cancel  context.CancelFunc
	verdict *quality.Move // the person's latest mistake, nil when none
	game    rules.State   // the game object verdict belongs to

	learn learnState
}

// learnState is Learn from your mistakes.
type learnState struct {
	on       bool
	plies    []int // the person's mistakes (plies, 1-based)
	idx      int   // the mistake on view
	gen      uint64
	tried    *quality.Move // the judgment of the move tried, nil before one
	trying   bool          // a tried move is being judged
	revealed bool
}

// SetTeaching turns the teaching game on or off; moves already played are
// not judged.
func (c *Controller) SetTeaching(on bool) {
	t := &c.xa.teach
	if t.on == on {
		return
	}
	t.on = on
	c.clearVerdict()
	t.judged = len(c.hist)
	c.changed()
}

// Teaching reports whether the teaching game is on.
func (c *Controller) Teaching() bool { return c.xa.teach.on }

// SetTeachingOptions sets how the teaching game judges a move (zero:
// DefaultTeachingTime a position); tests set a Depth.
func (c *Controller) SetTeachingOptions(o quality.Options) { c.xa.teach.opts = o }

func (c *Controller) teachingOptions() quality.Options {
	o := c.xa.teach.opts
	if o.Time <= 0 && o.Depth <= 0 {
		o.Time = DefaultTeachingTime
	}
	if o.TTMegabytes <= 0 {
		o.TTMegabytes = 16
	}
	return o
}

// Verdict returns the teaching game's judgment of the person's latest
// mistake (a mistake or worse), false when there is none to show.
func (c *Controller) Verdict() (quality.Move, bool) {
	t := &c.xa.teach
	if t.verdict == nil || t.game != c.state || t.verdict.Ply > len(c.hist) || t.verdict.Move != c.hist[t.verdict.Ply-1].text {
		return quality.Move{}, false
	}
	return *t.verdict, true
}

// VerdictWords says the teaching game's verdict for people: "Mistake
// (move 5, b2): it cost 6.0 discs. Best was c4 (+2.0 discs). b2 gives
// White the corner a1." ("" when there is none).
func (c *Controller) VerdictWords() string {
	q, ok := c.Verdict()
	if !ok {
		return ""
	}
	sc := quality.ScaleFor(c.state)
	return withWhy(tr("session.verdict", "{{.Class}} (move {{.Ply}}, {{.Move}}): {{.Loss}}. Best was {{.Best}} ({{.BestValue}}).",
		map[string]any{"Class": q.Class.TitlePhrase(), "Ply": q.Ply, "Move": q.Move, "Loss": lossPhrase(q, sc), "Best": q.Best,
			"BestValue": sc.WordsPhrase(q.BestValue)}), q)
}

// TakeBack takes the game back to before the person's latest mistake
// (Undo, as many times as needed) so that the person can try again. It
// returns false when there is no verdict or it cannot be undone.
func (c *Controller) TakeBack() bool {
	q, ok := c.Verdict()
	if !ok {
		return false
	}
	c.clearVerdict()
	for len(c.hist) >= q.Ply {
		if !c.Undo() {
			return false
		}
	}
	c.xa.teach.judged = len(c.hist)
	return true
}

// clearVerdict forgets the verdict and cancels a judgment running.
func (c *Controller) clearVerdict() {
	t := &c.xa.teach
	if t.cancel != nil {
		t.cancel()
	}
	t.gen++
	t.cancel, t.verdict, t.game = nil, nil, nil
}

// checkTeaching judges the person's moves played since the last call and
// ends Learn from your mistakes when its report is gone.
func (c *Controller) checkTeaching() {
	t := &c.xa.teach
	if t.learn.on && c.Report() == nil {
		t.learn = learnState{gen: t.learn.gen + 1}
	}
	if t.judged > len(c.hist) {
		t.judged = len(c.hist)
	}
	if !t.on || c.state == nil {
		t.judged = len(c.hist)
		return
	}
	for ; t.judged < len(c.hist); t.judged++ {
		e := c.hist[t.judged]
		if !e.auto && !c.IsComputer(e.mover) && c.started {
			c.judge(t.judged+1, e.move)
		}
	}
}

// judge judges the game's ply-th move m in the background; a mistake or
// worse becomes the verdict.
func (c *Controller) judge(ply int, m rules.Move) {
	t := &c.xa.teach
	c.clearVerdict()
	before := c.state.Clone()
	for n := len(c.hist); n >= ply; n-- {
		before.Undo()
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.cancel = cancel
	gen, post, d, game, opts := t.gen, c.w.post, c.desc, c.state, c.teachingOptions()
	c.w.spawn(func() {
		q, err := quality.New(d, opts).Analyze(ctx, before, ply, m)
		post(func() {
			t := &c.xa.teach
			if gen != t.gen || c.closed {
				return
			}
			t.cancel = nil
			cancel()
			if err != nil || !IsMistake(q.Class) {
				return
			}
			t.verdict, t.game = &q, game
			c.changed()
		})
	})
}

// StartLearning starts Learn from your mistakes on the finished game
// report: the position before the person's first mistake is put on view.
// It returns false when there is no report or no mistake of a person's.
func (c *Controller) StartLearning() bool {
	rep := c.Report()
	if rep == nil {
		return false
	}
	var plies []int
	for _, q := range rep.Moves {
		if IsMistake(q.Class) && !c.IsComputer(q.Seat) && q.Ply <= len(c.hist) && !c.hist[q.Ply-1].auto {
			plies = append(plies, q.Ply)
		}
	}
	if len(plies) == 0 {
		return false
	}
	l := &c.xa.teach.learn
	*l = learnState{on: true, plies: plies, gen: l.gen + 1}
	c.showLearn()
	return true
}

// showLearn puts the position before the current mistake on view.
func (c *Controller) showLearn() {
	l := &c.xa.teach.learn
	l.tried, l.trying, l.revealed = nil, false, false
	l.gen++
	ply := l.plies[l.idx]
	if ply-1 == 0 && len(c.hist) > 0 {
		c.Review(-1)
	} else {
		c.Review(ply - 1)
	}
	c.changed()
}

// Learning returns the mistake Learn from your mistakes shows (the
// report's judgment of it), its number from 1 and the number of
// mistakes; ok false when it is not running.
func (c *Controller) Learning() (q quality.Move, n, of int, ok bool) {
	l := &c.xa.teach.learn
	if !l.on {
		return quality.Move{}, 0, 0, false
	}
	q, ok = c.MoveQuality(l.plies[l.idx])
	return q, l.idx + 1, len(l.plies), ok
}

// LearnTried returns the judgment of the move the person tried in the
// mistake's position (trying true while it is being judged).
func (c *Controller) LearnTried() (q quality.Move, trying, ok bool) {
	l := &c.xa.teach.learn
	if l.tried == nil {
		return quality.Move{}, l.trying, false
	}
	return *l.tried, l.trying, true
}

// LearnRevealed reports whether the answer is shown; LearnBest returns the
// best move of the mistake's position (rules.NoMove when not learning).
func (c *Controller) LearnRevealed() bool { return c.xa.teach.learn.revealed }

// LearnBest returns the best move of the position on view in Learn from
// your mistakes, parsed from the report, or rules.NoMove.
func (c *Controller) LearnBest() rules.Move {
	q, _, _, ok := c.Learning()
	if !ok {
		return rules.NoMove
	}
	m, err := c.ViewState().ParseMove(q.Best)
	if err != nil {
		return rules.NoMove
	}
	return m
}

// TryLearn judges move m, tried in the mistake's position on view, in the
// background, against the report's judgment of the mistake
// (quality.Analyzer.AnalyzeAgainst: the mistake's move and the best move
// keep the report's figures, another move is measured from the report's
// best value); LearnTried returns the judgment. It returns an error for a
// move that is not legal there, and ErrNotYourTurn when not learning.
func (c *Controller) TryLearn(m rules.Move) error {
	q, _, _, ok := c.Learning()
	if !ok {
		return fmt.Errorf("no mistake to learn from: %w", ErrNotYourTurn)
	}
	pos := c.ViewState().Clone()
	if !slices.Contains(pos.Moves(nil), m) {
		return fmt.Errorf("move code %d: %w", m, rules.ErrIllegal)
	}
	l := &c.xa.teach.learn
	l.gen++
	l.tried, l.trying = nil, true
	gen, post, d, opts := l.gen, c.w.post, c.desc, c.teachingOptions()
	c.w.spawn(func() {
		tq, err := quality.New(d, opts).AnalyzeAgainst(context.Background(), pos, q.Ply, m, q)
		post(func() {
			l := &c.xa.teach.learn
			if gen != l.gen || c.closed || !l.on {
				return
			}
			l.trying = false
			if err == nil {
				l.tried = &tq
			}
			c.changed()
		})
	})
	c.changed()
	return nil
}

// LearnWords says the outcome of the tried move: "Well found: c4 is as
// good as the best move." or "d3 is still a mistake: it cost 6.5 discs.
// d3 gives White the corner a1. Try again, or show the answer." (why
// kept back while it names the best move), "" before a move is tried.
func (c *Controller) LearnWords() string {
	tq, trying, ok := c.LearnTried()
	switch {
	case trying:
		return tr("session.learn.judging", "Judging your move…", nil)
	case !ok:
		return ""
	case LearnGood(tq.Class):
		return tr("session.learn.found", "Well found: {{.Move}} is as good as the best move.", map[string]any{"Move": tq.Move})
	}
	text := tr("session.learn.still", "{{.Move}} is still {{.Class}}: {{.Loss}}.", map[string]any{"Move": tq.Move,
		"Class": article(tq.Class), "Loss": lossPhrase(tq, quality.ScaleFor(c.ViewState()))})
	if IsMistake(tq.Class) && tq.Why != "" && (c.LearnRevealed() || !namesBest(tq)) {
		text = sentences(text, whyText(tq))
	}
	return sentences(text, tr("session.learn.again", "Try again, or show the answer.", nil))
}

// LearnPrompt is the text of Learn from your mistakes on the mistake on
// view: the exercise with why the mistake fell short (quality.Move.Why;
// kept back while it names the best move), the outcome of the move tried
// (LearnWords) and, once the answer is shown, the best move with why;
// "" when not learning.
func (c *Controller) LearnPrompt() string {
	q, n, of, ok := c.Learning()
	if !ok {
		return ""
	}
	text := tr("session.learn.prompt", "Learn from your mistakes, {{.N}} of {{.Of}} — move {{.Ply}}: {{.Side}} played {{.Move}} ({{.Class}}).",
		map[string]any{"N": n, "Of": of, "Ply": q.Ply, "Side": sideColor(q.Color), "Move": q.Move, "Class": q.Class.LowerPhrase()})
	revealed := c.LearnRevealed()
	if q.Why != "" && !revealed && !namesBest(q) {
		text = sentences(text, whyText(q))
	}
	text = sentences(text, tr("session.learn.find", "Find a better move on the board.", nil))
	if w := c.LearnWords(); w != "" {
		text += "\n" + w
	}
	if revealed {
		text += "\n" + tr("session.learn.best", "The best move was {{.Best}} ({{.BestValue}}).",
			map[string]any{"Best": q.Best, "BestValue": quality.ScaleFor(c.ViewState()).WordsPhrase(q.BestValue)})
		if q.Why != "" {
			text = sentences(text, whyText(q))
		}
	}
	return text
}

// namesBest reports whether q's sentence of why gives its best move away
// (names it), so that Learn keeps it back until the answer is shown.
func namesBest(q quality.Move) bool {
	for _, w := range strings.FieldsFunc(q.Why, func(r rune) bool { return strings.ContainsRune(" ,;:.()", r) }) {
		if strings.EqualFold(w, q.Best) {
			return true
		}
	}
	return false
}

// LearnGood reports whether a tried move of class cl counts as found: a
// best or good move.
func LearnGood(cl quality.Class) bool { return cl <= quality.Good }

// article names a class with its article: "an inaccuracy", "a mistake"
// (keys "session.article.<class>").
func article(cl quality.Class) phrase.P {
	t := strings.ToLower(cl.Title())
	if strings.ContainsRune("aeiou", rune(t[0])) {
		return phrase.T("session.article."+cl.String(), "an "+t, nil)
	}
	return phrase.T("session.article."+cl.String(), "a "+t, nil)
}

// RevealLearn shows the answer: the best move of the mistake's position.
func (c *Controller) RevealLearn() {
	if l := &c.xa.teach.learn; l.on {
		l.revealed = true
		c.changed()
	}
}

// LearnNext goes to the next (dir > 0) or previous mistake; past the last
// it ends the walk (StopLearning). It returns false when not learning.
func (c *Controller) LearnNext(dir int) bool {
	l := &c.xa.teach.learn
	if !l.on {
		return false
	}
	l.idx += dir
	if l.idx < 0 || l.idx >= len(l.plies) {
		c.StopLearning()
		return true
	}
	c.showLearn()
	return true
}

// StopLearning ends Learn from your mistakes; the game is on view again.
func (c *Controller) StopLearning() {
	l := &c.xa.teach.learn
	if !l.on {
		return
	}
	*l = learnState{gen: l.gen + 1}
	c.Review(len(c.hist))
	c.changed()
}
