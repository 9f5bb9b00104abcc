package quality_test

import (
	"testing"

	"planiverse/ai"
	"planiverse/app/session/quality"
)

// TestValueTexts pins the three texts of a value (Text for tables and
// records, Label for the board, Words for sentences) for each kind, in a
// game with a unit (discs, 100 per disc) and in one without (Logit 600).
func TestValueTexts(t *testing.T) {
	discs := quality.Scale{AnalysisScale: ai.AnalysisScale{Logit: 600, Unit: "discs", UnitScore: 100}}
	plain := quality.Scale{AnalysisScale: ai.AnalysisScale{Logit: 600}}
	tests := []struct {
		name               string
		sc                 quality.Scale
		v                  quality.Value
		kind               quality.Kind
		text, label, words string
	}{
		{"win in 4 moves", plain, quality.Value{Score: ai.WinScore - 7, Exact: true}, quality.WinIn, "win in 4 moves", "win", "win in 4 moves"},
		{"win in 1 move", discs, quality.Value{Score: ai.WinScore - 1}, quality.WinIn, "win in 1 move", "win", "win in 1 move"},
		{"loss in 2 moves", plain, quality.Value{Score: -ai.WinScore + 4}, quality.LossIn, "loss in 2 moves", "loss", "loss in 2 moves"},
		{"exact margin", discs, quality.Value{Score: 400, Exact: true}, quality.Margin, "+4", "+4", "+4 discs"},
		{"exact loss margin", discs, quality.Value{Score: -200, Exact: true}, quality.Margin, "-2", "-2", "-2 discs"},
		{"searched margin", discs, quality.Value{Score: 350}, quality.Margin, "+3.5", "+4", "+3.5 discs"},
		{"exact draw with a unit", discs, quality.Value{Exact: true}, quality.Margin, "+0", "+0", "+0 discs"},
		{"won without a distance", plain, quality.Value{Score: 5, Exact: true}, quality.Won, "100%", "win", "100% to win"},
		{"lost without a distance", plain, quality.Value{Score: -5, Exact: true}, quality.Lost, "0%", "loss", "0% to win"},
		{"draw", plain, quality.Value{Exact: true}, quality.Draw, "draw", "draw", "draw"},
		{"even chance", plain, quality.Value{}, quality.Chance, "50%", "50%", "50% to win"},
		{"good chance", plain, quality.Value{Score: 600}, quality.Chance, "73%", "73%", "73% to win"},
	}
	for _, tc := range tests {
		if got := tc.sc.Kind(tc.v); got != tc.kind {
			t.Errorf("%s: Kind = %d, want %d", tc.name, got, tc.kind)
		}
		if got := tc.sc.Text(tc.v); got != tc.text {
			t.Errorf("%s: Text = %q, want %q", tc.name, got, tc.text)
		}
		if got := tc.sc.Label(tc.v); got != tc.label {
			t.Errorf("%s: Label = %q, want %q", tc.name, got, tc.label)
		}
		if got := tc.sc.Words(tc.v); got != tc.words {
			t.Errorf("%s: Words = %q, want %q", tc.name, got, tc.words)
		}
	}
}
