package othelloai

import (
	"context"
	"math/bits"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/othello"
	"planiverse/rules/phrase"
)

var _ ai.Explainer = (*Knowledge)(nil)

// corners are the four corner squares a1, h1, a8, h8.
var cornerSquares = [4]int{0, 7, 56, 63}

// cornerOf maps an X-square (diagonally next to a corner) or a C-square
// (next to a corner along an edge) to its corner, -1 for any other square.
var cornerOf = func() [64]int {
	var t [64]int
	for i := range t {
		t[i] = -1
	}
	for _, c := range cornerSquares {
		col, row := c%8, c/8
		dc, dr := 1, 1
		if col == 7 {
			dc = -1
		}
		if row == 7 {
			dr = -1
		}
		t[(row+dr)*8+col+dc] = c // X-square
		t[row*8+col+dc] = c      // C-squares
		t[(row+dr)*8+col] = c
	}
	return t
}()

// isXSquare reports whether sq is an X-square (b2, g2, b7, g7).
func isXSquare(sq int) bool {
	c := cornerOf[sq]
	return c >= 0 && sq%8 != c%8 && sq/8 != c/8
}

// parityEmpties is the most empty squares at which the explanation speaks
// of parity: the board is then split into small regions.
const parityEmpties = 14

// Explain says why played is worse than best in an Othello position
// (ai.Explainer), by the first of these that holds for played and not for
// best: it lets the opponent wipe out every disc of the mover; it gives
// the opponent a corner; it is an X- or C-square next to an empty corner;
// it leaves the mover without a move on the board; it leaves the opponent
// clearly more moves; near the end, it plays into an even region of empty
// squares while best plays into an odd one (parity). "" when none holds.
func (k *Knowledge) Explain(ctx context.Context, s rules.State, played, best rules.Move) phrase.P {
	b, ok := s.(*othello.Board)
	if !ok || played == rules.Pass || played >= 64 || ctx.Err() != nil {
		return phrase.P{}
	}
	me, you := othello.Descriptor.SeatName(s, b.ToMove()), othello.Descriptor.SeatName(s, b.ToMove().Opponent())
	p, q := after(b, played), after(b, best)
	name := othello.SquareName(int(played))
	bestName := b.MoveString(best)
	if sq, ok := p.wipeOut(); ok {
		if _, also := q.wipeOut(); !also {
			return phrase.T("explain.othello.wipeOut."+lower(me), "{{.Move}} lets {{.Opponent}} take every "+lower(me)+" disc with {{.Square}}.",
				map[string]any{"Move": name, "Opponent": phrase.Color(you), "Square": othello.SquareName(sq)})
		}
	}
	if c := p.corners() &^ q.corners(); c != 0 {
		return phrase.T("explain.othello.corner", "{{.Move}} gives {{.Opponent}} the corner {{.Square}}.",
			map[string]any{"Move": name, "Opponent": phrase.Color(you), "Square": othello.SquareName(bits.TrailingZeros64(c))})
	}
	if c := cornerOf[played]; c >= 0 && isEmpty(b, c) && !(best < 64 && cornerOf[best] >= 0 && isEmpty(b, cornerOf[best])) {
		data := map[string]any{"Move": name, "Opponent": phrase.Color(you), "Square": othello.SquareName(c)}
		if isXSquare(int(played)) {
			return phrase.T("explain.othello.xSquare", "{{.Move}} is an X-square next to the empty corner {{.Square}}, which {{.Opponent}} may take later.", data)
		}
		return phrase.T("explain.othello.cSquare", "{{.Move}} is a C-square next to the empty corner {{.Square}}, which {{.Opponent}} may take later.", data)
	}
	if p.own == 0 && p.opp > 0 && q.own > 0 {
		return phrase.T("explain.othello.noMove", "After {{.Move}}, {{.Mover}} has no move left on the board and {{.Opponent}} can play on; {{.Best}} keeps {{.Moves}}.",
			map[string]any{"Move": name, "Mover": phrase.Color(me), "Opponent": phrase.Color(you), "Best": bestName, "Moves": phrase.Count("move", "move", "moves", q.own)})
	}
	if p.opp >= q.opp+3 && p.opp > len(b.Moves(nil)) {
		return phrase.T("explain.othello.mobility", "{{.Move}} leaves {{.Opponent}} {{.Moves}} ({{.Mover}} had {{.Had}}); {{.Best}} leaves {{.Left}}.",
			map[string]any{"Move": name, "Opponent": phrase.Color(you), "Moves": phrase.Count("move", "move", "moves", p.opp), "Mover": phrase.Color(me),
				"Had": len(b.Moves(nil)), "Best": bestName, "Left": q.opp})
	}
	if b.Empties() <= parityEmpties && best < 64 {
		rp, rq := region(b, int(played)), region(b, int(best))
		if rp%2 == 0 && rq%2 == 1 {
			return phrase.T("explain.othello.parity", "{{.Move}} plays into a region of {{.Squares}}, where {{.Opponent}} gets the last move; {{.Best}}, in a region of {{.BestSquares}}, keeps parity.",
				map[string]any{"Move": name, "Squares": phrase.Count("emptySquare", "empty square", "empty squares", rp), "Opponent": phrase.Color(you),
					"Best": bestName, "BestSquares": phrase.Count("emptySquare", "empty square", "empty squares", rq)})
		}
	}
	return phrase.P{}
}

// afterMove is the position after a move, seen by the mover: the moves of
// the opponent (to move there unless it passes) and of the mover on that
// board.
type afterMove struct {
	b        *othello.Board
	own, opp int // the mover's and the opponent's legal placements
	ownBB    uint64
	oppBB    uint64
	oppMoves uint64
}

// after plays m on a copy of b.
func after(b *othello.Board, m rules.Move) afterMove {
	c := b.Copy()
	mover := c.ToMove()
	c.Play(m)
	var a afterMove
	a.b = c
	if c.ToMove() == mover {
		a.ownBB, a.oppBB = c.Bitboards()
	} else {
		a.oppBB, a.ownBB = c.Bitboards()
	}
	a.oppMoves = othello.MovesMask(a.oppBB, a.ownBB)
	a.opp = bits.OnesCount64(a.oppMoves)
	a.own = bits.OnesCount64(othello.MovesMask(a.ownBB, a.oppBB))
	return a
}

// corners returns the corners the opponent may take next.
func (a afterMove) corners() uint64 {
	var m uint64
	for _, c := range cornerSquares {
		m |= 1 << c
	}
	return a.oppMoves & m
}

// wipeOut returns a placement of the opponent that flips every disc the
// mover has left.
func (a afterMove) wipeOut() (int, bool) {
	for m := a.oppMoves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		if othello.FlipsMask(sq, a.oppBB, a.ownBB) == a.ownBB {
			return sq, true
		}
	}
	return 0, false
}

// region returns the number of empty squares of b joined to sq (empty)
// through empty squares, neighbors in the eight directions.
func region(b *othello.Board, sq int) int {
	own, opp := b.Bitboards()
	empty := ^(own | opp)
	seen := uint64(1) << sq
	todo := []int{sq}
	for len(todo) > 0 {
		x := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r, c := x/8+dr, x%8+dc
				if r < 0 || r > 7 || c < 0 || c > 7 {
					continue
				}
				n := r*8 + c
				if empty>>n&1 != 0 && seen>>n&1 == 0 {
					seen |= 1 << n
					todo = append(todo, n)
				}
			}
		}
	}
	return bits.OnesCount64(seen)
}

// lower returns a color name in lower case ("black").
func lower(s string) string {
	if s != "" && s[0] >= 'A' && s[0] <= 'Z' {
		return string(s[0]+'a'-'A') + s[1:]
	}
	return s
}

// isEmpty reports whether square sq of b is empty.
func isEmpty(b *othello.Board, sq int) bool {
	_, taken := b.Disc(sq)
	return !taken
}
