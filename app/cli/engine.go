package cli

// The engine command: planiverse engine GAME runs on standard input and
// output, speaking the game's engine protocol (app/protocol), with one
// ai.Engine whose transposition table is kept from move to move.

import (
	"bufio"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"planiverse/ai"
	"planiverse/ai/novice"
	"planiverse/app/protocol"
	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// runEngine is the engine command: planiverse engine GAME [--level N|max |
// --player NAME] [--time-ms T] [--depth D] [--seed N]. --player plays a
// novice baseline (ai/novice) instead of the engine.
func runEngine(args []string, stdout io.Writer) error {
	return ServeEngine(args, nil, stdout, io.Discard)
}

// engineStdin is the engine mode's input (os.Stdin; tests replace it).
var engineStdin io.Reader = os.Stdin

// ServeEngine runs the engine command with args (planiverse engine
// args...) on in and out (nil in: standard input), its diagnostics on
// stderr.
func ServeEngine(args []string, in io.Reader, out, stderr io.Writer) error {
	fs := newFlagSet("engine")
	level := fs.String("level", "", "difficulty 0 (Novice) to 6, or max (the default)")
	timeMS := fs.rangeVar("time-ms", 0, 1, maxTimeMS, "move time in milliseconds, overriding the protocol's clock")
	depth := fs.rangeVar("depth", 0, 1, 250, "fixed search depth in plies")
	seed := fs.rangeVar("seed", 0, 0, math.MaxInt64, "seed of the softened levels' random choices (default: from the clock)")
	gameTime := fs.Float64("time-game", 0, "dvonn, othello: a clock for the whole game in seconds (CodeCup had 5 for dvonn)")
	cpuClock := fs.Bool("cpu-clock", false, "charge --time-game with the process's CPU time, not wall time (a match at equal CPU on a shared machine)")
	player := fs.String("player", "", "play a novice baseline instead of the engine: random (every game), greedy (othello: flips the most discs), liner (gomoku: makes five, blocks a four, else lengthens its longest line)")
	moves := fs.String("moves", "", "dvonn: the game starts after these moves (an opening; CodeCup itself has no set-up)")
	pos, err := fs.parseArgs(args, "GAME")
	if err != nil {
		return err
	}
	d, err := registry.Lookup(pos[0])
	if err != nil {
		return err
	}
	proto, ok := protocol.For(d)
	if !ok {
		var names []string
		for _, g := range protocol.Games() {
			pr, _ := protocol.For(g)
			names = append(names, g.Name+" ("+pr.Name+")")
		}
		return rules.Errorf(errUsage, "%s has no engine protocol (games with one: %s)", d.Name, strings.Join(names, ", "))
	}
	o := link.Options{Game: d, Level: ai.MaxLevel, TableMB: ttMegabytes, Stderr: stderr,
		Fixed: time.Duration(timeMS.val) * time.Millisecond, Depth: int(depth.val)}
	if *level != "" {
		if o.Level, err = parseLevel("level", *level); err != nil {
			return err
		}
	}
	if *player != "" {
		if *level != "" || depth.given {
			return rules.Errorf(errUsage, "--player excludes --level and --depth: a novice baseline does not search")
		}
		p, err := novice.Lookup(d.Name, *player)
		if err != nil {
			return rules.Errorf(errUsage, "--player: %v", err)
		}
		o.Player = p.Choose
	}
	if *moves != "" {
		if !proto.NoSetUp {
			return rules.Errorf(errUsage, "--moves is for dvonn; the other protocols set up positions themselves")
		}
		o.Opening = *moves
	}
	if *gameTime != 0 {
		switch {
		case !proto.GameClock:
			return rules.Errorf(errUsage, "--time-game is for dvonn and othello")
		case timeMS.given:
			return rules.Errorf(errUsage, "--time-game and --time-ms exclude each other: one is a clock for the game, the other a fixed time per move")
		case !(*gameTime >= 0.01 && *gameTime <= 3600):
			return rules.Errorf(errUsage, "--time-game %v: want seconds from 0.01 to 3600", *gameTime)
		}
		o.GameTime = time.Duration(*gameTime * float64(time.Second))
	}
	if *cpuClock {
		if o.GameTime == 0 {
			return rules.Errorf(errUsage, "--cpu-clock is for a game clock: give --time-game too")
		}
		if _, ok := link.ProcessCPU(); !ok {
			return rules.Errorf(errUsage, "--cpu-clock: this system gives no process CPU time")
		}
		o.CPUClock = true
	}
	o.Rand = rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0))
	if seed.given {
		o.Rand = rand.New(rand.NewPCG(uint64(seed.val), 1))
	}
	if in == nil {
		in = engineStdin
	}
	w := bufio.NewWriter(out)
	defer w.Flush()
	return proto.Serve(link.NewServer(o), link.NewLineReader(in), w)
}
