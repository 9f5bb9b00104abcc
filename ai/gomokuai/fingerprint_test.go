package gomokuai_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/ai/gomokuai"
	"planiverse/rules/gomoku"
)

// fingerprintCases are positions for TestSearchFingerprint: the middle
// games, the threat cases and a few on other sizes and rules.
var fingerprintCases = []struct {
	opts  gomoku.Options
	moves string
}{
	{gomoku.Options{Size: 15}, middlegames[0]},
	{gomoku.Options{Size: 15}, middlegames[1]},
	{gomoku.Options{Size: 15}, middlegames[2]},
	{gomoku.Options{Size: 15}, threatCases[1].moves},
	{gomoku.Options{Size: 15}, threatCases[2].moves},
	{gomoku.Options{Size: 15}, threatCases[3].moves},
	{gomoku.Options{Size: 15}, pelaLoss},
	{gomoku.Options{Size: 15, Rule: gomoku.ExactFive}, middlegames[0]},
	{gomoku.Options{Size: 15, Rule: gomoku.Renju}, middlegames[1]},
	{gomoku.Options{Size: 19}, "J10 J11 K12 K11 L11 L10 H9 M12"},
	{gomoku.Options{Size: 20}, "K10 K11 L12 L11 M11 M10 J9 N12 H12"},
	{gomoku.Options{Size: 15, Opening: gomoku.SwapOpening}, "H8 swap H9 I9 J10 G8 F7 I8"},
	{gomoku.Options{Size: 15, Opening: gomoku.Swap2Opening}, "H8 H9 I9"},
}

// TestSearchFingerprint prints, for each of fingerprintCases, the move,
// score and node count of fixed-depth searches (the search alone at depth
// 9, the whole engine at depth 7): a record to compare between builds
// that must search alike. It runs only when GOMOKU_FINGERPRINT is set.
func TestSearchFingerprint(t *testing.T) {
	if os.Getenv("GOMOKU_FINGERPRINT") == "" {
		t.Skip("set GOMOKU_FINGERPRINT to print the search fingerprint")
	}
	for i, c := range fingerprintCases {
		g, err := gomoku.New(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range strings.Fields(c.moves) {
			m, err := g.ParseMove(s)
			if err != nil || !g.Legal(m) {
				t.Fatalf("case %d move %s: %v", i, s, err)
			}
			g.Play(m)
		}
		plain := ai.NewEngine(16)
		plain.SetKnowledge(noFilter{gomokuai.New()})
		res := plain.Search(context.Background(), g, ai.Limits{Depth: 9}, nil)
		fmt.Printf("case %2d plain depth %d: move %s score %d nodes %d pv %v\n", i, res.Depth, g.MoveString(res.Move), res.Score, res.Nodes, res.PV)
		full := ai.NewEngine(16)
		res = full.Search(context.Background(), g, ai.Limits{Depth: 7}, nil)
		fmt.Printf("case %2d full  depth %d: move %s score %d nodes %d pv %v\n", i, res.Depth, g.MoveString(res.Move), res.Score, res.Nodes, res.PV)
	}
}
