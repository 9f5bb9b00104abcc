package othelloai

import (
	"math/rand/v2"
	"testing"

	"planiverse/ai/explaintest"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// TestExplainOnPlayedGames: the explanations of random games' moves are
// sentences about the move played that leave the position unchanged
// (explaintest.CheckPlayedGames).
func TestExplainOnPlayedGames(t *testing.T) {
	explaintest.CheckPlayedGames(t, New(), func(seed uint64, r *rand.Rand) rules.State { return othello.New() })
}
