package alakline

import (
	"fmt"
	"strings"
	"time"

	"planiverse/app/protocol/link"
	"planiverse/rules"
)

// planiverse match: a referee between two engines that speak the game's
// engine protocol (Planiverse's own engine mode, or any external program),
// one game at a time, colors swapped per opening.

// alakClient drives a Planiverse Alak engine.
type alakClient struct {
	p    *link.Proc
	seat rules.Seat
	sent int
}

// NewClient starts the referee's side of the protocol with the engine p,
// which plays seat of a game with options o and moveTime a move.
func NewClient(_ *rules.Descriptor, p *link.Proc, seat rules.Seat, o rules.Options, _ time.Duration) (link.Client, error) {
	c := &alakClient{p: p, seat: seat}
	p.SetDroppable(Droppable)
	cmd := "new classic"
	if o["rules"] == "modern" {
		cmd = "new modern " + o["size"]
	}
	if err := p.Send(cmd); err != nil {
		return nil, err
	}
	return c, c.expect("ok", time.Now().Add(10*time.Second))
}

// Droppable reports whether a line a Planiverse Alak engine wrote may be
// dropped when the engine writes faster than the referee reads
// (link.Proc.SetDroppable): every line but the protocol's answers (ok,
// move, error, position).
func Droppable(line string) bool {
	l := strings.TrimSpace(line)
	for _, w := range []string{"ok", "move", "error", "position"} {
		if l == w || strings.HasPrefix(l, w+" ") {
			return false
		}
	}
	return true
}

func (c *alakClient) expect(want string, deadline time.Time) error {
	l, err := c.p.Read(deadline)
	if err == nil && !strings.HasPrefix(l, want) {
		err = fmt.Errorf("answer %s, want %s", rules.Quote(l), want)
	}
	return err
}

func (c *alakClient) Move(g *link.Game, deadline time.Time) (rules.Move, error) {
	for ; c.sent < len(g.Moves); c.sent++ {
		if err := c.p.Send("play " + g.Texts[c.sent]); err != nil {
			return 0, err
		}
		if err := c.expect("ok", deadline); err != nil {
			return 0, err
		}
	}
	if err := c.p.Send("go"); err != nil {
		return 0, err
	}
	l, err := c.p.Read(deadline)
	if err != nil {
		return 0, err
	}
	mv, ok := strings.CutPrefix(l, "move ")
	if !ok {
		return 0, fmt.Errorf("answer %s, want move M", rules.Quote(l))
	}
	c.sent++
	return g.Pos.ParseMove(mv)
}
