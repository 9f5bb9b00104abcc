package gomokuai

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"planiverse/rules/gomoku"
)

// The evaluation's weights (valueCode, valueCombo, evalWindowShare,
// evalTempo) are fitted by TestFitTeacher on positions labelled by a
// stronger engine. Each line of a label file is "moves|eval|best": the
// moves from the empty 15x15 freestyle board (as planiverse notation,
// "H8 H9 ..."), the teacher's evaluation for the side to move in its own
// units (a number, or +Mn / -Mn for a win / loss in n plies; "None" when
// it gave none) and its move. The shipped weights come from Rapfi's
// classical evaluation (pbrain-rapfi, one thread, 100 ms a position) on
// 5,672 positions of our match records against Pela, AIWine and Rapfi
// (plies 5-109 of each game) and 5,338 more made from them by one random
// move within distance 2 of a stone.
//
// The features are those of evaluateForced: the live-window sum and, per
// colour, the number of each pattern code and combination class over the
// empty points; positions where a threat term of evaluateForced applies
// (a win point for either side, the side to move's three, the opponent's
// double three) are left out. The teacher's number v is read as a win
// probability 1/(1+exp(-v/200)) (Rapfi's scaling), a win or loss as 0.97
// or 0.03. The fit is a logistic regression (Newton steps, a ridge of
// GOMOKU_RIDGE, default 0.1, times the curvature toward the shipped
// weights) whose scale K (evaluation units per logit) is that of the
// shipped weights; the opponent's code and combination weights are minus
// the side to move's (sym) or free. A fifth of the positions, by opening,
// are held out, and the log gives their mean log loss.
//
//	GOMOKU_TEACHER=labels.txt,more.txt go test -run TestFitTeacher -v ./ai/gomokuai

// Feature indices of TestFitTeacher.
const (
	fWindow = 0
	fCodeMe = 1           // 7 codes (1..7)
	fComMe  = fCodeMe + 7 // 6 combos (0..5)
	fCodeOp = fComMe + 6  // 7
	fComOp  = fCodeOp + 7 // 6
	fConst  = fComOp + 6  // 1
	numF    = fConst + 1
)

// teacherRow is one position of TestFitTeacher.
type teacherRow struct {
	x      [numF]float64
	target float64 // teacher's win probability for the side to move
	cur    float64 // our current evaluation
	moves  string
}

// teacherProb reads a teacher's evaluation as the side to move's win
// probability.
func teacherProb(ev string) (float64, bool) {
	switch {
	case strings.HasPrefix(ev, "+M"):
		return 0.97, true
	case strings.HasPrefix(ev, "-M"):
		return 0.03, true
	}
	v, err := strconv.ParseFloat(ev, 64)
	if err != nil {
		return 0, false
	}
	return 1 / (1 + math.Exp(-v/200)), true
}

func TestFitTeacher(t *testing.T) {
	path := os.Getenv("GOMOKU_TEACHER")
	if path == "" {
		t.Skip("set GOMOKU_TEACHER")
	}
	k := New()
	var rows []teacherRow
	skipped := 0
	var lines []string
	for _, name := range strings.Split(path, ",") {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
		f.Close()
	}
	for _, line := range lines {
		parts := strings.Split(line, "|")
		if len(parts) != 3 {
			continue
		}
		p, ok := teacherProb(parts[1])
		if !ok {
			continue
		}
		g, _ := gomoku.New(gomoku.Options{Size: 15})
		bad := false
		for _, s := range strings.Fields(parts[0]) {
			m, err := g.ParseMove(s)
			if err != nil || !g.Legal(m) {
				bad = true
				break
			}
			g.Play(m)
		}
		if bad {
			continue
		}
		if over, _ := g.Outcome(); over {
			continue
		}
		a := &k.a
		a.refreshAll(g)
		me := g.ColorToMove()
		opp := me ^ 1
		n, _, _ := a.distinctWins(opp)
		if a.nWin[me] > 0 || n > 0 || a.nThree[me] > 0 || (a.nThree[opp] >= 2 && a.nFour[me] == 0) {
			skipped++
			continue
		}
		var r teacherRow
		r.target = p
		r.moves = parts[0]
		r.cur = float64(k.evaluate(g))
		w := a.score
		if me == 1 {
			w = -w
		}
		r.x[fWindow] = float64(w) / 100
		size := g.Size()
		for pt := 0; pt < size*size; pt++ {
			if g.Point(pt) != 0 {
				continue
			}
			for ci, c := range [2]int{int(me), int(opp)} {
				s := a.sets[c][pt]
				base, cb := fCodeMe, fComMe
				if ci == 1 {
					base, cb = fCodeOp, fComOp
				}
				for dir := 0; dir < 4; dir++ {
					if code := s.code(dir); code > 0 {
						r.x[base+int(code)-1]++
					}
				}
				if cl := comboOf(s); cl < comboOther {
					r.x[cb+cl]++
				}
			}
		}
		r.x[fConst] = 1
		rows = append(rows, r)
	}
	t.Logf("%d rows, %d skipped (threats)", len(rows), skipped)

	// Current weights as a vector (evaluation units).
	var cur [numF]float64
	cur[fWindow] = evalWindowShare // per 100 units of the window sum
	for c := 1; c < numPatterns; c++ {
		cur[fCodeMe+c-1] = float64(valueCode[c]) * evalPatternShare / 100
		cur[fCodeOp+c-1] = -float64(valueCode[c]) * evalPatternShare / 100
	}
	for cl := 0; cl < 6; cl++ {
		cur[fComMe+cl] = float64(valueCombo[cl]) * evalPatternShare / 100
		cur[fComOp+cl] = -float64(valueCombo[cl]) * evalPatternShare / 100
	}
	cur[fConst] = evalTempo
	// Check the linear model reproduces the evaluation.
	mism := 0
	for _, r := range rows {
		v := 0.0
		for i := range numF {
			v += cur[i] * r.x[i]
		}
		if math.Abs(v-r.cur) > 2 && math.Abs(r.cur) < 1e4 {
			mism++
		}
	}
	if mism > 0 {
		t.Errorf("%d positions where the features do not reproduce evaluateForced", mism)
	}

	// Hold out a fifth of the positions by a hash of their first 40
	// characters of moves (about 13 moves: the opening).
	var train, valid []teacherRow
	for _, r := range rows {
		h := 0
		for _, ch := range r.moves[:min(len(r.moves), 40)] {
			h = h*31 + int(ch)
		}
		if (h&0x7fffffff)%5 == 0 {
			valid = append(valid, r)
		} else {
			train = append(train, r)
		}
	}
	t.Logf("train %d valid %d", len(train), len(valid))
	loss := func(w *[numF]float64, rs []teacherRow, K float64) (ll, acc float64) {
		for _, r := range rs {
			v := 0.0
			for i := range numF {
				v += w[i] * r.x[i]
			}
			p := 1 / (1 + math.Exp(-v/K))
			p = min(max(p, 1e-6), 1-1e-6)
			ll -= r.target*math.Log(p) + (1-r.target)*math.Log(1-p)
			if (p > 0.5) == (r.target > 0.5) {
				acc++
			}
		}
		return ll / float64(len(rs)), acc / float64(len(rs))
	}
	// Scale K for the current weights.
	bestK, bestL := 0.0, math.Inf(1)
	for K := 50.0; K < 5000; K *= 1.1 {
		if l, _ := loss(&cur, train, K); l < bestL {
			bestK, bestL = K, l
		}
	}
	lv, av := loss(&cur, valid, bestK)
	t.Logf("current: K %.0f train %.4f valid %.4f acc %.3f", bestK, bestL, lv, av)
	// Baseline: constant.
	var c0 [numF]float64
	l0, _ := loss(&c0, valid, bestK)
	t.Logf("constant 0.5: valid %.4f", l0)

	fit := func(sym bool) [numF]float64 {
		// Design: sym ties the opponent's code and combo weights to minus
		// the side to move's.
		nv := numF
		if sym {
			nv = numF - 13
		}
		design := func(r *teacherRow) []float64 {
			if !sym {
				return r.x[:]
			}
			d := make([]float64, nv)
			d[0] = r.x[fWindow]
			for c := 0; c < 13; c++ {
				d[1+c] = r.x[fCodeMe+c] - r.x[fCodeOp+c]
			}
			d[14] = r.x[fConst]
			return d
		}
		toFull := func(b []float64) (w [numF]float64) {
			if !sym {
				copy(w[:], b)
				return w
			}
			w[fWindow] = b[0]
			for c := 0; c < 13; c++ {
				w[fCodeMe+c], w[fCodeOp+c] = b[1+c], -b[1+c]
			}
			w[fConst] = b[14]
			return w
		}
		b := make([]float64, nv)
		if sym {
			b[0] = cur[fWindow]
			for c := 0; c < 13; c++ {
				b[1+c] = cur[fCodeMe+c]
			}
			b[14] = cur[fConst]
		} else {
			copy(b, cur[:])
		}
		X := make([][]float64, len(train))
		for i := range train {
			X[i] = design(&train[i])
		}
		ridge := envFloat("GOMOKU_RIDGE", 0.05)
		b0 := append([]float64(nil), b...)
		for it := 0; it < 30; it++ {
			H := make([][]float64, nv)
			for i := range H {
				H[i] = make([]float64, nv+1)
			}
			for n, r := range train {
				x := X[n]
				v := 0.0
				for i := range nv {
					v += b[i] * x[i]
				}
				p := 1 / (1 + math.Exp(-v/bestK))
				wgt := p * (1 - p) / (bestK * bestK)
				g := (r.target - p) / bestK
				for i := range nv {
					if x[i] == 0 {
						continue
					}
					H[i][nv] += g * x[i]
					for j := range nv {
						H[i][j] += wgt * x[i] * x[j]
					}
				}
			}
			for i := range nv {
				l := ridge * (1e-9 + H[i][i])
				H[i][i] += l
				H[i][nv] -= l * (b[i] - b0[i])
			}
			d := solveLinear(H)
			step := 0.0
			for i := range nv {
				b[i] += d[i]
				step = math.Max(step, math.Abs(d[i]))
			}
			if step < 1e-3 {
				break
			}
		}
		return toFull(b)
	}
	for _, sym := range []bool{true, false} {
		w := fit(sym)
		lt, _ := loss(&w, train, bestK)
		lv, av := loss(&w, valid, bestK)
		t.Logf("fit sym=%v: train %.4f valid %.4f acc %.3f", sym, lt, lv, av)
		t.Logf("  window %.1f const %.1f", w[fWindow], w[fConst])
		t.Logf("  codes me  %v", fmtW(w[fCodeMe:fCodeMe+7]))
		t.Logf("  codes opp %v", fmtW(w[fCodeOp:fCodeOp+7]))
		t.Logf("  combo me  %v", fmtW(w[fComMe:fComMe+6]))
		t.Logf("  combo opp %v", fmtW(w[fComOp:fComOp+6]))
	}
}

// fmtW formats weights with one decimal.
func fmtW(w []float64) string {
	s := make([]string, len(w))
	for i, v := range w {
		s[i] = strconv.FormatFloat(v, 'f', 1, 64)
	}
	return strings.Join(s, " ")
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

// envFloat returns the environment variable name as a number, or def.
func envFloat(name string, def float64) float64 {
	if v, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil {
		return v
	}
	return def
}
