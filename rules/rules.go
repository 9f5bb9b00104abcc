// Package rules is the small contract that the four Planiverse games
// (rules/othello, rules/gomoku, rules/dvonn, rules/alak) implement, so that
// one search (package ai) and one set of widgets can drive all of them.
//
// The contract follows the shape of OpenSpiel's game state: legal actions,
// apply, undo, terminal test and returns. Moves are small integers whose
// meaning belongs to each game; the caller owns the move buffers, and the
// undo history lives inside the state, so the search allocates nothing per
// node. ../shared/RULES.md fixes the rules of every game.
package rules

import "errors"

// Move is one legal action of a game, encoded by the game: a cell index for
// placement games, a from/to pair for stack or slide moves. The codes Pass
// and Swap are shared by every game that has them.
type Move uint16

// Pass is the move code of a forced pass (Othello, DVONN). A game lists Pass
// in Moves exactly when the side to move has no other move and the game is
// not over; it is never legal otherwise.
const Pass Move = 0xFFFF

// Swap is the move code of the Gomoku swap opening: the second player takes
// over the first stone (RULES.md, Gomoku, "swap after the first move").
const Swap Move = 0xFFFE

// NoMove is a sentinel for "no move" (for example no last move yet). It is
// never returned by Moves.
const NoMove Move = 0xFFFD

// Color is the color of a side's pieces as the player sees it: Dark
// (Black) or Light (White), an index into Descriptor.Colors. It is not a
// seat (Seat): Descriptor.ColorOf gives the color a seat plays.
type Color uint8

// The two colors.
const (
	Dark  Color = 0 // Black's pieces (DVONN: its second seat)
	Light Color = 1 // White's pieces
)

// Opposite returns the other color.
func (c Color) Opposite() Color { return c ^ 1 }

// Seat is a seat at the table: 0 moves first (Othello and Gomoku black,
// DVONN white, Alak black), 1 moves second. It is a seat, not a color (Color): after
// Gomoku's swap the seats exchange colors (gomoku.Game.ColorOf), and the
// turn passes from seat to seat. Turns need not alternate: in DVONN White
// places the 49th piece and then moves first, so a search must compare
// ToMove before and after a move rather than assume it changed.
type Seat uint8

// The two sides.
const (
	First  Seat = 0
	Second Seat = 1
)

// Opponent returns the other side.
func (p Seat) Opponent() Seat { return p ^ 1 }

// Errors returned (wrapped) by ParseMove and by the games' own move APIs.
// Test them with errors.Is.
var (
	// ErrSyntax: the move text cannot be read in the game's notation.
	ErrSyntax = errors.New("unreadable move")
	// ErrIllegal: the move is well formed but not legal in the position.
	ErrIllegal = errors.New("illegal move")
)

// State is a game position with its history, as the search and the widgets
// see it. Implementations are not safe for concurrent use: hand another
// goroutine a Clone.
type State interface {
	// ToMove returns the side to move.
	ToMove() Seat

	// Moves appends the legal moves of the side to move to buf and returns
	// the extended slice. It appends nothing only when the game is over; a
	// forced pass is returned as the single move Pass.
	Moves(buf []Move) []Move

	// Play makes move m, which must be one of Moves; playing anything else
	// is undefined (use ParseMove or the games' checked APIs for input).
	Play(m Move)

	// Undo unmakes the last Play. It panics when there is nothing to undo.
	Undo()

	// Hash returns the incrementally updated Zobrist key of everything that
	// shapes future play (board, side to move, phase, forbidden points).
	Hash() uint64

	// Outcome reports whether the game is over and, if so, the final score
	// from the point of view of ToMove: > 0 a win, 0 a draw, < 0 a loss. The
	// magnitude is the game's margin (disc, height or stone difference; 1
	// for games without one, such as Gomoku).
	Outcome() (over bool, score int)

	// Clone returns a deep copy, history included.
	Clone() State

	// MoveString returns the move text of m in the game's notation
	// (RULES.md), for a move legal in the current position.
	MoveString(m Move) string

	// ParseMove reads move text and checks it against the current position.
	// Errors wrap ErrSyntax or ErrIllegal and quote the text.
	ParseMove(s string) (Move, error)

	// String returns a text diagram of the position for the command line.
	String() string
}
