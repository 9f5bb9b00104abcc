// Package patfit is the pattern weights' training and fitting code of the
// tools under ai/othelloai/cmd: self-play games, TD(λ) targets, stage by
// stage least-squares fits by stochastic gradient descent, and the
// labeled-position records the label tools write and the fit reads.
// Nothing in the engine uses it.
package patfit

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"sync"

	"planiverse/ai"
	"planiverse/ai/othelloai"
	"planiverse/rules/othello"
)

// layout is the pattern tables' layout.
var layout = othelloai.PatternTableLayout()

// Config sets one training run.
type Config struct {
	Games         int    // self-play games
	Seed          uint64 // seed of every random choice: games are reproducible one by one, up to ties between equally good moves of the exact solver, whose table is shared between games
	Workers       int    // goroutines generating games
	Depth         int    // alpha-beta depth (plies) of the self-play moves
	SolveEmpties  int    // from this many empties on, moves are played by SolveExact
	Epochs        int    // passes of stochastic gradient descent per stage
	MinRandom     int    // random opening plies: uniform in [MinRandom, MaxRandom]
	MaxRandom     int
	RandomPercent int // later, a move is random with this probability (%) above SolveEmpties
	// Lambda < 1 adds a second fit on backed-up targets: a position above
	// SolveEmpties is labeled (1-Lambda) × the current weights' evaluation of
	// the next position + Lambda × the next position's target (TD(λ)
	// returns, from the end of the game backwards), which is less noisy
	// than the bare game result. Lambda = 1 keeps the game results.
	Lambda float64
	// Generations of self-play and fitting (see Train).
	Generations int
	// Init, when set, are the weights the first generation plays with
	// (instead of EvaluateBitboards), so a run continues an earlier one;
	// its games are then fitted once, on TD(λ) targets under Init.
	Init [][]int16
	// Pass1Out, when set, also receives the first fit's weights file
	// (game results as targets) and GenOut each generation's.
	Pass1Out func([]byte) error
	GenOut   func(gen int, data []byte) error
	Log      io.Writer
}

// DefaultConfig is the configuration of the first two generations of
// patterns.bin (a third generation and two rounds of search labels
// followed; see pattern.go).
var DefaultConfig = Config{
	Games:         60000,
	Seed:          2026,
	Workers:       2,
	Depth:         3,
	SolveEmpties:  SolveEmpties,
	Epochs:        20,
	MinRandom:     2,
	MaxRandom:     14,
	RandomPercent: 2,
	Lambda:        0.7,
	Generations:   2,
}

// SolveEmpties is DefaultConfig.SolveEmpties: the
// self-play games behind patterns.bin are played perfectly (SolveExact)
// from this many empty squares on.
const SolveEmpties = 14

// cornerMask is the four corners.
const cornerMask uint64 = 0x8100000000000081

// sample is one training position: side to move's discs, the opponent's,
// and the target (final disc difference for the side to move).
type sample struct {
	own, opp uint64
	label    float32
	first    bool // the side to move is the game's first player
}

// selfPlayGame plays game number i of generation gen of the configuration,
// the searches evaluating leaves with the pattern weights w (nil:
// EvaluateBitboards), and returns its positions (those where the side to
// move has a move), each labeled with the game's final disc difference
// from its side to move's view.
func selfPlayGame(cfg *Config, gen, i int, w [][]int16) []sample {
	r := rand.New(rand.NewPCG(cfg.Seed+uint64(gen), uint64(i)))
	own, opp := othello.New().Bitboards()
	var pos []sample
	first := true
	nRandom := cfg.MinRandom + r.IntN(cfg.MaxRandom-cfg.MinRandom+1)
	for ply := 0; ; ply++ {
		moves := othello.MovesMask(own, opp)
		if moves == 0 {
			if othello.MovesMask(opp, own) == 0 {
				break
			}
			own, opp, first = opp, own, !first
			continue
		}
		pos = append(pos, sample{own: own, opp: opp, first: first})
		e := bits.OnesCount64(^(own | opp))
		var sq int
		switch {
		case ply < nRandom || e > cfg.SolveEmpties && r.IntN(100) < cfg.RandomPercent:
			sq = randomSquare(r, moves)
		case e <= cfg.SolveEmpties:
			sq, _ = solveMove(own, opp)
		default:
			sq = searchRoot(r, own, opp, moves, cfg.Depth, w)
		}
		f := othello.FlipsMask(sq, own, opp)
		own, opp = opp&^f, own|f|1<<sq
		first = !first
	}
	final := float32(othello.FinalScore(own, opp)) // for the side "first" to move at the end
	for k := range pos {
		if pos[k].first == first {
			pos[k].label = final
		} else {
			pos[k].label = -final
		}
	}
	return pos
}

// solveMove returns a best move of the position and its exact value (final
// disc difference for the side to move) by an exact solve (the side to
// move must have a move).
func solveMove(own, opp uint64) (sq, discDiff int) {
	m, v, _, _ := othelloai.SolveExact(context.Background(), Board(own, opp))
	return int(m), v
}

// randomSquare returns a uniformly chosen square of the non-empty mask.
func randomSquare(r *rand.Rand, mask uint64) int {
	n := r.IntN(bits.OnesCount64(mask))
	for ; n > 0; n-- {
		mask &= mask - 1
	}
	return bits.TrailingZeros64(mask)
}

// searchRoot returns the move of moves with the best depth-ply alpha-beta
// value with leaves evaluated by the weights w (nil: EvaluateBitboards), a
// little noise (under a tenth of a disc) breaking ties differently from
// game to game.
func searchRoot(r *rand.Rand, own, opp, moves uint64, depth int, w [][]int16) int {
	best, bestV := -1, math.MinInt
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := othello.FlipsMask(sq, own, opp)
		v := -alphaBeta(opp&^f, own|f|1<<sq, depth-1, -ai.WinScore, ai.WinScore, false, w)
		v = 4*v + r.IntN(40)
		if v > bestV {
			best, bestV = sq, v
		}
	}
	return best
}

// alphaBeta is a plain negamax alpha-beta on bitboards with the pattern
// weights w (nil: EvaluateBitboards) at the leaves (moves in square order,
// corners first); passed is set when the opponent has just passed.
func alphaBeta(own, opp uint64, depth, alpha, beta int, passed bool, w [][]int16) int {
	moves := othello.MovesMask(own, opp)
	if moves == 0 {
		if passed || othello.MovesMask(opp, own) == 0 {
			return 100 * othello.FinalScore(own, opp)
		}
		return -alphaBeta(opp, own, depth, -beta, -alpha, true, w)
	}
	if depth <= 0 {
		if w == nil {
			return othelloai.EvaluateBitboards(own, opp)
		}
		return othelloai.EvaluatePatternsWith(w, own, opp)
	}
	best := -ai.WinScore
	for _, m := range [2]uint64{moves & cornerMask, moves &^ cornerMask} {
		for ; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			f := othello.FlipsMask(sq, own, opp)
			v := -alphaBeta(opp&^f, own|f|1<<sq, depth-1, -beta, -alpha, false, w)
			if v > best {
				best = v
				if v > alpha {
					alpha = v
					if v >= beta {
						return v
					}
				}
			}
		}
	}
	return best
}

// generateSamples plays the cfg.Games self-play games of generation gen
// (leaves evaluated by w, nil for EvaluateBitboards) on cfg.Workers
// goroutines and returns their positions, game by game.
func generateSamples(cfg *Config, gen int, w [][]int16) [][]sample {
	games := make([][]sample, cfg.Games)
	var wg sync.WaitGroup
	var mu sync.Mutex
	next, done := 0, 0
	for range max(1, cfg.Workers) {
		wg.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= cfg.Games {
					return
				}
				g := selfPlayGame(cfg, gen, i, w)
				mu.Lock()
				games[i] = g
				done++
				if cfg.Log != nil && done%500 == 0 {
					fmt.Fprintf(cfg.Log, "self-play: %d/%d games\n", done, cfg.Games)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return games
}

// flatten concatenates the games' positions.
func flatten(games [][]sample) []sample {
	var all []sample
	for _, g := range games {
		all = append(all, g...)
	}
	return all
}

// backUp relabels, in place, the positions of each game above
// solveEmpties empties with TD(λ) targets under the evaluation w (see
// Config.Lambda); the solved positions keep their exact labels.
func backUp(games [][]sample, w [][]int16, lambda float64, solveEmpties int) {
	for _, g := range games {
		for k := len(g) - 2; k >= 0; k-- {
			if bits.OnesCount64(^(g[k].own | g[k].opp)) <= solveEmpties {
				continue
			}
			n := &g[k+1]
			v := float64(othelloai.EvaluatePatternsWith(w, n.own, n.opp)) / 100
			t := float32((1-lambda)*v + lambda*float64(n.label))
			if g[k].first != n.first {
				t = -t
			}
			g[k].label = t
		}
	}
}

// fitStage fits the weights of stage st by stochastic gradient descent on
// the squared error (in discs) over the samples of stages st-1..st+1 (the
// neighbors smooth the thin tables), every tenth of them held out:
// the weights of the epoch with the least held-out error are kept. It
// returns them in evaluation units (1/100 disc) with the held-out root
// mean square error in discs.
func fitStage(cfg *Config, all []sample, st int) ([]int16, float64, int) {
	var train, valid []Row
	for i, s := range all {
		e := bits.OnesCount64(^(s.own | s.opp))
		if d := othelloai.PatternStage(e) - st; d < -1 || d > 1 {
			continue
		}
		rw := NewRow(s.own, s.opp, s.label)
		if i%10 == 0 {
			valid = append(valid, rw)
		} else {
			train = append(train, rw)
		}
	}
	w := make([]float32, layout.TableSize)
	best := make([]float32, layout.TableSize)
	bestErr := math.Inf(1)
	r := rand.New(rand.NewPCG(cfg.Seed, uint64(1000+st)))
	order := make([]int, len(train))
	for i := range order {
		order[i] = i
	}
	for ep := 0; ep < cfg.Epochs; ep++ {
		// Step per weight occurrence: 88 instances share each error.
		lr := float32(0.004) * float32(math.Pow(0.1, float64(ep)/float64(cfg.Epochs)))
		SGDEpoch(w, train, order, lr, r)
		if se := MeanSquaredError(w, valid); se < bestErr {
			bestErr = se
			copy(best, w)
		}
	}
	return EvalUnits(best), math.Sqrt(bestErr), len(train)
}

// Row is one training position of a stage fit: its pattern instances
// (indices into the stage table), its mobility feature and its target in
// discs.
type Row struct {
	f      [othelloai.PatternFeatureCount]int32
	mob    float32
	par    float32 // 1 when the empties are odd (layout.Parity)
	target float32
}

// NewRow returns the row of the position (own, opp) with the target.
func NewRow(own, opp uint64, target float32) Row {
	rw := Row{mob: float32(othelloai.MobilityFeature(own, opp)), target: target}
	if bits.OnesCount64(^(own|opp))%2 == 1 {
		rw.par = 1
	}
	othelloai.PatternFeatures(own, opp, &rw.f)
	return rw
}

// predict returns the row's evaluation in discs under the stage table w
// (weights in discs).
func (rw *Row) predict(w []float32) float32 {
	v := w[layout.Bias] + rw.mob*w[layout.Mobility] + rw.par*w[layout.Parity]
	for _, i := range rw.f {
		v += w[i]
	}
	return v
}

// SGDEpoch makes one pass of stochastic gradient descent on the squared
// error over train, in an order shuffled by r (order holds the indices of
// train), with step lr per weight occurrence; the mobility weight moves
// by a sixteenth of its gradient.
func SGDEpoch(w []float32, train []Row, order []int, lr float32, r *rand.Rand) {
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	for _, k := range order {
		rw := &train[k]
		d := lr * (rw.target - rw.predict(w))
		for _, i := range rw.f {
			w[i] += d
		}
		w[layout.Bias] += d
		w[layout.Mobility] += d * rw.mob / 16
		w[layout.Parity] += d * rw.par
	}
}

// MeanSquaredError returns the mean squared error (discs²) of the stage
// table w over rows, 0 when there are none.
func MeanSquaredError(w []float32, rows []Row) float64 {
	var se float64
	for k := range rows {
		d := float64(rows[k].target - rows[k].predict(w))
		se += d * d
	}
	if len(rows) > 0 {
		se /= float64(len(rows))
	}
	return se
}

// EvalUnits converts a stage table in discs to evaluation units (1/100
// disc), clamped to the int16 range.
func EvalUnits(w []float32) []int16 {
	out := make([]int16, len(w))
	for i, v := range w {
		out[i] = int16(max(-32000, min(32000, math.Round(float64(v)*100))))
	}
	return out
}

// Train runs cfg.Generations generations of self-play and fitting
// and returns the encoded weights file. Generation 1 plays with
// EvaluateBitboards, fits the game results, relabels the positions with
// TD(λ) targets under that fit (cfg.Lambda) and fits again; each later
// generation (and the first, when cfg.Init is set) plays with the
// previous generation's weights, relabels its games with TD(λ) targets
// under them, and fits.
func Train(cfg *Config) ([]byte, error) {
	w := cfg.Init
	for gen := 1; gen <= max(1, cfg.Generations); gen++ {
		games := generateSamples(cfg, gen, w)
		if w == nil {
			w = fitAll(cfg, flatten(games))
			if cfg.Pass1Out != nil {
				data, err := othelloai.EncodePatternWeights(w)
				if err != nil {
					return nil, err
				}
				if err := cfg.Pass1Out(data); err != nil {
					return nil, err
				}
			}
		}
		if cfg.Lambda < 1 {
			backUp(games, w, cfg.Lambda, cfg.SolveEmpties)
		}
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, "generation %d: fit on TD(%.2f) targets\n", gen, cfg.Lambda)
		}
		w = fitAll(cfg, flatten(games))
		if cfg.GenOut != nil {
			data, err := othelloai.EncodePatternWeights(w)
			if err != nil {
				return nil, err
			}
			if err := cfg.GenOut(gen, data); err != nil {
				return nil, err
			}
		}
	}
	return othelloai.EncodePatternWeights(w)
}

// fitAll fits every stage on the positions all.
func fitAll(cfg *Config, all []sample) [][]int16 {
	if cfg.Log != nil {
		fmt.Fprintf(cfg.Log, "fit: %d positions\n", len(all))
	}
	w := make([][]int16, layout.Stages)
	for st := range w {
		var rmse float64
		var n int
		w[st], rmse, n = fitStage(cfg, all, st)
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, "stage %d (%d-%d empties): %d training positions, held-out RMSE %.2f discs\n",
				st, st*layout.StageWidth+1, (st+1)*layout.StageWidth, n, rmse)
		}
	}
	return w
}

// Board returns the board of the position with own to move (as Black).
func Board(own, opp uint64) *othello.Board {
	var s []byte
	for sq := 0; sq < 64; sq++ {
		switch {
		case own>>sq&1 != 0:
			s = append(s, 'X')
		case opp>>sq&1 != 0:
			s = append(s, 'O')
		default:
			s = append(s, '-')
		}
	}
	b, err := othello.ParsePosition(string(append(s, " X"...)))
	if err != nil {
		panic(err) // own and opp overlap
	}
	return b
}
