package gomokuai

import (
	"context"
	"testing"
	"time"
)

// TestFilterContext checks the time the root filter gets: a timed search
// gives it a quarter of its limit, cut to end by three quarters of it; an
// untimed one (a depth level) gives it no deadline even when the caller's
// context has one (a game clock's cap), so that a level filters the same
// with and without a clock, yet the caller's cancellation still stops it.
func TestFilterContext(t *testing.T) {
	const limit = 400 * time.Millisecond
	for _, c := range []struct {
		elapsed, want time.Duration
	}{
		{0, limit / 4},
		{limit / 2, limit / 4},
		{limit * 2 / 3, limit*3/4 - limit*2/3},
	} {
		ctx, stop := filterContext(context.Background(), limit, c.elapsed)
		dl, ok := ctx.Deadline()
		stop()
		if left := time.Until(dl); !ok || left > c.want || left < c.want-50*time.Millisecond {
			t.Errorf("elapsed %v: deadline %v (%v) away, want %v", c.elapsed, left, ok, c.want)
		}
	}
	caller, cancel := context.WithTimeout(context.Background(), time.Minute)
	ctx, stop := filterContext(caller, 0, 0)
	defer stop()
	if _, ok := ctx.Deadline(); ok {
		t.Error("untimed search: the filter's context has a deadline")
	}
	cancel()
	select {
	case <-ctx.Done():
	case <-time.After(time.Second):
		t.Error("untimed search: the caller's cancellation did not reach the filter")
	}
}

// TestCheckTime checks when and for how long the search asks Refuted:
// not below params.verify.Depth, then for the smaller of a call's share and
// what is left of the search's share.
func TestCheckTime(t *testing.T) {
	k := New()
	const limit = time.Second
	if _, ask := k.CheckTime(params.verify.Depth-1, limit, 0); ask {
		t.Errorf("asked at depth %d", params.verify.Depth-1)
	}
	share := time.Duration(float64(limit) * params.verify.Share)
	total := time.Duration(float64(limit) * params.verify.TotalShare)
	for _, spent := range []time.Duration{0, total - share/2, total} {
		wait, ask := k.CheckTime(params.verify.Depth, limit, spent)
		if want := min(share, total-spent); !ask || wait != want {
			t.Errorf("spent %v: wait %v (ask %v), want %v", spent, wait, ask, want)
		}
	}
	if got, want := k.FinalReserve(limit), time.Duration(float64(limit)*params.verify.FinalShare); got != want {
		t.Errorf("final reserve %v, want %v", got, want)
	}
}
