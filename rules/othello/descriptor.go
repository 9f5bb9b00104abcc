package othello

import (
	"math/rand/v2"

	"planiverse/rules"
)

// GameName names Othello in the game registry (rules.GameNamer).
func (b *Board) GameName() string { return Descriptor.Name }

// Descriptor describes Othello to the app, the command line and the AI
// (rules.Descriptor; RULES.md, "Othello"). It has no options.
var Descriptor = &rules.Descriptor{
	Name:    "othello",
	Title:   "Othello",
	Summary: "Standard 8x8 Othello; Black moves first.",
	Colors:  [2]string{"Black", "White"},
	Examples: []rules.Example{
		{Caption: "The start: Black moves first, and must flip at least one disc."},
		{Caption: "Black played f5, flipping e5: a disc is flipped when it lies in a straight line between the new disc and another of the mover's.", Moves: "f5"},
		{Caption: "After f5 d6 c3 d3 c4: the side with more discs when neither can move wins.", Moves: "f5 d6 c3 d3 c4"},
	},
	Notation: "othello: a square such as d3 (columns a-h, rows 1-8 from the top), or pass",
	Rules: "Place a disc so that it brackets a straight line of your opponent's discs " +
		"between it and one of your own discs; the bracketed discs flip to your color. " +
		"If you cannot move you pass (the program does it for you). The game ends when " +
		"neither player can move; the player with more discs wins.",
	New: func(rules.Options) (rules.State, error) { return New(), nil },
	ParsePosition: func(_ rules.Options, text string) (rules.State, error) {
		return ParsePosition(text)
	},
	Opening: func(s rules.State, r *rand.Rand) { rules.RandomPlies(s, r, 4) },
	Score: func(s rules.State, seat rules.Seat) (int, string) {
		b, w := s.(*Board).Count()
		return [2]int{b, w}[seat&1], "discs"
	},
	PerftTerminalIsLeaf: true,
}

// The record formats refer to Descriptor, so they join it here.
func init() { Descriptor.Formats = Formats }
