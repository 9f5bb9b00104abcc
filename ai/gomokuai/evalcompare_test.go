package gomokuai

import (
	"fmt"
	"math"
	"os"
	"slices"
	"testing"

	"planiverse/rules/gomoku"
)

// TestFitCompare refits the evaluation's weights (evalweights.go) by
// comparison training: the evaluation should prefer, one ply deep, the
// move the teacher chose. It starts from the weights in evalweights.go
// (TestFitTeacher's fit; see its doc for the label files and features)
// and reads the same label files.
//
// The positions are the labelled ones that no threat forces (no win
// point and no three for either side: the candidate cap's case) whose
// teacher's move is among the empty points within distance 2 of a stone,
// at most GOMOKU_COMPARE_N of them (default 12,000, in file order). For
// each such point c the position after c is scored as the search would
// score that child: the evaluation for its side to move, negated; after a
// four, the forced block is played and the evaluation is the mover's own.
// The part of evaluateForced the features do not express (the threat
// terms, the clamp) is kept as a constant per child. The loss is the
// cross-entropy of the softmax over the children's scores at a
// temperature T (fitted to the starting weights) against the teacher's
// move, plus GOMOKU_COMPARE_LAMBDA (default 1) times TestFitTeacher's
// logistic loss of the position's own evaluation against the teacher's
// value at GOMOKU_COMPARE_K evaluation units per logit (default 1,600,
// the best scale of the starting weights on the 26,285 labels below). It
// is minimised by Adam (GOMOKU_COMPARE_ITER steps, default 200, step
// GOMOKU_COMPARE_RATE, default 5, in evaluation units) over every weight
// TestFitTeacher fits but the tempo. One position in five is held out.
// Comparison training is the method of G. Tesauro, "Connectionist
// learning of expert preferences by comparison training" (NIPS 1988).
//
// Tried and not taken (EXPERIMENTS.md, "TestFitCompare").
//
//	GOMOKU_TEACHER=labels.txt GOMOKU_WEIGHTS_OUT=ai/gomokuai/evalweights.go \
//		go test -run TestFitCompare -v -timeout 60m ./ai/gomokuai
func TestFitCompare(t *testing.T) {
	path := os.Getenv("GOMOKU_TEACHER")
	if path == "" {
		t.Skip("set GOMOKU_TEACHER")
	}
	prior, fixed := fitPrior()
	fixed[1] = true // the tempo: every child has it
	k := New()
	maxN := int(envFloat("GOMOKU_COMPARE_N", 12_000))
	var ps []comparePos
	for n, tp := range readTeacher(t, path) {
		if len(ps) >= maxN {
			break
		}
		if p, ok := newComparePos(k, tp, prior); ok {
			p.hold = n%5 == 0
			ps = append(ps, p)
		}
	}
	if len(ps) == 0 {
		t.Fatal("no usable positions")
	}
	K := envFloat("GOMOKU_COMPARE_K", 1600)
	lambda := envFloat("GOMOKU_COMPARE_LAMBDA", 1)
	T, best := 0.0, math.Inf(1)
	for tt := 50.0; tt < 5000; tt *= 1.1 {
		if ce, _, _ := compareLoss(ps, prior, tt, K, false); ce < best {
			T, best = tt, ce
		}
	}
	report := func(label string, b []float64) {
		ce, top1, reg := compareLoss(ps, b, T, K, false)
		hce, htop1, hreg := compareLoss(ps, b, T, K, true)
		t.Logf("%s: train ce %.3f top1 %.3f log loss %.4f; held out ce %.3f top1 %.3f log loss %.4f", label, ce, top1, reg, hce, htop1, hreg)
	}
	t.Logf("%d positions, temperature %.0f", len(ps), T)
	report("start", prior)
	nv := len(prior)
	b := slices.Clone(prior)
	m := make([]float64, nv)
	v := make([]float64, nv)
	rate := envFloat("GOMOKU_COMPARE_RATE", 5)
	iters := int(envFloat("GOMOKU_COMPARE_ITER", 200))
	for it := 1; it <= iters; it++ {
		gr := compareGradient(ps, b, T, K, lambda)
		for i := range nv {
			if fixed[i] {
				continue
			}
			g := gr[i] + 1e-7*(b[i]-prior[i])
			m[i] = 0.9*m[i] + 0.1*g
			v[i] = 0.999*v[i] + 0.001*g*g
			mh := m[i] / (1 - math.Pow(0.9, float64(it)))
			vh := v[i] / (1 - math.Pow(0.999, float64(it)))
			b[i] -= rate * mh / (math.Sqrt(vh) + 1e-12)
		}
		if it%25 == 0 {
			report(fmt.Sprintf("step %d", it), b)
		}
	}
	writeWeights(t, b, "TestFitCompare (evalcompare_test.go)")
}

// compareChild is one child of a comparePos: its features (idx, val) from
// its side to move's view, sign (-1, or +1 after a four and its forced
// block) and offset (what evaluateForced adds to the features' sum).
type compareChild struct {
	idx    []int16
	val    []float32
	sign   float64
	offset float64
}

// comparePos is a position of TestFitCompare: its children, the index of
// the teacher's move among them, the position's own features and target,
// and whether it is held out.
type comparePos struct {
	children []compareChild
	best     int
	root     sparseRow
	hold     bool
}

// newComparePos builds tp's comparePos, with ok false when a threat forces
// the choice or the teacher's move is not among the near points.
func newComparePos(k *Knowledge, tp teacherPos, prior []float64) (comparePos, bool) {
	g := tp.g
	a := &k.a
	a.refreshAll(g)
	me := g.ColorToMove()
	opp := me ^ 1
	if a.nWin[me] > 0 || a.nWin[opp] > 0 || a.nThree[me] > 0 || a.nThree[opp] > 0 {
		return comparePos{}, false
	}
	bm, err := g.ParseMove(tp.best)
	if err != nil {
		return comparePos{}, false
	}
	p := comparePos{best: -1}
	p.root = newSparseRow(fitFeatures(k, g))
	p.root.target = tp.target
	for _, c := range k.near(g, nil) {
		g.Play(c)
		played, sign := 1, -1.0
		a.refreshAll(g)
		if n, q, _ := a.distinctWins(me); n == 1 {
			g.Play(q)
			played, sign = 2, 1
		}
		over, _ := g.Outcome()
		var ch compareChild
		if !over {
			ch.idx, ch.val = fitFeatures(k, g)
			ch.sign = sign
			ch.offset = float64(k.evaluateForced(g, 0)) - dot32(prior, ch.idx, ch.val)
		}
		for range played {
			g.Undo()
		}
		if over {
			continue
		}
		if c == bm {
			p.best = len(p.children)
		}
		p.children = append(p.children, ch)
	}
	return p, p.best >= 0
}

// fitPrior returns TestFitTeacher's starting vector (the weights in
// evalweights.go, feature by feature) and the features it keeps fixed.
func fitPrior() (prior []float64, fixed []bool) {
	const nv = threatBase + len(threatValue)
	prior = make([]float64, nv)
	fixed = make([]bool, nv)
	prior[0] = evalWindowShare
	prior[1] = evalTempo
	for t, v := range threatValue {
		prior[threatBase+t] = float64(v)
	}
	fixed[threatBase] = true // no threats on either side: the tempo covers it
	for c, cs := range classCodes {
		var ps patternSet
		for dir, code := range cs {
			ps |= patternSet(code) << (3 * dir)
		}
		prior[2+c] = float64(evalTable[ps].value)
		prior[2+numClasses+c] = float64(evalTable[ps].valueOpp)
		if cb := comboOf(ps); cb == comboFive || cb == comboOpen4 || c == 0 {
			fixed[2+c], fixed[2+numClasses+c] = true, true
		}
	}
	return prior, fixed
}

// fitFeatures returns TestFitTeacher's features of g for its side to move
// as (index, value) pairs: 0 the window sum, 1 the tempo, 2+c the side to
// move's empty points of class c, 2+numClasses+c the opponent's,
// threatBase+t 1 for the position's threat masks t.
func fitFeatures(k *Knowledge, g *gomoku.Game) ([]int16, []float32) {
	a := &k.a
	a.refreshAll(g)
	me := g.ColorToMove()
	var x [threatBase + len(threatValue)]float32
	w := a.score
	if me == 1 {
		w = -w
	}
	x[0] = float32(w) / 100
	x[1] = 1
	for pt := 0; pt < g.Size()*g.Size(); pt++ {
		if g.Point(pt) == 0 {
			x[2+int(classOfSet[a.sets[me][pt]&setMask])]++
			x[2+numClasses+int(classOfSet[a.sets[me^1][pt]&setMask])]++
		}
	}
	x[threatBase+(a.threatMask(me)<<3|a.threatMask(me^1))] = 1
	var idx []int16
	var val []float32
	for i, v := range x {
		if v != 0 {
			idx = append(idx, int16(i))
			val = append(val, v)
		}
	}
	return idx, val
}

// dot32 is the weights b applied to fitFeatures' pairs (idx, val).
func dot32(b []float64, idx []int16, val []float32) float64 {
	v := 0.0
	for j, i := range idx {
		v += b[i] * float64(val[j])
	}
	return v
}

// childScores sets vs to the softmax of p's children's scores under b at
// temperature T and returns the log-probability of the teacher's move and
// whether it scores highest.
func childScores(p *comparePos, b []float64, T float64, vs []float64) (logp float64, top bool) {
	mx := math.Inf(-1)
	for j := range p.children {
		c := &p.children[j]
		vs[j] = c.sign * (dot32(b, c.idx, c.val) + c.offset) / T
		mx = max(mx, vs[j])
	}
	top = vs[p.best] == mx
	bestV := vs[p.best]
	z := 0.0
	for j := range p.children {
		vs[j] = math.Exp(vs[j] - mx)
		z += vs[j]
	}
	for j := range p.children {
		vs[j] /= z
	}
	return bestV - mx - math.Log(z), top
}

// compareLoss returns the mean cross-entropy, the share of positions where
// the teacher's move scores highest, and the mean logistic loss of the
// positions' own evaluation, over the held-out positions (hold) or the
// others.
func compareLoss(ps []comparePos, b []float64, T, K float64, hold bool) (ce, top1, reg float64) {
	n := 0
	var vs []float64
	for i := range ps {
		p := &ps[i]
		if p.hold != hold {
			continue
		}
		n++
		vs = slices.Grow(vs[:0], len(p.children))[:len(p.children)]
		logp, top := childScores(p, b, T, vs)
		ce -= logp
		if top {
			top1++
		}
		q := 1 / (1 + math.Exp(-dotRow(b, &p.root)/K))
		q = min(max(q, 1e-6), 1-1e-6)
		reg -= p.root.target*math.Log(q) + (1-p.root.target)*math.Log(1-q)
	}
	return ce / float64(n), top1 / float64(n), reg / float64(n)
}

// compareGradient returns the gradient of TestFitCompare's loss at b over
// the training positions.
func compareGradient(ps []comparePos, b []float64, T, K, lambda float64) []float64 {
	gr := make([]float64, len(b))
	n := 0
	var vs []float64
	for i := range ps {
		p := &ps[i]
		if p.hold {
			continue
		}
		n++
		vs = slices.Grow(vs[:0], len(p.children))[:len(p.children)]
		childScores(p, b, T, vs)
		for j := range p.children {
			c := &p.children[j]
			pr := vs[j]
			if j == p.best {
				pr--
			}
			f := pr * c.sign / T
			for jj, ii := range c.idx {
				gr[ii] += f * float64(c.val[jj])
			}
		}
		q := 1 / (1 + math.Exp(-dotRow(b, &p.root)/K))
		f := lambda * (q - p.root.target) / K
		for jj, ii := range p.root.idx {
			gr[ii] += f * p.root.val[jj]
		}
	}
	for i := range gr {
		gr[i] /= float64(n)
	}
	return gr
}

// newSparseRow is the sparseRow of fitFeatures' pairs (idx, val).
func newSparseRow(idx []int16, val []float32) sparseRow {
	var r sparseRow
	for j, i := range idx {
		r.idx = append(r.idx, int(i))
		r.val = append(r.val, float64(val[j]))
	}
	return r
}

// dotRow is the weights b applied to r's features.
func dotRow(b []float64, r *sparseRow) float64 {
	v := 0.0
	for j, i := range r.idx {
		v += b[i] * r.val[j]
	}
	return v
}
