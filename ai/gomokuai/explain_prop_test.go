package gomokuai

import (
	"math/rand/v2"
	"testing"

	"planiverse/ai/explaintest"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// TestExplainOnPlayedGames: the explanations of random games' moves are
// sentences about the move played that leave the position unchanged
// (explaintest.CheckPlayedGames).
func TestExplainOnPlayedGames(t *testing.T) {
	explaintest.CheckPlayedGames(t, New(), func(seed uint64, r *rand.Rand) rules.State { return mustGomoku(t) })
}

// mustGomoku returns an empty 15x15 freestyle board.
func mustGomoku(t *testing.T) *gomoku.Game {
	g, err := gomoku.New(gomoku.Options{Size: 15})
	if err != nil {
		t.Fatal(err)
	}
	return g
}
