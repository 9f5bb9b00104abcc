package othello

import (
	"fmt"
	"math/bits"
	"strings"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// squareName returns the coordinate text of square sq: column letter a–h
// then row digit 1–8 ("d3" = 19).
func squareName(sq int) string {
	return string([]byte{byte('a' + sq%8), byte('1' + sq/8)})
}

// SquareName returns the coordinate text of square sq (0..63), such as "d3"
// for 19 (column a–h, row 1–8 from the top; RULES.md), or "?" out of range.
func SquareName(sq int) string {
	if sq < 0 || sq >= 64 {
		return "?"
	}
	return squareName(sq)
}

// ParseSquare reads a coordinate such as "d3" or "D3" and returns its square
// index (row*8 + col). Errors wrap rules.ErrSyntax.
func ParseSquare(s string) (int, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if len(t) != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' {
		return 0, rules.Errorp(rules.ErrSyntax, phrase.T("error.othello.square", "othello square {{.Square}}: want a column a-h and a row 1-8, like d3", map[string]any{"Square": rules.Quote(s)}))
	}
	return int(t[1]-'1')*8 + int(t[0]-'a'), nil
}

// MoveString returns the text of move m: the square ("d3") of a placement,
// or "pass".
func (b *Board) MoveString(m rules.Move) string {
	switch {
	case m == rules.Pass:
		return "pass"
	case m < 64:
		return squareName(int(m))
	}
	return fmt.Sprintf("?%d", m)
}

// ParseMove reads a move — a square such as "d3" (upper case accepted) or
// "pass" (also "PASS" or "PA") — and checks it against the position. Errors
// wrap rules.ErrSyntax for unreadable text and rules.ErrIllegal for a
// placement that flips nothing, an occupied square, a pass while a placement
// exists, or any move once the game is over.
func (b *Board) ParseMove(s string) (rules.Move, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	own, opp := b.Bitboards()
	legal := MovesMask(own, opp)
	if t == "pass" || t == "pa" {
		if legal != 0 {
			return 0, rules.Errorp(rules.ErrIllegal, phrase.T("error.othello.pass_forbidden", "othello move {{.Move}}: a placement exists, passing is forbidden", map[string]any{"Move": rules.Quote(s)}))
		}
		if MovesMask(opp, own) == 0 {
			return 0, rules.Errorp(rules.ErrIllegal, phrase.T("error.othello.move_over", "othello move {{.Move}}: the game is over", map[string]any{"Move": rules.Quote(s)}))
		}
		return rules.Pass, nil
	}
	sq, err := ParseSquare(t)
	if err != nil {
		return 0, rules.Errorp(rules.ErrSyntax, phrase.T("error.othello.unreadable", "othello move {{.Move}}: want a square like d3 or pass", map[string]any{"Move": rules.Quote(s)}))
	}
	if legal>>sq&1 == 0 {
		return 0, rules.Contextp(phrase.T("error.othello.move", "othello move {{.Move}}", map[string]any{"Move": rules.Quote(s)}), b.placementError(sq))
	}
	return rules.Move(sq), nil
}

// placementError explains why square sq is not a legal placement.
func (b *Board) placementError(sq int) error {
	own, opp := b.Bitboards()
	switch {
	case sq < 0 || sq >= 64:
		return rules.Errorp(rules.ErrIllegal, phrase.T("error.othello.off_board", "square {{.Square}} is off the board", map[string]any{"Square": sq}))
	case (own|opp)>>sq&1 != 0:
		return rules.Errorp(rules.ErrIllegal, phrase.T("error.square_occupied", "{{.Square}} is occupied", map[string]any{"Square": squareName(sq)}))
	case MovesMask(own, opp) == 0 && MovesMask(opp, own) == 0:
		return rules.Errorp(rules.ErrIllegal, phrase.T("error.game_over", "the game is over", nil))
	}
	return rules.Errorp(rules.ErrIllegal, phrase.T("error.othello.flips_none", "{{.Square}} flips no disc", map[string]any{"Square": squareName(sq)}))
}

// Placement is one legal placement with the discs it would flip (the
// Games::Othello seed's possible_moves): Square and Flips are square indices
// 0..63, Flips in increasing order.
type Placement struct {
	Square int
	Flips  []int
}

// squares lists the set bits of m in increasing order.
func squares(m uint64) []int {
	out := make([]int, 0, bits.OnesCount64(m))
	for ; m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros64(m))
	}
	return out
}

// LegalPlacements returns every legal placement of the side to move, in
// increasing square order, each with the discs it would flip. It is empty
// when the side to move must pass or the game is over. It allocates; the
// search uses Moves and FlipsMask instead.
func (b *Board) LegalPlacements() []Placement {
	own, opp := b.Bitboards()
	m := MovesMask(own, opp)
	out := make([]Placement, 0, bits.OnesCount64(m))
	for ; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		out = append(out, Placement{Square: sq, Flips: squares(FlipsMask(sq, own, opp))})
	}
	return out
}

// PlaceDisc places a disc of the side to move on square sq (0..63) and
// returns the squares of the flipped discs in increasing order (the seed's
// place_chip). When the placement is illegal (off the board, occupied,
// flipping nothing, game over) it returns an error wrapping rules.ErrIllegal
// and leaves the position unchanged.
func (b *Board) PlaceDisc(sq int) (flipped []int, err error) {
	own, opp := b.Bitboards()
	if sq < 0 || sq >= 64 || MovesMask(own, opp)>>sq&1 == 0 {
		return nil, rules.Contextp(phrase.T("error.othello.cannot_place", "othello: cannot place on {{.Square}}", map[string]any{"Square": SquareName(sq)}), b.placementError(sq))
	}
	b.Play(rules.Move(sq))
	return squares(b.LastFlips()), nil
}

// PassTurn passes the turn (the seed's pass_to_opponent). Passing is legal
// only when the side to move has no placement and the opponent has one;
// otherwise it returns an error wrapping rules.ErrIllegal and leaves the
// position unchanged.
func (b *Board) PassTurn() error {
	own, opp := b.Bitboards()
	if MovesMask(own, opp) != 0 {
		return rules.Errorp(rules.ErrIllegal, phrase.T("error.othello.pass_placement", "othello: cannot pass while a placement exists", nil))
	}
	if MovesMask(opp, own) == 0 {
		return rules.Errorp(rules.ErrIllegal, phrase.T("error.othello.pass_over", "othello: cannot pass, the game is over", nil))
	}
	b.Play(rules.Pass)
	return nil
}

// Why returns why m is not a legal move of the side to move, as a sentence
// for the player ("No discs to flip there."), or the zero phrase when it
// is legal (rules.Refuser).
func (b *Board) Why(m rules.Move) phrase.P {
	own, opp := b.Bitboards()
	legal := MovesMask(own, opp)
	over := legal == 0 && MovesMask(opp, own) == 0
	switch {
	case over:
		return phrase.T("why.gameOver", "The game is over.", nil)
	case m == rules.Pass:
		if legal != 0 {
			return phrase.T("why.passWithMoves", "You may pass only when you have no move.", nil)
		}
		return phrase.P{}
	case m >= 64:
		return phrase.T("why.othello.thatIsNotASquare", "That is not a square of the board.", nil)
	case (own|opp)>>m&1 != 0:
		return phrase.T("why.othello.thatSquareIsTaken", "That square is taken.", nil)
	case legal == 0:
		return phrase.T("why.othello.youHaveNoMoveYou", "You have no move: you must pass.", nil)
	case legal>>m&1 == 0:
		return phrase.T("why.othello.noFlip."+discColor[b.toMove], "No discs to flip there: a disc must trap "+discColor[b.toMove^1]+
			" discs in a line between itself and another "+discColor[b.toMove]+" disc.", nil)
	}
	return phrase.P{}
}

// discColor names the discs of each seat: Black moves first.
var discColor = [2]string{"black", "white"}
