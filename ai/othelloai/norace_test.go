//go:build !race

package othelloai

// raceEnabled: see race_test.go.
const raceEnabled = false
