package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/othello"
)

// errUsage marks command-line errors; every CLI error exits with status 2.
var errUsage = errors.New("usage")

// command is one headless mode of the binary: planiverse NAME args...
type command struct {
	usage string
	run   func(args []string, stdout io.Writer) error
}

var commands = map[string]command{
	"show":     {"show GAME [game options] [--moves \"M1 M2 ...\" | --position P]", runShow},
	"perft":    {"perft GAME DEPTH [game options] [--moves ... | --position P]", runPerft},
	"bestmove": {"bestmove GAME [game options] [--moves ... | --position P] [--level N|max | --time-ms T | --depth D]", runBestmove},
	"solve":    {"solve othello FILE", runSolve},
	"selfplay": {"selfplay GAME --a LEVEL --b LEVEL --games N [--time-ms T] [game options]", runSelfplay},
}

// runCLI runs the command named by args[0] and returns the exit status: 0 on
// success, 2 with a one-line error on stderr for any bad input.
func runCLI(args []string, stdout, stderr io.Writer) int {
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "planiverse: unknown command %q (want show, perft, bestmove, solve or selfplay; no arguments opens the window)\n", args[0])
		return 2
	}
	if err := cmd.run(args[1:], stdout); err != nil {
		msg := err.Error()
		if errors.Is(err, errUsage) {
			msg += "; usage: planiverse " + cmd.usage
		}
		fmt.Fprintf(stderr, "planiverse %s: %s\n", args[0], strings.ReplaceAll(msg, "\n", " "))
		return 2
	}
	return 0
}

// gameFlags are the options every command shares to set up a position.
type gameFlags struct {
	opts     GameOptions
	moves    string
	position string
}

func addGameFlags(fs *flag.FlagSet) *gameFlags {
	g := &gameFlags{}
	fs.StringVar(&g.opts.Rules, "rules", "", "gomoku: freestyle|exact5; alak: classic|modern")
	fs.IntVar(&g.opts.Size, "size", 0, "gomoku board size (15, 19, 20); modern alak points (7-26)")
	fs.StringVar(&g.opts.Opening, "opening", "", "gomoku: none|swap")
	fs.StringVar(&g.moves, "moves", "", "moves from the start position, space-separated, in the game's notation")
	fs.StringVar(&g.position, "position", "", "othello: 64 squares a1..h8 (X, O, -) and the side X|O; alak: slots and the side x|o")
	return g
}

// state builds the position the flags describe for game.
func (g *gameFlags) state(game string) (rules.State, error) {
	g.opts.Game = game
	var s rules.State
	if g.position != "" {
		if g.moves != "" {
			return nil, fmt.Errorf("give --moves or --position, not both")
		}
		switch game {
		case "othello":
			if err := onlyDefaults(g.opts, "", 0, ""); err != nil {
				return nil, err
			}
			b, err := othello.ParsePosition(g.position)
			if err != nil {
				return nil, fmt.Errorf("--position: %w", err)
			}
			s = b
		case "alak":
			if g.opts.Opening != "" {
				return nil, fmt.Errorf("alak has no --opening option")
			}
			var modern bool
			switch g.opts.Rules {
			case "", "classic":
			case "modern":
				modern = true
			default:
				return nil, fmt.Errorf("unknown alak rules %q (want classic or modern)", g.opts.Rules)
			}
			a, err := alak.ParsePosition(modern, g.position)
			if err != nil {
				return nil, fmt.Errorf("--position: %w", err)
			}
			s = a
		default:
			return nil, fmt.Errorf("--position is for othello and alak; use --moves for %s", game)
		}
		return s, nil
	}
	s, err := NewGame(g.opts)
	if err != nil {
		return nil, err
	}
	if err := PlayMoves(s, g.moves); err != nil {
		return nil, err
	}
	return s, nil
}

// parseArgs parses flags that may stand before, between or after the
// positional arguments and returns exactly want positionals.
func parseArgs(fs *flag.FlagSet, args []string, want ...string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, fmt.Errorf("%v: %w", err, errUsage)
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != len(want) {
		if len(pos) < len(want) {
			return nil, fmt.Errorf("missing %s: %w", want[len(pos)], errUsage)
		}
		return nil, fmt.Errorf("unexpected argument %q: %w", pos[len(want)], errUsage)
	}
	return pos, nil
}

func runShow(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
	gf := addGameFlags(fs)
	pos, err := parseArgs(fs, args, "GAME")
	if err != nil {
		return err
	}
	s, err := gf.state(pos[0])
	if err != nil {
		return err
	}
	out := s.String()
	if !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	fmt.Fprintf(stdout, "%sstatus: %s\n", out, Status(pos[0], s))
	return nil
}

func runPerft(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	gf := addGameFlags(fs)
	pos, err := parseArgs(fs, args, "GAME", "DEPTH")
	if err != nil {
		return err
	}
	depth, err := strconv.Atoi(pos[1])
	if err != nil || depth < 1 || depth > 64 {
		return fmt.Errorf("DEPTH %q is not a whole number from 1 to 64: %w", pos[1], errUsage)
	}
	s, err := gf.state(pos[0])
	if err != nil {
		return err
	}
	terminalIsLeaf := pos[0] == "othello"
	buf := make([]rules.Move, 0, 4096)
	for d := 1; d <= depth; d++ {
		var n uint64
		n, buf = rules.Perft(s, d, terminalIsLeaf, buf)
		fmt.Fprintf(stdout, "perft(%d) = %d\n", d, n)
	}
	return nil
}
