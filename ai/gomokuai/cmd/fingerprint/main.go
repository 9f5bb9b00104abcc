// Command fingerprint prints, for a fixed set of Gomoku positions, the
// move, score and node count of fixed-depth searches with the Gomoku
// knowledge: the search alone (no root filter, no solver) at -plain plies
// and the whole engine at -full plies. Two builds that must search alike
// print the same lines; diff their outputs.
//
//	go run ./ai/gomokuai/cmd/fingerprint > before.txt
//	go run ./ai/gomokuai/cmd/fingerprint -plain 9 -full 7 > after.txt
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/ai/gomokuai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// cases are middle games of recorded matches, positions where a
// threat search matters, a lost game, and a few on other
// sizes, rules and openings.
var cases = []struct {
	opts  gomoku.Options
	moves string
}{
	{gomoku.Options{Size: 15}, "H8 H9 J10 I9 J9 J8 I7 K7 H10 J6 I10 G10 K10 L10"},
	{gomoku.Options{Size: 15}, "H8 H9 H6 G10 G9 F10 H10 F11 E12 F8 F9 E10 C8 G11"},
	{gomoku.Options{Size: 15}, "H8 H9 I6 G8 F7 G9 I9 G7 G6 G10 G11 I8 J7 F11"},
	{gomoku.Options{Size: 15}, "E6 G6 E11 H9 J7 H11 K11 D12 D4 F11 J4 J10 L12 L9 H12 L5 I6 I8 G8 I10"},
	{gomoku.Options{Size: 15}, "I10 D6 E6 I6 I12 K4 J8 G10 F6 D7 J4 L4 G8 K11 J9"},
	{gomoku.Options{Size: 15}, "G13 J9 I13 J10 E11 F6 L8 G4 C6 H12 G12 K7 E8 H10 J6 H5 F3 C8 F5 H8 H7 D5"},
	{gomoku.Options{Size: 15}, "H8 I9 I6 G9 H6 H9 J9"},
	{gomoku.Options{Size: 15, Rule: gomoku.ExactFive}, "H8 H9 J10 I9 J9 J8 I7 K7 H10 J6 I10 G10 K10 L10"},
	{gomoku.Options{Size: 15, Rule: gomoku.Renju}, "H8 H9 H6 G10 G9 F10 H10 F11 E12 F8 F9 E10 C8 G11"},
	{gomoku.Options{Size: 19}, "J10 J11 K12 K11 L11 L10 H9 M12"},
	{gomoku.Options{Size: 20}, "K10 K11 L12 L11 M11 M10 J9 N12 H12"},
	{gomoku.Options{Size: 15, Opening: gomoku.SwapOpening}, "H8 swap H9 I9 J10 G8 F7 I8"},
	{gomoku.Options{Size: 15, Opening: gomoku.Swap2Opening}, "H8 H9 I9"},
}

// noFilter is the Gomoku knowledge without its root filter and solver:
// the plain search.
type noFilter struct{ k *gomokuai.Knowledge }

func (n noFilter) Evaluate(s rules.State) int { return n.k.Evaluate(s) }
func (n noFilter) OrderMoves(s rules.State, m []rules.Move, sc []int32) {
	n.k.OrderMoves(s, m, sc)
}
func (n noFilter) Candidates(s rules.State, b []rules.Move) []rules.Move {
	return n.k.Candidates(s, b)
}

func main() {
	ai.Use(games.Knowledge())
	plainDepth := flag.Int("plain", 9, "depth of the plain search")
	fullDepth := flag.Int("full", 7, "depth of the whole engine's search")
	ttMB := flag.Int("tt-mb", 16, "transposition table size in megabytes")
	flag.Parse()
	for i, c := range cases {
		g, err := gomoku.New(c.opts)
		if err != nil {
			fail(err)
		}
		for _, s := range strings.Fields(c.moves) {
			m, err := g.ParseMove(s)
			if err != nil || !g.Legal(m) {
				fail(fmt.Errorf("case %d move %s: %v", i, s, err))
			}
			g.Play(m)
		}
		plain := ai.NewEngine(*ttMB)
		plain.SetKnowledge(noFilter{gomokuai.New()})
		res := plain.Search(context.Background(), g, ai.Limits{Depth: *plainDepth}, nil)
		fmt.Printf("case %2d plain depth %d: move %s score %d nodes %d pv %v\n", i, res.Depth, g.MoveString(res.Move), res.Score, res.Nodes, res.PV)
		full := ai.NewEngine(*ttMB)
		res = full.Search(context.Background(), g, ai.Limits{Depth: *fullDepth}, nil)
		fmt.Printf("case %2d full  depth %d: move %s score %d nodes %d pv %v\n", i, res.Depth, g.MoveString(res.Move), res.Score, res.Nodes, res.PV)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "fingerprint:", err)
	os.Exit(1)
}
