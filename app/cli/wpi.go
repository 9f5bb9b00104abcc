package cli

import (
	"io"
	"math/rand/v2"
	"time"

	"planiverse/ai"
	"planiverse/app/protocol/link"
	"planiverse/app/protocol/wpi"
	"planiverse/rules"
)

// runWPI dispatches planiverse wpi player|referee.
func runWPI(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return rules.Errorf(errUsage, "missing player or referee")
	}
	if isHelp(args[0]) {
		return errHelp{}
	}
	switch args[0] {
	case "player":
		return runWPIPlayer(args[1:], stdout)
	case "referee":
		return runWPIReferee(args[1:], stdout)
	}
	return rules.Errorf(errUsage, "unknown wpi mode %s (want player or referee)", rules.Quote(args[0]))
}

// runWPIPlayer is planiverse wpi player NAME [--dir D] [--level L]
// [--time-ms T] [--depth D] [--time-limit 2m]: it plays one game through
// NAME.in and NAME.out and prints the result; it gives up (status 2) when
// the referee sends nothing within the time limit (a forfeit ends the
// game without a word) or sends something it does not understand.
func runWPIPlayer(args []string, stdout io.Writer) error {
	fs := newFlagSet("wpi player")
	dir := fs.String("dir", ".", "the folder of the .in and .out files")
	level := fs.String("level", "", "difficulty 0 (Novice) to 6, or max (the default)")
	timeMS := fs.rangeVar("time-ms", 3000, 1, 120_000, "move time in milliseconds (the tournament allowed 2 minutes)")
	depth := fs.rangeVar("depth", 0, 1, 250, "fixed search depth in plies")
	size := fs.rangeVar("size", 15, 15, 20, "board size")
	limit := fs.Duration("time-limit", 2*time.Minute, "the referee's time limit per move: with no word from the referee for this long (and 2 s more) the player gives up")
	pos, err := fs.parseArgs(args, "NAME")
	if err != nil {
		return err
	}
	if *limit <= 0 || *limit > time.Hour {
		return rules.Errorf(errUsage, "--time-limit %v: want more than 0 and at most 1h", *limit)
	}
	o := link.Options{Level: ai.MaxLevel, TableMB: ttMegabytes, Depth: int(depth.val),
		Fixed: time.Duration(timeMS.val) * time.Millisecond, Rand: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 2))}
	if *level != "" {
		if o.Level, err = parseLevel("level", *level); err != nil {
			return err
		}
	}
	return wpi.Player(link.NewServer(o), *dir, pos[0], int(size.val), *limit, stdout)
}

// runWPIReferee is planiverse wpi referee NAME1 NAME2 [--dir D]
// [--time-limit 2m] [--seed N] [--size N]: it runs one game between the
// programs NAME1 and NAME2, printing the board after every move, and last
// "result: <NAME> wins (<reason>)" or "result: draw".
func runWPIReferee(args []string, stdout io.Writer) error {
	fs := newFlagSet("wpi referee")
	dir := fs.String("dir", ".", "the folder of the .in and .out files")
	limit := fs.Duration("time-limit", 2*time.Minute, "time limit per move, from the creation of the mover's .in file")
	seed := fs.rangeVar("seed", 0, 0, 1<<62, "seed of the color draw (default: from the clock)")
	size := fs.rangeVar("size", 15, 15, 20, "board size")
	pos, err := fs.parseArgs(args, "NAME1", "NAME2")
	if err != nil {
		return err
	}
	if *limit <= 0 || *limit > time.Hour {
		return rules.Errorf(errUsage, "--time-limit %v: want more than 0 and at most 1h", *limit)
	}
	if pos[0] == pos[1] {
		return rules.Errorf(errUsage, "the two programs need different names")
	}
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 3))
	if seed.given {
		r = rand.New(rand.NewPCG(uint64(seed.val), 3))
	}
	return wpi.Referee(*dir, [2]string{pos[0], pos[1]}, r, *limit, int(size.val), stdout)
}
