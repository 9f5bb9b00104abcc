// Command orderteacher reports how the Gomoku move ordering
// (gomokuai.Knowledge.OrderMoves) ranks a teacher's move in labeled
// positions that no threat forces (the candidate cap's case: no win point
// for either side, no three for either side): the share of positions
// where it is ranked first, within 5, and within gomokuai.CandidateCap,
// among the empty points within distance 2 of a stone (gomokuai.Near),
// ties going to the earlier point. It reads the label files of -labels
// (comma-separated; the format is package internal/evalfit's). Its
// results are in ai/gomokuai/EXPERIMENTS.md, "orderteacher".
//
//	go run ./ai/gomokuai/cmd/orderteacher -labels labels.txt
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"

	"planiverse/ai/gomokuai"
	"planiverse/ai/gomokuai/internal/evalfit"
)

func main() {
	labels := flag.String("labels", "", "label files, comma-separated (required)")
	flag.Parse()
	if *labels == "" {
		flag.Usage()
		os.Exit(2)
	}
	ps, err := evalfit.ReadLabels(*labels)
	if err != nil {
		fmt.Fprintln(os.Stderr, "orderteacher:", err)
		os.Exit(1)
	}
	k := gomokuai.New()
	capN := gomokuai.CandidateCap()
	var n, top1, top5, topCap, outside int
	for _, tp := range ps {
		rank, ok, near := teacherRank(k, tp)
		switch {
		case !ok:
			continue
		case !near:
			outside++
			continue
		}
		n++
		if rank == 0 {
			top1++
		}
		if rank < 5 {
			top5++
		}
		if rank < capN {
			topCap++
		}
	}
	fmt.Printf("%d positions (%d with the teacher's move beyond distance 2): top1 %.3f top5 %.3f top%d %.3f\n", n, outside, float64(top1)/float64(n), float64(top5)/float64(n), capN, float64(topCap)/float64(n))
}

// teacherRank returns the rank (0 for the first) of the teacher's move of
// tp among the points near the stones by the move ordering, with ok false
// when a threat forces the choice or the teacher's move is not legal, and
// near false when it is not among those points.
func teacherRank(k *gomokuai.Knowledge, tp evalfit.Position) (rank int, ok, near bool) {
	g := tp.G
	me := g.ColorToMove()
	t, o := k.Threats(g, me), k.Threats(g, me^1)
	if t.Wins > 0 || o.Wins > 0 || t.Threes > 0 || o.Threes > 0 {
		return 0, false, false
	}
	best, err := g.ParseMove(tp.Best)
	if err != nil || !g.Legal(best) {
		return 0, false, false
	}
	moves := gomokuai.Near(g, nil)
	scores := make([]int32, len(moves))
	k.OrderMoves(g, moves, scores)
	bi := slices.Index(moves, best)
	if bi < 0 {
		return 0, true, false
	}
	for i, m := range moves {
		if v := scores[i]; v > scores[bi] || v == scores[bi] && m < best {
			rank++
		}
	}
	return rank, true, true
}
