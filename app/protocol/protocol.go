// Package protocol maps each game to its engine protocol: the server side
// that the engine command runs and the client side that the referee and
// the window's external engines use. The games are keyed by their
// descriptors (rules/<game>.Descriptor), not by name literals.
//
// It may import its sub-packages (app/protocol/...) and rules; no Fyne.
package protocol

import (
	"bufio"
	"slices"
	"time"

	"planiverse/app/protocol/alakline"
	"planiverse/app/protocol/codecup"
	"planiverse/app/protocol/link"
	"planiverse/app/protocol/nboard"
	"planiverse/app/protocol/pbrain"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// Protocol is one game's engine protocol.
type Protocol struct {
	// Name is the protocol's name for help texts ("Gomocup pbrain").
	Name string
	// Serve reads commands from in and answers on out until the session
	// ends (an end command or the end of input); nil on a normal end.
	Serve func(p *link.Server, in *link.LineReader, out *bufio.Writer) error
	// NewClient starts the referee's side with the engine process p, which
	// plays seat in a game with options o at moveTime a move.
	NewClient func(d *rules.Descriptor, p *link.Proc, seat rules.Seat, o rules.Options, moveTime time.Duration) (link.Client, error)
	// GameClock: Serve spends --time-game, a clock for the whole game,
	// over its moves.
	GameClock bool
	// NoSetUp: the protocol cannot set up a position. An engine learns an
	// opening only from its command line (the engine command's --moves,
	// the referee's {moves}), and a restarted engine cannot be told the
	// game so far.
	NoSetUp bool
}

// protocols maps a game's descriptor to its engine protocol.
var protocols = map[*rules.Descriptor]Protocol{
	gomoku.Descriptor:  {"Gomocup pbrain", pbrain.Serve, pbrain.NewClient, false, false},
	dvonn.Descriptor:   {"CodeCup 2011 DVONN", codecup.Serve, codecup.NewClient, true, true},
	othello.Descriptor: {"NBoard", nboard.Serve, nboard.NewClient, true, false},
	alak.Descriptor:    {"Planiverse Alak", alakline.Serve, alakline.NewClient, false, false},
}

// For returns d's engine protocol, if it has one.
func For(d *rules.Descriptor) (Protocol, bool) {
	p, ok := protocols[d]
	return p, ok
}

// Games returns the games that have an engine protocol, in name order.
func Games() []*rules.Descriptor {
	var ds []*rules.Descriptor
	for d := range protocols {
		ds = append(ds, d)
	}
	slices.SortFunc(ds, func(a, b *rules.Descriptor) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	return ds
}
