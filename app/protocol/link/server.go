package link

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"planiverse/ai"
	"planiverse/rules"
)

// Server is the engine mode's state that every protocol's server side
// shares: the options of the command line, the engine and the random
// source of the softened levels.
type Server struct {
	game  *rules.Descriptor
	level int           // ai level, ai.MinLevel..ai.MaxLevel
	fixed time.Duration // --time-ms: the move time, overriding the protocol's clock (0: none)
	depth int           // --depth: a fixed-depth search instead of the level (0: none)
	// gameTime is --time-game: a clock for the whole game, as CodeCup had
	// for DVONN (5 s), or for an Othello match at equal time per game; 0
	// means none.
	gameTime time.Duration
	// cpuClock is --cpu-clock: the game clock is charged with the
	// process's CPU time instead of the wall clock's.
	cpuClock bool
	// cpuShare is, with --cpu-clock, the CPU time the process got per
	// second of wall-clock time in its last moves (0 until measured, taken
	// as 1): a move's share of the clock is CPU time but the search's
	// budget is wall time, so on a loaded machine it is scaled by 1/cpuShare.
	cpuShare float64
	// moves is --moves: the opening the DVONN session starts from.
	moves string
	eng   *ai.Engine
	// tableMB is eng's transposition-table size in megabytes.
	tableMB int
	rng     *rand.Rand
	stderr  io.Writer
	// player is --player: a novice baseline that chooses every move
	// instead of the engine (nil: the engine plays).
	player func(rules.State, *rand.Rand) rules.Move
}

// DefaultTableMB is the transposition-table size, in megabytes, of each
// command-line engine.
const DefaultTableMB = 32

// Options configure a Server: the engine command's flags.
type Options struct {
	Game     *rules.Descriptor
	Level    int           // ai level, ai.MinLevel..ai.MaxLevel
	Fixed    time.Duration // --time-ms: the move time, overriding the protocol's clock (0: none)
	Depth    int           // --depth: a fixed-depth search instead of the level (0: none)
	GameTime time.Duration // --time-game: a clock for the whole game (0: none)
	CPUClock bool          // --cpu-clock: charge the game clock with the process's CPU time
	Opening  string        // --moves: the opening a DVONN session starts from
	TableMB  int           // the transposition table's size in megabytes (0: DefaultTableMB)
	Rand     *rand.Rand    // the softened levels' random source
	Stderr   io.Writer     // diagnostics (nil: discarded)
	// Player, when set, chooses every move instead of the engine (a novice
	// baseline, --player), drawing on Rand.
	Player func(rules.State, *rand.Rand) rules.Move
}

// NewServer returns a server with the options o and a new engine.
func NewServer(o Options) *Server {
	if o.TableMB == 0 {
		o.TableMB = DefaultTableMB
	}
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	return &Server{game: o.Game, level: o.Level, fixed: o.Fixed, depth: o.Depth, gameTime: o.GameTime,
		cpuClock: o.CPUClock, moves: o.Opening, eng: ai.NewEngine(o.TableMB), tableMB: o.TableMB,
		rng: o.Rand, stderr: o.Stderr, player: o.Player}
}

// Game returns the game the server plays.
func (p *Server) Game() *rules.Descriptor { return p.game }

// AI returns the server's engine; its transposition table lasts from move
// to move until FitMemory replaces it.
func (p *Server) AI() *ai.Engine { return p.eng }

// TableMB returns the size of the engine's transposition table in megabytes.
func (p *Server) TableMB() int { return p.tableMB }

// GameTime returns --time-game, the clock for the whole game (0: none).
func (p *Server) GameTime() time.Duration { return p.gameTime }

// Opening returns --moves, the opening a DVONN session starts from.
func (p *Server) Opening() string { return p.moves }

// FixedDepth returns --depth, the fixed search depth (0: none).
func (p *Server) FixedDepth() int { return p.depth }

// FixedTime returns --time-ms, the fixed move time (0: none).
func (p *Server) FixedTime() time.Duration { return p.fixed }

// SetCPUClock switches charging the game clock with CPU time on or off.
func (p *Server) SetCPUClock(on bool) { p.cpuClock = on }

// Think returns the engine's move in s within the move time budget (the
// protocol's clock; 0: none): --depth searches to that depth, --time-ms
// replaces the budget (a fixed time per move, ai.Engine.SetMoveTimeFixed),
// and every level, even one that searches to a fixed
// depth, stops when the budget is spent. A novice Player (Options.Player)
// chooses instead of the engine, at once.
func (p *Server) Think(s rules.State, budget time.Duration) ai.Result {
	if p.player != nil {
		return ai.Result{Move: p.player(s.Clone(), p.rng)}
	}
	if p.fixed > 0 {
		budget = p.fixed
	}
	ctx := context.Background()
	if budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, budget)
		defer cancel()
	}
	if p.depth > 0 {
		return p.AI().Search(ctx, s, ai.Limits{Depth: p.depth}, nil)
	}
	p.AI().SetMoveTime(budget)
	// --time-ms is a fixed time per move: what a move leaves unused is
	// lost, so the search starts iterations until its end.
	p.AI().SetMoveTimeFixed(p.fixed > 0)
	if p.level == ai.MaxLevel {
		ai.Prepare(s, true)
	}
	return p.AI().Play(ctx, s, p.level, p.rng, nil)
}

// Memory limits of the engine mode's transposition table (Gomocup's INFO
// max_memory, tableMegabytes).
const (
	// memoryReserve is what a memory limit keeps for everything but the
	// table: the Go runtime, the game knowledge's tables and its solvers'
	// state. With its 32 MB table the process is about 65 MB resident.
	memoryReserve = 64 << 20
	// maxTableMB bounds the table whatever the limit: a larger one did
	// not play better (tableMegabytes).
	maxTableMB = DefaultTableMB
)

// TableMegabytes returns the transposition-table size, in megabytes, for
// a memory limit of limit bytes (Gomocup's INFO max_memory, the limit for
// the whole process; 0 or less means none): what the limit leaves beside
// memoryReserve, at least 1 and at most maxTableMB (ai.NewEngine rounds it
// down to a power of two of entries); DefaultTableMB without a limit.
//
// A limit only shrinks the table: a larger one did not play better
// (app/EXPERIMENTS.md, "a 128 MB transposition table").
func TableMegabytes(limit int64) int {
	if limit <= 0 {
		return DefaultTableMB
	}
	return int(max(1, min((limit-memoryReserve)>>20, maxTableMB)))
}

// FitMemory sizes the transposition table for a memory limit of limit
// bytes (tableMegabytes), replacing the engine, whose table and history
// are then empty, when the size changes. It must not be called during a
// search.
func (p *Server) FitMemory(limit int64) {
	if mb := TableMegabytes(limit); mb != p.tableMB {
		p.eng = ai.NewEngine(mb)
		p.tableMB = mb
	}
}

// clockNow returns the reading of the game clock's source: the process's
// CPU time with --cpu-clock, else the wall clock's time since an
// arbitrary origin. Only differences of readings are meaningful.
func (p *Server) clockNow() time.Duration {
	if p.cpuClock {
		if t, ok := ProcessCPU(); ok {
			return t
		}
	}
	return time.Since(clockOrigin)
}

// ClockStart is a game clock's reading at the start of a move, on both
// sources (see Server.charge).
type ClockStart struct {
	clock time.Duration
	wall  time.Time
}

func (p *Server) StartClock() ClockStart {
	return ClockStart{p.clockNow(), time.Now()}
}

// WallBudget returns the search budget (wall time) of a move given d of
// the game clock: d itself, or with --cpu-clock d over the CPU share the
// process has been getting.
func (p *Server) WallBudget(d time.Duration) time.Duration {
	if !p.cpuClock || p.cpuShare == 0 {
		return d
	}
	return time.Duration(float64(d) / p.cpuShare)
}

// Charge takes the time of the move begun at start from the game clock
// left, and with --cpu-clock updates the CPU share (an average of the
// last moves', between 0.1 and 1, from moves over 10 ms).
func (p *Server) Charge(left *time.Duration, start ClockStart) {
	used := p.clockNow() - start.clock
	*left -= used
	if !p.cpuClock {
		return
	}
	if w := time.Since(start.wall); w > 10*time.Millisecond {
		r := min(1, max(0.1, float64(used)/float64(w)))
		if p.cpuShare == 0 {
			p.cpuShare = r
		} else {
			p.cpuShare = (p.cpuShare + r) / 2
		}
	}
}

// clockOrigin is the origin of clockNow's wall-clock readings.
var clockOrigin = time.Now()

// MaxLine is the longest command line the engine reads, in bytes; a
// longer one is an error reply, never a crash.
const MaxLine = 1 << 20

// LineReader reads protocol lines: CR LF, LF or CR ends a line. A UTF-8
// byte order mark at the start of the first line is skipped (a command
// file saved by an editor).
type LineReader struct {
	r     *bufio.Reader
	begun bool // a line has been read
}

func NewLineReader(r io.Reader) *LineReader {
	return &LineReader{r: bufio.NewReaderSize(r, 64<<10)}
}

// utf8BOM is the byte order mark some editors put at the start of a UTF-8
// text file.
var utf8BOM = []byte("\ufeff")

// ErrLongLine is returned for a line longer than MaxLine; the line is
// skipped.
var ErrLongLine = fmt.Errorf("line longer than %d bytes", MaxLine)

// Next returns the next line without its end, io.EOF at the end of input,
// or ErrLongLine for an over-long line (skipped).
func (l *LineReader) Next() (string, error) {
	var b []byte
	long := false
	for {
		c, err := l.r.ReadByte()
		if err != nil {
			if len(b) > 0 || long {
				break
			}
			return "", err
		}
		if c == '\n' {
			break
		}
		if c == '\r' {
			if n, err := l.r.Peek(1); err == nil && n[0] == '\n' {
				l.r.ReadByte()
			}
			break
		}
		if len(b) < MaxLine {
			b = append(b, c)
		} else {
			long = true
		}
	}
	if !l.begun {
		l.begun = true
		b = bytes.TrimPrefix(b, utf8BOM)
	}
	if long {
		return "", ErrLongLine
	}
	return string(b), nil
}

// serveLines is the command loop of the line protocols: it hands each line
// of in to handle until handle reports the end of the session or the input
// ends (both a normal end: nil); an over-long line is skipped and reported
// to tooLong instead.
func ServeLines(in *LineReader, tooLong func(error), handle func(line string) (end bool)) error {
	for {
		line, err := in.Next()
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, ErrLongLine):
			tooLong(err)
		case err != nil:
			return err
		case handle(line):
			return nil
		}
	}
}

// replier returns a function that writes one formatted line to out and
// flushes it, so that the other side sees every reply at once.
func Replier(out *bufio.Writer) func(format string, args ...any) {
	return func(format string, args ...any) {
		fmt.Fprintf(out, format+"\n", args...)
		out.Flush()
	}
}

// defaultClockPart is the part of the time left on its game clock that a
// move gets in a game without a clock plan (ai.MoveShare).
const defaultClockPart = 1.0 / 30

// ClockShare returns the time the side to move in s may spend on its move
// with left on its game clock: its game's part (ai.MoveShare: Othello
// spends most where its exact solver decides the game, DVONN in the
// movement phase), else defaultClockPart of left; at least a millisecond.
func ClockShare(left time.Duration, s rules.State) time.Duration {
	part, ok := ai.MoveShare(s)
	if !ok {
		part = defaultClockPart
	}
	return max(time.Duration(float64(left)*part), time.Millisecond)
}

// maxErrorLine bounds the length of a one-line error message, in bytes.
const maxErrorLine = 300

// OneLine returns msg on one line, its control characters escaped
// (rules.Printable: an engine's or a record's text cannot act on the
// terminal), cut to maxErrorLine bytes.
func OneLine(msg string) string {
	msg = rules.Printable(strings.Join(strings.Fields(msg), " "))
	if len(msg) > maxErrorLine {
		cut := maxErrorLine
		for cut > 0 && msg[cut]&0xC0 == 0x80 {
			cut--
		}
		msg = msg[:cut] + "…"
	}
	return msg
}
