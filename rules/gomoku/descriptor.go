package gomoku

import (
	"math/rand/v2"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// GameName names Gomoku in the game registry (rules.GameNamer).
func (g *Game) GameName() string { return Descriptor.Name }

// Descriptor describes Gomoku to the app, the command line and the AI
// (rules.Descriptor; RULES.md, "Gomoku"). Options: "size" (15, 19, 20;
// not given under renju, which is 15x15 only), "rules" (freestyle, exact5,
// renju) and "opening" (none, swap).
var Descriptor = &rules.Descriptor{
	Name:   "gomoku",
	Title:  "Gomoku",
	Colors: colorNames,
	Options: []rules.Option{
		{
			Key: "size", Label: "Board", Help: "gomoku board size: 15 (default), 19 or 20",
			Choices: []rules.Choice{
				{Value: "15", Label: "15 × 15", Short: "15x15"},
				{Value: "19", Label: "19 × 19", Short: "19x19"},
				{Value: "20", Label: "20 × 20", Short: "20x20"},
			},
			Default: "15",
			// Renju is played on 15x15 only: the size does not apply.
			Applies: func(o rules.Options) bool { return o["rules"] != Renju.String() },
		},
		{
			Key: "rules", Label: "Win rule", Help: "gomoku win rule: freestyle (default), exact5 or renju (RIF rules, 15x15 only: Black may not play a double-three, double-four or overline)",
			Choices: []rules.Choice{
				{Value: "freestyle", Label: "Freestyle (five or more)", Short: "freestyle"},
				{Value: "exact5", Label: "Exact five (six or more does not count)", Short: "exact five"},
				{Value: "renju", Label: "Renju (15 × 15; Black's forbidden points)", Short: "renju",
					Note: "Renju (RIF rules, 15 × 15): Black wins only with exactly five and may not make a double-three, a double-four or an overline; White wins with five or more."},
			},
			Default: "freestyle",
		},
		{
			Key: "opening", Label: "Opening", Help: "gomoku opening: none (default), swap (after the first stone the second player may take it over: move text swap) or swap2 (the first player places three stones; the second takes White with a white stone, takes Black with swap, or places two more after balance and the first chooses: a white stone or swap)",
			Choices: []rules.Choice{
				{Value: "none", Label: "None"},
				{Value: "swap", Label: "Swap after the first move", Short: "swap opening",
					Note: "Swap: after Black's first stone, the second player may take that stone over and play Black; the first player then continues as White."},
				{Value: "swap2", Label: "Swap2", Short: "swap2",
					Note: "Swap2: the first player places three stones (black, white, black). The second player then takes White by placing the fourth stone, takes Black (Swap colors), or places two more stones (white, black) and lets the first player choose a color."},
			},
			Default: "none",
		},
	},
	Examples: []rules.Example{
		{Caption: "Five in a row wins: here Black (moving first) has five on column H.", Options: rules.Options{"opening": "none"},
			Moves: "H8 A1 H9 A2 H10 A3 H11 A4 H12"},
		{Caption: "An open four (both ends empty) cannot be stopped: White can block only one end.", Options: rules.Options{"opening": "none"},
			Moves: "H8 A1 H9 A2 H10 A3 H11"},
		{Caption: "Renju: Black may not play the marked point H8, which would make two open threes at once (a double-three); White may.", Options: rules.Options{"rules": "renju", "opening": "none"},
			Moves: "F8 A1 G8 A3 H9 A5 H10 A7"},
	},
	Notation: "gomoku: a point such as H8 (column letters from A at the left, rows from 1 at the bottom); swap (take Black: the swap and swap2 openings); balance (swap2: place two more stones)",
	Rules: "Players take turns placing a stone on an empty intersection; Black starts. " +
		"Five in a row (horizontally, vertically or diagonally) wins — with the exact-five " +
		"rule a line of six or more does not count. Under Renju (15 × 15) White wins with five or " +
		"more, Black only with exactly five, and Black may not play a point that makes two open " +
		"threes at once, two fours, or six or more in a row (a five still wins). With the swap opening, after Black's " +
		"first stone the second player may take that stone over (Swap colors). With Swap2, the first " +
		"player places three stones (black, white, black); the second player takes White by placing " +
		"the fourth stone, takes Black (Swap colors), or places two more stones (white, black) and " +
		"the first player then takes White by placing the sixth stone or takes Black.",
	New: func(o rules.Options) (rules.State, error) {
		return New(optionsOf(o))
	},
	Opening: centerOpening,
	Color:   func(s rules.State, seat rules.Seat) rules.Color { return s.(*Game).ColorOf(seat) },
	Score: func(s rules.State, seat rules.Seat) (int, string) {
		g := s.(*Game)
		return g.StonesOf(rules.Seat(g.ColorOf(seat))), "stones"
	},
	Intro: func(o rules.Options) []phrase.P {
		opts := optionsOf(o)
		data := map[string]any{"Size": opts.Size}
		msg := phrase.T("game.gomoku.intro.freestyle", "{{.Size}}x{{.Size}} board, five or more in a row wins.", data)
		switch opts.Rule {
		case ExactFive:
			msg = phrase.T("game.gomoku.intro.exact5", "{{.Size}}x{{.Size}} board, exactly five in a row wins (six or more does not).", data)
		case Renju:
			msg = phrase.T("game.gomoku.intro.renju", "{{.Size}}x{{.Size}} board, renju: Black wins only with exactly five and may not play a double-three, double-four or overline (marked on the board); White wins with five or more.", data)
		}
		msgs := []phrase.P{msg}
		switch opts.Opening {
		case SwapOpening:
			msgs = append(msgs, phrase.T("game.gomoku.intro.swap", "Swap opening: after Black's first stone, the second player may take it over and play Black.", nil))
		case Swap2Opening:
			msgs = append(msgs, phrase.T("game.gomoku.intro.swap2", "Swap2 opening: the first player places three stones (black, white, black); then the second player chooses a color or places two more stones and lets the first player choose.", nil))
		}
		return msgs
	},
	Specials: func(s rules.State) []rules.Special {
		if s.(*Game).CanBalance() {
			return []rules.Special{{Move: Balance, Label: "Place two more stones (balance)"}}
		}
		return nil
	},
	Action: func(s rules.State) phrase.P {
		g := s.(*Game)
		switch g.Deciding() {
		case PhasePlaceThree:
			return phrase.T("game.gomoku.action.opening."+stoneNames[g.ColorToMove()], "places opening stone {{.Number}} of 3 ("+stoneNames[g.ColorToMove()]+")",
				map[string]any{"Number": g.Ply() + 1})
		case PhaseChoose:
			return phrase.T("game.gomoku.action.choose", "chooses: place the fourth stone (white) to play White, Swap colors to play Black, or Balance to place two more stones", nil)
		case PhasePlaceTwo:
			return phrase.T("game.gomoku.action.balance."+stoneNames[g.ColorToMove()], "places balancing stone {{.Number}} of 2 ("+stoneNames[g.ColorToMove()]+")",
				map[string]any{"Number": g.Ply() - 3})
		case PhaseChooseAgain:
			return phrase.T("game.gomoku.action.chooseAgain", "chooses: place the sixth stone (white) to play White, or Swap colors to play Black", nil)
		}
		return phrase.P{}
	},
	MoveNote: func(s rules.State, p rules.Played) phrase.P {
		g := s.(*Game)
		switch {
		case p.Move == Balance:
			return phrase.T("game.gomoku.note.balance", "The second player will place two more stones (white, black); then the first player chooses a color.", nil)
		case g.Options().Opening != Swap2Opening || int(p.Move) >= g.Size()*g.Size():
			return phrase.P{}
		case g.Ply() == 4 && g.History(3) != Balance, g.Ply() == 7 && g.History(3) == Balance:
			return phrase.T("game.gomoku.note.takesWhite", "The player who placed the white stone {{.Move}} takes White.", map[string]any{"Move": p.Text})
		}
		return phrase.P{}
	},
	Warning: func(o rules.Options) phrase.P {
		if o["rules"] == "freestyle" && o["opening"] == "none" {
			return phrase.T("game.gomoku.warning.freestyle", "Note: freestyle Gomoku without an opening rule is a proven win for the first player.", nil)
		}
		return phrase.P{}
	},
	Result: func(s rules.State) phrase.P {
		g := s.(*Game)
		w, ok := rules.Winner(s)
		data := map[string]any{"Winner": phrase.Color(colorNames[g.ColorOf(w)])}
		switch {
		case !ok && g.Stones() < g.Size()*g.Size():
			return phrase.T("game.gomoku.result.forbidden", "Draw: Black has only forbidden points left", nil)
		case !ok:
			return phrase.T("game.gomoku.result.full", "Draw: the board is full", nil)
		case len(g.WinningLine()) > 5:
			return phrase.T("game.gomoku.result.overline", "{{.Winner}} wins with an overline", data)
		}
		return phrase.T("game.gomoku.result.five", "{{.Winner}} wins with five in a row", data)
	},
}

// colorNames are the names of the two colors, Black (0) first.
var colorNames = [2]string{"Black", "White"}

// stoneNames are the colors of stones, black (0) first.
var stoneNames = [2]string{"black", "white"}

// optionsOf reads resolved registry options (rules.Descriptor.Resolve).
func optionsOf(o rules.Options) Options {
	opts := Options{Size: o.Int("size"), Rule: Freestyle, Opening: NoOpening}
	switch o["rules"] {
	case ExactFive.String():
		opts.Rule = ExactFive
	case Renju.String():
		opts.Rule = Renju
		opts.Size = 15
	}
	switch o["opening"] {
	case SwapOpening.String():
		opts.Opening = SwapOpening
	case Swap2Opening.String():
		opts.Opening = Swap2Opening
	}
	return opts
}

// centerOpening plays two random stones in the 5x5 square at the center
// of the board, so that self-play games differ (never the swap).
func centerOpening(s rules.State, r *rand.Rand) {
	g := s.(*Game)
	c := g.Size() / 2
	for range 2 {
		for {
			x, y := c-2+r.IntN(5), c-2+r.IntN(5)
			if m := rules.Move(y*g.Size() + x); g.Legal(m) {
				g.Play(m)
				break
			}
		}
	}
}

// The record formats refer to Descriptor, so they join it here.
func init() { Descriptor.Formats = Formats }
