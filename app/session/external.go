package session

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"planiverse/app/protocol"
	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/phrase"
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
// its process and the referee's side of its protocol, started in the
// background at its first move. The UI goroutine only ever stops it
// (stop, kill), which never blocks; the goroutine that asks for its moves
// owns the rest.
type external struct {
	cfg    EngineConfig
	cancel context.CancelFunc // kills the engine's process group

	mu      sync.Mutex
	p       *link.Proc  // nil until started
	c       link.Client // nil until started
	stopped bool
}

// errStopped is the start's error once the engine was stopped meanwhile.
var errStopped = errors.New("stopped")

// client returns the engine's protocol client, starting the engine first
// if need be (seat p of a game of d with options o, moveTime a move); it
// blocks, so it runs off the UI goroutine.
func (e *external) client(ctx context.Context, d *rules.Descriptor, p rules.Seat, o rules.Options, moveTime time.Duration) (link.Client, error) {
	e.mu.Lock()
	cl, stopped := e.c, e.stopped
	e.mu.Unlock()
	if stopped {
		return nil, errStopped
	}
	if cl != nil {
		return cl, nil
	}
	proto, ok := protocol.For(d)
	if !ok {
		return nil, fmt.Errorf("%s has no engine protocol", d.Name)
	}
	if err := link.CheckCommand(e.cfg.Command); err != nil {
		return nil, rules.Contextp(phrase.T("error.engine.not_started", "it did not start", nil), err)
	}
	proc, err := link.StartProc(ctx, e.cfg.Command)
	if err != nil {
		return nil, rules.Contextp(phrase.T("error.engine.not_started", "it did not start", nil), err)
	}
	if cl, err = proto.NewClient(d, proc, p, o, moveTime); err != nil {
		proc.Stop()
		return nil, rules.Contextp(phrase.T("error.engine.not_started", "it did not start", nil), err)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.stopped {
		go proc.Stop()
		return nil, errStopped
	}
	e.p, e.c = proc, cl
	return cl, nil
}

// stop ends the engine without blocking: a started one is stopped in the
// background (its input closed, its process group killed if it lingers);
// one still starting is killed.
func (e *external) stop() {
	e.mu.Lock()
	e.stopped = true
	p := e.p
	e.mu.Unlock()
	if p == nil {
		e.cancel()
		return
	}
	go func() {
		p.Stop()
		e.cancel()
	}()
}

// kill kills the engine's process group at once, without blocking (the
// window is closing: nothing may outlive it).
func (e *external) kill() {
	e.mu.Lock()
	e.stopped = true
	p := e.p
	e.mu.Unlock()
	e.cancel()
	if p != nil {
		p.Kill()
	}
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
// background (starting it first if it is not running: the messages say
// "Starting the engine …" meanwhile); its answer is played like the
// built-in computer's. A failure (it cannot start, crashes, answers
// garbage or an illegal move, or hangs past its time) ends the game with a
// message naming the engine; the board stays as it was. Nothing here
// blocks the UI goroutine; New game, Undo, Redo and Close stop the engine,
// even while it starts.
func (c *Controller) startExternal(p rules.Seat, cfg EngineConfig) {
	c.stop()
	c.thinking = true
	gen := c.gen
	g, err := c.refGame()
	if err != nil {
		c.engineFailed(cfg, err)
		return
	}
	job := externalJob{desc: c.desc, opts: c.set.Options(), seat: p, game: g, gen: gen,
		moveTime: externalMoveTime, budget: externalMoveTime + externalGrace}
	ctx := context.Background()
	ext := c.ext[p]
	starting := ext == nil
	if starting {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		ext = &external{cfg: cfg, cancel: cancel}
		c.ext[p] = ext
		c.say(startingText(cfg))
	}
	c.w.spawn(func() { c.runExternal(ctx, ext, starting, job) })
}

// externalJob is what the background asks an external engine, read on
// the UI goroutine: the game and its options, the move time the engine is
// told, and the time it has for its answer once started.
type externalJob struct {
	desc             *rules.Descriptor
	opts             rules.Options
	seat             rules.Seat
	game             *link.Game
	gen              uint64
	moveTime, budget time.Duration
}

// startingText is the message shown while the engine cfg starts.
func startingText(cfg EngineConfig) phrase.P {
	return phrase.T("session.engine.starting", "Starting the engine {{.Name}}…", map[string]any{"Name": cfg.Name})
}

// runExternal runs in the background: it starts ext if need be (then
// posts that it has started) and asks it for the move of job, posting the
// answer for the job's generation.
func (c *Controller) runExternal(ctx context.Context, ext *external, starting bool, job externalJob) {
	post, gen := c.w.post, job.gen
	cl, err := ext.client(ctx, job.desc, job.seat, job.opts, job.moveTime)
	if starting && err == nil {
		post(func() {
			if gen == c.gen && !c.closed {
				c.unsay(startingText(ext.cfg))
				c.changed()
			}
		})
	}
	var m rules.Move
	if err == nil {
		m, err = cl.Move(job.game, time.Now().Add(job.budget))
	}
	post(func() {
		if gen != c.gen || c.closed {
			return
		}
		c.thinking = false
		switch {
		case err == link.ErrTimeout:
			c.engineFailed(ext.cfg, rules.Errorp(link.ErrTimeout, phrase.T("error.engine.timeout", "it did not answer within {{.Time}}", map[string]any{"Time": job.budget.String()})))
		case err != nil:
			c.engineFailed(ext.cfg, err)
		case !c.isLegal(m):
			c.engineFailed(ext.cfg, rules.Errorp(rules.ErrIllegal, phrase.T("error.engine.illegal", "it played an illegal move", nil)))
		default:
			c.apply(m, false)
			c.advance()
		}
	})
}

// unsay removes the messages of text (the same key and English).
func (c *Controller) unsay(text phrase.P) {
	c.msgs = slices.DeleteFunc(c.msgs, func(m message) bool { return m.text.Key == text.Key && m.text.String() == text.String() })
}

// EngineStarting reports whether an external engine is starting (its
// process launched, its protocol's greeting not yet answered); the
// messages then say "Starting the engine …".
func (c *Controller) EngineStarting() bool {
	for _, e := range c.ext {
		if e != nil {
			e.mu.Lock()
			starting := e.c == nil && !e.stopped
			e.mu.Unlock()
			if starting {
				return true
			}
		}
	}
	return false
}

// engineFailed ends the game because the external engine cfg failed.
func (c *Controller) engineFailed(cfg EngineConfig, err error) {
	c.thinking = false
	c.stopExternal()
	c.unsay(startingText(cfg))
	c.result = phrase.T("session.engine.failed", "The engine {{.Name}} failed: {{.Error}}. The game ends here.", map[string]any{"Name": cfg.Name, "Error": engineError(err)})
	c.sayResult()
	c.changed()
	if c.OnGameOver != nil {
		c.OnGameOver(local(c.result))
	}
}

// stopExternal stops the external engines' processes (New game, Undo,
// Redo) in the background; they start again at their next move, told the
// whole game.
func (c *Controller) stopExternal() {
	for i, e := range c.ext {
		if e != nil {
			e.stop()
			c.ext[i] = nil
		}
	}
}

// killExternal kills the external engines' processes at once (the window
// closes).
func (c *Controller) killExternal() {
	for i, e := range c.ext {
		if e != nil {
			e.kill()
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

// engineError is an engine's failure err as a phrase argument
// (ErrorPhrase): its phrases translated, the words of the engine and of
// the system each on one line (link.OneLine).
func engineError(err error) phrase.P { return errorPhrase(err, link.OneLine) }
