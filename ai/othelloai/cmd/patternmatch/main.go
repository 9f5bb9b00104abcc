// Command patternmatch plays the pattern evaluation against the hand
// evaluation (EvaluateBitboards) at a fixed depth from random openings,
// each opening twice with the colors swapped (minutes of CPU). -hand-depth
// gives the hand evaluation another depth (a handicap standing for its
// greater speed). Both sides solve exactly from 10 empties.
//
//	nice -n 10 go run ./ai/othelloai/cmd/patternmatch -games 200 -depth 4
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"sync"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

func main() {
	ai.Use(games.Knowledge())
	gamesFlag := flag.Int("games", 200, "games to play")
	depthFlag := flag.Int("depth", 4, "search depth of the pattern evaluation's side")
	pliesFlag := flag.Int("plies", 8, "random opening plies")
	handFlag := flag.Int("hand-depth", 0, "search depth of the hand evaluation's side (default: -depth)")
	flag.Parse()
	games, depth, plies, handDepth := *gamesFlag, *depthFlag, *pliesFlag, *handFlag
	if handDepth == 0 {
		handDepth = depth
	}
	if ok, err := othelloai.PatternWeightsLoaded(); !ok {
		log.Fatalf("pattern weights unusable: %v", err)
	}
	results := make([]int, games) // pattern side's disc difference per game
	var wg sync.WaitGroup
	var mu sync.Mutex
	next := 0
	for range 2 {
		wg.Go(func() {
			pat, hand := matchPlayer(othelloai.EvaluatePatterns, 10), matchPlayer(othelloai.EvaluateBitboards, 10)
			for {
				mu.Lock()
				g := next
				next++
				mu.Unlock()
				if g >= games {
					return
				}
				b := randomOpening(uint64(g/2), plies)
				if g%2 == 0 {
					results[g] = playMatchGame(b, [2]*ai.Engine{pat, hand}, [2]int{depth, handDepth})
				} else {
					results[g] = -playMatchGame(b, [2]*ai.Engine{hand, pat}, [2]int{handDepth, depth})
				}
			}
		})
	}
	wg.Wait()
	var wins, draws, losses, discs int
	for _, d := range results {
		discs += d
		switch {
		case d > 0:
			wins++
		case d < 0:
			losses++
		default:
			draws++
		}
	}
	score := (float64(wins) + float64(draws)/2) / float64(games)
	fmt.Printf("pattern vs hand evaluation, depth %d vs %d, %d games (%d openings of %d random plies, colors swapped): +%d =%d -%d, score %.1f%%, mean disc difference %+.2f\n",
		depth, handDepth, games, games/2, plies, wins, draws, losses, 100*score, float64(discs)/float64(games))
}

// evalKnowledge is the Othello knowledge (move ordering, endgame solver)
// with its evaluation replaced by eval.
type evalKnowledge struct {
	*othelloai.Knowledge
	eval func(own, opp uint64) int
}

func (k evalKnowledge) Evaluate(s rules.State) int {
	b, ok := s.(*othello.Board)
	if !ok {
		return 0
	}
	return k.eval(b.Bitboards())
}

// matchPlayer builds a player's engine: knowledge with evaluation eval and
// an endgame solve from solve empties, at a fixed depth.
func matchPlayer(eval func(own, opp uint64) int, solve int) *ai.Engine {
	e := ai.NewEngine(8)
	e.SetKnowledge(evalKnowledge{Knowledge: &othelloai.Knowledge{MaxSolveEmpties: solve}, eval: eval})
	return e
}

// playMatchGame plays b to the end, players[0] moving for Black (the side to
// move at the start of the game, rules.First), players[i] searching to
// depths[i], and returns Black's final disc difference.
func playMatchGame(b *othello.Board, players [2]*ai.Engine, depths [2]int) int {
	for _, p := range players {
		p.ClearHash()
	}
	for {
		if over, _ := b.Outcome(); over {
			own, opp := b.Bitboards()
			if b.ToMove() == rules.First {
				return othello.FinalScore(own, opp)
			}
			return -othello.FinalScore(own, opp)
		}
		i := 0
		if b.ToMove() != rules.First {
			i = 1
		}
		res := players[i].Search(context.Background(), b, ai.Limits{Depth: depths[i]}, nil)
		if res.Move == rules.NoMove {
			log.Fatalf("no move in a live position\n%s", b)
		}
		b.Play(res.Move)
	}
}

// randomOpening plays plies random moves from the start (fewer if the game
// would end), reproducibly for a seed.
func randomOpening(seed uint64, plies int) *othello.Board {
	r := rand.New(rand.NewPCG(seed, 77))
	b := othello.New()
	var buf []rules.Move
	for range plies {
		buf = b.Moves(buf[:0])
		if len(buf) == 0 {
			break
		}
		b.Play(buf[r.IntN(len(buf))])
		if over, _ := b.Outcome(); over {
			b.Undo()
			break
		}
	}
	return b
}
