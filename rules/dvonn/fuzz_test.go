package dvonn

import (
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// FuzzParseMove reads arbitrary move text on placement and movement
// positions (rulestest.CheckParseMove: no panic, wrapped errors, accepted
// moves legal and round-tripping).
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"E3", "e3", "E3G3", "PASS", "pass", "A1", "K5", "Z9", "E3E3", "E3G", "", "E", "E3G3G5", "\xe2\x82\xac"} {
		f.Add(s)
	}
	positions := rulestest.Positions(testGame, 16, 90, 1)
	var movement []rules.State
	for _, s := range positions {
		if !s.(*Game).Placing() {
			movement = append(movement, s)
		}
	}
	if len(movement) == 0 {
		f.Fatal("no movement-phase position to fuzz on")
	}
	f.Fuzz(func(t *testing.T, text string) { rulestest.CheckParseMove(t, positions, text) })
}
