//go:build race

package othelloai

// raceEnabled: the race detector slows the solver several times; the
// default run then skips the slowest FFO positions.
const raceEnabled = true
