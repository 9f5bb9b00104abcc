package link

import (
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

func TestClockShare(t *testing.T) {
	// A game with a clock plan gets its part (Othello at 20 empties: four
	// times a midgame move), one without a thirtieth, an overspent clock a
	// millisecond.
	left := 3 * time.Second
	g, _ := gomoku.New(gomoku.Options{Size: 15})
	if got, want := ClockShare(left, g), left/30; got != want {
		t.Errorf("gomoku: %v of %v, want %v", got, left, want)
	}
	b := othello.New()
	part, ok := ai.MoveShare(b)
	if !ok {
		t.Fatal("othello has no clock plan")
	}
	if got, want := ClockShare(left, b), time.Duration(float64(left)*part); got != want {
		t.Errorf("othello: %v, want %v", got, want)
	}
	if got := ClockShare(-time.Second, b); got != time.Millisecond {
		t.Errorf("an overspent clock gives %v, want 1ms", got)
	}
}

func TestProcessCPU(t *testing.T) {
	// The CPU clock advances with work done (where the platform has it).
	t0, ok := ProcessCPU()
	if !ok {
		t.Skip("no process CPU time on this platform")
	}
	x := uint64(1)
	for t1 := t0; t1-t0 < 20*time.Millisecond; t1, _ = ProcessCPU() {
		for range 100_000 {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	if x == 0 {
		t.Log(x) // keeps the loop
	}
}

func TestCPUClockBudget(t *testing.T) {
	// With --cpu-clock a move's clock share becomes a wall-clock budget
	// scaled by the CPU share the process gets; charge keeps that share
	// within [0.1, 1] and takes the CPU used from the clock.
	p := &Server{cpuClock: true}
	if b := p.WallBudget(100 * time.Millisecond); b != 100*time.Millisecond {
		t.Errorf("unmeasured share: budget %v, want 100ms", b)
	}
	p.cpuShare = 0.5
	if b := p.WallBudget(100 * time.Millisecond); b != 200*time.Millisecond {
		t.Errorf("share 0.5: budget %v, want 200ms", b)
	}
	p.cpuShare = 0
	left := time.Second
	start := p.StartClock()
	time.Sleep(30 * time.Millisecond) // wall time, next to no CPU
	p.Charge(&left, start)
	if left > time.Second || p.cpuShare < 0.1 || p.cpuShare > 1 {
		t.Errorf("after a sleep: clock %v, share %v", left, p.cpuShare)
	}
	wall := &Server{}
	left = time.Second
	start = wall.StartClock()
	time.Sleep(30 * time.Millisecond)
	wall.Charge(&left, start)
	if left > 970*time.Millisecond || wall.cpuShare != 0 {
		t.Errorf("wall clock after a 30 ms sleep: %v left, share %v", left, wall.cpuShare)
	}
}
