package gomokuai

import (
	"bufio"
	"fmt"
	"go/format"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// The evaluation's weights (evalweights.go: evalWindowShare, evalTempo,
// classValue, threatValue) are fitted by TestFitTeacher on positions
// labelled by a stronger engine. Each line of a label file is
// "moves|eval|best": the moves from the empty 15x15 freestyle board (as
// planiverse notation, "H8 H9 ..."), the teacher's evaluation for the side
// to move in its own units (a number, or +Mn / -Mn for a win / loss in n
// plies; "None" when it gave none) and its move. The shipped weights come
// from Rapfi's classical evaluation (pbrain-rapfi, one thread, 100 ms a
// position) on 35,271 positions (23,312 of them quiet): prefixes of our
// match records against Pela, AIWine and Rapfi (plies 5-80), a third of
// them with one more random move within distance 2 of a stone.
//
// The features are those of evaluateForced: the live-window sum, the
// tempo, and per colour the number of empty points of each pattern class
// (classes.go), one weight per class for the side to move and one for
// the opponent, and one weight per pair of threat masks (the side to
// move's and the opponent's, analyzer.threatMask); positions where a
// threat term of evaluateForced applies (quietForFit) are left out. The
// teacher's number v is read as a win probability 1/(1+exp(-v/200))
// (Rapfi's scaling), a win or loss as 0.97 or 0.03. The fit is a logistic
// regression (Newton steps) whose scale K (evaluation units per logit) is
// that of the shipped weights, with a ridge toward the shipped weights of
// GOMOKU_RIDGE (default 0.01) times the curvature plus GOMOKU_RIDGE_ABS
// (default 1e-5), so that rare classes stay near their old values. The
// classes a quiet position cannot hold for the side to move (a five or an
// open four: the threat terms take over), the empty class and the pair of
// empty threat masks keep their values. A fifth of the positions, by
// opening, are held out, and the log gives their mean log loss.
//
// The fits and variants tried are in EXPERIMENTS.md, "TestFitTeacher".
//
//	GOMOKU_TEACHER=labels.txt,more.txt GOMOKU_WEIGHTS_OUT=ai/gomokuai/evalweights.go \
//		go test -run TestFitTeacher -v ./ai/gomokuai

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

// teacherPos is a labelled position of a teacher file: the game after its
// moves, the teacher's win probability for the side to move, and the moves.
type teacherPos struct {
	g      *gomoku.Game
	target float64
	moves  string
	best   string // the teacher's move
}

// readTeacher reads the label files of the comma-separated list path (see
// TestFitTeacher), replaying each line's moves; lines that do not parse,
// hold an illegal move or end the game are left out.
func readTeacher(t *testing.T, path string) []teacherPos {
	t.Helper()
	var out []teacherPos
	for _, name := range strings.Split(path, ",") {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			parts := strings.Split(sc.Text(), "|")
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
			if over, _ := g.Outcome(); bad || over {
				continue
			}
			out = append(out, teacherPos{g, p, parts[0], parts[2]})
		}
		f.Close()
	}
	return out
}

// quietForFit reports whether no threat term of evaluateForced applies to
// the analysed position with me to move: no win point for either side, no
// three of me's, no double three of the opponent's against no four.
func quietForFit(a *analyzer, me rules.Player) bool {
	opp := me ^ 1
	n, _, _ := a.distinctWins(opp)
	return a.nWin[me] == 0 && n == 0 && a.nThree[me] == 0 && (a.nThree[opp] < 2 || a.nFour[me] > 0)
}

// threatBase is the index of TestFitTeacher's first threat-mask feature
// (after the window sum, the tempo and the classes of both sides).
const threatBase = 2 + 2*numClasses

// sparseRow is a position of TestFitTeacher: its features as (index,
// value) pairs, the teacher's target and the current evaluation.
type sparseRow struct {
	idx    []int
	val    []float64
	target float64
	cur    float64
	moves  string
}

func TestFitTeacher(t *testing.T) {
	path := os.Getenv("GOMOKU_TEACHER")
	if path == "" {
		t.Skip("set GOMOKU_TEACHER")
	}
	// Features: 0 the window sum, 1 the tempo, 2+c the side to move's
	// points of class c, 2+numClasses+c the opponent's, threatBase+t 1
	// for the threat masks t (threatValue's index) of the position.
	prior, fixed := fitPrior()
	nv := len(prior)
	k := New()
	var rows []sparseRow
	for _, tp := range readTeacher(t, path) {
		g := tp.g
		a := &k.a
		a.refreshAll(g)
		me := g.ColorToMove()
		if !quietForFit(a, me) {
			continue
		}
		r := newSparseRow(fitFeatures(k, g))
		r.target, r.cur, r.moves = tp.target, float64(k.evaluate(g)), tp.moves
		rows = append(rows, r)
	}
	mism := 0
	for i := range rows {
		if math.Abs(dotRow(prior, &rows[i])-rows[i].cur) > 2 && math.Abs(rows[i].cur) < 1e4 {
			mism++
		}
	}
	if mism > 0 {
		t.Errorf("%d positions where the features do not reproduce evaluateForced", mism)
	}
	// Hold out a fifth of the positions by a hash of their first 40
	// characters of moves (about 13 moves: the opening).
	var train, valid []sparseRow
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
	loss := func(b []float64, rs []sparseRow, K float64) (ll, acc float64) {
		for i := range rs {
			p := 1 / (1 + math.Exp(-dotRow(b, &rs[i])/K))
			p = min(max(p, 1e-6), 1-1e-6)
			ll -= rs[i].target*math.Log(p) + (1-rs[i].target)*math.Log(1-p)
			if (p > 0.5) == (rs[i].target > 0.5) {
				acc++
			}
		}
		return ll / float64(len(rs)), acc / float64(len(rs))
	}
	// The scale K of the shipped weights.
	K, bestL := 0.0, math.Inf(1)
	for k := 50.0; k < 5000; k *= 1.05 {
		if l, _ := loss(prior, train, k); l < bestL {
			K, bestL = k, l
		}
	}
	lv, av := loss(prior, valid, K)
	t.Logf("%d rows (train %d, valid %d); shipped: K %.0f train %.4f valid %.4f acc %.3f", len(rows), len(train), len(valid), K, bestL, lv, av)
	rel := envFloat("GOMOKU_RIDGE", 0.01)
	abs := envFloat("GOMOKU_RIDGE_ABS", 1e-5)
	b := slices.Clone(prior)
	for it := 0; it < 20; it++ {
		H := make([][]float64, nv)
		for i := range H {
			H[i] = make([]float64, nv+1)
		}
		for n := range train {
			r := &train[n]
			p := 1 / (1 + math.Exp(-dotRow(b, r)/K))
			wgt := p * (1 - p) / (K * K)
			gr := (r.target - p) / K
			for j, i := range r.idx {
				H[i][nv] += gr * r.val[j]
				for j2, i2 := range r.idx {
					H[i][i2] += wgt * r.val[j] * r.val[j2]
				}
			}
		}
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
		t.Logf("iteration %d: step %.1f train %.4f valid %.4f acc %.3f", it, step, lt, lv, av)
		if step < 0.5 {
			break
		}
	}
	t.Logf("window %.1f tempo %.1f", b[0], b[1])
	writeWeights(t, b, "TestFitTeacher (evalfit_test.go)")
}

// writeWeights writes weightsSource(b, generator) to the file named by
// GOMOKU_WEIGHTS_OUT, when it is set.
func writeWeights(t *testing.T, b []float64, generator string) {
	t.Helper()
	out := os.Getenv("GOMOKU_WEIGHTS_OUT")
	if out == "" {
		return
	}
	src, err := format.Source(weightsSource(b, generator))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, src, 0o644); err != nil {
		t.Fatal(err)
	}
}

// weightsSource is the Go source of evalweights.go for the fitted vector
// b of TestFitTeacher's features, written by generator.
func weightsSource(b []float64, generator string) []byte {
	var sb strings.Builder
	fmt.Fprintf(&sb, "// Code generated by %s; DO NOT EDIT.\n", generator)
	sb.WriteString(`
package gomokuai

// The evaluation's fitted weights (evaluateForced), in evaluation units:
// evalWindowShare is the percent of the live-window sum, evalTempo the
// side to move's bonus, classValue[0][c] a point's value for the side to
// move when its pattern class is c and classValue[1][c] for the opponent
// (classes: classes.go), threatValue[m<<3|o] the value of the side to
// move's threats m and the opponent's o (analyzer.threatMask).
`)
	fmt.Fprintf(&sb, "const (\n\tevalWindowShare = %d\n\tevalTempo = %d\n)\n\n", int(math.Round(b[0])), int(math.Round(b[1])))
	sb.WriteString("var classValue = [2][numClasses]int32{\n")
	for side := range 2 {
		sb.WriteString("\t{")
		for c := range numClasses {
			if c%10 == 0 {
				sb.WriteString("\n\t\t")
			} else {
				sb.WriteString(" ")
			}
			fmt.Fprintf(&sb, "%d,", int(math.Round(b[2+side*numClasses+c])))
		}
		sb.WriteString("\n\t},\n")
	}
	fmt.Fprintf(&sb, "}\n\nvar threatValue = [%d]int32{", len(threatValue))
	for t := range threatValue {
		if t%8 == 0 {
			sb.WriteString("\n\t")
		} else {
			sb.WriteString(" ")
		}
		fmt.Fprintf(&sb, "%d,", int(math.Round(b[threatBase+t])))
	}
	sb.WriteString("\n}\n")
	return []byte(sb.String())
}

// TestOrderTeacher reports how the move ordering ranks the teacher's move
// in the labelled positions that no threat forces (the candidate cap's
// case): the share ranked first, within 5, within candidateCap. Its
// results are in EXPERIMENTS.md, "TestOrderTeacher".
//
//	GOMOKU_TEACHER=labels.txt go test -run TestOrderTeacher -v ./ai/gomokuai
func TestOrderTeacher(t *testing.T) {
	path := os.Getenv("GOMOKU_TEACHER")
	if path == "" {
		t.Skip("set GOMOKU_TEACHER")
	}
	k := New()
	var n, top1, top5, topCap, outside int
	for _, tp := range readTeacher(t, path) {
		g := tp.g
		a := &k.a
		a.refreshAll(g)
		me := g.ColorToMove()
		opp := me ^ 1
		if _, ok := a.firstWin(me); ok || a.nWin[opp] > 0 || a.nThree[me] > 0 || a.nThree[opp] > 0 {
			continue
		}
		best, err := g.ParseMove(tp.best)
		if err != nil || !g.Legal(best) {
			continue
		}
		near := k.near(g, nil)
		if !slices.Contains(near, best) {
			outside++
			continue
		}
		bv := a.pointOrder(int(best), me)
		rank := 0
		for _, m := range near {
			if v := a.pointOrder(int(m), me); v > bv || v == bv && m < best {
				rank++
			}
		}
		n++
		if rank == 0 {
			top1++
		}
		if rank < 5 {
			top5++
		}
		if rank < params.candidateCap {
			topCap++
		}
	}
	t.Logf("%d positions (%d with the teacher's move beyond distance 2): top1 %.3f top5 %.3f top%d %.3f", n, outside, float64(top1)/float64(n), float64(top5)/float64(n), params.candidateCap, float64(topCap)/float64(n))
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
