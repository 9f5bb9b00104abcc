package session

import (
	"fmt"
	"io"
	"time"

	"planiverse/app/protocol"
	"planiverse/app/protocol/link"
	"planiverse/rules"
)

// External engines in the window: programs that speak a game's engine
// protocol (the ones planiverse match drives), configured in Game →
// Engines… and chosen as the computer in the new-game dialog.

// EngineConfig is one external engine the person has configured: a name
// shown in the dialogs, the game (registry name) and the command line (run
// with sh as "exec <command>").
type EngineConfig struct {
	Name    string `json:"name"`
	Game    string `json:"game"`
	Command string `json:"command"`
}

// EngineFor returns the configured engine of that name for game.
func EngineFor(list []EngineConfig, game, name string) (EngineConfig, bool) {
	for _, e := range list {
		if e.Game == game && e.Name == name {
			return e, true
		}
	}
	return EngineConfig{}, false
}

// external is an external engine playing one seat of the current game:
// its process and the referee's side of its protocol.
type external struct {
	cfg EngineConfig
	p   *link.Proc
	c   link.Client
}

// Timing of external engines in the window: the move time the protocol is
// told (where it has a clock), and the grace after it before the engine is
// taken to hang (variables so that tests can shorten them).
var (
	externalMoveTime = 3 * time.Second
	externalGrace    = 5 * time.Second
)

// ExternalSeat returns the configured external engine that plays seat p in
// the current game, if any: against a person, the computer's seat; in
// computer against computer, the second seat (the first plays Planiverse's
// level).
func (c *Controller) ExternalSeat(p rules.Seat) (EngineConfig, bool) {
	if c.set.Engine == "" || c.Engines == nil || !c.IsComputer(p) {
		return EngineConfig{}, false
	}
	if c.set.Opponent == Watch && p != rules.Second {
		return EngineConfig{}, false
	}
	return EngineFor(c.Engines(), c.set.Game, c.set.Engine)
}

// refGame returns a private copy of the game for an external engine: the
// start position and every move since.
func (c *Controller) refGame() (*link.Game, error) {
	_, start, err := NewGame(c.set.Game, c.set.Options())
	if err != nil {
		return nil, err
	}
	g := &link.Game{Start: start.Clone(), Pos: start}
	for _, e := range c.hist {
		g.Play(e.move)
	}
	return g, nil
}

// startExternal asks the external engine cfg for seat p's move, in the
// background; its answer is played like the built-in computer's. A
// failure (it cannot start, crashes, answers garbage or an illegal move,
// or hangs past its time) ends the game with a message naming the engine;
// the board stays as it was.
func (c *Controller) startExternal(p rules.Seat, cfg EngineConfig) {
	c.stop()
	c.thinking = true
	gen := c.gen
	proto, _ := protocol.For(c.desc)
	newClient := proto.NewClient
	ext := c.ext[p]
	if ext == nil {
		proc, err := link.StartProc(cfg.Command, io.Discard)
		var cl link.Client
		if err == nil {
			cl, err = newClient(c.desc, proc, p, c.set.Options(), externalMoveTime)
			if err != nil {
				proc.Stop()
			}
		}
		if newClient == nil || err != nil {
			c.engineFailed(cfg, fmt.Errorf("it did not start: %v", err))
			return
		}
		ext = &external{cfg: cfg, p: proc, c: cl}
		c.ext[p] = ext
	}
	g, err := c.refGame()
	if err != nil {
		c.engineFailed(cfg, err)
		return
	}
	deadline := time.Now().Add(externalMoveTime + externalGrace)
	post := c.w.post
	go func() {
		m, err := ext.c.Move(g, deadline)
		post(func() {
			if gen != c.gen || c.closed {
				return
			}
			c.thinking = false
			switch {
			case err == link.ErrTimeout:
				c.engineFailed(cfg, fmt.Errorf("it did not answer within %v", externalMoveTime+externalGrace))
			case err != nil:
				c.engineFailed(cfg, err)
			case !c.isLegal(m):
				c.engineFailed(cfg, fmt.Errorf("it played an illegal move"))
			default:
				c.apply(m, false)
				c.advance()
			}
		})
	}()
}

// engineFailed ends the game because the external engine cfg failed.
func (c *Controller) engineFailed(cfg EngineConfig, err error) {
	c.thinking = false
	c.stopExternal()
	c.result = fmt.Sprintf("The engine %s failed: %s. The game ends here.", cfg.Name, link.OneLine(err.Error()))
	c.say(c.result)
	c.changed()
	if c.OnGameOver != nil {
		c.OnGameOver(c.result)
	}
}

// stopExternal stops the external engines' processes (New game, Undo,
// Redo, closing the window); they start again at their next move, told
// the whole game.
func (c *Controller) stopExternal() {
	for i, e := range c.ext {
		if e != nil {
			e.p.Stop()
			c.ext[i] = nil
		}
	}
}

// externalCannotSetUp reports whether the person plays an external engine
// whose protocol cannot set up a position (protocol.Protocol.NoSetUp), so
// that moves cannot be taken back.
func (c *Controller) externalCannotSetUp() bool {
	if _, ext := c.ExternalSeat(c.set.Side.Opponent()); !ext {
		return false
	}
	proto, _ := protocol.For(c.desc)
	return proto.NoSetUp
}
