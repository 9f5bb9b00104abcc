package codecup

import (
	"strings"
	"time"

	"planiverse/app/protocol/link"
	"planiverse/rules"
)

// planiverse match: a referee between two engines that speak the game's
// engine protocol (Planiverse's own engine mode, or any external program),
// one game at a time, colors swapped per opening.

// codeCupClient drives a CodeCup DVONN engine: "Start" to the engine that
// moves first (White; after an opening, the side to move), then the
// opponent's moves, one per line; the engine writes each of its moves. An
// engine is told an opening only through its command line ({moves}).
type codeCupClient struct {
	p     *link.Proc
	seat  rules.Seat
	sent  int // moves of g.Moves already told (or made) by this engine
	begun bool
}

// NewClient starts the referee's side of the protocol with the engine p,
// which plays seat of a game with options o and moveTime a move.
func NewClient(_ *rules.Descriptor, p *link.Proc, seat rules.Seat, _ rules.Options, _ time.Duration) (link.Client, error) {
	p.SetDroppable(Droppable)
	return &codeCupClient{p: p, seat: seat}, nil
}

// Droppable reports whether a line a CodeCup engine wrote may be dropped
// when the engine writes faster than the referee reads
// (link.Proc.SetDroppable): only a blank line; every other line is a move.
func Droppable(line string) bool { return strings.TrimSpace(line) == "" }

func (c *codeCupClient) Move(g *link.Game, deadline time.Time) (rules.Move, error) {
	if !c.begun {
		c.begun = true
		c.sent = g.Opening // known from the command line
		if len(g.Moves) == g.Opening {
			if err := c.p.Send("Start"); err != nil { // it moves first
				return 0, err
			}
		}
	}
	for ; c.sent < len(g.Moves); c.sent++ {
		if g.Movers[c.sent] != c.seat {
			if err := c.p.Send(g.Texts[c.sent]); err != nil {
				return 0, err
			}
		}
	}
	l, err := c.p.Read(deadline)
	if err != nil {
		return 0, err
	}
	c.sent++ // its own move
	return g.Pos.ParseMove(l)
}
