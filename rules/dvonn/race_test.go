//go:build race

package dvonn

// raceEnabled is set when the tests run under the race detector, which
// slows the corpus test about tenfold.
const raceEnabled = true
