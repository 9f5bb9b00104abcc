package main

import (
	"fmt"
	"strings"

	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// GameNames lists the four games in the order the app shows them.
var GameNames = []string{"dvonn", "othello", "gomoku", "alak"}

// GameOptions are the choices that define a game before its first move.
// Zero values mean each game's default (RULES.md).
type GameOptions struct {
	Game    string // "othello", "gomoku", "dvonn" or "alak"
	Rules   string // gomoku "freestyle" | "exact5"; alak "classic" | "modern"
	Size    int    // gomoku board size (15, 19, 20); alak modern points (7..26)
	Opening string // gomoku "none" | "swap"
}

// NewGame returns the start position for opts, or an error naming the bad
// option.
func NewGame(opts GameOptions) (rules.State, error) {
	switch opts.Game {
	case "othello":
		if err := onlyDefaults(opts, "", 0, ""); err != nil {
			return nil, err
		}
		return othello.New(), nil
	case "dvonn":
		if err := onlyDefaults(opts, "", 0, ""); err != nil {
			return nil, err
		}
		return dvonn.New(), nil
	case "gomoku":
		o := gomoku.Options{Size: 15}
		if opts.Size != 0 {
			o.Size = opts.Size
		}
		switch opts.Rules {
		case "", "freestyle":
			o.Rule = gomoku.Freestyle
		case "exact5":
			o.Rule = gomoku.ExactFive
		default:
			return nil, fmt.Errorf("unknown gomoku rules %q (want freestyle or exact5)", opts.Rules)
		}
		switch opts.Opening {
		case "", "none":
			o.Opening = gomoku.NoOpening
		case "swap":
			o.Opening = gomoku.SwapOpening
		default:
			return nil, fmt.Errorf("unknown gomoku opening %q (want none or swap)", opts.Opening)
		}
		return gomoku.New(o)
	case "alak":
		if opts.Opening != "" {
			return nil, fmt.Errorf("alak has no --opening option")
		}
		switch opts.Rules {
		case "", "classic":
			if opts.Size != 0 && opts.Size != 11 {
				return nil, fmt.Errorf("classic alak has 11 slots; --size is for modern alak")
			}
			return alak.NewClassic(), nil
		case "modern":
			n := 11
			if opts.Size != 0 {
				n = opts.Size
			}
			return alak.NewModern(n)
		default:
			return nil, fmt.Errorf("unknown alak rules %q (want classic or modern)", opts.Rules)
		}
	}
	return nil, fmt.Errorf("unknown game %q (want one of %s)", opts.Game, strings.Join(GameNames, ", "))
}

func onlyDefaults(opts GameOptions, r string, size int, opening string) error {
	switch {
	case opts.Rules != r:
		return fmt.Errorf("%s has no --rules option", opts.Game)
	case opts.Size != size:
		return fmt.Errorf("%s has no --size option", opts.Game)
	case opts.Opening != opening:
		return fmt.Errorf("%s has no --opening option", opts.Game)
	}
	return nil
}

// SideName returns the name of side p in game: "black"/"white" for Othello,
// Gomoku and DVONN (DVONN's first player is white), "x"/"o" for Alak.
func SideName(game string, p rules.Player) string {
	switch game {
	case "alak":
		return [2]string{"x", "o"}[p]
	case "dvonn":
		return [2]string{"white", "black"}[p]
	}
	return [2]string{"black", "white"}[p]
}

// SeatName returns the name of the side that seat plays in s: as SideName,
// except that after a Gomoku swap the seats have exchanged colours.
func SeatName(game string, s rules.State, seat rules.Player) string {
	if g, ok := s.(*gomoku.Game); ok {
		seat = g.ColorOf(seat)
	}
	return SideName(game, seat)
}

// Status returns "<side> to move", "<side> wins" or "draw" for s.
func Status(game string, s rules.State) string {
	over, score := s.Outcome()
	switch {
	case !over:
		return SeatName(game, s, s.ToMove()) + " to move"
	case score > 0:
		return SeatName(game, s, s.ToMove()) + " wins"
	case score < 0:
		return SeatName(game, s, s.ToMove().Opponent()) + " wins"
	}
	return "draw"
}

// PlayMoves plays space-separated move text on s. On an unreadable or
// illegal move it returns an error naming the move and its ply (1-based,
// counted from s) and leaves s as it was before the bad move.
func PlayMoves(s rules.State, moves string) error {
	for i, text := range strings.Fields(moves) {
		m, err := s.ParseMove(text)
		if err != nil {
			return fmt.Errorf("move %q at ply %d: %w", text, i+1, err)
		}
		s.Play(m)
	}
	return nil
}
