// Package alakai is the Alak knowledge of Planiverse's search (package ai,
// ai/knowledge.go): a static evaluation (material, mobility, capture
// threats), capture-first move ordering, and an exact solver that plays
// perfectly from retrograde win/draw/loss tables of classic 11-slot Alak
// and of modern Alak on up to 13 points (table.go), built by our own code
// at first use, once per process.
//
// It imports planiverse/ai and asserts the interfaces Knowledge satisfies
// (levels.go); nothing in ai imports it.
package alakai

import (
	"context"
	"math/bits"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/alak"
)

// The score scale is package ai's: evaluations stay within
// [-ai.MaxEval, ai.MaxEval] (about 100 units per disc, stone or
// piece), a forced win in n plies scores ai.WinScore - n.

// Knowledge is the Alak game knowledge for the search. It keeps a move
// buffer, so one value must not be shared between goroutines.
type Knowledge struct {
	buf []rules.Move
}

// New returns the Alak knowledge.
func New() *Knowledge {
	return &Knowledge{buf: make([]rules.Move, 0, 64)}
}

// Evaluate returns the static value of an unfinished Alak position from the
// side to move's point of view, within [-ai.MaxEval, ai.MaxEval]:
// pieceWeight (params) per piece of material difference, mobilityWeight
// per legal move (classic) or legal point (modern) of difference,
// captureNow per piece of the best capture the side to move has, minus captureThreat per piece of the best capture
// the opponent would have were it to move (ko ignored). s must be an
// *alak.Game (anything else scores 0); s is unchanged and nothing is
// allocated.
func (k *Knowledge) Evaluate(s rules.State) int {
	g, ok := s.(*alak.Game)
	if !ok {
		return 0
	}
	side := g.ToMove()
	own, opp := g.Stones(side), g.Stones(side^1)
	v := params.pieceWeight * (bits.OnesCount32(own) - bits.OnesCount32(opp))
	n, modern := g.Len(), g.Modern()

	k.buf = alak.AppendMoves(modern, n, own, opp, g.Forbidden(), k.buf[:0])
	mobOwn, bestOwn := len(k.buf), 0
	for _, m := range k.buf {
		_, _, c := alak.Step(modern, n, own, opp, m)
		bestOwn = max(bestOwn, bits.OnesCount32(c))
	}
	k.buf = alak.AppendMoves(modern, n, opp, own, 0, k.buf[:0])
	mobOpp, bestOpp := len(k.buf), 0
	for _, m := range k.buf {
		_, _, c := alak.Step(modern, n, opp, own, m)
		bestOpp = max(bestOpp, bits.OnesCount32(c))
	}
	v += params.mobilityWeight*(mobOwn-mobOpp) + params.captureNow*bestOwn - params.captureThreat*bestOpp
	return max(-ai.MaxEval, min(ai.MaxEval, v))
}

// OrderMoves scores moves for the search's ordering: orderCapture (params)
// per piece the move captures, plus orderNear per enemy piece next to the
// landing slot (moves into the fight first). s must be an *alak.Game (else all scores are 0).
// It allocates nothing.
func (k *Knowledge) OrderMoves(s rules.State, moves []rules.Move, scores []int32) {
	g, ok := s.(*alak.Game)
	if !ok {
		for i := range moves {
			scores[i] = 0
		}
		return
	}
	side := g.ToMove()
	opp := g.Stones(side ^ 1)
	for i, m := range moves {
		_, to := g.DecodeMove(m)
		near := bits.OnesCount32(opp & (uint32(1)<<(to+1) | uint32(1)<<to>>1))
		scores[i] = int32(params.orderCapture*bits.OnesCount32(g.Captures(m)) + params.orderNear*near)
	}
}

// Prepare starts building, in the background, the table that Solve and
// Value need for g's rule set (at most once per process), and reports
// whether such a table exists (classic, or modern up to MaxSolvedPoints).
// The app may call it when a game starts so that the first Solve is quick.
func Prepare(g *alak.Game) bool {
	l := slot(g.Modern(), g.Len())
	if l == nil {
		return false
	}
	l.start(g.Modern(), g.Len())
	return true
}

// Value returns the game-theoretic value of g's position, ignoring the
// game's history (repetitions): result +1 when the side to move wins, 0 for
// a draw, -1 for a loss, and the distance in plies to the end with perfect
// play (the winner taking the shortest win, the loser the longest loss; 0
// for draws and finished games). ok is false for modern boards over
// MaxSolvedPoints. The first call for a rule set builds its table (a few
// seconds for 13 points) and blocks until it is done.
func Value(g *alak.Game) (result, distance int, ok bool) {
	l := slot(g.Modern(), g.Len())
	if l == nil {
		return 0, 0, false
	}
	t := l.wait(g.Modern(), g.Len())
	return t.lookup(g.Stones(0), g.Stones(1), g.ToMove(), g.Forbidden())
}

// Solve plays perfectly from the retrograde table: it returns the move
// with the best value for the side to move (the shortest win, else a draw,
// else the longest loss) and its score: ai.WinScore - plies for a win in
// plies, the negation for a loss, 0 for a draw. nodes counts the moves
// examined.
//
// The table ignores the repetition rule; Solve takes the actual history
// into account one ply deep: a move whose position ends the game (by
// repetition or otherwise) is valued by alak.Game.Outcome instead of the
// table. So a winning side never walks into a third repetition (it picks
// another winning move, and the shortest-win line never revisits its own
// positions, its distances decreasing), and a losing side takes a drawing
// repetition when one is offered.
//
// The first Solve of a rule set starts building its table (0.3 s for
// classic, about 5 s for 13 points on the development machine) and waits
// for it until ctx is done, or, when ctx has a deadline, for at most a quarter
// of the time left, so that a timed search keeps time of its own; the build
// goes on in the background for later calls (see also Prepare).
//
// ok is false when s is not an *alak.Game, the game is over, no table
// covers the board (modern over MaxSolvedPoints), or the table is not ready
// in time. s is unchanged.
func (k *Knowledge) Solve(ctx context.Context, s rules.State) (m rules.Move, value int, nodes int64, ok bool) {
	g, isAlak := s.(*alak.Game)
	if !isAlak {
		return rules.NoMove, 0, 0, false
	}
	l := slot(g.Modern(), g.Len())
	if l == nil {
		return rules.NoMove, 0, 0, false
	}
	if over, _ := g.Outcome(); over {
		return rules.NoMove, 0, 0, false
	}
	if !l.ready(ctx, g.Modern(), g.Len()) {
		return rules.NoMove, 0, 0, false
	}
	t := l.t
	k.buf = g.Moves(k.buf[:0])
	best, bestScore := rules.NoMove, -ai.WinScore-1
	for _, mv := range k.buf {
		nodes++
		g.Play(mv)
		var sc int
		if over, res := g.Outcome(); over {
			sc = scoreOf(-ai.Sign(res), 1)
		} else if r, d, found := t.lookup(g.Stones(0), g.Stones(1), g.ToMove(), g.Forbidden()); found {
			sc = scoreOf(-r, d+1)
		} else {
			sc = -ai.WinScore // cannot happen: every real position is in the table
		}
		g.Undo()
		if sc > bestScore {
			best, bestScore = mv, sc
		}
	}
	if best == rules.NoMove {
		return rules.NoMove, 0, nodes, false
	}
	return best, bestScore, nodes, true
}

// scoreOf converts a result (+1, 0, -1 for the side to move) reached in
// plies plies into the search's score.
func scoreOf(result, plies int) int {
	switch {
	case result > 0:
		return ai.WinScore - plies
	case result < 0:
		return -(ai.WinScore - plies)
	}
	return 0
}
