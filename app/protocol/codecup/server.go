package codecup

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// The CodeCup 2011 DVONN protocol, as its arbiter and the contest engines speak
// it: the first line is "Start" when the engine plays White (it places
// first), else Black's opponent's first placement; then each side's moves
// are written one per line in DVONN notation (placements "E3", moves
// "E3G3", "PASS"), the engine writing its own when it is to move (White
// places the 49th piece and also makes the first move, so it writes two in
// a row) and reading the opponent's otherwise; "Quit" ends the session.
// With --moves (an extension for openings) the game starts after those
// moves and "Start" goes to the side to move.
// The protocol has no error reply: a bad line ends the session with the
// error (printed on standard error by the command).

// Serve runs the engine mode's server side: it reads commands from in and
// answers on out until the session ends; nil on a normal end.
func Serve(p *link.Server, in *link.LineReader, out *bufio.Writer) error {
	g := dvonn.New()
	if err := rules.PlayMoves(g, p.Opening()); err != nil {
		return fmt.Errorf("dvonn engine: --moves: %w", err)
	}
	p.AI().ClearHash()
	read := func() (string, bool, error) {
		for {
			line, err := in.Next()
			if errors.Is(err, io.EOF) {
				return "", false, nil
			}
			if err != nil {
				return "", false, err
			}
			line = strings.TrimSpace(line)
			switch {
			case line == "":
				continue
			case line == "Quit":
				return "", false, nil
			}
			return line, true, nil
		}
	}
	first, ok, err := read()
	if !ok || err != nil {
		return err
	}
	// "Start": this engine moves first (White, or after --moves the side
	// to move); otherwise the line is the opponent's first move.
	me := g.ToMove()
	if first != "Start" {
		me = me.Opponent()
		if err := playCodeCup(g, first); err != nil {
			return err
		}
	}
	left := p.GameTime()
	for {
		if over, _ := g.Outcome(); over {
			// Wait for Quit (or the end of the input).
			for {
				if _, ok, err := read(); !ok || err != nil {
					return err
				}
			}
		}
		if g.ToMove() != me {
			line, ok, err := read()
			if !ok || err != nil {
				return err
			}
			if err := playCodeCup(g, line); err != nil {
				return err
			}
			continue
		}
		start := p.StartClock()
		budget := time.Duration(0)
		if p.GameTime() > 0 {
			budget = p.WallBudget(link.ClockShare(left, g))
		}
		res := p.Think(g, budget)
		p.Charge(&left, start)
		if res.Move == rules.NoMove {
			return fmt.Errorf("dvonn engine: no move found")
		}
		fmt.Fprintln(out, g.MoveString(res.Move))
		out.Flush()
		g.Play(res.Move)
	}
}

// playCodeCup plays the opponent's move text on g.
func playCodeCup(g *dvonn.Game, text string) error {
	m, err := g.ParseMove(text)
	if err != nil {
		return fmt.Errorf("dvonn engine: opponent's move: %w", err)
	}
	g.Play(m)
	return nil
}
