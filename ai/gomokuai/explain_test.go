package gomokuai

import (
	"strings"
	"testing"

	"planiverse/ai/explaintest"
	"planiverse/rules/gomoku"
)

// freestyle plays the stones of text, Black first, on an empty 15x15
// freestyle board.
func freestyle(t *testing.T, text string) *gomoku.Game {
	t.Helper()
	g, err := gomoku.New(gomoku.Options{Size: 15})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range strings.Fields(text) {
		m, err := g.ParseMove(f)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(m)
	}
	return g
}

// TestExplain checks each of Gomoku's reasons on a position where it
// holds for the move played and not for the best move.
func TestExplain(t *testing.T) {
	// vcf: Black's closed three H8-H10 (White on H11) and J7-L7 (White on
	// M7) win by H7 (White must answer H6) and I7.
	const vcf = "H8 H11 H9 M7 H10 A15 J7 C15 K7 E15 L7"
	tests := []struct {
		name, stones, played, best, want string
	}{
		{"misses a five", "H8 A1 H9 C1 H10 E1 H11 G1", "J1", "H12", "J1 misses the five at H12."},
		{"leaves a four unblocked", "A1 B2 H8 C3 K10 D4 M8 E5", "H10", "F6",
			"H10 leaves White's four unblocked: White makes five at F6."},
		{"misses its own VCF", vcf + " G15", "O2", "H7",
			"O2 misses Black's win by continuous fours in 2 moves, starting at H7."},
		{"leaves an open three", "H8 A1 H9 C1 H10", "E1", "H11",
			"E1 leaves Black's open three unblocked: Black makes an open four at H11."},
		{"allows a VCF", vcf, "G15", "H7",
			"G15 allows Black a win by continuous fours in 2 moves, starting at H7."},
		{"none: both moves block", "H8 A1 H9 C1 H10", "H7", "H11", ""},
	}
	k := New()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := freestyle(t, tc.stones)
			explaintest.CheckCase(t, k, g, tc.played, tc.best, tc.want)
		})
	}
}
