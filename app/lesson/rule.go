package lesson

import (
	"context"
	"fmt"
	"slices"
	"time"

	"planiverse/ai"
	"planiverse/rules"
)

// Rule is a stage's accepted-move rule: Kind names one of the closed set
// below, and Moves or N are its arguments.
//
//   - any-of: the move is one of Moves (the game's move text).
//   - flips-at-least, captures-at-least: the opponent's count
//     (rules.Descriptor.Score: discs, pieces, stones, height) drops by at
//     least N (default 1).
//   - wins: the move ends the game, won by the mover.
//   - opponent-passes: after the move the opponent's only move is a pass.
//   - fewest-replies: no legal move leaves the opponent fewer moves.
//   - forces-win: the engine proves the mover wins after the move, within
//     N plies after it when N > 0.
//   - keeps-result: the engine does not prove the move worse than the
//     position's best (counting only results proven within N plies after
//     the move when N > 0) (a loss where a draw or an unproven result is
//     available, anything short of a proven win where one exists), by the
//     game's solver (Gomoku's threat search, Othello's and DVONN's exact
//     endgame solvers, Alak's perfect table) or the search's proven results.
type Rule struct {
	Kind  string   `json:"kind"`
	Moves []string `json:"moves,omitempty"`
	N     int      `json:"n,omitempty"`
}

// The rule kinds.
const (
	AnyOf           = "any-of"
	FlipsAtLeast    = "flips-at-least"
	CapturesAtLeast = "captures-at-least"
	Wins            = "wins"
	OpponentPasses  = "opponent-passes"
	FewestReplies   = "fewest-replies"
	ForcesWin       = "forces-win"
	KeepsResult     = "keeps-result"
)

// engineSearchTime bounds one engine search of a try's check (a check makes
// one or two): the stages' checks take from a millisecond to under a
// second, so it caps a slow machine's wait. A search it cuts short proves
// nothing, so forces-win refuses and keeps-result accepts.
const engineSearchTime = 2 * time.Second

// kinds lists the rule kinds a stage may name.
var kinds = []string{AnyOf, FlipsAtLeast, CapturesAtLeast, Wins, OpponentPasses, FewestReplies, ForcesWin, KeepsResult}

// check reports a rule that names an unknown kind or lacks its arguments.
func (r Rule) check() error {
	if !slices.Contains(kinds, r.Kind) {
		return fmt.Errorf("unknown rule kind %s", rules.Quote(r.Kind))
	}
	if r.Kind == AnyOf && len(r.Moves) == 0 {
		return fmt.Errorf("rule any-of needs moves")
	}
	return nil
}

// accepts reports whether the rule accepts the legal move m in s; s is
// left as it was. Rules that ask the engine use eng and stop when ctx is
// done (then they accept).
func (r Rule) accepts(ctx context.Context, eng *ai.Engine, d *rules.Descriptor, s rules.State, m rules.Move) bool {
	mover := s.ToMove()
	switch r.Kind {
	case AnyOf:
		return slices.Contains(r.Moves, s.MoveString(m))
	case FlipsAtLeast, CapturesAtLeast:
		if d.Score == nil {
			return false
		}
		before, _ := d.Score(s, mover.Opponent())
		s.Play(m)
		after, _ := d.Score(s, mover.Opponent())
		s.Undo()
		return before-after >= max(r.N, 1)
	case Wins:
		s.Play(m)
		defer s.Undo()
		w, ok := rules.Winner(s)
		return ok && w == mover
	case OpponentPasses:
		s.Play(m)
		defer s.Undo()
		moves := s.Moves(nil)
		return s.ToMove() != mover && len(moves) == 1 && moves[0] == rules.Pass
	case FewestReplies:
		least := -1
		for _, c := range s.Moves(nil) {
			if n := replies(s, c); least < 0 || n < least {
				least = n
			}
		}
		return replies(s, m) == least
	case ForcesWin:
		return moveResult(ctx, eng, s, m, r.N) > 0
	case KeepsResult:
		root := 0
		if r.N > 0 {
			root = r.N + 1
		}
		return moveResult(ctx, eng, s, m, r.N) >= result(ctx, eng, s, root)
	}
	return false
}

// replies counts the opponent's legal moves after m (0 when the game ends;
// a forced pass counts as none).
func replies(s rules.State, m rules.Move) int {
	s.Play(m)
	defer s.Undo()
	moves := s.Moves(nil)
	if len(moves) == 1 && moves[0] == rules.Pass {
		return 0
	}
	return len(moves)
}

// moveResult is the proven result of m for the side to move in s (+1 a
// win, -1 a loss, 0 a draw or not proven) when it comes within horizon
// plies after m (0: any distance), else 0.
func moveResult(ctx context.Context, eng *ai.Engine, s rules.State, m rules.Move, horizon int) int {
	mover := s.ToMove()
	s.Play(m)
	defer s.Undo()
	r := result(ctx, eng, s, horizon)
	if s.ToMove() != mover {
		r = -r
	}
	return r
}

// result is the proven result of s for its side to move (+1 a win, -1 a
// loss, 0 a draw or not proven within engineSearchTime) when the game
// ends within horizon plies (0: any distance), else 0. The exact solvers
// that score by the final margin (Othello's disc difference) count at any
// distance.
func result(ctx context.Context, eng *ai.Engine, s rules.State, horizon int) int {
	if over, score := s.Outcome(); over {
		return ai.Sign(score)
	}
	ctx, cancel := context.WithTimeout(ctx, engineSearchTime+time.Second)
	defer cancel()
	res := eng.Search(ctx, s.Clone(), ai.Limits{Time: engineSearchTime}, nil)
	proven := res.Score >= ai.MateBound || res.Score <= -ai.MateBound
	switch {
	case proven && (horizon == 0 || ai.WinScore-abs(res.Score) <= horizon):
		return ai.Sign(res.Score)
	case !proven && res.Depth == 0 && !res.Book:
		// The game's solver answered on the margin's scale (Othello's
		// disc difference; ai.Solver): its sign is exact.
		return ai.Sign(res.Score)
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
