package alakai

import (
	"math/rand/v2"
	"testing"

	"planiverse/ai/explaintest"
	"planiverse/rules"
	"planiverse/rules/alak"
)

// TestExplainOnPlayedGames: the explanations of random games' moves are
// sentences about the move played that leave the position unchanged
// (explaintest.CheckPlayedGames).
func TestExplainOnPlayedGames(t *testing.T) {
	explaintest.CheckPlayedGames(t, New(), func(seed uint64, r *rand.Rand) rules.State { return alakGame(seed) })
}

// alakGame returns classic Alak for odd seeds, modern Alak on 11 points
// for even ones.
func alakGame(seed uint64) *alak.Game {
	if seed%2 == 1 {
		return alak.NewClassic()
	}
	g, _ := alak.NewModern(alak.DefaultPoints)
	return g
}
