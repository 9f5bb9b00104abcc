package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// Engine mode: planiverse engine GAME runs on standard input and output,
// speaking the game's engine protocol (protocols), with one ai.Engine whose
// transposition table is kept from move to move.

// protocol is one game's engine protocol: serve reads commands from in
// and answers on out until the session ends (an end command or the end of
// input). It returns nil on a normal end.
type protocol struct {
	name  string // the protocol's name for help texts ("Gomocup pbrain")
	serve func(p *engineMode, in *lineReader, out *bufio.Writer) error
	// gameClock: serve spends --time-game, a clock for the whole game,
	// over its moves.
	gameClock bool
}

// protocols maps a game's registry name to its engine protocol.
var protocols = map[string]protocol{
	"gomoku":  {"Gomocup pbrain", servePbrain, false},
	"dvonn":   {"CodeCup 2011 DVONN", serveCodeCup, true},
	"othello": {"NBoard", serveNBoard, true},
	"alak":    {"Planiverse Alak", serveAlak, false},
}

// engineMode is the state every protocol shares: the options of the
// command line, the engine and the random source of the softened levels.
type engineMode struct {
	game  *rules.Descriptor
	level int           // ai level, 1..ai.MaxLevel
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
}

// think returns the engine's move in s within the move time budget (the
// protocol's clock; 0: none): --depth searches to that depth, --time-ms
// replaces the budget (a fixed time per move, ai.Engine.SetMoveTimeFixed),
// and every level, even one that searches to a fixed
// depth, stops when the budget is spent.
func (p *engineMode) think(s rules.State, budget time.Duration) ai.Result {
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
		return p.eng.Search(ctx, s, ai.Limits{Depth: p.depth}, nil)
	}
	p.eng.SetMoveTime(budget)
	// --time-ms is a fixed time per move: what a move leaves unused is
	// lost, so the search starts iterations until its end.
	p.eng.SetMoveTimeFixed(p.fixed > 0)
	if p.level == ai.MaxLevel {
		ai.Prepare(s, true)
	}
	return p.eng.Play(ctx, s, p.level, p.rng, nil)
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
	maxTableMB = ttMegabytes
)

// tableMegabytes returns the transposition-table size, in megabytes, for
// a memory limit of limit bytes (Gomocup's INFO max_memory, the limit for
// the whole process; 0 or less means none): what the limit leaves beside
// memoryReserve, at least 1 and at most maxTableMB (ai.NewEngine rounds it
// down to a power of two of entries); ttMegabytes without a limit.
//
// A limit only shrinks the table. Rapfi, told one, sizes its table to the
// limit less a reserve (none in its config), so the match command's 256 MB
// limit gives it 256 MB where this engine keeps 32. A table of 128 MB did
// not play better at 1 s a move (2026-11-28): against Rapfi (classical) on
// testdata/openings-balanced.txt with colours swapped, two passes scored
// 13-58-1 and 12-60-0 (25-118-1, 17.7% +- 6.2), -2.0 +- 5.8 points
// paired by opening and colour against three passes with 32 MB (38-169-9,
// 19.7%).
func tableMegabytes(limit int64) int {
	if limit <= 0 {
		return ttMegabytes
	}
	return int(max(1, min((limit-memoryReserve)>>20, maxTableMB)))
}

// fitMemory sizes the transposition table for a memory limit of limit
// bytes (tableMegabytes), replacing the engine, whose table and history
// are then empty, when the size changes. It must not be called during a
// search.
func (p *engineMode) fitMemory(limit int64) {
	if mb := tableMegabytes(limit); mb != p.tableMB {
		p.eng = ai.NewEngine(mb)
		p.tableMB = mb
	}
}

// clockNow returns the reading of the game clock's source: the process's
// CPU time with --cpu-clock, else the wall clock's time since an
// arbitrary origin. Only differences of readings are meaningful.
func (p *engineMode) clockNow() time.Duration {
	if p.cpuClock {
		if t, ok := processCPU(); ok {
			return t
		}
	}
	return time.Since(clockOrigin)
}

// clockStart is a game clock's reading at the start of a move, on both
// sources (see engineMode.charge).
type clockStart struct {
	clock time.Duration
	wall  time.Time
}

func (p *engineMode) startClock() clockStart {
	return clockStart{p.clockNow(), time.Now()}
}

// wallBudget returns the search budget (wall time) of a move given d of
// the game clock: d itself, or with --cpu-clock d over the CPU share the
// process has been getting.
func (p *engineMode) wallBudget(d time.Duration) time.Duration {
	if !p.cpuClock || p.cpuShare == 0 {
		return d
	}
	return time.Duration(float64(d) / p.cpuShare)
}

// charge takes the time of the move begun at start from the game clock
// left, and with --cpu-clock updates the CPU share (an average of the
// last moves', between 0.1 and 1, from moves over 10 ms).
func (p *engineMode) charge(left *time.Duration, start clockStart) {
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

// maxLine is the longest command line the engine reads, in bytes; a
// longer one is an error reply, never a crash.
const maxLine = 1 << 20

// lineReader reads protocol lines: CR LF, LF or CR ends a line.
type lineReader struct {
	r *bufio.Reader
}

func newLineReader(r io.Reader) *lineReader { return &lineReader{bufio.NewReaderSize(r, 64<<10)} }

// errLongLine is returned for a line longer than maxLine; the line is
// skipped.
var errLongLine = fmt.Errorf("line longer than %d bytes", maxLine)

// next returns the next line without its end, io.EOF at the end of input,
// or errLongLine for an over-long line (skipped).
func (l *lineReader) next() (string, error) {
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
		if len(b) < maxLine {
			b = append(b, c)
		} else {
			long = true
		}
	}
	if long {
		return "", errLongLine
	}
	return string(b), nil
}

// serveLines is the command loop of the line protocols: it hands each line
// of in to handle until handle reports the end of the session or the input
// ends (both a normal end: nil); an over-long line is skipped and reported
// to tooLong instead.
func serveLines(in *lineReader, tooLong func(error), handle func(line string) (end bool)) error {
	for {
		line, err := in.next()
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, errLongLine):
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
func replier(out *bufio.Writer) func(format string, args ...any) {
	return func(format string, args ...any) {
		fmt.Fprintf(out, format+"\n", args...)
		out.Flush()
	}
}

// runEngine is the engine command: planiverse engine GAME [--level N|max]
// [--time-ms T] [--depth D] [--seed N].
func runEngine(args []string, stdout io.Writer) error {
	return runEngineIO(args, nil, stdout, io.Discard)
}

// engineStdin is the engine mode's input (os.Stdin; tests replace it).
var engineStdin io.Reader

// runEngineIO runs the engine mode on in and out.
func runEngineIO(args []string, in io.Reader, out, stderr io.Writer) error {
	fs := newFlagSet("engine")
	level := fs.String("level", "", "difficulty 1..6 or max (the default)")
	timeMS := fs.rangeVar("time-ms", 0, 1, maxTimeMS, "move time in milliseconds, overriding the protocol's clock")
	depth := fs.rangeVar("depth", 0, 1, 250, "fixed search depth in plies")
	seed := fs.rangeVar("seed", 0, 0, math.MaxInt64, "seed of the softened levels' random choices (default: from the clock)")
	gameTime := fs.Float64("time-game", 0, "dvonn, othello: a clock for the whole game in seconds (CodeCup had 5 for dvonn)")
	cpuClock := fs.Bool("cpu-clock", false, "charge --time-game with the process's CPU time, not wall time (a match at equal CPU on a shared machine)")
	moves := fs.String("moves", "", "dvonn: the game starts after these moves (an opening; CodeCup itself has no set-up)")
	pos, err := fs.parseArgs(args, "GAME")
	if err != nil {
		return err
	}
	d, err := registry.Lookup(pos[0])
	if err != nil {
		return err
	}
	proto, ok := protocols[d.Name]
	if !ok {
		names := make([]string, 0, len(protocols))
		for n, pr := range protocols {
			names = append(names, n+" ("+pr.name+")")
		}
		slices.Sort(names)
		return rules.Errorf(errUsage, "%s has no engine protocol (games with one: %s)", d.Name, strings.Join(names, ", "))
	}
	p := &engineMode{game: d, level: ai.MaxLevel, eng: ai.NewEngine(ttMegabytes), tableMB: ttMegabytes, stderr: stderr,
		fixed: time.Duration(timeMS.val) * time.Millisecond, depth: int(depth.val)}
	if *level != "" {
		if p.level, err = parseLevel("level", *level); err != nil {
			return err
		}
	}
	if *moves != "" {
		if d.Name != "dvonn" {
			return rules.Errorf(errUsage, "--moves is for dvonn; the other protocols set up positions themselves")
		}
		p.moves = *moves
	}
	if *gameTime != 0 {
		switch {
		case !proto.gameClock:
			return rules.Errorf(errUsage, "--time-game is for dvonn and othello")
		case timeMS.given:
			return rules.Errorf(errUsage, "--time-game and --time-ms exclude each other: one is a clock for the game, the other a fixed time per move")
		case !(*gameTime >= 0.01 && *gameTime <= 3600):
			return rules.Errorf(errUsage, "--time-game %v: want seconds from 0.01 to 3600", *gameTime)
		}
		p.gameTime = time.Duration(*gameTime * float64(time.Second))
	}
	if *cpuClock {
		if p.gameTime == 0 {
			return rules.Errorf(errUsage, "--cpu-clock is for a game clock: give --time-game too")
		}
		if _, ok := processCPU(); !ok {
			return rules.Errorf(errUsage, "--cpu-clock: this system gives no process CPU time")
		}
		p.cpuClock = true
	}
	p.rng = rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0))
	if seed.given {
		p.rng = rand.New(rand.NewPCG(uint64(seed.val), 1))
	}
	if in == nil {
		in = engineStdin
	}
	w := bufio.NewWriter(out)
	defer w.Flush()
	return proto.serve(p, newLineReader(in), w)
}
