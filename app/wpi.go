package main

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// The 1997 WPI Go-moku tournament's file protocol (../shared/seeds/003;
// RULES.md, Gomoku): each program NAME talks to the referee only through
// NAME.in and NAME.out in one folder. The referee writes the program's
// colour (W or B) to NAME.in; the program reads and deletes it. White moves
// first: it writes its move, such as "(W C 9)", to NAME.out and closes it;
// the referee copies each move into the other program's NAME.in, which that
// program reads and deletes before writing its own move. Black may take the
// swap by answering White's first stone with the same point in black. A
// move is (<W|B> <column letter> <row number>) in diagram coordinates (rows
// from the bottom) on a 15x15 board; five or more in a row wins, a full
// board is a draw.
//
// Planiverse maps the protocol's White onto the seat that moves first
// (rules.First) and Black onto the second; the swap is the game's
// rules.Swap under the swap opening.

// wpiPoll is how often a side looks for a file.
const wpiPoll = 20 * time.Millisecond

// wpiLetter is the protocol's colour letter of a seat.
func wpiLetter(seat rules.Player) string { return [2]string{"W", "B"}[seat&1] }

// wpiFormat writes move m of g, made by seat, as "(W H 8)"; the swap is
// written as the first stone's point in black.
func wpiFormat(g *gomoku.Game, seat rules.Player, m rules.Move) string {
	if m == rules.Swap {
		m = g.History(0)
	}
	name := gomoku.PointName(g.Size(), int(m))
	return fmt.Sprintf("(%s %s %s)", wpiLetter(seat), name[:1], name[1:])
}

// wpiParse reads a move "(W H 8)" by seat in g, the side to move: the
// point, or rules.Swap for Black's answer on White's first stone. Errors
// quote the text.
func wpiParse(g *gomoku.Game, seat rules.Player, text string) (rules.Move, error) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "(") || !strings.HasSuffix(t, ")") {
		return 0, fmt.Errorf("move %s is not (<W|B> <column> <row>)", rules.Quote(t))
	}
	f := strings.Fields(t[1 : len(t)-1])
	if len(f) != 3 {
		return 0, fmt.Errorf("move %s is not (<W|B> <column> <row>)", rules.Quote(t))
	}
	if !strings.EqualFold(f[0], wpiLetter(seat)) {
		return 0, fmt.Errorf("move %s: it is %s's turn", rules.Quote(t), wpiLetter(seat))
	}
	p, err := gomoku.ParsePoint(g.Size(), f[1]+f[2])
	if err != nil {
		return 0, fmt.Errorf("move %s: %w", rules.Quote(t), err)
	}
	m := rules.Move(p)
	if g.CanSwap() && g.Ply() == 1 && g.History(0) == m {
		return rules.Swap, nil
	}
	if !g.Legal(m) {
		return 0, fmt.Errorf("move %s: the point is not free", rules.Quote(t))
	}
	return m, nil
}

// wpiGame returns the protocol's game: 15x15 (or size), freestyle, with
// the swap opening.
func wpiGame(size int) *gomoku.Game {
	g, _ := gomoku.New(gomoku.Options{Size: size, Rule: gomoku.Freestyle, Opening: gomoku.SwapOpening})
	return g
}

// waitFile waits for path to exist with content that complete accepts and
// returns the content; it gives up at deadline (zero: never) with
// errTimeout.
func waitFile(path string, deadline time.Time, complete func(string) bool) (string, error) {
	for {
		if b, err := os.ReadFile(path); err == nil && complete(string(b)) {
			return strings.TrimSpace(string(b)), nil
		}
		if !deadline.IsZero() && time.Now().After(deadline) {
			return "", errTimeout
		}
		time.Sleep(wpiPoll)
	}
}

// waitGone waits until path no longer exists, up to deadline.
func waitGone(path string, deadline time.Time) error {
	for {
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			return nil
		}
		if time.Now().After(deadline) {
			return errTimeout
		}
		time.Sleep(wpiPoll)
	}
}

// wpiComplete accepts a whole move or colour line.
func wpiComplete(s string) bool {
	t := strings.TrimSpace(s)
	return t == "W" || t == "B" || strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")")
}

// runWPI dispatches planiverse wpi player|referee.
func runWPI(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return rules.Errorf(errUsage, "missing player or referee")
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
// [--time-ms T] [--depth D]: it plays one game through NAME.in and
// NAME.out and prints the result.
func runWPIPlayer(args []string, stdout io.Writer) error {
	fs := newFlagSet("wpi player")
	dir := fs.String("dir", ".", "the folder of the .in and .out files")
	level := fs.String("level", "", "difficulty 1..6 or max (the default)")
	timeMS := fs.rangeVar("time-ms", 3000, 1, 120_000, "move time in milliseconds (the tournament allowed 2 minutes)")
	depth := fs.rangeVar("depth", 0, 1, 250, "fixed search depth in plies")
	size := fs.rangeVar("size", 15, 15, 20, "board size")
	pos, err := fs.parseArgs(args, "NAME")
	if err != nil {
		return err
	}
	p := &engineMode{level: ai.MaxLevel, eng: ai.NewEngine(ttMegabytes), depth: int(depth.val),
		fixed: time.Duration(timeMS.val) * time.Millisecond, rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 2))}
	if *level != "" {
		if p.level, err = parseLevel("level", *level); err != nil {
			return err
		}
	}
	in := filepath.Join(*dir, pos[0]+".in")
	out := filepath.Join(*dir, pos[0]+".out")
	colour, err := waitFile(in, time.Time{}, wpiComplete)
	if err != nil {
		return err
	}
	if err := os.Remove(in); err != nil {
		return err
	}
	me := rules.First
	switch colour {
	case "W":
	case "B":
		me = rules.Second
	default:
		return fmt.Errorf("%s holds %s, not W or B", in, rules.Quote(colour))
	}
	g := wpiGame(int(size.val))
	for {
		if over, _ := g.Outcome(); over {
			break
		}
		if g.ToMove() == me {
			res := p.think(g, 0)
			text := wpiFormat(g, me, res.Move)
			g.Play(res.Move)
			if err := writeFileAtomic(out, []byte(text+"\n")); err != nil {
				return err
			}
			continue
		}
		text, err := waitFile(in, time.Time{}, wpiComplete)
		if err != nil {
			return err
		}
		os.Remove(in)
		m, err := wpiParse(g, me.Opponent(), text)
		if err != nil {
			return fmt.Errorf("the opponent's %w", err)
		}
		g.Play(m)
	}
	fmt.Fprintf(stdout, "%s: %s\n", pos[0], wpiResult(g, [2]string{"W", "B"}))
	return nil
}

// wpiResult describes the end of g with the seats' names.
func wpiResult(g *gomoku.Game, names [2]string) string {
	w, ok := rules.Winner(g)
	if !ok {
		return "draw"
	}
	return names[w] + " wins (five in a row)"
}

// runWPIReferee is planiverse wpi referee NAME1 NAME2 [--dir D]
// [--time-limit 2m] [--seed N] [--size N]: it runs one game between the
// programs NAME1 and NAME2, printing the board after every move, and last
// "result: <NAME> wins (<reason>)" or "result: draw".
func runWPIReferee(args []string, stdout io.Writer) error {
	fs := newFlagSet("wpi referee")
	dir := fs.String("dir", ".", "the folder of the .in and .out files")
	limit := fs.Duration("time-limit", 2*time.Minute, "time limit per move, from the creation of the mover's .in file")
	seed := fs.rangeVar("seed", 0, 0, 1<<62, "seed of the colour draw (default: from the clock)")
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
	names := [2]string{pos[0], pos[1]} // by seat: White first
	if r.IntN(2) == 1 {
		names[0], names[1] = names[1], names[0]
	}
	path := func(seat rules.Player, ext string) string { return filepath.Join(*dir, names[seat]+ext) }
	for seat := rules.First; seat <= rules.Second; seat++ {
		os.Remove(path(seat, ".out"))
		if err := writeFileAtomic(path(seat, ".in"), []byte(wpiLetter(seat)+"\n")); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "%s plays White (moves first), %s plays Black\n", names[0], names[1])
	result := func(format string, args ...any) error {
		fmt.Fprintf(stdout, "result: "+format+"\n", args...)
		return nil
	}
	g := wpiGame(int(size.val))
	given := [2]time.Time{time.Now(), time.Now()} // when each side's turn began
	for {
		if over, _ := g.Outcome(); over {
			if w, ok := rules.Winner(g); ok {
				return result("%s wins (five in a row)", names[w])
			}
			return result("draw")
		}
		seat := g.ToMove()
		text, err := waitFile(path(seat, ".out"), given[seat].Add(*limit), wpiComplete)
		if errors.Is(err, errTimeout) {
			return result("%s wins (%s exceeded the time limit of %v)", names[seat^1], names[seat], *limit)
		}
		if err != nil {
			return err
		}
		os.Remove(path(seat, ".out"))
		m, err := wpiParse(g, seat, text)
		if err != nil {
			return result("%s wins (%s made an invalid move: %v)", names[seat^1], names[seat], err)
		}
		g.Play(m)
		fmt.Fprintf(stdout, "%s: %s\n%s", names[seat], text, g.String())
		// The other program learns the move (also the last one, so that it
		// sees the end) once it has taken its previous file (its colour);
		// its clock starts now.
		if err := waitGone(path(seat^1, ".in"), given[seat^1].Add(*limit)); err != nil {
			return result("%s wins (%s did not read its file within the time limit of %v)", names[seat], names[seat^1], *limit)
		}
		if err := writeFileAtomic(path(seat^1, ".in"), []byte(text+"\n")); err != nil {
			return err
		}
		given[seat^1] = time.Now()
	}
}
