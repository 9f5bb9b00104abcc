package session

import (
	"fmt"
	"time"

	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Clocks: an optional time control for both sides, people and computer
// alike, either a limit per move (the 1997 WPI tournament's 2 minutes) or
// a time per game with an increment after each move (Fischer). The panel
// shows each side's time left; running out of time loses the game when
// MatchSettings.LoseOnTime is set, else it is only said. The computer
// fits its search into its clock (computerBudget).

// ClockPreset is one time control of the new-game dialog.
type ClockPreset struct {
	Key     string        // the preference value ("move2m")
	Label   string        // the dialog's text
	PerMove time.Duration // the limit of each move, or 0
	Base    time.Duration // each side's time for the game, or 0
	Inc     time.Duration // added to the mover's time after each move (with Base)
}

// Text is the preset's Label in the window's language (key
// "session.clock.<Key>").
func (p ClockPreset) Text() string { return tr("session.clock."+p.Key, p.Label, nil) }

// On reports whether the preset is a time control at all.
func (p ClockPreset) On() bool { return p.PerMove > 0 || p.Base > 0 }

// ClockPresets are the time controls offered, "off" first (the default).
var ClockPresets = []ClockPreset{
	{Key: "off", Label: "No clock"},
	{Key: "move2m", Label: "2 minutes per move (WPI 1997)", PerMove: 2 * time.Minute},
	{Key: "move30s", Label: "30 seconds per move", PerMove: 30 * time.Second},
	{Key: "game1", Label: "1 minute per game, + 1 s per move", Base: time.Minute, Inc: time.Second},
	{Key: "game5", Label: "5 minutes per game, + 3 s per move", Base: 5 * time.Minute, Inc: 3 * time.Second},
	{Key: "game15", Label: "15 minutes per game, + 10 s per move", Base: 15 * time.Minute, Inc: 10 * time.Second},
}

// ClockPresetFor returns the preset of that key, or the first ("off").
func ClockPresetFor(key string) ClockPreset {
	for _, p := range ClockPresets {
		if p.Key == key {
			return p
		}
	}
	return ClockPresets[0]
}

// clockState is the running clocks of a game, by seat.
type clockState struct {
	p       ClockPreset
	left    [2]time.Duration // time left for the game (Base controls)
	running bool             // the side to move's clock runs
	start   time.Time        // when it last started running
	spent   time.Duration    // the side to move's time on this move before start (pauses)
	flagged [2]bool          // the seat ran out of time
}

// resetClock sets the clocks of a new game: stopped, full.
func (c *Controller) resetClock() {
	c.clk = clockState{p: ClockPresetFor(c.set.Clock)}
	c.clk.left = [2]time.Duration{c.clk.p.Base, c.clk.p.Base}
}

// used is the time the side to move has spent on its move so far.
func (c *Controller) used() time.Duration {
	if !c.clk.running {
		return c.clk.spent
	}
	return c.clk.spent + c.now().Sub(c.clk.start)
}

// runClock starts the side to move's clock for a new turn (the previous
// turn's time is forgotten: a move, Undo, Redo or Continue from here began
// it), unless the game has not started, is over or paused.
func (c *Controller) runClock() {
	c.clk.spent = 0
	c.clk.running = c.clockShouldRun()
	c.clk.start = c.now()
}

// clockShouldRun reports whether the side to move's clock runs: the match
// has a clock, the game started and goes on, and it is neither paused nor
// held (HoldClock).
func (c *Controller) clockShouldRun() bool {
	return c.clk.p.On() && c.started && c.result.IsZero() && !c.paused && c.held == 0 && !c.closed
}

// HoldClock stops the clocks while the window shows a dialog (on true) and
// lets them run again once every hold is released (on false; the time on
// the move so far is kept). Holds nest; they outlast NewGame, so a game
// started from the new-game dialog starts its clock when the dialog has
// gone.
func (c *Controller) HoldClock(on bool) {
	if on {
		c.held++
		c.stopClock()
		return
	}
	if c.held == 0 {
		return
	}
	c.held--
	if !c.clk.running && c.clockShouldRun() {
		c.clk.running, c.clk.start = true, c.now()
	}
}

// ClockHeld reports whether a dialog holds the clocks (HoldClock).
func (c *Controller) ClockHeld() bool { return c.held > 0 }

// stopClock stops the running clock, keeping the time spent (pause, game
// over).
func (c *Controller) stopClock() {
	if c.clk.running {
		c.clk.spent += c.now().Sub(c.clk.start)
		c.clk.running = false
	}
}

// chargeMove charges the mover's move to its clock when a move is made
// with the clock running; it returns false when the mover ran out of time
// (the flag fell).
func (c *Controller) chargeMove(mover rules.Seat) bool {
	if !c.clk.running {
		return true
	}
	used := c.used()
	c.clk.spent, c.clk.start = 0, c.now()
	switch {
	case c.clk.p.PerMove > 0:
		return used <= c.clk.p.PerMove
	case c.clk.p.Base > 0:
		c.clk.left[mover] -= used
		if c.clk.left[mover] < 0 {
			c.clk.left[mover] = 0
			return false
		}
		c.clk.left[mover] += c.clk.p.Inc
	}
	return true
}

// Clock returns seat p's time left — on its move for a per-move limit, for
// the game otherwise — and whether it is running; on is false when the
// match has no clock.
func (c *Controller) Clock(p rules.Seat) (left time.Duration, running, on bool) {
	if !c.clk.p.On() || c.state == nil {
		return 0, false, false
	}
	toMove := c.state.ToMove() == p && c.result.IsZero()
	var used time.Duration
	if toMove {
		used = c.used()
	}
	running = toMove && c.clk.running
	if c.clk.p.PerMove > 0 {
		return max(c.clk.p.PerMove-used, 0), running, true
	}
	return max(c.clk.left[p]-used, 0), running, true
}

// ClockText writes a clock reading: "1:05", "0:09.4" under ten seconds.
func ClockText(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("0:%04.1f", d.Seconds())
	}
	s := int(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// Tick checks the side to move's clock (the window calls it a few times a
// second, and redraws the clocks): when it has run out, the flag falls
// (flagFell).
func (c *Controller) Tick() {
	if c.state == nil || c.closed || !c.clk.running || !c.result.IsZero() {
		return
	}
	p := c.state.ToMove()
	if left, _, _ := c.Clock(p); left <= 0 && !c.clk.flagged[p] {
		c.flagFell(p)
	}
}

// flagFell records that seat p ran out of time: with LoseOnTime p loses
// the game (the search stops, OnGameOver is called), otherwise it is said
// once and play goes on.
func (c *Controller) flagFell(p rules.Seat) {
	c.clk.flagged[p] = true
	if !c.set.LoseOnTime {
		c.say(phrase.T("session.message.outOfTime", "{{.Side}} ran out of time (the game goes on: losing on time is off).", map[string]any{"Side": sideColor(c.SeatName(p))}))
		c.changed()
		return
	}
	c.stop()
	c.stopExternal()
	c.stopClock()
	c.result = phrase.T("session.result.onTime", "{{.Loser}} loses on time: {{.Winner}} wins.", map[string]any{"Loser": sideColor(c.SeatName(p)), "Winner": sideColor(c.SeatName(p.Opponent()))})
	c.forfeit = p
	c.resultCode = "W+T"
	if c.Color(p) == 1 {
		c.resultCode = "B+T"
	}
	c.sayResult()
	c.changed()
	if c.OnGameOver != nil {
		c.OnGameOver(local(c.result))
	}
}

// computerBudget returns the longest the computer may think on its move by
// its clock (0: no clock, the level's own time applies): most of a per-move
// limit, or its game's share of the time left (clockShare) plus most of
// the increment, at most a third of the time left.
func (c *Controller) computerBudget(p rules.Seat) time.Duration {
	const least = 20 * time.Millisecond
	switch {
	case c.clk.p.PerMove > 0:
		margin := max(c.clk.p.PerMove/10, 300*time.Millisecond)
		return max(c.clk.p.PerMove-c.used()-margin, least)
	case c.clk.p.Base > 0:
		left, _, _ := c.Clock(p)
		b := link.ClockShare(left, c.state) + c.clk.p.Inc*3/4
		return max(min(b, left/3), least)
	}
	return 0
}

// LevelOf returns the level the computer plays seat p at: Level2 for the
// second seat in computer against computer (when set), else Level.
func (c *Controller) LevelOf(p rules.Seat) int {
	if c.set.Opponent == Watch && p == rules.Second && c.set.HasLevel2 {
		return c.set.Level2
	}
	return c.set.Level
}

// CanPause reports whether the game may be paused or resumed: computer
// against computer, started and not over.
func (c *Controller) CanPause() bool {
	return c.state != nil && c.set.Opponent == Watch && c.started && c.result.IsZero() && !c.closed
}

// Paused reports whether computer against computer is paused.
func (c *Controller) Paused() bool { return c.paused }

// SetPaused pauses computer against computer (the running search is
// canceled and the clocks stop) or resumes it (the side to move searches
// its move afresh).
func (c *Controller) SetPaused(on bool) {
	if !c.CanPause() || on == c.paused {
		return
	}
	c.paused = on
	if on {
		c.stop()
		c.stopExternal()
		c.stopClock()
		c.say(phrase.T("session.message.paused", "Paused.", nil))
		c.changed()
		return
	}
	c.forget(true)
	c.advance()
}
