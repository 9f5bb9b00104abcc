package session

import (
	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Review: looking back at an earlier position of the game without changing
// it. While an earlier position is on view the game itself goes on (the
// computer may still move), the board shows the position on view and takes
// no moves, and Continue from here makes the position on view the game's.

// Reviewing returns the ply on view, the number of moves played to reach
// the position the board shows, and true while an earlier position than
// the game's own is on view; (len(History), false) otherwise.
func (c *Controller) Reviewing() (ply int, on bool) {
	if c.view < 0 {
		return len(c.hist), false
	}
	return c.view, true
}

// ViewState returns the position on view: while reviewing, a private copy
// of the position after Reviewing's ply moves; otherwise State.
func (c *Controller) ViewState() rules.State {
	if c.view >= 0 && c.viewPos != nil {
		return c.viewPos
	}
	return c.state
}

// Review puts the position after ply moves on view (0: the start
// position); ply at or past the end of the history, or below 0 with no
// history, returns to the game. ply < 0 means the start position. It calls
// OnChange; the window shows ViewState. The game goes on (the computer's
// search is not canceled), but the hint goes (a hint search is
// canceled), and so do the messages that last until the person's next
// action and the teaching game's verdict (the teaching prompt speaks of
// the game's position).
func (c *Controller) Review(ply int) {
	if c.state == nil || c.closed {
		return
	}
	ply = max(ply, 0)
	if ply >= len(c.hist) {
		if c.view < 0 {
			return
		}
		c.leaveReview()
		c.leaveHint()
		c.changed()
		return
	}
	if ply == c.view {
		return
	}
	c.leaveHint()
	if c.view < 0 {
		c.forget(true) // entering review is the person's action
		if c.xa.teach.verdict != nil {
			c.clearVerdict() // the teaching prompt speaks of the game's position
		}
	}
	if c.viewPos == nil || c.view < ply {
		c.viewPos = c.state.Clone()
		c.view = len(c.hist)
	}
	for c.view > ply {
		c.viewPos.Undo()
		c.view--
	}
	c.changed()
}

// ReviewStep moves the view by delta plies (←: -1, →: +1), entering review
// from the game's position; Review's bounds apply.
func (c *Controller) ReviewStep(delta int) {
	ply, _ := c.Reviewing()
	c.Review(ply + delta)
}

// leaveHint drops the hint (and cancels a hint search): the position on
// view changes, and the board no longer shows the position it was for.
func (c *Controller) leaveHint() {
	if c.hinting {
		c.stop()
	}
	c.hint = rules.NoMove
}

// leaveReview drops the review position; the game is on view again.
func (c *Controller) leaveReview() {
	c.view, c.viewPos = -1, nil
}

// CanContinue reports whether Continue from here may make the position on
// view the game's: an earlier position is on view, at or after the moves
// that cannot be taken back (DVONN's random placement), and the match can
// take back moves (not against an external DVONN engine, whose protocol
// cannot be told them).
func (c *Controller) CanContinue() bool {
	if c.view < 0 || c.closed || c.view < c.floor {
		return false
	}
	if c.externalCannotSetUp() {
		return false
	}
	return true
}

// ContinueFromHere makes the position on view the game's: the moves after
// it are taken back (Redo replays them, in every match but computer against
// computer, where they are dropped), the result is cleared, and play goes
// on from there (the computer moves if it is its turn). It returns false
// when CanContinue does.
func (c *Controller) ContinueFromHere() bool {
	if !c.CanContinue() {
		return false
	}
	ply := c.view
	c.leaveReview()
	c.stop()
	c.stopExternal()
	c.redo = nil
	for len(c.hist) > ply {
		e := c.hist[len(c.hist)-1]
		c.hist = c.hist[:len(c.hist)-1]
		c.state.Undo()
		c.redo = append(c.redo, e)
	}
	if c.set.Opponent == Watch {
		c.redo = nil
	}
	c.result = phrase.P{}
	c.forget(true)
	c.say(phrase.T("session.message.playOn", "Play goes on from here.", nil))
	c.advance()
	return true
}
