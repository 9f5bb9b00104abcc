package cli

import (
	"context"
	"errors"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"planiverse/app/protocol"
	"planiverse/app/referee"
	"planiverse/rules"
)

// runMatch is planiverse match GAME --a CMD --b CMD [--openings FILE]
// [--games N] [--time-ms T] [--time-ms-b T] [--tolerance-ms T] [--records DIR]
// [--concurrency N] [--sprt elo0=E0,elo1=E1[,alpha=A,beta=B]] [game options]. --time-ms-b gives engine b its own move time (time
// odds): a match against a much stronger engine is most sensitive where
// it scores about even, so a change can be compared there with fewer games
// than at equal time. The openings, the engines' programs and the records
// folder are checked before the first game (referee.Run); the summary line
// is written even when the match is interrupted (Ctrl+C) or stops on an
// error, and the exit status is then 2. --concurrency plays that many
// games at once, each with its own engine processes. --sprt runs a
// sequential test on game pairs (referee.SPRT) with --games as its cap
// (default maxSPRTGames): the exit status is 0 when it accepts H1, 1 when
// it accepts H0, and 2 when the games run out first or on an error.
func runMatch(args []string, stdout io.Writer) error {
	fs := newFlagSet("match")
	gf := addGameFlags(fs.FlagSet)
	aCmd := fs.String("a", "", "command line of engine a")
	bCmd := fs.String("b", "", "command line of engine b")
	openings := fs.String("openings", "", "file of openings, one a line, in the game's notation (Othello moves may be run together: f5d6c3)")
	games := fs.rangeVar("games", 0, 1, maxGames, "number of games (default: two per opening, or 2; with --sprt the most games, an even number, default "+strconv.Itoa(maxSPRTGames)+")")
	timeMS := fs.rangeVar("time-ms", 1000, 1, maxTimeMS, "move time in milliseconds (told to engines whose protocol has a clock)")
	timeBMS := fs.rangeVar("time-ms-b", 1000, 1, maxTimeMS, "move time of engine b in milliseconds, for time odds (default: --time-ms)")
	tolMS := fs.rangeVar("tolerance-ms", 1000, 0, maxTimeMS, "time over the move time before a move loses on time")
	records := fs.String("records", "", "folder to write each game's moves to (GAME-001.txt, ...); records are never overwritten: when the folder holds some of these names, a new numbered folder DIR-2, DIR-3, ... is used and said on the first line")
	concurrency := fs.rangeVar("concurrency", 1, 1, maxConcurrency, "number of games played at once, each with its own engine processes")
	sprtText := fs.String("sprt", "", "`elo0=E0,elo1=E1[,alpha=A,beta=B]`: a sequential probability ratio test (alpha, beta 0.05 unless given) that stops the match once it accepts H0 (a is E0 Elo stronger than b) or H1 (E1), counting each opening's two games as one pentanomial pair; logistic Elo, not normalized Elo. Exit status 0: H1, 1: H0, 2: no verdict within --games, or an error")
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
	var sprt *referee.SPRT
	if *sprtText != "" {
		test, err := referee.ParseSPRT(*sprtText)
		if err != nil {
			return rules.Errorf(errUsage, "%v", err)
		}
		sprt = &test
	}
	n := int(games.val)
	switch {
	case games.given && sprt != nil && n%2 != 0:
		return rules.Errorf(errUsage, "--games %d: the SPRT counts pairs of games, give an even number", n)
	case !games.given && sprt != nil:
		n = maxSPRTGames
	case !games.given:
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
	err = referee.Run(ctx, referee.Match{Game: d, Options: o, Start: start, Commands: [2]string{*aCmd, *bCmd},
		Openings: opens, Games: n, MoveTimes: moveTimes, Tolerance: tolerance,
		Records: *records, Concurrency: int(concurrency.val), SPRT: sprt}, stdout)
	if errors.Is(err, referee.ErrH0) {
		return exitStatus(1)
	}
	return err
}

// Limits of match's flags.
const (
	// maxConcurrency is the most games --concurrency plays at once.
	maxConcurrency = 64
	// maxSPRTGames is the games' cap of an SPRT match without --games.
	maxSPRTGames = 20_000
)
