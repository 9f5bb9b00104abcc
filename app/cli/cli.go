package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// errUsage marks command-line errors that the command's usage line helps
// with; every CLI error exits with status 2. Wrap it with rules.Errorf, so
// that its own text is not repeated.
var errUsage = errors.New("usage")

// command is one headless mode of the binary: planiverse NAME args...
type command struct {
	name     string
	synopsis string // the arguments after the name, for the usage line
	summary  string // what the command does, in one line
	run      func(args []string, stdout io.Writer) error
}

// usage is the command's usage line without "planiverse ".
func (c command) usage() string { return c.name + " " + c.synopsis }

// commands are the headless modes, in the order help lists them;
// "[game options]" stands for the game options. The usage texts are
// made from this table.
var commands = []command{
	{"show", "GAME [game options] [--moves \"M1 M2 ...\" | --position P] | show GAME --record FILE",
		"print a position and its status", runShow},
	{"convert", "[--force] [--lossy] IN OUT (record formats by extension: ." + strings.Join(registry.Extensions(), ", .") + ")",
		"convert a game record from one format to another", runConvert},
	{"perft", "GAME DEPTH [game options] [--moves ... | --position P]",
		"count the move paths to each depth up to DEPTH", runPerft},
	{"bestmove", "GAME [game options] [--moves ... | --position P] [--level N|max [--seed N] | --time-ms T | --depth D]",
		"search a position and print the best move", runBestmove},
	{"analyze", "GAME --record FILE [--time-ms T | --depth D] [--json] [--sgf OUT]",
		"judge every move of a game record and sum the game up per side", runAnalyze},
	{"solve", "othello FILE [--force]",
		"solve the Othello positions of FILE exactly", runSolve},
	{"selfplay", "GAME --a LEVEL --b LEVEL --games N [--time-ms T] [--seed N] [game options]",
		"play two levels against each other and print the score", runSelfplay},
	{"match", "GAME --a CMD --b CMD [--openings FILE] [--games N] [--time-ms T] [--time-ms-b T] [--tolerance-ms T] [--records DIR] [--concurrency N] [--sprt elo0=E0,elo1=E1[,alpha=A,beta=B]] [game options]",
		"referee games between two engine programs", runMatch},
	{"wpi", "player NAME [--dir D] [--level L] [--time-ms T] [--time-limit 2m] | wpi referee NAME1 NAME2 [--dir D] [--time-limit 2m] [--seed N]",
		"play or referee Gomoku through the WPI tournament's files", runWPI},
	{"puzzles", "GAME [--theme T] [--rating R] [--json] | puzzles generate GAME --records DIR --out FILE [--jobs N] [--max N] [--force] [game options] | puzzles verify [GAME]",
		"print, generate or re-prove the puzzles", runPuzzles},
	{"engine", "GAME [--level N|max | --player NAME] [--time-ms T] [--depth D] [--seed N] [--time-game S [--cpu-clock]] [--moves M]",
		"speak the game's engine protocol on standard input and output", runEngine},
}

// lookup returns the command named name.
func lookup(name string) (command, bool) {
	i := slices.IndexFunc(commands, func(c command) bool { return c.name == name })
	if i < 0 {
		return command{}, false
	}
	return commands[i], true
}

// IsCommand reports whether arg names a command or asks for help; any
// other first argument is the window's (a record FILE or start options).
func IsCommand(arg string) bool {
	_, ok := lookup(arg)
	return ok || isHelp(arg)
}

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}

// errHelp is what a command returns when its arguments ask for help
// (-h, --help): Run prints the command's usage and flags (fs; nil: none).
type errHelp struct{ fs *flag.FlagSet }

func (errHelp) Error() string { return "help requested" }

// Run runs the command named by args[0] and returns the exit status: 0 on
// success, 2 with a one-line error on stderr for any bad input. "help",
// "-h" and "--help" print the commands, "help CMD" and "CMD -h" the
// command's flags (status 0).
func Run(args []string, stdout, stderr io.Writer) int {
	if isHelp(args[0]) {
		if len(args) > 1 {
			if cmd, ok := lookup(args[1]); ok {
				return runCommand(cmd, []string{"-h"}, stdout, stderr)
			}
			return unknown(args[1], stderr)
		}
		printHelp(stdout)
		return 0
	}
	cmd, ok := lookup(args[0])
	if !ok {
		return unknown(args[0], stderr)
	}
	return runCommand(cmd, args[1:], stdout, stderr)
}

// unknown reports an unknown command name.
func unknown(name string, stderr io.Writer) int {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	slices.Sort(names)
	fmt.Fprintf(stderr, "planiverse: unknown command %s (want %s; no arguments, a record FILE or start options such as --game othello open the window)\n",
		rules.Quote(name), strings.Join(names, ", "))
	return 2
}

// printHelp writes the commands, a line each, from the command table.
func printHelp(w io.Writer) {
	fmt.Fprintln(w, "Planiverse plays DVONN, Othello, Gomoku and Alak.")
	fmt.Fprintln(w, "")
	fmt.Fprintln(w, "usage: planiverse               open the window")
	fmt.Fprintln(w, "       planiverse FILE          open a game record (."+strings.Join(registry.Extensions(), ", .")+") in the window")
	fmt.Fprintln(w, "       planiverse --game GAME [--level 0..6] [--you black|white|both|none] [--clock none|MIN+INC] "+windowOptionsUsage())
	fmt.Fprintln(w, "                                open the window on a new game, without the New game dialog")
	fmt.Fprintln(w, "       planiverse COMMAND ARGS  run a command without the window")
	fmt.Fprintln(w, "")
	fmt.Fprintln(w, "commands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "")
	fmt.Fprintln(w, "\"planiverse help COMMAND\" or \"planiverse COMMAND -h\" shows a command's usage and flags.")
	fmt.Fprintln(w, "Bad input prints one line on stderr and exits with status 2.")
}

// windowOptionsUsage writes every game option for the window's start
// options, the match choices included: "[--size V] ... [--placement V]".
func windowOptionsUsage() string {
	var parts []string
	for _, d := range registry.Games() {
		for _, o := range d.Options {
			if p := "[--" + o.Key + " V]"; !slices.Contains(parts, p) {
				parts = append(parts, p)
			}
		}
	}
	return strings.Join(parts, " ")
}

// printCommandHelp writes cmd's usage line and its flags.
func printCommandHelp(w io.Writer, cmd command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: planiverse %s\n\n%s.\n", strings.ReplaceAll(cmd.usage(), "[game options]", gameOptionsUsage()), cmd.summary)
	if fs == nil {
		return
	}
	fmt.Fprintln(w, "\nflags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// exitStatus is an error that ends a command with that exit status and
// no message: the command has said why on standard output.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// runCommand runs cmd with args and returns the exit status.
func runCommand(cmd command, args []string, stdout, stderr io.Writer) int {
	var help errHelp
	var status exitStatus
	if err := cmd.run(args, stdout); errors.As(err, &help) {
		printCommandHelp(stdout, cmd, help.fs)
		return 0
	} else if errors.As(err, &status) {
		return int(status)
	} else if err != nil {
		msg := link.OneLine(err.Error())
		if errors.Is(err, errUsage) {
			msg += "; usage: planiverse " + strings.ReplaceAll(cmd.usage(), "[game options]", gameOptionsUsage())
		}
		fmt.Fprintf(stderr, "planiverse %s: %s\n", cmd.name, msg)
		return 2
	}
	return 0
}

// readFile reads the record file path, at most registry.MaxRecordBytes
// (the window's cap), refusing anything but a regular file
// (registry.ReadFile); errors name the file.
func readFile(path string) ([]byte, error) { return registry.ReadFile(path) }

// cliOptions returns the keys of every registered game's options that the
// command line sets (not the match choices), in registry order.
func cliOptions() []string {
	var keys []string
	for _, d := range registry.Games() {
		for _, o := range d.Options {
			if !o.Match && !slices.Contains(keys, o.Key) {
				keys = append(keys, o.Key)
			}
		}
	}
	return keys
}

// gameOptionsUsage writes the game options for a usage line:
// "[--size V] [--rules V] [--opening V]".
func gameOptionsUsage() string {
	var parts []string
	for _, k := range cliOptions() {
		parts = append(parts, "[--"+k+" V]")
	}
	return strings.Join(parts, " ")
}

// gameFlags are the options every command shares to set up a position.
type gameFlags struct {
	opts     map[string]*string
	moves    string
	position string
}

func addGameFlags(fs *flag.FlagSet) *gameFlags {
	g := &gameFlags{opts: map[string]*string{}}
	for _, k := range cliOptions() {
		var help []string
		for _, d := range registry.Games() {
			if o := d.Option(k); o != nil && o.Help != "" {
				help = append(help, o.Help)
			}
		}
		g.opts[k] = fs.String(k, "", strings.Join(help, "; "))
	}
	fs.StringVar(&g.moves, "moves", "", "moves from the start position, space-separated, in the game's notation")
	fs.StringVar(&g.position, "position", "", "a position in the game's position text (othello, alak)")
	return g
}

// options returns the game options given on the command line.
func (g *gameFlags) options() rules.Options {
	o := rules.Options{}
	for k, v := range g.opts {
		if *v != "" {
			o[k] = *v
		}
	}
	return o
}

// state builds the game and the position the flags describe for game.
func (g *gameFlags) state(game string) (*rules.Descriptor, rules.State, error) {
	d, err := registry.Lookup(game)
	if err != nil {
		return nil, nil, err
	}
	given := g.options()
	for _, k := range slices.Sorted(maps.Keys(given)) {
		if d.Option(k) == nil {
			return nil, nil, rules.Errorf(errUsage, "%s has no --%s option", game, k)
		}
	}
	o, err := d.Resolve(given)
	if err != nil {
		return nil, nil, err
	}
	if g.position != "" {
		if g.moves != "" {
			return nil, nil, rules.Errorf(errUsage, "give --moves or --position, not both")
		}
		if d.ParsePosition == nil {
			return nil, nil, rules.Errorf(errUsage, "%s has no --position text; use --moves", game)
		}
		s, err := d.ParsePosition(o, g.position)
		if err != nil {
			return nil, nil, fmt.Errorf("--position: %w", err)
		}
		return d, s, nil
	}
	s, err := d.New(o)
	if err != nil {
		return nil, nil, err
	}
	if err := rules.PlayMoves(s, g.moves); err != nil {
		return nil, nil, fmt.Errorf("--moves: %w (notation: %s)", err, d.Notation)
	}
	return d, s, nil
}

// rangeFlag is a whole-number flag.Value within [min, max]. A bad value is
// kept in bad, so that the error names the flag and quotes the value once,
// cut to a readable length (the flag package's own message repeats it in
// full).
type rangeFlag struct {
	name     string
	val      int64
	min, max int64
	given    bool
	bad      *string
}

// errBadValue is what rangeFlag.Set returns to the flag package; the
// message itself is in rangeFlag.bad.
var errBadValue = errors.New("bad value")

func (f *rangeFlag) String() string {
	if f == nil {
		return ""
	}
	return strconv.FormatInt(f.val, 10)
}

func (f *rangeFlag) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < f.min || n > f.max {
		*f.bad = fmt.Sprintf("--%s %s: want a whole number from %d to %d", f.name, rules.Quote(s), f.min, f.max)
		return errBadValue
	}
	f.val, f.given = n, true
	return nil
}

// flagSet is a flag.FlagSet that remembers the message of a bad rangeFlag
// value.
type flagSet struct {
	*flag.FlagSet
	bad string
}

func newFlagSet(name string) *flagSet {
	fs := &flagSet{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError)}
	fs.SetOutput(io.Discard)
	return fs
}

// rangeVar defines a whole-number flag with a range and a default.
func (fs *flagSet) rangeVar(name string, def, min, max int64, usage string) *rangeFlag {
	f := &rangeFlag{name: name, val: def, min: min, max: max, bad: &fs.bad}
	fs.Var(f, name, fmt.Sprintf("%s (%d to %d)", usage, min, max))
	return f
}

// parseArgs parses flags that may stand before, between or after the
// positional arguments and returns exactly want positionals. A negative
// number ("-1") is a positional argument, never taken for a flag.
func (fs *flagSet) parseArgs(args []string, want ...string) ([]string, error) {
	// A negative number that is not a flag's value stands in the
	// arguments marked as no flag can be (negMark), for the flag package
	// not to take it for an undefined flag.
	const negMark = "\x00"
	args = slices.Clone(args)
	for i, a := range args {
		if isNegativeNumber(a) && (i == 0 || !fs.takesValue(args[i-1])) {
			args[i] = negMark + a
		}
	}
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp{fs.FlagSet}
			}
			if fs.bad != "" {
				return nil, rules.Errorf(errUsage, "%s", fs.bad)
			}
			return nil, rules.Errorf(errUsage, "%s", link.OneLine(err.Error()))
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, strings.TrimPrefix(fs.Arg(0), negMark))
		args = fs.Args()[1:]
	}
	if len(pos) != len(want) {
		if len(pos) < len(want) {
			return nil, rules.Errorf(errUsage, "missing %s", want[len(pos)])
		}
		return nil, rules.Errorf(errUsage, "unexpected argument %s", rules.Quote(pos[len(want)]))
	}
	return pos, nil
}

// takesValue reports whether arg is a flag that takes the next argument
// as its value ("--moves", not "--json" nor "--moves=x").
func (fs *flagSet) takesValue(arg string) bool {
	name := strings.TrimLeft(arg, "-")
	if len(arg) < 2 || arg[0] != '-' || name == "" || strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

// isNegativeNumber reports whether arg is a minus sign and digits.
func isNegativeNumber(arg string) bool {
	if len(arg) < 2 || arg[0] != '-' {
		return false
	}
	_, err := strconv.ParseFloat(arg[1:], 64)
	return err == nil && arg[1] != '-'
}

func runShow(args []string, stdout io.Writer) error {
	fs := newFlagSet("show")
	gf := addGameFlags(fs.FlagSet)
	record := fs.String("record", "", "a game record file (by extension: ."+strings.Join(registry.Extensions(), ", .")+"): show its final position")
	pos, err := fs.parseArgs(args, "GAME")
	if err != nil {
		return err
	}
	if *record != "" {
		return showRecord(pos[0], *record, gf, stdout)
	}
	d, s, err := gf.state(pos[0])
	if err != nil {
		return err
	}
	out := s.String()
	if !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	fmt.Fprintf(stdout, "%sstatus: %s\n", out, d.Status(s))
	return nil
}

func runPerft(args []string, stdout io.Writer) error {
	fs := newFlagSet("perft")
	gf := addGameFlags(fs.FlagSet)
	pos, err := fs.parseArgs(args, "GAME", "DEPTH")
	if err != nil {
		return err
	}
	depth, err := strconv.Atoi(pos[1])
	switch {
	case err == nil && depth < 1:
		return rules.Errorf(errUsage, "DEPTH %s: the depth must be positive (a whole number from 1 to 64)", rules.Quote(pos[1]))
	case err != nil || depth > 64:
		return rules.Errorf(errUsage, "DEPTH %s: want a whole number from 1 to 64", rules.Quote(pos[1]))
	}
	d, s, err := gf.state(pos[0])
	if err != nil {
		return err
	}
	buf := make([]rules.Move, 0, 4096)
	for depth1 := 1; depth1 <= depth; depth1++ {
		var n uint64
		n, buf = rules.Perft(s, depth1, d.PerftTerminalIsLeaf, buf)
		fmt.Fprintf(stdout, "perft(%d) = %d\n", depth1, n)
	}
	return nil
}
