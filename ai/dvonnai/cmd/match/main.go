// Command match plays dvonnai against a plain material evaluation (the
// controlled height difference, 100 a piece) at equal fixed depth, each
// random placement twice with colors exchanged, and prints the tally and
// the total margin. It checks nothing about strength; record results in
// ai/dvonnai/EXPERIMENTS.md.
//
// Run from the repository root:
//
//	go run ./ai/dvonnai/cmd/match -games 20 -depth 3 [-place]
//
// With -place the engines also place the pieces, after a random first DVONN
// piece; otherwise the whole placement is random.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"

	"planiverse/ai"
	"planiverse/ai/dvonnai"
	"planiverse/ai/games"
	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// material is the plain evaluation of Hoyte's DVONN program (seeds/004):
// controlled height difference, 100 per piece.
type material struct{}

func (material) Evaluate(s rules.State) int {
	g := s.(*dvonn.Game)
	w, b := g.Score()
	v := 100 * (w - b)
	if g.ToMove() == rules.Second {
		v = -v
	}
	return v
}

// playGame plays one game from a random placement (seed) between two
// engines at a fixed depth; it returns White's final margin.
func playGame(white, black ai.Knowledge, depth int, seed uint64, place bool) int {
	g := dvonn.New()
	if place {
		ms := g.Moves(nil)
		g.Play(ms[rand.New(rand.NewPCG(seed, 0)).IntN(len(ms))])
	} else {
		g.PlaceRandom(rand.New(rand.NewPCG(seed, 0)))
	}
	engines := [2]*ai.Engine{ai.NewEngine(8), ai.NewEngine(8)}
	engines[0].SetKnowledge(white)
	engines[1].SetKnowledge(black)
	for {
		if over, _ := g.Outcome(); over {
			w, b := g.Score()
			return w - b
		}
		res := engines[g.ToMove()].Search(context.Background(), g, ai.Limits{Depth: depth}, nil)
		g.Play(res.Move)
	}
}

func main() {
	ai.Use(games.Knowledge())
	games := flag.Int("games", 10, "random placements, each played with both colors")
	depth := flag.Int("depth", 3, "search depth of both engines, in plies")
	place := flag.Bool("place", false, "the engines place the pieces too (after a random first DVONN piece)")
	flag.Parse()
	wins, losses, draws, margin := 0, 0, 0, 0
	for i := range *games {
		for color := range 2 {
			var m int
			if color == 0 {
				m = playGame(dvonnai.New(), material{}, *depth, uint64(i), *place)
			} else {
				m = -playGame(material{}, dvonnai.New(), *depth, uint64(i), *place)
			}
			margin += m
			switch {
			case m > 0:
				wins++
			case m < 0:
				losses++
			default:
				draws++
			}
		}
	}
	fmt.Printf("dvonnai vs material at depth %d: +%d -%d =%d, total margin %+d\n", *depth, wins, losses, draws, margin)
}
