package session

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Controller is the match logic behind the window, free of Fyne widgets so
// it runs headless in tests: the authoritative position, who plays each
// seat, the move history with undo and redo, automatic moves (forced passes,
// DVONN's forced 49th placement), the computer's moves and hints searched
// in the background, and the messages shown to the person.
//
// Every method and callback runs on the UI goroutine. Searches run on a
// Clone of the position in a worker goroutine and post their replies back
// with post (fyne.Do in the app); a generation counter, bumped by New game,
// Undo, Redo, a move and Close, drops replies that arrive too late, and the
// search's context is canceled at the same time.
type Controller struct {
	set     MatchSettings
	desc    *rules.Descriptor // the game's descriptor
	state   rules.State
	hist    []entry // moves played since the start position
	redo    []entry // moves taken back, the next to replay last
	floor   int     // len(hist) below which Undo never goes (the descriptor's Setup moves)
	opening bool    // Setup's moves are being played
	msgs    []message
	log     []phrase.P  // every message said in this game, oldest first
	result  phrase.P    // the game-over summary, the zero phrase while the game goes on
	started bool        // false until Start: the computer waits (the new-game dialog is up)
	view    int         // the ply on view while reviewing (the position after view moves), -1 for the game itself
	viewPos rules.State // the position on view while reviewing

	w      *worker
	clk    clockState       // the match's clocks
	now    func() time.Time // the clocks' time source (time.Now; tests set a fake)
	paused bool             // computer against computer is paused
	held   int              // open dialogs holding the clocks (HoldClock)
	began  time.Time        // when the game was set up (the record's date)
	// resultCode is the result in SGF's form when the game ended other
	// than by the rules (resignation "W+R", time "B+T"), else "".
	resultCode string
	forfeit    rules.Seat         // the seat that resigned or lost on time (with resultCode)
	an         *analyzer          // the evaluation graph's background analysis, nil when off
	gen        uint64             // generation: replies of older searches are dropped
	cancel     context.CancelFunc // cancels the running search, if any
	thinking   bool               // the computer is searching its move
	hinting    bool               // a hint search is running
	info       ai.Info            // the running search's latest progress
	hint       rules.Move         // the hint shown, or rules.NoMove
	hintBook   bool               // the hint came from the opening book
	closed     bool
	ext        [2]*external // external engines by seat, started at their first move
	rng        *rand.Rand   // DVONN random placements
	buf        []rules.Move
	xa         analysisExtras // game report, values on the board, teaching game (report.go)

	// MinDelay is the least time the computer takes for a move (default
	// 300 ms), so its instant replies stay visible; WatchDelay replaces it
	// when the computer plays both sides (default 700 ms), and ShowDelay is
	// the least time a random DVONN placement stays on view before the
	// computer's first move (default 1.5 s).
	MinDelay, WatchDelay, ShowDelay time.Duration
	// HintTime is the time budget of a hint search (default 1.5 s).
	HintTime time.Duration

	// OnNewGame is called after NewGame replaced the position object:
	// the window builds a new board widget for State().
	OnNewGame func()
	// OnChange is called after anything the window shows changed: the
	// position, the turn, the history, the messages, the hint, the
	// thinking state.
	OnChange func()
	// OnProgress is called with each progress report of a running search
	// (about every 100 ms); Thinking returns the same data.
	OnProgress func(ai.Info)
	// OnGameOver is called once when a game ends, with the summary that
	// Result also returns.
	OnGameOver func(summary string)
	// Engines returns the configured external engines (the window reads
	// them from the preferences); nil: none.
	Engines func() []EngineConfig
}

// entry is one played move with what the history shows of it.
type entry struct {
	move  rules.Move
	text  string     // the move in the game's notation
	mover rules.Seat // the seat that made it
	side  string     // the mover's side when it moved (SeatName; Gomoku's colors change on a swap)
	auto  bool       // played by the controller itself (a forced pass or placement, a random placement)
}

// message is one line of the panel's messages with the history length when
// it was said: Undo drops the messages of the moves it takes back, and each
// message stops being true at its lasting's event.
type message struct {
	text  phrase.P // written in the window's language when read
	ply   int
	phase int // the game's phase when it was said (rules.Descriptor.Phase)
	until lasting
}

// lasting says when a message stops being true.
type lasting int

const (
	// untilAction: until the person's next action (a move, Undo, Redo,
	// Hint, Save, Continue from here, Resume, entering review); in
	// computer against computer, until the next move. Most messages.
	untilAction lasting = iota
	// untilMove: only while the position it was said in is the game's
	// (the game's Intro, such as DVONN's "White moves first.": gone after
	// the first move, back when Undo returns to the start).
	untilMove
	// untilUndone: until the move it speaks of is taken back (the result).
	untilUndone
)

// ErrNotYourTurn is returned by Play when no person is to move: the
// computer is thinking, the game is over or has not started.
var ErrNotYourTurn = errors.New("not the person's turn")

// NewController returns a controller whose computer moves and hints are
// searched with eng, posting results to the UI goroutine through post
// (fyne.Do), with random choices seeded by seed. It has no game until
// NewGame.
func NewController(eng Searcher, post func(func()), seed uint64) *Controller {
	return &Controller{
		w:          newWorker(eng, post, seed),
		rng:        rand.New(rand.NewPCG(seed, ^seed)),
		hint:       rules.NoMove,
		view:       -1,
		now:        time.Now,
		MinDelay:   300 * time.Millisecond,
		WatchDelay: 700 * time.Millisecond,
		ShowDelay:  1500 * time.Millisecond,
		HintTime:   1500 * time.Millisecond,
		buf:        make([]rules.Move, 0, 512),
	}
}

// NewGame cancels whatever runs and starts the game set describes (its
// descriptor's New with set.Options()). The moves of the descriptor's Setup
// (DVONN's random placement) are played at once and cannot be undone. The
// computer does not move before Start. On bad settings it returns the error
// and keeps the current game.
func (c *Controller) NewGame(set MatchSettings) error { return c.newGame(set, nil) }

// newGame is NewGame; with moves (legal from the start position: the
// caller checked them) it plays those instead of the descriptor's Setup
// and intro (a pasted move list, LoadMoves).
func (c *Controller) newGame(set MatchSettings, moves []rules.Move) error {
	d, s, err := NewGame(set.Game, set.Options())
	if err != nil {
		return err
	}
	c.stop()
	c.stopExternal()
	ai.Prepare(s, false) // tables the computer will need, built in the background
	c.set, c.desc, c.state = set, d, s
	c.hist, c.redo, c.floor, c.msgs, c.log, c.result = nil, nil, 0, nil, nil, phrase.P{}
	c.view, c.viewPos = -1, nil
	c.paused, c.resultCode, c.began = false, "", c.now()
	c.resetClock()
	c.started = false
	switch {
	case moves != nil:
		for _, m := range moves {
			c.apply(m, false)
		}
		c.say(phrase.N("session.message.setUp", "Set up from {{.Count}} move.", "Set up from {{.Count}} moves.", len(moves), nil))
	case d.Setup != nil:
		c.opening = true
		for _, m := range d.Setup(s.Clone(), set.Options(), c.rng) {
			c.apply(m, true)
		}
		c.opening = false
		c.floor = len(c.hist)
	}
	if d.Intro != nil && moves == nil {
		for _, m := range d.Intro(set.Options()) {
			c.sayUntil(m, untilMove)
		}
	}
	if c.OnNewGame != nil {
		c.OnNewGame()
	}
	c.changed()
	return nil
}

// Start lets play begin: from now on the computer moves when it is its turn
// and forced moves play themselves. The window calls it when the new-game
// dialog closes. Calling it again does nothing.
func (c *Controller) Start() {
	if c.state == nil || c.started || c.closed {
		return
	}
	c.started = true
	c.advance()
}

// Close cancels any search and makes every later reply and call a no-op
// (the window is closing).
func (c *Controller) Close() {
	if c.an != nil {
		c.an.stop()
	}
	c.stop()
	c.killExternal()
	c.closed = true
}

// Wait blocks until every background goroutine the controller started
// (searches, analysis, reports, judgments, values, external engines) has
// returned. After Close they all return soon (each is canceled, or ends
// within its own time limit). For tests and program exit: on the UI
// goroutine it is safe only after Close, as the goroutines never wait for
// their posts to run.
func (c *Controller) Wait() { c.w.bg.Wait() }

// Settings returns the settings of the current game.
func (c *Controller) Settings() MatchSettings { return c.set }

// State returns the authoritative position. The board widget reads it; only
// the controller plays moves on it.
func (c *Controller) State() rules.State { return c.state }

// Started reports whether Start was called for the current game.
func (c *Controller) Started() bool { return c.started }

// Over reports whether the game has ended.
func (c *Controller) Over() bool { return !c.result.IsZero() }

// Result returns the game-over summary ("Black wins 40–24."), or "" while
// the game goes on, in the window's language.
func (c *Controller) Result() string { return local(c.result) }

// Messages returns the messages that hold now, oldest first (passes, swaps,
// captures, the result): without those of moves taken back, those of an
// earlier phase of the game (DVONN's placement help once the stacks move),
// the Intro once a move was made, and those said before the person's last
// action (lasting).
func (c *Controller) Messages() []string {
	var out []string
	now := c.phase()
	for _, m := range c.msgs {
		if m.phase == now && (m.until != untilMove || m.ply == len(c.hist)) {
			out = append(out, local(m.text))
		}
	}
	return out
}

// phase is the game's phase now (rules.Descriptor.Phase; 0 without one).
func (c *Controller) phase() int {
	if c.desc == nil || c.desc.Phase == nil || c.state == nil {
		return 0
	}
	return c.desc.Phase(c.state)
}

// Hint returns the move the last hint search suggested, or rules.NoMove.
func (c *Controller) Hint() rules.Move { return c.hint }

// HintFromBook reports whether the hint shown came from the game's
// opening book rather than a search.
func (c *Controller) HintFromBook() bool { return c.hint != rules.NoMove && c.hintBook }

// History returns the moves played so far in the game's notation, with the
// seat that played each and that seat's side name at the time ("Black").
func (c *Controller) History() (texts []string, movers []rules.Seat, sides []string) {
	for _, e := range c.hist {
		texts = append(texts, e.text)
		movers = append(movers, e.mover)
		sides = append(sides, e.side)
	}
	return texts, movers, sides
}

// Thinking reports whether a search runs: the computer's move (hint false)
// or a hint (hint true), with its latest progress report.
func (c *Controller) Thinking() (on, hint bool, info ai.Info) {
	return c.thinking || c.hinting, c.hinting, c.info
}

// IsComputer reports whether the computer plays seat p in this game.
func (c *Controller) IsComputer(p rules.Seat) bool {
	switch c.set.Opponent {
	case Watch:
		return true
	case VsPerson:
		return false
	}
	return p != c.set.Side
}

// PersonToMove reports whether a person may move now: the game has started,
// is not over, and the side to move is not the computer's. Board taps are
// accepted only then.
func (c *Controller) PersonToMove() bool {
	return c.state != nil && c.started && !c.closed && c.result.IsZero() && c.view < 0 && !c.IsComputer(c.state.ToMove())
}

// Play makes the person's move m (from the board, the swap button or a
// test). It returns an error wrapping ErrNotYourTurn when no person is to
// move, or wrapping rules.ErrIllegal when m is not one of Moves; either way
// nothing changes. A move clears the redo list and cancels a hint search.
func (c *Controller) Play(m rules.Move) error {
	if !c.PersonToMove() {
		return fmt.Errorf("move refused: %w", ErrNotYourTurn)
	}
	c.buf = c.state.Moves(c.buf[:0])
	if !slices.Contains(c.buf, m) {
		return fmt.Errorf("move code %d: %w", m, rules.ErrIllegal)
	}
	c.stop()
	c.redo = nil
	c.apply(m, false)
	c.advance()
	return nil
}

// CanResign reports whether a person may resign now: the game has started
// and goes on, and a person plays in it (against the computer, the
// person's side; between two people, the side to move).
func (c *Controller) CanResign() bool {
	return c.state != nil && c.started && !c.closed && c.result.IsZero() && c.set.Opponent != Watch
}

// Resign ends the game: the person's side (between two people, the side to
// move) resigns and the other wins. It returns false when no one may resign
// now. The position stays as it is; Undo takes back moves as usual.
func (c *Controller) Resign() bool {
	if !c.CanResign() {
		return false
	}
	c.stop()
	c.stopExternal()
	loser := c.state.ToMove()
	if c.set.Opponent == VsComputer {
		loser = c.set.Side
	}
	winner := loser.Opponent()
	c.stopClock()
	c.forfeit = loser
	c.resultCode = "B+R"
	if c.Color(winner) == 1 {
		c.resultCode = "W+R"
	}
	data := map[string]any{"Loser": sideColor(c.SeatName(loser)), "Winner": sideColor(c.SeatName(winner))}
	if c.set.Opponent == VsComputer {
		c.result = phrase.T("session.result.resignsComputer", "{{.Loser}} resigns: {{.Winner}} wins — the computer wins.", data)
	} else {
		c.result = phrase.T("session.result.resigns", "{{.Loser}} resigns: {{.Winner}} wins.", data)
	}
	c.sayResult()
	c.changed()
	if c.OnGameOver != nil {
		c.OnGameOver(local(c.result))
	}
	return true
}

// CanSwap reports whether the person to move may take the Gomoku swap (the
// second ply of a game with the swap opening).
func (c *Controller) CanSwap() bool {
	if !c.PersonToMove() {
		return false
	}
	c.buf = c.state.Moves(c.buf[:0])
	return slices.Contains(c.buf, rules.Swap)
}

// undoable reports whether entry e ends an undo step: a move of its own by a
// person (against the computer, by the person's seat).
func (c *Controller) undoable(e entry) bool {
	return !e.auto && !c.IsComputer(e.mover)
}

// CanUndo reports whether Undo would take back anything: a person's move
// above the floor, and the match is not computer against computer.
func (c *Controller) CanUndo() bool {
	if c.state == nil || c.closed || c.set.Opponent == Watch {
		return false
	}
	if c.externalCannotSetUp() {
		// The CodeCup protocol cannot tell a restarted engine its own
		// earlier moves.
		return false
	}
	for _, e := range c.hist[c.floor:] {
		if c.undoable(e) {
			return true
		}
	}
	return false
}

// Undo takes the game back to the person's previous turn: against the
// computer it cancels the computer's search and takes back its replies and
// the person's last move; between two people it takes back the last move
// (with the forced passes around it). It returns false when there is
// nothing to undo.
func (c *Controller) Undo() bool {
	if !c.CanUndo() {
		return false
	}
	c.leaveReview()
	c.stop()
	c.stopExternal()
	for len(c.hist) > c.floor {
		e := c.hist[len(c.hist)-1]
		c.hist = c.hist[:len(c.hist)-1]
		c.state.Undo()
		c.redo = append(c.redo, e)
		if c.undoable(e) {
			break
		}
	}
	c.result, c.resultCode = phrase.P{}, ""
	c.forget(true)
	c.say(phrase.T("session.message.takenBack", "Move taken back.", nil))
	c.advance()
	return true
}

// CanRedo reports whether Redo has moves to replay.
func (c *Controller) CanRedo() bool {
	return c.state != nil && !c.closed && len(c.redo) > 0 && c.set.Opponent != Watch
}

// Redo replays what the last Undo took back: the person's move and the
// replies that followed it up to the person's next turn. It returns false
// when there is nothing to redo.
func (c *Controller) Redo() bool {
	if !c.CanRedo() {
		return false
	}
	c.leaveReview()
	c.stop()
	c.stopExternal()
	c.forget(true)
	for i := 0; len(c.redo) > 0; i++ {
		e := c.redo[len(c.redo)-1]
		if i > 0 && c.undoable(e) {
			break
		}
		c.redo = c.redo[:len(c.redo)-1]
		c.apply(e.move, e.auto)
	}
	c.advance()
	return true
}

// RequestHint starts a background search for the person's best move; when
// it ends the hint is shown (Hint, OnChange). It does nothing when no person
// is to move or a hint search already runs.
func (c *Controller) RequestHint() {
	if !c.PersonToMove() || c.hinting {
		return
	}
	c.stop()
	c.forget(true)
	c.hinting = true
	gen := c.gen
	ctx, cancel := context.WithCancel(context.Background())
	c.cancel = cancel
	c.w.start(ctx, searchJob{
		kind:   searchLimits,
		state:  c.state.Clone(),
		limits: ai.Limits{Time: c.HintTime},
		onInfo: func(info ai.Info) { c.progress(gen, info) },
		onDone: func(res ai.Result) {
			if gen != c.gen || c.closed {
				return
			}
			c.cancel, c.hinting, c.info = nil, false, ai.Info{}
			cancel()
			if c.isLegal(res.Move) {
				c.hint, c.hintBook = res.Move, res.Book
			}
			c.changed()
		},
	})
	c.changed()
}

// stop cancels any running search and drops its pending replies.
func (c *Controller) stop() {
	c.gen++
	if c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
	c.thinking, c.hinting, c.info = false, false, ai.Info{}
	c.hint = rules.NoMove
}

// forget drops the messages of moves no longer in the history, and those
// that last until the person's next action when action is true.
func (c *Controller) forget(action bool) {
	c.msgs = slices.DeleteFunc(c.msgs, func(m message) bool {
		return m.ply > len(c.hist) || action && m.until == untilAction
	})
}

// Acted drops the messages that last until the person's next action and
// reports the change (OnChange); the window calls it for actions the
// controller does not see, such as Save.
func (c *Controller) Acted() {
	n := len(c.msgs)
	c.forget(true)
	if len(c.msgs) != n {
		c.changed()
	}
}

// apply plays m for the side to move and records it with its messages.
func (c *Controller) apply(m rules.Move, auto bool) {
	mover := c.state.ToMove()
	// A move ends the Intro; a person's own move (or any move when the
	// computer plays both sides) ends the messages that last until the
	// person's next action.
	c.forget(!auto && (!c.IsComputer(mover) || c.set.Opponent == Watch))
	e := entry{move: m, text: c.state.MoveString(m), mover: mover, side: c.SeatName(mover), auto: auto}
	inTime := c.chargeMove(mover)
	c.state.Play(m)
	c.hist = append(c.hist, e)
	c.hint = rules.NoMove
	if !inTime && !c.clk.flagged[mover] {
		defer c.flagFell(mover)
	}
	if c.opening {
		return // Setup's moves speak through the game's Intro
	}
	if msg := c.moveMessage(e); !msg.IsZero() {
		c.say(msg)
	}
}

// advance plays forced moves, ends the game or starts the computer, then
// tells the window.
func (c *Controller) advance() {
	for c.started && !c.closed && c.result.IsZero() && !c.paused {
		if over, _ := c.state.Outcome(); over {
			if c.result.IsZero() {
				c.stopClock()
				c.result = c.summary()
				c.sayResult()
				c.changed()
				if c.OnGameOver != nil {
					c.OnGameOver(local(c.result))
				}
			}
			return
		}
		c.buf = c.state.Moves(c.buf[:0])
		if m, ok := c.forced(c.buf); ok {
			c.apply(m, true)
			continue
		}
		c.runClock() // a turn begins (before a search starts: it may end at once)
		if p := c.state.ToMove(); c.IsComputer(p) {
			if cfg, ok := c.ExternalSeat(p); ok {
				c.startExternal(p, cfg)
			} else {
				c.startComputer()
			}
		}
		break
	}
	c.changed()
}

// startComputer searches the computer's move at the match's level.
func (c *Controller) startComputer() {
	c.stop()
	c.thinking = true
	gen := c.gen
	delay := c.MinDelay
	if c.set.Opponent == Watch {
		delay = c.WatchDelay
	}
	if c.floor > 0 && len(c.hist) == c.floor {
		delay = max(delay, c.ShowDelay)
	}
	ctx, cancel := context.WithCancel(context.Background())
	c.cancel = cancel
	seat := c.state.ToMove()
	c.w.start(ctx, searchJob{
		kind:     playLevel,
		state:    c.state.Clone(),
		level:    c.LevelOf(seat),
		maxTime:  c.computerBudget(seat),
		minDelay: delay,
		onInfo:   func(info ai.Info) { c.progress(gen, info) },
		onDone: func(res ai.Result) {
			if gen != c.gen || c.closed {
				return
			}
			c.cancel, c.thinking, c.info = nil, false, ai.Info{}
			cancel()
			if !c.isLegal(res.Move) {
				c.say(phrase.T("session.message.noMove", "The computer found no move.", nil))
				c.changed()
				return
			}
			c.apply(res.Move, false)
			c.advance()
		},
	})
}

// progress records a search's progress report if it is still wanted.
func (c *Controller) progress(gen uint64, info ai.Info) {
	if gen != c.gen || c.closed {
		return
	}
	c.info = info
	if c.OnProgress != nil {
		c.OnProgress(info)
	}
}

func (c *Controller) isLegal(m rules.Move) bool {
	c.buf = c.state.Moves(c.buf[:0])
	return slices.Contains(c.buf, m)
}

// say adds a message about the position now: the game's result lasts
// until its move is taken back, any other message until the person's next
// action (lasting). Every message also goes to the game's log.
func (c *Controller) say(msg phrase.P) { c.sayUntil(msg, untilAction) }

// sayResult says the game's result, which lasts until its move is taken
// back.
func (c *Controller) sayResult() { c.sayUntil(c.result, untilUndone) }

// sayUntil adds a message that lasts until the event until.
func (c *Controller) sayUntil(msg phrase.P, until lasting) {
	c.msgs = append(c.msgs, message{text: msg, ply: len(c.hist), phase: c.phase(), until: until})
	c.log = append(c.log, msg)
}

// MessageLog returns every message said in the game so far, oldest first,
// including those that no longer hold (the panel's message log), in the
// window's language.
func (c *Controller) MessageLog() []string {
	out := make([]string, len(c.log))
	for i, m := range c.log {
		out[i] = local(m)
	}
	return out
}

func (c *Controller) changed() {
	c.analyze()
	c.analysisChanged() // report.go
	if c.OnChange != nil && !c.closed {
		c.OnChange()
	}
}

// Plies returns the number of moves played in the game so far (moves
// taken back not counted).
func (c *Controller) Plies() int { return len(c.hist) }

// Began returns when the game began.
func (c *Controller) Began() time.Time { return c.began }

// Descriptor returns the current game's descriptor.
func (c *Controller) Descriptor() *rules.Descriptor { return c.desc }

// Note adds msg to the game's messages and reports the change (OnChange).
func (c *Controller) Note(msg string) { c.note(phrase.T("", msg, nil)) }

// note is Note of a phrase.
func (c *Controller) note(msg phrase.P) {
	c.say(msg)
	c.changed()
}
