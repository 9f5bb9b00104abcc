package othelloai_test

import (
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"sync"
	"testing"

	"planiverse/ai"
	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

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
func playMatchGame(t *testing.T, b *othello.Board, players [2]*ai.Engine, depths [2]int) int {
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
			t.Errorf("no move in a live position\n%s", b)
			return 0
		}
		b.Play(res.Move)
	}
}

// TestPatternMatch plays the pattern evaluation against the hand evaluation
// at equal fixed depth from random openings, each opening twice with the
// colours swapped (run only when asked; minutes of CPU):
//
//	OTHELLO_MATCH=1 nice -n 10 go test -run TestPatternMatch -v -timeout 0 ./ai/othelloai
//
// OTHELLO_MATCH_GAMES (default 200), OTHELLO_MATCH_DEPTH (default 4) and
// OTHELLO_MATCH_PLIES (random opening plies, default 8) change the setting;
// OTHELLO_MATCH_HAND_DEPTH gives the hand evaluation another depth (a
// handicap standing for its greater speed).
// Both sides solve exactly from 10 empties.
func TestPatternMatch(t *testing.T) {
	if os.Getenv("OTHELLO_MATCH") == "" {
		t.Skip("set OTHELLO_MATCH=1 to play the pattern-vs-hand evaluation match")
	}
	env := func(name string, def int) int {
		if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
			return n
		}
		return def
	}
	games, depth, plies := env("OTHELLO_MATCH_GAMES", 200), env("OTHELLO_MATCH_DEPTH", 4), env("OTHELLO_MATCH_PLIES", 8)
	handDepth := env("OTHELLO_MATCH_HAND_DEPTH", depth)
	if ok, err := othelloai.PatternWeightsLoaded(); !ok {
		t.Fatalf("pattern weights unusable: %v", err)
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
					results[g] = playMatchGame(t, b, [2]*ai.Engine{pat, hand}, [2]int{depth, handDepth})
				} else {
					results[g] = -playMatchGame(t, b, [2]*ai.Engine{hand, pat}, [2]int{handDepth, depth})
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
	t.Logf("pattern vs hand evaluation, depth %d vs %d, %d games (%d openings of %d random plies, colours swapped): +%d =%d -%d, score %.1f%%, mean disc difference %+.2f",
		depth, handDepth, games, games/2, plies, wins, draws, losses, 100*score, float64(discs)/float64(games))
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
