package gomoku

import (
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// FuzzParseMove reads arbitrary move text on positions of every variant
// (rulestest.CheckParseMove: no panic, wrapped errors, accepted moves legal
// and round-tripping).
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"H8", "h8", "swap", "SWAP", "balance", "Balance", "A1", "T20", "U1", "A0", "A21", "A-1", "", "H", "8", "H8 ", "I9\x00", "Z99999999999999999999"} {
		f.Add(s)
	}
	var positions []rules.State
	for i, o := range allOptions() {
		positions = append(positions, rulestest.Positions(spec(o), 3, 40, uint64(i))...)
	}
	f.Fuzz(func(t *testing.T, text string) { rulestest.CheckParseMove(t, positions, text) })
}
