package pbrain

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// planiverse match: a referee between two engines that speak the game's
// engine protocol (Planiverse's own engine mode, or any external program),
// one game at a time, colors swapped per opening.

// pbrainClient drives a Gomocup pbrain engine.
type pbrainClient struct {
	p     *link.Proc
	size  int
	seat  rules.Seat
	begun bool
}

// NewClient starts the referee's side of the protocol with the engine p,
// which plays seat of a game with options o and moveTime a move.
func NewClient(_ *rules.Descriptor, p *link.Proc, seat rules.Seat, o rules.Options, moveTime time.Duration) (link.Client, error) {
	c := &pbrainClient{p: p, size: o.Int("size"), seat: seat}
	p.SetDroppable(Droppable)
	rule := "0"
	if o["rules"] == "exact5" {
		rule = "1"
	}
	if err := p.Send(fmt.Sprintf("START %d", c.size)); err != nil {
		return nil, err
	}
	if err := c.expect("OK", time.Now().Add(10*time.Second)); err != nil {
		return nil, fmt.Errorf("START: %w", err)
	}
	// A match clock far longer than the game needs (some engines read
	// timeout_match 0, "no limit", as a reason to think long), so that the
	// turn's timeout is what binds.
	match := moveTime.Milliseconds() * 1000
	err := p.Send(fmt.Sprintf("INFO timeout_turn %d", moveTime.Milliseconds()), fmt.Sprintf("INFO timeout_match %d", match),
		fmt.Sprintf("INFO time_left %d", match), "INFO rule "+rule, "INFO max_memory 268435456")
	return c, err
}

// Droppable reports whether a line a pbrain engine wrote is informational
// (blank, MESSAGE, DEBUG, SUGGEST), which the referee may drop when the
// engine writes faster than it reads (link.Proc.SetDroppable); answers
// (OK, a point, ERROR, UNKNOWN) are never dropped.
func Droppable(line string) bool {
	up := strings.ToUpper(strings.TrimSpace(line))
	return up == "" || strings.HasPrefix(up, "MESSAGE") || strings.HasPrefix(up, "DEBUG") || strings.HasPrefix(up, "SUGGEST")
}

// expect reads lines up to one starting with want, skipping MESSAGE and
// DEBUG lines; ERROR and UNKNOWN are errors.
func (c *pbrainClient) expect(want string, deadline time.Time) error {
	for {
		l, err := c.p.Read(deadline)
		switch up := strings.ToUpper(l); {
		case err != nil:
			return err
		case strings.HasPrefix(up, want):
			return nil
		case strings.HasPrefix(up, "ERROR"), strings.HasPrefix(up, "UNKNOWN"):
			return errors.New(link.OneLine(l))
		}
	}
}

func (c *pbrainClient) Move(g *link.Game, deadline time.Time) (rules.Move, error) {
	gg := g.Pos.(*gomoku.Game)
	if !c.begun {
		// The stones in the order they were played, the opponent's last
		// (some engines take the colors from the order alone).
		c.begun = true
		lines := []string{"BOARD"}
		replay := g.Start.Clone().(*gomoku.Game)
		for _, m := range g.Moves {
			field := 2
			if replay.ColorToMove() == gg.ColorToMove() {
				field = 1
			}
			replay.Play(m)
			if m != rules.Swap {
				lines = append(lines, fmt.Sprintf("%d,%d,%d", int(m)%c.size, int(m)/c.size, field))
			}
		}
		if err := c.p.Send(append(lines, "DONE")...); err != nil {
			return 0, err
		}
	} else {
		last := g.Moves[len(g.Moves)-1]
		if err := c.p.Send(fmt.Sprintf("TURN %d,%d", int(last)%c.size, int(last)/c.size)); err != nil {
			return 0, err
		}
	}
	for {
		l, err := c.p.Read(deadline)
		if err != nil {
			return 0, err
		}
		up := strings.ToUpper(l)
		switch {
		case l == "", strings.HasPrefix(up, "MESSAGE"), strings.HasPrefix(up, "DEBUG"), strings.HasPrefix(up, "SUGGEST"):
			continue
		case strings.HasPrefix(up, "ERROR"), strings.HasPrefix(up, "UNKNOWN"):
			return 0, errors.New(link.OneLine(l))
		}
		xs, ys, ok := strings.Cut(l, ",")
		x, err1 := strconv.Atoi(strings.TrimSpace(xs))
		y, err2 := strconv.Atoi(strings.TrimSpace(ys))
		if !ok || err1 != nil || err2 != nil || x < 0 || y < 0 || x >= c.size || y >= c.size {
			return 0, fmt.Errorf("answer %s is not a point x,y", rules.Quote(l))
		}
		return rules.Move(y*c.size + x), nil
	}
}
