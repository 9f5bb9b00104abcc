package gomokuai

import (
	"context"
	"time"

	"planiverse/rules"
)

// Gomoku's root policy (planiverse/ai.RootPolicy): the root filter
// (RootMoves, rootfilter.go) drops the moves after which the opponent
// wins by force before the search, and the root verifier (Refuted) asks,
// after each iteration of a timed search, whether its best move loses to
// a VCF or VCT; the search then searches the iteration again without it.
// The timing of both is set here, as shares of the search's time limit.

// verifyLimits bound the root verifier's calls: Depth, the least iteration
// depth in plies after which it is asked; Share and TotalShare, the most of
// a timed search's limit one call and all calls of a search may take;
// FinalShare, the last part of the limit kept for checking the move about
// to be returned. Shares are fractions of the time limit (0..1).
type verifyLimits struct {
	Depth      int
	Share      float64
	TotalShare float64
	FinalShare float64
}

// FilterRoot runs RootMoves for the search's root (ai.RootPolicy) within
// filterContext's time.
func (k *Knowledge) FilterRoot(ctx context.Context, s rules.State, moves []rules.Move, limit, elapsed time.Duration) []rules.Move {
	fctx, stop := filterContext(ctx, limit, elapsed)
	defer stop()
	return k.RootMoves(fctx, s, moves)
}

// filterContext returns the context RootMoves runs in, and the function
// that releases it. A timed search (limit > 0, elapsed of it spent) gives
// it a quarter of the limit, within the first three quarters. An untimed
// search (a depth level) filters as it does without a deadline: the
// caller's deadline (a game clock's cap) only stops it, and RootMoves,
// which reads a deadline as a timed search's, must not see it.
func filterContext(ctx context.Context, limit, elapsed time.Duration) (context.Context, func()) {
	if limit > 0 {
		wait := min(limit/4, limit*3/4-elapsed)
		return context.WithTimeout(ctx, wait)
	}
	if _, ok := ctx.Deadline(); ok {
		return untimed(ctx)
	}
	return ctx, func() {}
}

// untimed returns a context that is canceled with ctx but has no
// deadline, and the function that releases it.
func untimed(ctx context.Context) (context.Context, func()) {
	u, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, cancel)
	return u, func() { stop(); cancel() }
}

// CheckTime says whether the search asks Refuted about its best move after
// an iteration of depth plies (ai.RootPolicy): from params.verify.Depth on,
// for at most Share of the limit a call and TotalShare of it a search
// (spent of which Refuted took already).
func (k *Knowledge) CheckTime(depth int, limit, spent time.Duration) (time.Duration, bool) {
	if depth < params.verify.Depth {
		return 0, false
	}
	l := float64(limit)
	return min(time.Duration(l*params.verify.Share), time.Duration(l*params.verify.TotalShare)-spent), true
}

// FinalReserve is params.verify.FinalShare of the limit (ai.RootPolicy).
func (k *Knowledge) FinalReserve(limit time.Duration) time.Duration {
	return time.Duration(float64(limit) * params.verify.FinalShare)
}
