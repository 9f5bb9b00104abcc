// Command buildbook builds the Othello opening book (book.go) and writes
// book.bin: deviation-limited expansion, breadth first from the start. An
// expanded position has every child searched to -depth plies (the pattern
// evaluation with multi-ProbCut, no book); the children within
// bookDeviation of the best are expanded in turn, up to -plies plies,
// until -positions positions have been searched. Symmetric positions and
// transpositions are one node (othelloai.BookKey). Then every expanded
// position takes the negamax of its children's values, deepest first, and
// each value is stored in half-discs. The shipped book.bin was built with
//
//	go run ./ai/othelloai/cmd/buildbook -positions 16000 -depth 12 -out ai/othelloai/book.bin
package main

import (
	"context"
	"flag"
	"log"
	"math/bits"
	"os"
	"slices"
	"time"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// bookDeviation is how far below the best child (evaluation units, 100 a
// disc) a child may score and still be expanded, by the ply of its parent,
// and bookBranch how many children of one parent are expanded at most.
func bookDeviation(ply int) (dev, branch int) {
	switch {
	case ply < 4:
		return 300, 4
	case ply < 8:
		return 200, 3
	case ply < 12:
		return 120, 2
	default:
		return 60, 2
	}
}

func main() {
	ai.Use(games.Knowledge())
	budget := flag.Int("positions", 20000, "positions to search")
	depth := flag.Int("depth", 10, "search depth of a position, in plies")
	maxPly := flag.Int("plies", 16, "deepest ply expanded")
	out := flag.String("out", "book.bin", "book file to write")
	flag.Parse()

	type node struct {
		b        *othello.Board
		key      uint64
		value    int // evaluation units, side to move's view
		expanded bool
		children []uint64
	}
	nodes := map[uint64]*node{}
	eng := ai.NewEngine(64)
	searched := 0
	start := time.Now()
	search := func(b *othello.Board) int {
		searched++
		if over, sc := b.Outcome(); over {
			return sc * 100
		}
		res := eng.Search(context.Background(), b, ai.Limits{Depth: *depth}, nil)
		return res.Score
	}
	root := othello.New()
	own, opp := root.Bitboards()
	rk := othelloai.BookKey(own, opp)
	nodes[rk] = &node{b: root, key: rk, value: search(root)}
	queue := []uint64{rk}
	for ply := 0; ply < *maxPly && len(queue) > 0 && searched < *budget; ply++ {
		var next []uint64
		for _, k := range queue {
			if searched >= *budget {
				break
			}
			n := nodes[k]
			if own, opp := n.b.Bitboards(); othello.MovesMask(own, opp) == 0 {
				continue // a pass or the end: not expanded
			}
			type cand struct {
				key   uint64
				value int // the parent's view
			}
			var cands []cand
			for m := othello.MovesMask(n.b.Bitboards()); m != 0; m &= m - 1 {
				c := n.b.Copy()
				c.Play(rules.Move(bits.TrailingZeros64(m)))
				co, cp := c.Bitboards()
				ck := othelloai.BookKey(co, cp)
				cn, seen := nodes[ck]
				if !seen {
					cn = &node{b: c, key: ck, value: search(c)}
					nodes[ck] = cn
				}
				n.children = append(n.children, ck)
				if !slices.ContainsFunc(cands, func(x cand) bool { return x.key == ck }) {
					cands = append(cands, cand{ck, -cn.value})
				}
			}
			n.expanded = true
			slices.SortFunc(cands, func(a, b cand) int { return b.value - a.value })
			dev, branch := bookDeviation(ply)
			for i, c := range cands {
				if i >= branch || c.value < cands[0].value-dev {
					break
				}
				if cn := nodes[c.key]; !cn.expanded && !slices.Contains(next, c.key) && ply+1 < *maxPly {
					next = append(next, c.key)
				}
			}
		}
		log.Printf("ply %d: %d expanded, %d searched, %v", ply, len(queue), searched, time.Since(start).Round(time.Second))
		queue = next
	}

	// Negamax, deepest first: a child always has one disc more.
	var order []*node
	for _, n := range nodes {
		if n.expanded {
			order = append(order, n)
		}
	}
	slices.SortFunc(order, func(a, b *node) int { return b.b.Plies() - a.b.Plies() })
	for _, n := range order {
		best := -1 << 30
		for _, ck := range n.children {
			best = max(best, -nodes[ck].value)
		}
		n.value = best
	}
	entries := make(map[uint64]int8, len(nodes))
	for k, n := range nodes {
		v := (n.value + othelloai.BookUnit/2*ai.Sign(n.value)) / othelloai.BookUnit
		entries[k] = int8(max(-127, min(127, v)))
	}
	data := othelloai.EncodeBook(entries)
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d positions (%d expanded), root %+.1f discs, %d bytes to %s in %v",
		len(entries), len(order), float64(nodes[rk].value)/100, len(data), *out, time.Since(start).Round(time.Second))
}
