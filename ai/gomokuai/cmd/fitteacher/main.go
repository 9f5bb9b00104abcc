// Command fitteacher fits the Gomoku evaluation's weights (evalweights.go:
// evalWindowShare, evalTempo, classValue, threatValue) to positions
// labeled by a stronger engine, and writes them as evalweights.go.
//
// It reads the label files of -labels (comma-separated; the format is
// package internal/evalfit's). The features are those of
// gomokuai.Features: the live-window sum, the tempo, and per color the
// number of empty points of each pattern class, one weight per class for
// the side to move and one for the opponent, and one weight per pair of
// threat masks (the side to move's and the opponent's); positions where a
// threat term of the evaluation applies (evalfit.Quiet) are left out. The
// teacher's values are read as win probabilities (evalfit.TeacherProb).
// The fit is a logistic regression (Newton steps) whose scale K
// (evaluation units per logit) is that of the shipped weights, with a
// ridge toward the shipped weights of -ridge times the curvature plus
// -ridge-abs, so that rare classes stay near their old values. The
// classes a quiet position cannot hold for the side to move (a five or an
// open four: the threat terms take over), the empty class and the pair of
// empty threat masks keep their values. A fifth of the positions, by
// opening, are held out, and the log gives their mean log loss. The label
// sets behind the shipped weights and the fits tried are in
// ai/gomokuai/EXPERIMENTS.md, "fitteacher".
//
//	go run ./ai/gomokuai/cmd/fitteacher -labels labels.txt,more.txt \
//		-out ai/gomokuai/evalweights.go
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"slices"

	"planiverse/ai/gomokuai"
	"planiverse/ai/gomokuai/internal/evalfit"
)

// generator names this program in the header of evalweights.go.
const generator = "ai/gomokuai/cmd/fitteacher"

func main() {
	labels := flag.String("labels", "", "label files, comma-separated (required)")
	out := flag.String("out", "", "file to write the fitted weights to as Go source (evalweights.go); none when empty")
	rel := flag.Float64("ridge", 0.01, "ridge toward the shipped weights, times the curvature")
	abs := flag.Float64("ridge-abs", 1e-5, "ridge toward the shipped weights, absolute")
	flag.Parse()
	if *labels == "" {
		flag.Usage()
		os.Exit(2)
	}
	ps, err := evalfit.ReadLabels(*labels)
	if err != nil {
		fatal(err)
	}
	prior, fixed := evalfit.Prior()
	rows := quietRows(ps, prior)
	ok := true
	if mism := mismatches(rows, prior); mism > 0 {
		fmt.Fprintf(os.Stderr, "%d positions where the features do not reproduce the evaluation\n", mism)
		ok = false
	}
	train, valid := split(rows)
	// The scale K of the shipped weights.
	K, bestL := 0.0, math.Inf(1)
	for k := 50.0; k < 5000; k *= 1.05 {
		if l, _ := loss(prior, train, k); l < bestL {
			K, bestL = k, l
		}
	}
	lv, av := loss(prior, valid, K)
	fmt.Printf("%d rows (train %d, valid %d); shipped: K %.0f train %.4f valid %.4f acc %.3f\n", len(rows), len(train), len(valid), K, bestL, lv, av)
	b := fit(prior, fixed, train, valid, K, *rel, *abs)
	fmt.Printf("window %.1f tempo %.1f\n", b[0], b[1])
	if *out != "" {
		if err := evalfit.WriteWeights(*out, b, generator); err != nil {
			fatal(err)
		}
	}
	if !ok {
		os.Exit(1)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "fitteacher:", err)
	os.Exit(1)
}

// quietRows returns the rows of the quiet positions of ps, with their
// targets and current evaluations.
func quietRows(ps []evalfit.Position, prior []float64) []evalfit.Row {
	k := gomokuai.New()
	var rows []evalfit.Row
	for _, tp := range ps {
		if !evalfit.Quiet(k, tp.G) {
			continue
		}
		r := evalfit.NewRow(evalfit.Features(k, tp.G))
		r.Target, r.Cur, r.Moves = tp.Target, float64(k.Evaluate(tp.G)), tp.Moves
		rows = append(rows, r)
	}
	return rows
}

// mismatches counts the rows whose features under the prior weights do not
// reproduce the current evaluation (within 2 units, where it is not a
// decided score).
func mismatches(rows []evalfit.Row, prior []float64) int {
	mism := 0
	for i := range rows {
		if math.Abs(rows[i].Dot(prior)-rows[i].Cur) > 2 && math.Abs(rows[i].Cur) < 1e4 {
			mism++
		}
	}
	return mism
}

// split holds out a fifth of the rows by a hash of their first 40
// characters of moves (about 13 moves: the opening).
func split(rows []evalfit.Row) (train, valid []evalfit.Row) {
	for _, r := range rows {
		h := 0
		for _, ch := range r.Moves[:min(len(r.Moves), 40)] {
			h = h*31 + int(ch)
		}
		if (h&0x7fffffff)%5 == 0 {
			valid = append(valid, r)
		} else {
			train = append(train, r)
		}
	}
	return train, valid
}

// loss returns the mean log loss of the weights b on rs at scale K
// (evaluation units per logit), and the share of rows whose side of 1/2
// matches the target's.
func loss(b []float64, rs []evalfit.Row, K float64) (ll, acc float64) {
	for i := range rs {
		p := 1 / (1 + math.Exp(-rs[i].Dot(b)/K))
		p = min(max(p, 1e-6), 1-1e-6)
		ll -= rs[i].Target*math.Log(p) + (1-rs[i].Target)*math.Log(1-p)
		if (p > 0.5) == (rs[i].Target > 0.5) {
			acc++
		}
	}
	return ll / float64(len(rs)), acc / float64(len(rs))
}

// fit runs at most 20 Newton steps of the ridged logistic regression from
// prior, logging each, until no weight moves by 0.5 or more.
func fit(prior []float64, fixed []bool, train, valid []evalfit.Row, K, rel, abs float64) []float64 {
	nv := len(prior)
	b := slices.Clone(prior)
	for it := 0; it < 20; it++ {
		H := hessian(b, train, K)
		for i := range nv {
			l := rel*H[i][i] + abs
			if fixed[i] {
				l = 1e6
			}
			H[i][i] += l
			H[i][nv] -= l * (b[i] - prior[i])
		}
		d := solveLinear(H)
		step := 0.0
		for i := range nv {
			b[i] += d[i]
			step = math.Max(step, math.Abs(d[i]))
		}
		lt, _ := loss(b, train, K)
		lv, av := loss(b, valid, K)
		fmt.Printf("iteration %d: step %.1f train %.4f valid %.4f acc %.3f\n", it, step, lt, lv, av)
		if step < 0.5 {
			break
		}
	}
	return b
}

// hessian returns the logistic loss's curvature at b over the rows
// (len(b) rows of len(b)+1), the gradient's descent direction in the last
// column.
func hessian(b []float64, rows []evalfit.Row, K float64) [][]float64 {
	nv := len(b)
	H := make([][]float64, nv)
	for i := range H {
		H[i] = make([]float64, nv+1)
	}
	for n := range rows {
		r := &rows[n]
		p := 1 / (1 + math.Exp(-r.Dot(b)/K))
		wgt := p * (1 - p) / (K * K)
		gr := (r.Target - p) / K
		for j, i := range r.Idx {
			H[i][nv] += gr * r.Val[j]
			for j2, i2 := range r.Idx {
				H[i][i2] += wgt * r.Val[j] * r.Val[j2]
			}
		}
	}
	return H
}

// solveLinear solves the augmented system A (n rows of n+1) by Gaussian
// elimination with partial pivoting (a zero pivot leaves its unknown 0).
func solveLinear(A [][]float64) []float64 {
	n := len(A)
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(A[r][c]) > math.Abs(A[p][c]) {
				p = r
			}
		}
		A[c], A[p] = A[p], A[c]
		if math.Abs(A[c][c]) < 1e-12 {
			continue
		}
		for r := c + 1; r < n; r++ {
			f := A[r][c] / A[c][c]
			for k := c; k <= n; k++ {
				A[r][k] -= f * A[c][k]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		if math.Abs(A[r][r]) < 1e-12 {
			continue
		}
		v := A[r][n]
		for k := r + 1; k < n; k++ {
			v -= A[r][k] * x[k]
		}
		x[r] = v / A[r][r]
	}
	return x
}
