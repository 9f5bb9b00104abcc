package nboard

import (
	"slices"
	"testing"
)

// TestSplitMoves: Othello moves separated by spaces or run together.
func TestSplitMoves(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{"f5 d6 c3", []string{"f5", "d6", "c3"}},
		{"f5d6c3", []string{"f5", "d6", "c3"}},
		{"f5", []string{"f5"}},
		{"f5d6c", []string{"f5d6c"}}, // odd length: one (bad) move, for the rules to refuse
		{"", nil},
	}
	for _, tc := range tests {
		if got := SplitMoves(tc.line); !slices.Equal(got, tc.want) {
			t.Errorf("SplitMoves(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}
