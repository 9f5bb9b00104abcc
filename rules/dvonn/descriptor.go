package dvonn

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// GameName names DVONN in the game registry (rules.GameNamer).
func (g *Game) GameName() string { return Descriptor.Name }

// Descriptor describes DVONN to the app, the command line and the AI
// (rules.Descriptor; RULES.md, "DVONN"). Its one option, "placement" (hand,
// random), is a match choice: with "random" the app fills the board by
// PlaceRandom before play starts.
var Descriptor = &rules.Descriptor{
	Name:   "dvonn",
	Title:  "DVONN",
	Colors: [2]string{"Black", "White"},
	Options: []rules.Option{{
		Key: "placement", Label: "Placement", Match: true,
		Choices: []rules.Choice{
			{Value: "hand", Label: "By hand (official)"},
			{Value: "random", Label: "At random", Short: "random placement"},
		},
		Default: "hand",
	}},
	Examples: []rules.Example{
		{Caption: "Placement: the three red DVONN pieces go first, then White and Black take turns.",
			Moves: "F3 F2 F1 J2 I3 I4 J3 E3 H3 G1"},
		{Caption: "Movement: a stack moves in a straight line exactly as many spaces as it is high, onto another stack; stacks cut off from every red piece are removed.",
			Moves: "F3 F2 F1 J2 I3 I4 J3 E3 H3 G1 K3 G2 G3 D3 C3 E1 E2 H1 D1 A2 B2 G4 H4 E4 C2 A1 B4 E5 C1 I5 H5 F4 D5 B1 B3 H2 I2 C4 C5 G5 F5 I1 J5 D2 A3 J4 D4 K4 K5 B4C5 I5H5"},
	},
	Notation: "dvonn: a placement such as E3, a move such as E3G3, or PASS",
	Rules: "Placement: White, Black and White place the three red DVONN pieces, then the " +
		"players place their own pieces until the board is full (the last one places itself). " +
		"Movement: move a stack whose top piece is yours in a straight line exactly as many " +
		"spaces as it is high, onto another stack. A stack surrounded on all six sides cannot " +
		"move. Stacks no longer connected to a DVONN piece are removed. When nobody can move, " +
		"the player controlling the greater total height wins.",
	New:     func(rules.Options) (rules.State, error) { return New(), nil },
	Setup:   randomSetup,
	Opening: func(s rules.State, r *rand.Rand) { s.(*Game).PlaceRandom(r) },
	// The first seat plays White, the light color.
	Color: func(_ rules.State, seat rules.Seat) rules.Color { return rules.Color(seat.Opponent() & 1) },
	Score: func(s rules.State, seat rules.Seat) (int, string) {
		w, b := s.(*Game).Score()
		return [2]int{w, b}[seat&1], "points"
	},
	Action: func(s rules.State) phrase.P {
		g := s.(*Game)
		switch {
		case !g.Placing():
			return phrase.P{}
		case g.PieceToPlace() == Red:
			return phrase.T("game.dvonn.action.dvonnPiece", "places a DVONN piece", nil)
		}
		return phrase.T("game.dvonn.action.piece", "places a piece", nil)
	},
	AutoPlay: func(s rules.State) bool { return s.(*Game).Placing() },
	Phase: func(s rules.State) int {
		if s.(*Game).Placing() {
			return 0
		}
		return 1
	},
	Intro: func(o rules.Options) []phrase.P {
		if o["placement"] == "random" {
			// After the 49th placement White moves first (RULES.md).
			return []phrase.P{phrase.T("game.dvonn.intro.random", "The 49 pieces were placed at random. White moves first.", nil)}
		}
		return []phrase.P{phrase.T("game.dvonn.intro.placement", "Placement: White, Black and White place the three red DVONN pieces, then the players place their own pieces in turn.", nil)}
	},
	MoveNote: func(s rules.State, p rules.Played) phrase.P {
		g := s.(*Game)
		data := map[string]any{"Mover": phrase.Color(p.Mover), "Next": phrase.Color(p.Next), "Move": p.Text}
		if _, _, placement := Decode(p.Move); placement && g.Placed() == NumCells && p.Auto {
			return phrase.T("game.dvonn.lastPiece", "{{.Mover}} places the last piece on the only free space; {{.Next}} moves first.", data)
		}
		if n := bits.OnesCount64(g.LastRemoved()); n > 0 {
			return phrase.N("game.dvonn.removed", "{{.Mover}} {{.Move}}: {{.Count}} stack cut off from the DVONN pieces is removed.",
				"{{.Mover}} {{.Move}}: {{.Count}} stacks cut off from the DVONN pieces are removed.", n, data)
		}
		return phrase.P{}
	},
}

// randomSetup is DVONN's Setup: with the "random" placement, the moves of
// a random placement of all 49 pieces (PlaceRandom) on s, in order.
func randomSetup(s rules.State, o rules.Options, r *rand.Rand) []rules.Move {
	g, ok := s.(*Game)
	if !ok || o["placement"] != "random" || !g.Placing() {
		return nil
	}
	cp := g.Copy()
	before := cp.Placed()
	cp.PlaceRandom(r)
	var out []rules.Move
	for cp.Placed() > before {
		out = append(out, cp.LastMove())
		cp.Undo()
	}
	slices.Reverse(out)
	return out
}

// The record formats refer to Descriptor, so they join it here.
func init() { Descriptor.Formats = Formats }
