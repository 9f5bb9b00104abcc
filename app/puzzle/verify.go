package puzzle

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"planiverse/ai"
	"planiverse/ai/alakai"
	"planiverse/ai/dvonnai"
	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/othello"
)

// MaxOthelloEmpties is the most empty squares of an Othello puzzle's
// position: the exact solver proves every move of it in about a second.
const MaxOthelloEmpties = 20

// OthelloMargin is the clear margin of an Othello puzzle with goal Best:
// every other move ends at least this many discs worse (final disc
// difference, exact).
const OthelloMargin = 6

// ErrUnproven is wrapped by Verify's errors when a puzzle does not hold
// (another move is as good, the solution's move is not good, a reply is
// not one of the best) or cannot be proven (a solver gave up).
var ErrUnproven = errors.New("puzzle not proven")

// Proof is what Verify counted while proving a puzzle; Generate turns it
// into the initial rating.
type Proof struct {
	PlayerMoves int   // the player's moves in the solution
	Failing     int   // the other legal moves of the player that fail, summed over the line
	Nodes       int64 // the positions the solvers searched (Gomoku: the VCF searches run)
}

// Verify re-proves p with the engine's exact solvers: each of the
// player's moves in the solution is the only one that keeps the goal
// (win, draw, or Othello's exact best score with every other move at
// least OthelloMargin discs worse), and each reply is one of the replies
// of best value. It returns what it counted, or an error wrapping
// ErrPuzzle for a malformed puzzle, ErrUnproven when it does not hold or
// a solver gave up, or ctx's error.
func Verify(ctx context.Context, p *Puzzle) (Proof, error) {
	if err := p.Check(); err != nil {
		return Proof{}, err
	}
	_, s, _ := p.Position() // Check has replayed it
	k := kinds[p.Game]
	if k.verify != nil {
		return k.verify(ctx, p, s)
	}
	return verifyLine(ctx, p, s, k.judge())
}

// unproven returns an error wrapping ErrUnproven about puzzle p.
func unproven(p *Puzzle, format string, args ...any) error {
	return rules.Errorf(ErrUnproven, "puzzle %s: %s", p.ID, fmt.Sprintf(format, args...))
}

// judge proves the value of every legal move of a position exactly.
type judge interface {
	// refuse returns why the moves of s cannot be proven (wrapping
	// ErrUnproven), nil when they can (values).
	refuse(s rules.State) error
	// value returns the proven value of s for its side to move (greater
	// is better; its sign the result), and the nodes searched.
	value(ctx context.Context, s rules.State) (v int, nodes int64, err error)
	// margin is the clear margin of goal Best, or 0 when the game has no
	// such goal.
	margin() int
}

// keeps reports whether a move of value v keeps goal in a position whose
// best value is best.
func keeps(goal Goal, v, best int) bool {
	switch goal {
	case Win:
		return v > 0
	case Draw:
		return v >= 0
	}
	return v == best
}

// goalOf returns the goal a position with these move values makes a
// puzzle of, and its only move, or ok false when no move stands out:
// Win when one move wins and no other does, Draw when one move draws and
// every other loses, Best (margin > 0) when one move is best by at least
// margin.
func goalOf(moves []rules.Move, vals []int, margin int) (goal Goal, m rules.Move, ok bool) {
	if len(vals) < 2 {
		return "", rules.NoMove, false
	}
	i := 0
	for k, v := range vals {
		if v > vals[i] {
			i = k
		}
	}
	best := vals[i]
	second := -1 << 30
	for k, v := range vals {
		if k != i {
			second = max(second, v)
		}
	}
	switch {
	case best > 0 && second <= 0:
		return Win, moves[i], true
	case best == 0 && second < 0:
		return Draw, moves[i], true
	case margin > 0 && best-second >= margin:
		return Best, moves[i], true
	}
	return "", rules.NoMove, false
}

// only checks that m is the only move of s keeping goal (vals from a
// judge), with every other at least margin worse for goal Best; it
// returns the number of moves that fail.
func only(p *Puzzle, ply int, s rules.State, goal Goal, moves []rules.Move, vals []int, m rules.Move, margin int) (int, error) {
	best := slices.Max(vals)
	failing := 0
	for k, mv := range moves {
		good := keeps(goal, vals[k], best)
		if mv == m {
			if !good {
				return 0, unproven(p, "solution move %d (%s) does not keep the %s (value %d, best %d)", ply+1, s.MoveString(m), goal, vals[k], best)
			}
			continue
		}
		if good {
			return 0, unproven(p, "solution move %d: %s keeps the %s too", ply+1, s.MoveString(mv), goal)
		}
		if goal == Best && vals[k] > best-margin {
			return 0, unproven(p, "solution move %d: %s is only %d worse", ply+1, s.MoveString(mv), best-vals[k])
		}
		failing++
	}
	return failing, nil
}

// verifyLine proves p's solution move by move with j on s, p's position.
func verifyLine(ctx context.Context, p *Puzzle, s rules.State, j judge) (Proof, error) {
	player := s.ToMove()
	var pr Proof
	for i, text := range p.Solution {
		m, _ := s.ParseMove(text) // Check has parsed it
		moves, vals, nodes, err := values(ctx, j, s)
		pr.Nodes += nodes
		if err != nil {
			return pr, fmt.Errorf("puzzle %s: solution move %d: %w", p.ID, i+1, err)
		}
		k := slices.Index(moves, m)
		if s.ToMove() == player {
			n, err := only(p, i, s, p.Goal, moves, vals, m, j.margin())
			if err != nil {
				return pr, err
			}
			pr.PlayerMoves++
			pr.Failing += n
		} else if vals[k] != slices.Max(vals) {
			return pr, unproven(p, "reply %d (%s) is not a best reply (value %d, best %d)", i+1, text, vals[k], slices.Max(vals))
		}
		s.Play(m)
	}
	return pr, nil
}

// values returns s's legal moves and the proven value of each for s's
// side to move (j's value of the position after it, for the mover), and
// the nodes searched. s is left as it was.
func values(ctx context.Context, j judge, s rules.State) (moves []rules.Move, vals []int, nodes int64, err error) {
	if err := j.refuse(s); err != nil {
		return nil, nil, 0, err
	}
	s = s.Clone()
	moves = s.Moves(nil)
	vals = make([]int, len(moves))
	mover := s.ToMove()
	for i, m := range moves {
		text := s.MoveString(m)
		s.Play(m)
		v, n, err := j.value(ctx, s)
		nodes += n
		vals[i] = childValue(s, mover, v)
		s.Undo()
		if err != nil {
			return nil, nil, nodes, fmt.Errorf("after %s: %w", text, err)
		}
	}
	return moves, vals, nodes, nil
}

// childValue returns the value of the move just played on s for the side
// that played it (mover), given the value v of s for its own side to move.
func childValue(s rules.State, mover rules.Seat, v int) int {
	if s.ToMove() == mover {
		return v
	}
	return -v
}

// othelloJudge proves Othello moves with the exact endgame solver.
type othelloJudge struct{}

func (othelloJudge) margin() int { return OthelloMargin }

func (othelloJudge) refuse(s rules.State) error {
	if e := s.(*othello.Board).Empties(); e > MaxOthelloEmpties {
		return rules.Errorf(ErrUnproven, "%d empty squares (at most %d are solved)", e, MaxOthelloEmpties)
	}
	return nil
}

func (j othelloJudge) value(ctx context.Context, s rules.State) (int, int64, error) {
	if err := j.refuse(s); err != nil {
		return 0, 0, err
	}
	b := s.(*othello.Board)
	_, v, nodes, ok := othelloai.SolveExact(ctx, b)
	if !ok {
		return 0, nodes, errOr(ctx, "the exact solver stopped")
	}
	return v, nodes, nil
}

// errOr returns ctx's error, or one wrapping ErrUnproven with text.
func errOr(ctx context.Context, text string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return rules.Errorf(ErrUnproven, "%s", text)
}

// dvonnJudge proves DVONN moves with the exact endgame solver, for
// positions with few mobile stacks.
type dvonnJudge struct{ k *dvonnai.Knowledge }

func (*dvonnJudge) margin() int { return 0 }

func (*dvonnJudge) refuse(s rules.State) error {
	if s.(*dvonn.Game).Placing() {
		return rules.Errorf(ErrUnproven, "a placement position (the solver proves movement endgames)")
	}
	return nil
}

func (j *dvonnJudge) value(ctx context.Context, s rules.State) (int, int64, error) {
	g := s.(*dvonn.Game)
	if over, margin := g.Outcome(); over {
		return ai.TerminalScore(margin, 0), 0, nil
	}
	_, v, ok := j.k.ExactValue(ctx, g)
	if !ok {
		return 0, 0, errOr(ctx, fmt.Sprintf("the exact solver cannot decide the position (%d mobile stacks)", bits.OnesCount64(g.Mobile())))
	}
	return v, 0, nil
}

// alakScale turns the table's (result, distance) into a value: a shorter
// win is better, a longer loss less bad.
const alakScale = 1000

// alakJudge proves Alak moves with the perfect retrograde table.
type alakJudge struct{}

func (alakJudge) margin() int { return 0 }

func (alakJudge) refuse(rules.State) error { return nil }

func (alakJudge) value(ctx context.Context, s rules.State) (int, int64, error) {
	g := s.(*alak.Game)
	if over, score := g.Outcome(); over {
		return ai.TerminalScore(score, 0) / ai.WinScore * alakScale, 1, ctx.Err()
	}
	res, dist, ok := alakai.Value(g)
	if !ok {
		return 0, 0, rules.Errorf(ErrUnproven, "no perfect table for this board (at most %d points)", alakai.MaxSolvedPoints)
	}
	return res * (alakScale - dist), 1, ctx.Err()
}
