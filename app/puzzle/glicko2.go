package puzzle

import "math"

// Rating is a Glicko-2 rating (Glickman, "Example of the Glicko-2
// system", 2013): the rating on the Glicko scale (1500 a beginner), its
// rating deviation RD (the uncertainty, on the same scale) and the
// volatility (how erratic the player's results are).
type Rating struct {
	R, RD, Vol float64
}

// The Glicko-2 constants.
const (
	// Tau constrains the change of volatility; the paper's example uses
	// 0.5 (it suggests 0.3 to 1.2).
	Tau = 0.5
	// glickoScale converts the Glicko scale to Glicko-2's (the paper's
	// 173.7178 = 400/ln 10).
	glickoScale = 173.7178
	// volEpsilon is the paper's convergence tolerance of the volatility.
	volEpsilon = 0.000001
	// maxRD caps a rating deviation at a beginner's.
	maxRD = 350
)

// NewPlayer is a new player's rating: the paper's defaults.
var NewPlayer = Rating{R: 1500, RD: 350, Vol: 0.06}

// PuzzleRD is the deviation given to a puzzle's rating in an attempt:
// puzzles' ratings are estimates from their difficulty, not from many
// games.
const PuzzleRD = 80

// Result is one game of a rating period: the opponent's rating and the
// score (1 a win, 0.5 a draw, 0 a loss).
type Result struct {
	Opponent Rating
	Score    float64
}

// Update returns r after a rating period with results (step 1 to 8 of
// the paper, with system constant tau). With no results only the
// deviation grows.
func (r Rating) Update(results []Result, tau float64) Rating {
	mu, phi := (r.R-1500)/glickoScale, r.RD/glickoScale
	if len(results) == 0 {
		phi = math.Sqrt(phi*phi + r.Vol*r.Vol)
		return Rating{R: r.R, RD: min(maxRD, phi*glickoScale), Vol: r.Vol}
	}
	var vInv, sum float64
	for _, o := range results {
		muJ, phiJ := (o.Opponent.R-1500)/glickoScale, o.Opponent.RD/glickoScale
		g := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-g*(mu-muJ)))
		vInv += g * g * e * (1 - e)
		sum += g * (o.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	sigma := newVolatility(phi, r.Vol, v, delta, tau)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Rating{R: glickoScale*muNew + 1500, RD: min(maxRD, glickoScale*phiNew), Vol: sigma}
}

// newVolatility is step 5 of the paper: the new volatility by the
// Illinois algorithm.
func newVolatility(phi, sigma, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > volEpsilon {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Rate returns the player's and the puzzle's ratings after one
// attempt: the player won it when solved. The puzzle plays with
// deviation PuzzleRD and keeps its volatility at the player's default.
func Rate(player Rating, puzzleRating int, solved bool) (newPlayer Rating, newPuzzle int) {
	score := 0.0
	if solved {
		score = 1
	}
	pz := Rating{R: float64(puzzleRating), RD: PuzzleRD, Vol: NewPlayer.Vol}
	newPlayer = player.Update([]Result{{Opponent: pz, Score: score}}, Tau)
	after := pz.Update([]Result{{Opponent: player, Score: 1 - score}}, Tau)
	return newPlayer, max(MinRating, min(MaxRating, int(math.Round(after.R))))
}
