//go:build !race

package dvonn

const raceEnabled = false
