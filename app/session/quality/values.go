package quality

import (
	"context"
	"fmt"
	"slices"

	"planiverse/rules"
)

// MoveValue returns the value of move m for the side to move in s (s is
// not changed): the exact value where the game's solver or table decides
// the position after it, else a search of that position to depth-1 plies
// (at least one). It returns an error wrapping rules.ErrIllegal for a
// move that is not legal in s, and ctx's error when ctx is canceled.
// The values on the board (app/session) call it move by move, deeper and
// deeper.
func (a *Analyzer) MoveValue(ctx context.Context, s rules.State, m rules.Move, depth int) (Value, error) {
	a.bind(s)
	a.buf = s.Moves(a.buf[:0])
	if !slices.Contains(a.buf, m) {
		return Value{}, fmt.Errorf("move value: %w", rules.ErrIllegal)
	}
	saved := a.opts.Depth
	a.opts.Depth = max(1, depth)
	defer func() { a.opts.Depth = saved }()
	child := s.Clone()
	child.Play(m)
	return a.childValue(ctx, child, s.ToMove())
}
