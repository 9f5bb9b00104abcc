package alakai

import (
	"testing"

	"planiverse/ai/explaintest"
	"planiverse/rules/alak"
)

// TestExplain checks each of Alak's reasons on a small position where it
// holds for the move played and not for the best move.
func TestExplain(t *testing.T) {
	tests := []struct {
		name         string
		modern       bool
		pos          string
		played, best string
		want         string
	}{
		{"misses a capture (classic)", false, "xo.xx..oooo x", "5-6", "4-3", "5-6 misses the capture of 1 piece with 4-3."},
		{"misses a capture of two (modern)", true, "xoo.x.o.... x", "f", "d", "f misses the capture of 2 stones with d."},
		{"allows a capture (modern)", true, "oox..o..... x", "d", "g", "d lets White capture 2 stones with e."},
		{"none: the better move allows a smaller capture only", true, "oox..o..... x", "g", "d", ""},
	}
	k := New()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := alak.ParsePosition(tc.modern, tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			explaintest.CheckCase(t, k, g, tc.played, tc.best, tc.want)
		})
	}
}
