package lesson

import (
	"context"
	"fmt"

	"planiverse/ai"
	"planiverse/app/i18n"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// Player plays one stage: it holds the stage's position, checks the
// player's tries against the stage's rule and counts them. It is not safe
// for concurrent use, except that Judge, which may search for a few
// seconds (rules that ask the engine), may run on another goroutine.
type Player struct {
	Stage *Stage
	game  *rules.Descriptor
	pos   rules.State
	eng   *ai.Engine
	tries int
	done  bool
	stars int
	// shown: the solution was shown (Reveal), so solving earns one star.
	shown bool
}

// Feedback is the answer to one try.
type Feedback struct {
	OK    bool   // the task is done
	Text  string // the success text, or why the try is refused (one sentence)
	Tries int    // the tries so far, this one included
	Stars int    // when OK: 1 to 3 (Stars)
}

// NewPlayer returns a player at the start of stage st.
func NewPlayer(st *Stage) (*Player, error) {
	d, err := registry.Lookup(st.Game())
	if err != nil {
		return nil, err
	}
	p := &Player{Stage: st, game: d}
	if st.Rule.Kind == ForcesWin || st.Rule.Kind == KeepsResult {
		p.eng = ai.NewEngine(engineTableMB)
	}
	if err := p.Retry(); err != nil {
		return nil, err
	}
	return p, nil
}

// Position returns the stage's position as it stands (after the accepted
// move and the reply once the task is done). The caller may read it (a
// board widget does) but not play on it.
func (p *Player) Position() rules.State { return p.pos }

// Tries returns how many tries were made since the stage (re)started.
func (p *Player) Tries() int { return p.tries }

// Done reports whether the task is done.
func (p *Player) Done() bool { return p.done }

// Stars returns the stars earned (0 until the task is done).
func (p *Player) Stars() int { return p.stars }

// Retry puts the stage back at its start, with no tries counted.
func (p *Player) Retry() error {
	s, err := p.Stage.Start()
	if err != nil {
		return err
	}
	p.pos, p.tries, p.done, p.stars, p.shown = s, 0, false, 0, false
	return nil
}

// Stars returns the stars for a task done at the given try: 3 at the
// first, 2 at the second, 1 later.
func Stars(tries int) int {
	switch {
	case tries <= 1:
		return 3
	case tries == 2:
		return 2
	}
	return 1
}

// Verdict is a stage's answer to one try, before it is counted.
type Verdict struct {
	OK   bool   // the rule accepts the move
	Text string // the success text, or why the try is refused (one sentence), in the window's language
}

// Judge returns the stage's verdict on move m, tapped on the board (legal
// or not), in s: a copy of Position the caller owns (Position().Clone()),
// which it leaves as it was. It changes nothing in the player, so it may
// run on another goroutine while the board draws Position (one Judge at a
// time). Rules that ask the engine stop when ctx is done.
func (p *Player) Judge(ctx context.Context, s rules.State, m rules.Move) Verdict {
	st := p.Stage
	if !legal(s, m) {
		if text := st.Wrong["illegal"]; text != "" {
			return Verdict{Text: st.Say("wrong.illegal", text)}
		}
		if why := rules.WhyPhrase(s, m); !why.IsZero() {
			return Verdict{Text: i18n.Phrase(why)}
		}
		return Verdict{Text: i18n.T("lesson.illegal", "That move is not allowed here.", nil)}
	}
	if !st.Rule.accepts(ctx, p.eng, p.game, s, m) {
		if mv := s.MoveString(m); st.Wrong[mv] != "" {
			return Verdict{Text: st.Say("wrong."+mv, st.Wrong[mv])}
		}
		return Verdict{Text: st.Say("wrong.rule", st.Wrong["rule"])}
	}
	return Verdict{OK: true, Text: st.Say("success", st.Success)}
}

// Record counts a try of m that Judge answered with v: an accepted move is
// played, then the stage's reply if any, and the stars are given; a
// refused one leaves the position unchanged. Recording a try after the
// task is done is an error.
func (p *Player) Record(m rules.Move, v Verdict) (Feedback, error) {
	if p.done {
		return Feedback{}, fmt.Errorf("lesson: %s is done already; retry it first", p.Stage.ID)
	}
	p.tries++
	f := Feedback{OK: v.OK, Text: v.Text, Tries: p.tries}
	if !v.OK {
		return f, nil
	}
	p.pos.Play(m)
	if p.Stage.Reply != "" {
		if r, err := p.pos.ParseMove(p.Stage.Reply); err == nil {
			p.pos.Play(r)
		}
	}
	p.done, p.stars = true, Stars(p.tries)
	if p.shown {
		p.stars = 1
	}
	f.Stars = p.stars
	return f, nil
}

// Try judges move m and records the try (Judge, then Record).
func (p *Player) Try(ctx context.Context, m rules.Move) (Feedback, error) {
	if p.done {
		return Feedback{}, fmt.Errorf("lesson: %s is done already; retry it first", p.Stage.ID)
	}
	return p.Record(m, p.Judge(ctx, p.pos.Clone(), m))
}

// Reveal returns the stage's solution as a move of its position (for Show
// solution), or NoMove once the task is done; solving the stage after it
// earns one star.
func (p *Player) Reveal() rules.Move {
	m := p.solution()
	if m != rules.NoMove {
		p.shown = true
	}
	return m
}

// solution is the stage's solution as a move of its position, or NoMove
// once the task is done.
func (p *Player) solution() rules.Move {
	if p.done {
		return rules.NoMove
	}
	m, err := p.pos.ParseMove(p.Stage.Solution)
	if err != nil {
		return rules.NoMove
	}
	return m
}

// engineTableMB is the transposition table of a player's engine, in
// megabytes: lesson positions are small.
const engineTableMB = 16

// legal reports whether m is a legal move of s.
func legal(s rules.State, m rules.Move) bool {
	for _, c := range s.Moves(nil) {
		if c == m {
			return true
		}
	}
	return false
}
