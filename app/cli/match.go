package cli

import (
	"context"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"planiverse/app/protocol"
	"planiverse/app/referee"
	"planiverse/rules"
)

// runMatch is planiverse match GAME --a CMD --b CMD [--openings FILE]
// [--games N] [--time-ms T] [--time-ms-b T] [--tolerance-ms T] [--records DIR]
// [game options]. --time-ms-b gives engine b its own move time (time
// odds): a match against a much stronger engine is most sensitive where
// it scores about even, so a change can be compared there with fewer games
// than at equal time. The openings, the engines' programs and the records
// folder are checked before the first game (referee.Run); the summary line
// is written even when the match is interrupted (Ctrl+C) or stops on an
// error, and the exit status is then 2.
func runMatch(args []string, stdout io.Writer) error {
	fs := newFlagSet("match")
	gf := addGameFlags(fs.FlagSet)
	aCmd := fs.String("a", "", "command line of engine a")
	bCmd := fs.String("b", "", "command line of engine b")
	openings := fs.String("openings", "", "file of openings, one a line, in the game's notation (Othello moves may be run together: f5d6c3)")
	games := fs.rangeVar("games", 0, 1, maxGames, "number of games (default: two per opening, or 2)")
	timeMS := fs.rangeVar("time-ms", 1000, 1, maxTimeMS, "move time in milliseconds (told to engines whose protocol has a clock)")
	timeBMS := fs.rangeVar("time-ms-b", 1000, 1, maxTimeMS, "move time of engine b in milliseconds, for time odds (default: --time-ms)")
	tolMS := fs.rangeVar("tolerance-ms", 1000, 0, maxTimeMS, "time over the move time before a move loses on time")
	records := fs.String("records", "", "folder to write each game's moves to (GAME-001.txt, ...); records are never overwritten: when the folder holds some of these names, a new numbered folder DIR-2, DIR-3, ... is used and said on the first line")
	pos, err := fs.parseArgs(args, "GAME")
	if err != nil {
		return err
	}
	if *aCmd == "" || *bCmd == "" {
		return rules.Errorf(errUsage, "give both --a and --b")
	}
	d, start, err := gf.state(pos[0])
	if err != nil {
		return err
	}
	proto, ok := protocol.For(d)
	if !ok {
		return rules.Errorf(errUsage, "%s has no engine protocol", d.Name)
	}
	o, _ := d.Resolve(gf.options())
	var opens [][]string
	if *openings != "" {
		if opens, err = referee.ReadOpenings(*openings, d, start); err != nil {
			return err
		}
		if proto.NoSetUp && !(strings.Contains(*aCmd, "{moves}") && strings.Contains(*bCmd, "{moves}")) {
			return rules.Errorf(errUsage, "the CodeCup protocol cannot set up an opening: give both commands {moves}, which becomes the opening's moves (planiverse engine dvonn --moves {moves})")
		}
	}
	n := int(games.val)
	if !games.given {
		n = 2 * max(1, len(opens))
	}
	moveTime := time.Duration(timeMS.val) * time.Millisecond
	moveTimes := [2]time.Duration{moveTime, moveTime}
	if timeBMS.given {
		moveTimes[1] = time.Duration(timeBMS.val) * time.Millisecond
	}
	tolerance := time.Duration(tolMS.val) * time.Millisecond
	// Ctrl+C (or SIGTERM) stops the game in progress, and the summary of
	// the games played is still written.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return referee.Run(ctx, referee.Match{Game: d, Options: o, Start: start, Commands: [2]string{*aCmd, *bCmd},
		Openings: opens, Games: n, MoveTimes: moveTimes, Tolerance: tolerance,
		Records: *records}, stdout)
}
