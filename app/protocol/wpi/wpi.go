// Package wpi is the 1997 WPI Go-moku tournament's file protocol (../shared/seeds/003;
// RULES.md, Gomoku): each program NAME talks to the referee only through
// NAME.in and NAME.out in one folder. The referee writes the program's
// color (W or B) to NAME.in; the program reads and deletes it. White moves
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
// rules.Swap under the swap opening. Player plays a game as a program;
// Referee runs a game between two programs.
//
// It may import app/protocol/link, app/internal and rules; no Fyne.
package wpi

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"planiverse/app/internal/atomicfile"
	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// wpiPoll is how often a side looks for a file.
const wpiPoll = 20 * time.Millisecond

// wpiLetter is the protocol's color letter of a seat.
func wpiLetter(seat rules.Seat) string { return [2]string{"W", "B"}[seat&1] }

// wpiFormat writes move m of g, made by seat, as "(W H 8)"; the swap is
// written as the first stone's point in black.
func wpiFormat(g *gomoku.Game, seat rules.Seat, m rules.Move) string {
	if m == rules.Swap {
		m = g.History(0)
	}
	name := gomoku.PointName(g.Size(), int(m))
	return fmt.Sprintf("(%s %s %s)", wpiLetter(seat), name[:1], name[1:])
}

// wpiParse reads a move "(W H 8)" by seat in g, the side to move: the
// point, or rules.Swap for Black's answer on White's first stone. Errors
// quote the text.
func wpiParse(g *gomoku.Game, seat rules.Seat, text string) (rules.Move, error) {
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

// MaxFileBytes is the most bytes read of a protocol file (a color or a
// move is a dozen): a longer file, or one that is not a regular file (a
// link to /dev/zero, a FIFO), is never read whole nor waited on.
const MaxFileBytes = 4096

// errFile marks a protocol file that cannot be a color or a move.
var errFile = errors.New("not a move file")

// readFile reads the protocol file path, at most MaxFileBytes: an error
// wrapping os.ErrNotExist when there is none, errFile when it is not a
// regular file or is longer. It opens without blocking (a FIFO).
func readFile(path string) (string, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil {
		return "", err
	} else if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file: %w", filepath.Base(path), errFile)
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return "", err
	}
	if len(b) > MaxFileBytes {
		return "", fmt.Errorf("%s is longer than %d bytes: %w", filepath.Base(path), MaxFileBytes, errFile)
	}
	return string(b), nil
}

// WaitFile waits for path to exist with content that complete accepts and
// returns the content; it gives up at deadline (zero: never) with
// link.ErrTimeout. It reads at most MaxFileBytes of the file each time.
func WaitFile(path string, deadline time.Time, complete func(string) bool) (string, error) {
	for {
		if b, err := readFile(path); err == nil && complete(b) {
			return strings.TrimSpace(b), nil
		}
		if !deadline.IsZero() && time.Now().After(deadline) {
			return "", link.ErrTimeout
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
			return link.ErrTimeout
		}
		time.Sleep(wpiPoll)
	}
}

// settle is how long a file that is not a whole move or color line must
// stay unchanged before a player takes it as what the referee meant (and
// reports it), instead of waiting for the rest.
const settle = 500 * time.Millisecond

// PlayerGrace is how long a player waits for its .in file beyond the
// time limit of a move: after its own move the opponent has the limit,
// and the referee passes the answer on within a few polls.
const PlayerGrace = 2 * time.Second

// errNoReferee is the player's error when no file comes in time.
var errNoReferee = errors.New("the game ended (the opponent forfeited?) or the referee stopped")

// waitIn waits for path to hold a whole move or color line (Complete),
// or anything that stays unchanged for settle (returned as it is, for the
// caller to report), until deadline. A file that is not a regular file or
// is longer than MaxFileBytes is an error at once (wrapping errFile).
func waitIn(path string, deadline time.Time) (string, error) {
	var last string
	var since time.Time
	for {
		s, err := readFile(path)
		if errors.Is(err, errFile) {
			return "", err
		}
		if err == nil && len(s) > 0 {
			switch {
			case Complete(s):
				return strings.TrimSpace(s), nil
			case s != last:
				last, since = s, time.Now()
			case time.Since(since) >= settle:
				return strings.TrimSpace(s), nil
			}
		}
		if time.Now().After(deadline) {
			return "", link.ErrTimeout
		}
		time.Sleep(wpiPoll)
	}
}

// Complete accepts a whole move or color line.
func Complete(s string) bool {
	t := strings.TrimSpace(s)
	return t == "W" || t == "B" || strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")")
}

// wpiResult describes the end of g with the seats' names.
func wpiResult(g *gomoku.Game, names [2]string) string {
	w, ok := rules.Winner(g)
	if !ok {
		return "draw"
	}
	return names[w] + " wins (five in a row)"
}

// Player plays one game as the program name through name.in and name.out
// in dir, on a board of size, with the engine p, and prints the result.
// It waits for each file from the referee at most limit (the referee's
// time limit of a move) plus PlayerGrace: the error then says the game
// ended or the referee stopped (the referee writes nothing more when a
// program forfeits). A file that holds neither a color nor a move is an
// error that quotes it.
func Player(p *link.Server, dir, name string, size int, limit time.Duration, stdout io.Writer) error {
	in := filepath.Join(dir, name+".in")
	out := filepath.Join(dir, name+".out")
	wait := func(what string) (string, error) {
		text, err := waitIn(in, time.Now().Add(limit+PlayerGrace))
		if errors.Is(err, link.ErrTimeout) {
			return "", fmt.Errorf("no %s in %s within %v: %w", what, in, limit+PlayerGrace, errNoReferee)
		}
		return text, err
	}
	color, err := wait("color")
	if err != nil {
		return err
	}
	if err := os.Remove(in); err != nil {
		return err
	}
	me := rules.First
	switch color {
	case "W":
	case "B":
		me = rules.Second
	default:
		return fmt.Errorf("%s holds %s, not W or B", in, rules.Quote(color))
	}
	g := wpiGame(size)
	for {
		if over, _ := g.Outcome(); over {
			break
		}
		if g.ToMove() == me {
			res := p.Think(g, 0)
			text := wpiFormat(g, me, res.Move)
			g.Play(res.Move)
			if err := atomicfile.Write(out, []byte(text+"\n")); err != nil {
				return err
			}
			continue
		}
		text, err := wait("move")
		if err != nil {
			return err
		}
		os.Remove(in)
		m, err := wpiParse(g, me.Opponent(), text)
		if err != nil {
			return fmt.Errorf("%s: the opponent's %w", in, err)
		}
		g.Play(m)
	}
	fmt.Fprintf(stdout, "%s: %s\n", name, wpiResult(g, [2]string{"W", "B"}))
	return nil
}

// Referee runs one game between the programs progs through their .in and
// .out files in dir, the colors drawn with r, limit a move, on a board of
// size. It reads at most MaxFileBytes of a .out file: one that is longer
// or not a regular file, or that holds anything but a move for settle
// (such as "H8"), is an invalid move then and there, not a time-out at
// the end of the limit. It prints the board after every move, and last
// "result: <NAME> wins (<reason>)" or "result: draw".
func Referee(dir string, progs [2]string, r *rand.Rand, limit time.Duration, size int, stdout io.Writer) error {
	names := [2]string{progs[0], progs[1]} // by seat: White first
	if r.IntN(2) == 1 {
		names[0], names[1] = names[1], names[0]
	}
	path := func(seat rules.Seat, ext string) string { return filepath.Join(dir, names[seat]+ext) }
	for seat := rules.First; seat <= rules.Second; seat++ {
		os.Remove(path(seat, ".out"))
		if err := atomicfile.Write(path(seat, ".in"), []byte(wpiLetter(seat)+"\n")); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "%s plays White (moves first), %s plays Black\n", names[0], names[1])
	result := func(format string, args ...any) error {
		fmt.Fprintf(stdout, "result: "+format+"\n", args...)
		return nil
	}
	g := wpiGame(size)
	given := [2]time.Time{time.Now(), time.Now()} // when each side's turn began
	for {
		if over, _ := g.Outcome(); over {
			if w, ok := rules.Winner(g); ok {
				return result("%s wins (five in a row)", names[w])
			}
			return result("draw")
		}
		seat := g.ToMove()
		text, err := waitIn(path(seat, ".out"), given[seat].Add(limit))
		if errors.Is(err, link.ErrTimeout) {
			return result("%s wins (%s exceeded the time limit of %v)", names[seat^1], names[seat], limit)
		}
		if errors.Is(err, errFile) {
			return result("%s wins (%s made an invalid move: %v)", names[seat^1], names[seat], err)
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
		// sees the end) once it has taken its previous file (its color);
		// its clock starts now.
		if err := waitGone(path(seat^1, ".in"), given[seat^1].Add(limit)); err != nil {
			return result("%s wins (%s did not read its file within the time limit of %v)", names[seat], names[seat^1], limit)
		}
		if err := atomicfile.Write(path(seat^1, ".in"), []byte(text+"\n")); err != nil {
			return err
		}
		given[seat^1] = time.Now()
	}
}
