package main

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// What the controller knows about each game beyond rules.State: names of
// the sides, scores, forced moves, messages and the result (RULES.md).

// GameTitle returns the display name of a game ("DVONN", "Othello", ...).
func GameTitle(game string) string {
	switch game {
	case "dvonn":
		return "DVONN"
	case "othello":
		return "Othello"
	case "gomoku":
		return "Gomoku"
	case "alak":
		return "Alak"
	}
	return game
}

// Colour returns the colour of seat p in the current game: 0 for the dark
// pieces (Black, Alak's x), 1 for the light ones (White, Alak's o). Gomoku
// seats exchange colours after a swap (gomoku ColorOf); DVONN's first seat
// is White.
func (c *Controller) Colour(p rules.Player) rules.Player {
	switch g := c.state.(type) {
	case *gomoku.Game:
		return g.ColorOf(p)
	case *dvonn.Game:
		return p.Opponent()
	}
	return p
}

// SeatName returns the name of seat p's side as the window shows it:
// "Black"/"White" (Othello, Gomoku after any swap, DVONN), "X"/"O" (Alak).
func (c *Controller) SeatName(p rules.Player) string {
	if c.set.Game == "alak" {
		return [2]string{"X", "O"}[p]
	}
	return [2]string{"Black", "White"}[c.Colour(p)]
}

// PlayerName returns who plays seat p: "You", "Computer", or "Player 1" /
// "Player 2" for two people at the screen.
func (c *Controller) PlayerName(p rules.Player) string {
	switch {
	case c.set.Opponent == VsPerson:
		return fmt.Sprintf("Player %d", p+1)
	case c.IsComputer(p):
		return "Computer"
	}
	return "You"
}

// who names the player of seat p inside a sentence: "you", "the
// computer", "player 1".
func (c *Controller) who(p rules.Player) string {
	switch n := c.PlayerName(p); n {
	case "You":
		return "you"
	case "Computer":
		return "the computer"
	default:
		return strings.ToLower(n[:1]) + n[1:]
	}
}

// Score returns seat p's count in the current position and what it counts:
// discs (Othello), stones (Gomoku, modern Alak), pieces (classic Alak) or
// the total height of the stacks it controls (DVONN).
func (c *Controller) Score(p rules.Player) (n int, unit string) {
	switch g := c.state.(type) {
	case *othello.Board:
		b, w := g.Count()
		return [2]int{b, w}[p], "discs"
	case *gomoku.Game:
		col := g.ColorOf(p)
		size := g.Size()
		for y := range size {
			for x := range size {
				if s, ok := g.At(x, y); ok && s == col {
					n++
				}
			}
		}
		return n, "stones"
	case *dvonn.Game:
		w, b := g.Score()
		return [2]int{w, b}[p], "points"
	case *alak.Game:
		x, o := g.Count()
		if g.Modern() {
			return [2]int{x, o}[p], "stones"
		}
		return [2]int{x, o}[p], "pieces"
	}
	return 0, ""
}

// TurnText describes what happens now: "Black to move", "White places a
// DVONN piece", "Black wins 40–24.".
func (c *Controller) TurnText() string {
	if c.state == nil {
		return ""
	}
	if c.result != "" {
		return c.result
	}
	p := c.state.ToMove()
	if g, ok := c.state.(*dvonn.Game); ok && g.Placing() {
		if g.PieceToPlace() == dvonn.Red {
			return c.SeatName(p) + " places a DVONN piece"
		}
		return c.SeatName(p) + " places a piece"
	}
	return c.SeatName(p) + " to move"
}

// intro gives the first messages of a new game.
func (c *Controller) intro() {
	switch g := c.state.(type) {
	case *dvonn.Game:
		if !c.set.DvonnRandom {
			c.say("Placement: White, Black and White place the three red DVONN pieces, then the players place their own pieces in turn.")
		}
	case *gomoku.Game:
		o := g.Options()
		rule := "five or more in a row wins"
		if o.Rule == gomoku.ExactFive {
			rule = "exactly five in a row wins (six or more does not)"
		}
		c.say(fmt.Sprintf("%dx%d board, %s.", o.Size, o.Size, rule))
		if o.Opening == gomoku.SwapOpening {
			c.say("Swap opening: after Black's first stone, the second player may take it over and play Black.")
		}
	case *alak.Game:
		if g.Modern() {
			c.say(fmt.Sprintf("Modern Alak on %d points: place a stone; enclosed enemy groups are removed.", g.Len()))
		} else {
			c.say("Classic Alak: move a piece to the nearest empty slot left or right; enclosed enemy runs are captured.")
		}
	}
}

// forced returns the move the controller plays by itself: a forced pass
// (Othello, DVONN) or DVONN's last, forced placement.
func (c *Controller) forced(moves []rules.Move) (rules.Move, bool) {
	if len(moves) != 1 {
		return rules.NoMove, false
	}
	if moves[0] == rules.Pass {
		return moves[0], true
	}
	if g, ok := c.state.(*dvonn.Game); ok && g.Placing() {
		return moves[0], true
	}
	return rules.NoMove, false
}

// moveMessage returns the message for the move e just played, or "".
func (c *Controller) moveMessage(e entry) string {
	who := c.SeatName(e.mover)
	switch e.move {
	case rules.Pass:
		return who + " has no move and passes."
	case rules.Swap:
		return fmt.Sprintf("Colours swapped: Black is now played by %s, White by %s.",
			c.who(e.mover), c.who(e.mover.Opponent()))
	}
	switch g := c.state.(type) {
	case *dvonn.Game:
		if _, _, placement := dvonn.Decode(e.move); placement && g.Placed() == dvonn.NumCells && e.auto && c.floor == 0 {
			return who + " places the last piece on the only free space; " + c.SeatName(g.ToMove()) + " moves first."
		}
		if n := bits.OnesCount64(g.LastRemoved()); n > 0 {
			return fmt.Sprintf("%s %s: %d %s cut off from the DVONN pieces %s removed.", who, e.text, n,
				plural(n, "stack", "stacks"), plural(n, "is", "are"))
		}
	case *alak.Game:
		if n := bits.OnesCount32(g.LastCaptured()); n > 0 {
			return fmt.Sprintf("%s %s captures %d.", who, e.text, n)
		}
	}
	return ""
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Winner returns the seat that won the finished game; ok is false while the
// game goes on and after a draw.
func (c *Controller) Winner() (p rules.Player, ok bool) {
	over, score := c.state.Outcome()
	switch {
	case !over || score == 0:
		return 0, false
	case score < 0:
		return c.state.ToMove().Opponent(), true
	}
	return c.state.ToMove(), true
}

// summary returns the result of the finished game.
func (c *Controller) summary() string {
	_, score := c.state.Outcome()
	winner, _ := c.Winner()
	a, _ := c.Score(winner)
	b, _ := c.Score(winner.Opponent())
	var text string
	switch g := c.state.(type) {
	case *gomoku.Game:
		if score == 0 {
			return "Draw: the board is full."
		}
		text = c.SeatName(winner) + " wins with five in a row"
		if len(g.WinningLine()) > 5 {
			text = c.SeatName(winner) + " wins with an overline"
		}
	case *alak.Game:
		if score == 0 {
			if g.Modern() && !c.repetition() {
				return fmt.Sprintf("Draw: no legal point left, %d–%d.", a, b)
			}
			return "Draw: the same position occurred for the third time."
		}
		if g.Modern() {
			text = fmt.Sprintf("%s wins %d–%d", c.SeatName(winner), a, b)
		} else {
			text = fmt.Sprintf("%s wins: %s has fewer than two pieces left", c.SeatName(winner), c.SeatName(winner.Opponent()))
		}
	default:
		if score == 0 {
			return fmt.Sprintf("Draw, %d–%d.", a, b)
		}
		text = fmt.Sprintf("%s wins %d–%d", c.SeatName(winner), a, b)
	}
	switch {
	case c.set.Opponent != VsComputer:
	case c.IsComputer(winner):
		text += " — the computer wins"
	default:
		text += " — you win"
	}
	return text + "."
}

// repetition reports whether the current position has occurred twice
// before (board, side to move and forbidden points: the hash).
func (c *Controller) repetition() bool {
	s := c.state.Clone()
	h, n := s.Hash(), 0
	for range c.hist {
		s.Undo()
		if s.Hash() == h {
			n++
		}
	}
	return n >= 2
}

// placed is one move of a random placement.
type placed struct {
	move  rules.Move
	text  string
	mover rules.Player
}

// placeRandom fills an empty DVONN board at random (dvonn PlaceRandom,
// seeded by r) and returns the placements made, in order.
func placeRandom(s rules.State, r *rand.Rand) []placed {
	g, ok := s.(*dvonn.Game)
	if !ok || !g.Placing() {
		return nil
	}
	before := g.Placed()
	g.PlaceRandom(r)
	// Read the placements back from a copy, undoing them one by one.
	cp := g.Copy()
	var out []placed
	for cp.Placed() > before {
		m := cp.LastMove()
		cp.Undo()
		out = append(out, placed{move: m, text: cp.MoveString(m), mover: cp.ToMove()})
	}
	slices.Reverse(out)
	return out
}

// gameLine returns a one-line description of the settings of the game.
func gameLine(set MatchSettings) string {
	var parts []string
	parts = append(parts, GameTitle(set.Game))
	switch set.Game {
	case "gomoku":
		rule := "freestyle"
		if set.GomokuRules == "exact5" {
			rule = "exact five"
		}
		parts = append(parts, fmt.Sprintf("%dx%d", set.GomokuSize, set.GomokuSize), rule)
		if set.GomokuOpening == "swap" {
			parts = append(parts, "swap opening")
		}
	case "alak":
		if set.AlakRules == "modern" {
			parts = append(parts, fmt.Sprintf("modern, %d points", set.AlakPoints))
		} else {
			parts = append(parts, "classic")
		}
	case "dvonn":
		if set.DvonnRandom {
			parts = append(parts, "random placement")
		}
	}
	return strings.Join(parts, " · ")
}
