package widgets

import (
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
)

// AnimationSpeed is how fast the boards animate (Othello's flips, the
// fade-out of pieces DVONN and Alak remove).
type AnimationSpeed int32

const (
	// AnimationNormal uses the normal durations (260 ms flips, 350 ms
	// fades). It is the default.
	AnimationNormal AnimationSpeed = iota
	// AnimationSlow makes every animation 2.5 times as long.
	AnimationSlow
	// AnimationOff draws the final state at once.
	AnimationOff
)

// slowFactor is how much longer AnimationSlow's animations take.
const slowFactor = 2.5

var animSpeed atomic.Int32

// SetAnimationSpeed sets the speed of every board's animations, from the
// next animation on (a running one finishes at its own speed). An unknown
// value counts as AnimationNormal. It may be called from any goroutine.
func SetAnimationSpeed(s AnimationSpeed) { animSpeed.Store(int32(s)) }

// CurrentAnimationSpeed returns the speed set by SetAnimationSpeed.
func CurrentAnimationSpeed() AnimationSpeed { return AnimationSpeed(animSpeed.Load()) }

// animDuration returns how long an animation of normal length d lasts at
// the current speed: 0 when animations are off.
func animDuration(d time.Duration) time.Duration {
	switch CurrentAnimationSpeed() {
	case AnimationOff:
		return 0
	case AnimationSlow:
		return time.Duration(float64(d) * slowFactor)
	}
	return d
}

// runAnimation starts a board animation (a variable so that tests can hold
// animations to look at them mid-way).
var runAnimation = (*fyne.Animation).Start

// newAnimation returns an animation of normal length d at the current
// speed, to be started with runAnimation, that calls tick with the time
// 0..1 (1 at the end); it returns nil when animations are off.
func newAnimation(d time.Duration, tick func(t float32)) *fyne.Animation {
	d = animDuration(d)
	if d <= 0 {
		return nil
	}
	return fyne.NewAnimation(d, tick)
}
