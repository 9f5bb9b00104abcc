package puzzle

import (
	"context"

	"planiverse/ai/gomokuai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// vcfDepth is the most fours the VCF search looks for when it checks that
// another forcing move does not win as well.
const vcfDepth = 12

// fivePoints appends to buf the empty points where a stone of color c
// (1 black, 2 white, as gomoku.Game.Point) would make a winning row under
// g's rule: five or more (freestyle, and White in Renju), exactly five
// (exact five, and Black in Renju).
func fivePoints(g *gomoku.Game, c uint8, buf []int) []int {
	size := g.Size()
	exact := g.Rule() == gomoku.ExactFive || (g.Rule() == gomoku.Renju && c == 1)
	dirs := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}
	for p := 0; p < size*size; p++ {
		if g.Point(p) != 0 {
			continue
		}
		x, y := p%size, p/size
		for _, d := range dirs {
			n := 1
			for _, sgn := range [2]int{1, -1} {
				for k := 1; ; k++ {
					xx, yy := x+sgn*k*d[0], y+sgn*k*d[1]
					if xx < 0 || yy < 0 || xx >= size || yy >= size || g.Point(yy*size+xx) != c {
						break
					}
					n++
				}
			}
			if n == 5 || (n > 5 && !exact) {
				buf = append(buf, p)
				break
			}
		}
	}
	return buf
}

// gomokuColors returns the stone values (gomoku.Game.Point) of the side to
// move and of the other side.
func gomokuColors(g *gomoku.Game) (own, opp uint8) {
	own = uint8(g.ColorToMove()) + 1
	return own, 3 - own
}

// gomokuStep is what verifyGomoku learned about one of the player's
// moves: how many other forcing moves fail, and how many fives the move
// threatens.
type gomokuStep struct {
	failing  int
	fours    int // the player's five points after the move
	blocked  bool
	searches int // the other forcing moves examined
}

// checkGomokuMove checks that m, a move of g's side to move that is not
// the last of the line, is the only forcing move that wins: it must block
// the opponent's four when there is one and make a four; and no other
// move that makes a four (blocking the opponent's four when there is one)
// may win, at once (two fives to block) or by a VCF after the forced
// block. Quiet moves are not examined: the proof of uniqueness covers
// the forcing moves.
func checkGomokuMove(ctx context.Context, p *Puzzle, ply int, g *gomoku.Game, m rules.Move) (gomokuStep, error) {
	own, opp := gomokuColors(g)
	if len(fivePoints(g, own, nil)) > 0 {
		return gomokuStep{}, unproven(p, "solution move %d: the player can make five at once", ply+1)
	}
	theirs := fivePoints(g, opp, nil)
	if len(theirs) > 1 {
		return gomokuStep{}, unproven(p, "solution move %d: the opponent has two fives to make", ply+1)
	}
	step := gomokuStep{blocked: len(theirs) == 1}
	if step.blocked && int(m) != theirs[0] {
		return gomokuStep{}, unproven(p, "solution move %d (%s) does not block the opponent's four", ply+1, g.MoveString(m))
	}
	g.Play(m)
	step.fours = len(fivePoints(g, own, nil))
	g.Undo()
	if step.fours == 0 {
		return gomokuStep{}, unproven(p, "solution move %d (%s) makes no four", ply+1, g.MoveString(m))
	}
	for _, q := range gomokuai.Near(g, nil) {
		if err := ctx.Err(); err != nil {
			return gomokuStep{}, err
		}
		if q == m || (step.blocked && int(q) != theirs[0]) || !g.Legal(q) {
			continue
		}
		wins, forcing := gomokuForcingWin(g, q, own, opp)
		if forcing {
			step.searches++
		}
		if wins {
			return gomokuStep{}, unproven(p, "solution move %d: %s wins too", ply+1, g.MoveString(q))
		} else if forcing {
			step.failing++
		}
	}
	return step, nil
}

// gomokuForcingWin plays q on g and reports whether it makes a four
// (forcing) and whether it wins: two fives the opponent cannot both
// block, or a VCF after the forced block. g is left as it was.
func gomokuForcingWin(g *gomoku.Game, q rules.Move, own, opp uint8) (wins, forcing bool) {
	g.Play(q)
	defer g.Undo()
	fives := fivePoints(g, own, nil)
	if len(fives) == 0 {
		return false, false
	}
	if len(fivePoints(g, opp, nil)) > 0 {
		return false, true // the opponent makes five first
	}
	if len(fives) > 1 {
		return true, true
	}
	block := rules.Move(fives[0])
	if !g.Legal(block) {
		return true, true // a Renju Black cannot block on a forbidden point
	}
	g.Play(block)
	defer g.Undo()
	_, ok := gomokuai.VCF(g, vcfDepth)
	return ok, true
}

// verifyGomoku proves a Gomoku puzzle: its line is a victory by
// continuous fours. Each of the player's moves but the last makes a four
// (after blocking the opponent's four when there is one) and is the only
// such move that wins; each reply blocks the four at its only point; the
// last move makes five.
func verifyGomoku(ctx context.Context, p *Puzzle, s rules.State) (Proof, error) {
	g := s.(*gomoku.Game)
	if p.Goal != Win {
		return Proof{}, unproven(p, "a Gomoku puzzle's goal is a win")
	}
	player := g.ToMove()
	var pr Proof
	for i, text := range p.Solution {
		m, _ := g.ParseMove(text)
		last := i == len(p.Solution)-1
		switch {
		case g.ToMove() != player:
			own, opp := gomokuColors(g)
			fours := fivePoints(g, opp, nil)
			if len(fivePoints(g, own, nil)) > 0 {
				return pr, unproven(p, "reply %d: the opponent can make five", i+1)
			}
			if len(fours) == 0 {
				return pr, unproven(p, "reply %d (%s) answers no four", i+1, text)
			}
			if len(fours) == 1 && int(m) != fours[0] {
				return pr, unproven(p, "reply %d (%s) does not block the four", i+1, text)
			}
		case last:
			pr.PlayerMoves++
			g.Play(m)
			won := g.Won()
			g.Undo()
			if !won {
				return pr, unproven(p, "the last move (%s) does not make five", text)
			}
		default:
			step, err := checkGomokuMove(ctx, p, i, g, m)
			pr.Nodes += int64(step.searches)
			if err != nil {
				return pr, err
			}
			pr.PlayerMoves++
			pr.Failing += step.failing
		}
		g.Play(m)
	}
	return pr, nil
}
