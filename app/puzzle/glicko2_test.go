package puzzle

import (
	"math"
	"testing"
)

// TestGlicko2PaperExample reproduces the worked example of Glickman's
// "Example of the Glicko-2 system": a 1500/200/0.06 player beats a
// 1400/30 player and loses to 1550/100 and 1700/300 ones, tau 0.5, and
// ends at 1464.06, RD 151.52, volatility 0.05999. The paper rounds its
// intermediate values (mu' = -0.2069 before scaling); unrounded, the
// rating is 1464.05, so the rating is checked to 0.02.
func TestGlicko2PaperExample(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Vol: 0.06}
	got := p.Update([]Result{
		{Opponent: Rating{R: 1400, RD: 30}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300}, Score: 0},
	}, 0.5)
	if math.Abs(got.R-1464.06) > 0.02 || math.Abs(got.RD-151.52) > 0.01 || math.Abs(got.Vol-0.05999) > 0.00001 {
		t.Errorf("got %.3f/%.3f/%.6f, want 1464.06/151.52/0.05999", got.R, got.RD, got.Vol)
	}
}

// TestGlicko2NoGames checks that a period without games only widens the
// deviation (step 6 of the paper).
func TestGlicko2NoGames(t *testing.T) {
	p := Rating{R: 1700, RD: 100, Vol: 0.06}
	got := p.Update(nil, Tau)
	if got.R != 1700 || got.RD <= 100 || got.Vol != 0.06 {
		t.Errorf("got %+v, want rating 1700, a wider deviation, volatility 0.06", got)
	}
}

// TestRateMovesRatings checks that solving a puzzle raises the
// player's rating and lowers the puzzle's, and failing does the opposite.
func TestRateMovesRatings(t *testing.T) {
	p, pz := Rate(NewPlayer, 1500, true)
	if p.R <= 1500 || pz >= 1500 || p.RD >= NewPlayer.RD {
		t.Errorf("solved: player %+v puzzle %d; want the player up, narrower, and the puzzle down", p, pz)
	}
	p, pz = Rate(NewPlayer, 1500, false)
	if p.R >= 1500 || pz <= 1500 {
		t.Errorf("failed: player %+v puzzle %d; want the player down and the puzzle up", p, pz)
	}
}
