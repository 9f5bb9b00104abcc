package quality_test

import (
	"context"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/app/session/quality"
)

// TestWhyNamesTheGamesReason: a losing Gomoku move is explained by the
// game's own reason (the VCF it allows, with its length), and the best
// move gets no explanation.
func TestWhyNamesTheGamesReason(t *testing.T) {
	d, s := gomokuPosition(t, "E8 D8 F8 A1 G8 O1 H6 A15 H7")
	a := quality.New(d, quality.Options{Depth: 2})
	got, err := a.Analyze(context.Background(), s, 10, parse(t, s, "O15"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "O15 allows Black a win by continuous fours in "; !strings.HasPrefix(got.Why, want) || !strings.Contains(got.Why, " moves, starting at ") {
		t.Errorf("Why of O15 = %q, want %q… moves, starting at …", got.Why, want)
	}
	best, err := a.Analyze(context.Background(), s, 10, parse(t, s, got.Best))
	if err != nil {
		t.Fatal(err)
	}
	if best.Class != quality.Best || best.Why != "" {
		t.Errorf("the best move %s: class %s, Why %q; want best and no Why", got.Best, best.Class, best.Why)
	}
	rep := &quality.Report{Scale: a.Scale()}
	if c := rep.Comment(got); !strings.HasSuffix(c, ". "+got.Why) {
		t.Errorf("the record's comment %q does not end with Why %q", c, got.Why)
	}
}

// TestKeeps: where the game names no reason, the sentence says what the
// best move keeps, in the game's unit (singular for 1) or in winning
// chances.
func TestKeeps(t *testing.T) {
	discs := quality.Scale{AnalysisScale: ai.AnalysisScale{Logit: 600, Unit: "discs", UnitScore: 100, Inaccuracy: 3, Mistake: 6, Blunder: 12}}
	chances := quality.Scale{AnalysisScale: ai.AnalysisScale{Logit: 600, Inaccuracy: 5, Mistake: 10, Blunder: 15}}
	tests := []struct {
		sc   quality.Scale
		q    quality.Move
		want string
	}{
		{discs, quality.Move{Move: "b2", Best: "c4", Loss: 16.1, Class: quality.Blunder}, "c4 keeps 16 more discs by the end with best play."},
		{discs, quality.Move{Move: "b2", Best: "c4", Loss: 1.2, Class: quality.Mistake}, "c4 keeps 1 more disc by the end with best play."},
		{chances, quality.Move{Move: "e3", Best: "f4", Value: quality.Value{Score: -243}, BestValue: quality.Value{Score: 508}, Class: quality.Blunder},
			"f4 keeps a winning chance of 70% instead of 40%."},
		{chances, quality.Move{Move: "e3", Best: "f4", Value: quality.Value{Score: 0}, BestValue: quality.Value{Score: ai.WinScore - 7, Exact: true}, Class: quality.MissedWin},
			"f4 wins by force in 4 moves; e3 lets the win slip."},
		{chances, quality.Move{Move: "e3", Best: "f4", Value: quality.Value{Score: -ai.WinScore + 4, Exact: true}, Class: quality.Losing},
			"e3 loses by force within 2 moves; f4 does not."},
		{chances, quality.Move{Move: "e3", Best: "f4", Value: quality.Value{Score: -ai.WinScore + 2, Exact: true}, Class: quality.Losing},
			"e3 loses by force within 1 move; f4 does not."},
		{discs, quality.Move{Move: "b2", Best: "c4", Value: quality.Value{Score: 0, Exact: true}, BestValue: quality.Value{Score: 200, Exact: true}, Loss: 2, Class: quality.MissedWin},
			"c4 wins by force; b2 lets the win slip."},
	}
	for _, tc := range tests {
		if got := tc.sc.Keeps(tc.q); got != tc.want {
			t.Errorf("Keeps(%+v) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestClassCount: a count of moves of a class is singular for one and
// plural otherwise, in words.
func TestClassCount(t *testing.T) {
	for _, c := range []struct {
		cl   quality.Class
		n    int
		want string
	}{
		{quality.Mistake, 1, "1 mistake"}, {quality.Mistake, 2, "2 mistakes"},
		{quality.Inaccuracy, 4, "4 inaccuracies"}, {quality.Inaccuracy, 1, "1 inaccuracy"},
		{quality.Blunder, 0, "0 blunders"}, {quality.MissedWin, 2, "2 missed wins"},
		{quality.Losing, 1, "1 losing move"}, {quality.Best, 17, "17 best moves"},
	} {
		if got := c.cl.Count(c.n); got != c.want {
			t.Errorf("%s.Count(%d) = %q, want %q", c.cl, c.n, got, c.want)
		}
	}
}
