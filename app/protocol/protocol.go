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
	// AutoPass: the engine is never asked for a forced pass; the referee
	// plays it (NBoard, whose engines do not answer a position where the
	// only legal move is a pass).
	AutoPass bool
	// SplitMoves splits a line of moves (an opening in an openings file)
	// as the protocol's users write them; nil: moves separated by spaces.
	SplitMoves func(line string) []string
}

// protocols maps a game's descriptor to its engine protocol.
var protocols = map[*rules.Descriptor]Protocol{
	gomoku.Descriptor: {Name: "Gomocup pbrain", Serve: pbrain.Serve, NewClient: pbrain.NewClient},
	dvonn.Descriptor: {Name: "CodeCup 2011 DVONN", Serve: codecup.Serve, NewClient: codecup.NewClient,
		GameClock: true, NoSetUp: true},
	othello.Descriptor: {Name: "NBoard", Serve: nboard.Serve, NewClient: nboard.NewClient,
		GameClock: true, AutoPass: true, SplitMoves: nboard.SplitMoves},
	alak.Descriptor: {Name: "Planiverse Alak", Serve: alakline.Serve, NewClient: alakline.NewClient},
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
