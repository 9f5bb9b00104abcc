package dvonnai

import (
	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// exactSolver solves DVONN endgames exactly: a full-width alpha-beta
// negamax over every legal move to the end of the game, whose values are
// proven results (a win in n plies ai.WinScore-n, a loss the negation, a
// draw 0). It gives up past its node budget, so it decides only endgames
// with few mobile stacks. Every stack move puts one stack on another, so a
// line ends after at most as many moves as there are stacks.
type exactSolver struct {
	g     *dvonn.Game
	nodes int
	limit int
	done  <-chan struct{}
	stop  bool
	bufs  [][]rules.Move // the moves at each ply
}

// solve returns the best move of g for its side to move and its proven
// value, or ok false when the budget of limit nodes ran out or done was
// closed. g is left as it was.
func (e *exactSolver) solve(g *dvonn.Game, limit int, done <-chan struct{}) (m rules.Move, score int, ok bool) {
	e.g, e.nodes, e.limit, e.done, e.stop = g, 0, limit, done, false
	m, score = e.negamax(0, -ai.WinScore-1, ai.WinScore+1)
	e.g, e.done = nil, nil
	return m, score, !e.stop
}

// negamax returns the value of the position for its side to move, ply
// plies below the root, and the move that gives it.
func (e *exactSolver) negamax(ply, alpha, beta int) (rules.Move, int) {
	e.nodes++
	if e.nodes > e.limit {
		e.stop = true
		return rules.NoMove, 0
	}
	if e.nodes&1023 == 0 && e.done != nil {
		select {
		case <-e.done:
			e.stop = true
			return rules.NoMove, 0
		default:
		}
	}
	if over, margin := e.g.Outcome(); over {
		return rules.NoMove, ai.TerminalScore(margin, ply)
	}
	for len(e.bufs) <= ply {
		e.bufs = append(e.bufs, nil)
	}
	moves := e.g.Moves(e.bufs[ply][:0])
	e.bufs[ply] = moves
	best, bestScore := rules.NoMove, -ai.WinScore-1
	for _, m := range moves {
		e.g.Play(m)
		_, v := e.negamax(ply+1, -beta, -alpha)
		e.g.Undo()
		if e.stop {
			return rules.NoMove, 0
		}
		v = -v
		if v > bestScore {
			best, bestScore = m, v
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	return best, bestScore
}
