//go:build race

package session

// raceEnabled says the race detector is on, which slows searches several
// times; timing tests widen their bounds by it.
const raceEnabled = true
