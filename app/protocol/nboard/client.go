package nboard

import (
	"fmt"
	"strings"
	"time"

	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// planiverse match: a referee between two engines that speak the game's
// engine protocol (Planiverse's own engine mode, or any external program),
// one game at a time, colors swapped per opening.

// nboardClient drives an NBoard engine: the whole game as GGF, then "go".
type nboardClient struct{ p *link.Proc }

// NewClient starts the referee's side of the protocol with the engine p,
// which plays seat of a game with options o and moveTime a move.
func NewClient(_ *rules.Descriptor, p *link.Proc, _ rules.Seat, _ rules.Options, _ time.Duration) (link.Client, error) {
	p.SetDroppable(Droppable)
	return &nboardClient{p: p}, p.Send("nboard 2")
}

// Droppable reports whether a line an NBoard engine wrote may be dropped
// when the engine writes faster than the referee reads
// (link.Proc.SetDroppable): every line but a move ("=== "), the only
// answer the referee reads (status, search, nodestats, pong, comments...).
func Droppable(line string) bool {
	return !strings.HasPrefix(strings.TrimSpace(line), "===")
}

// SplitMoves splits a line of Othello moves: separated by spaces, or run
// together as NBoard and Othello databases write them ("f5d6c3": a single
// word of even length, two characters a move).
func SplitMoves(line string) []string {
	moves := strings.Fields(line)
	if len(moves) != 1 || len(line)%2 != 0 {
		return moves
	}
	moves = nil
	for i := 0; i < len(line); i += 2 {
		moves = append(moves, line[i:i+2])
	}
	return moves
}

func (c *nboardClient) Move(g *link.Game, deadline time.Time) (rules.Move, error) {
	if err := c.p.Send("set game "+writeGGF(g), "go"); err != nil {
		return 0, err
	}
	for {
		l, err := c.p.Read(deadline)
		if err != nil {
			return 0, err
		}
		if mv, ok := strings.CutPrefix(l, "==="); ok {
			mv, _, _ = strings.Cut(strings.TrimSpace(mv), "/")
			return nboardMove(g.Pos.(*othello.Board), mv)
		}
	}
}

// writeGGF writes g (from the standard start) as NBoard's GGF.
func writeGGF(g *link.Game) string {
	var b strings.Builder
	b.WriteString("(;GM[Othello]PC[Planiverse]TY[8]BO[8 ")
	pos := g.Start.(*othello.Board).Position()
	b.WriteString(strings.NewReplacer("X", "*").Replace(pos))
	b.WriteString("]")
	s := g.Start.Clone()
	for _, m := range g.Moves {
		fmt.Fprintf(&b, "%c[%s]", "BW"[s.ToMove()], nboardText(s.(*othello.Board), m))
		s.Play(m)
	}
	b.WriteString(";)")
	return b.String()
}
