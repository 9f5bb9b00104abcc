// Command fitcompare refits the Gomoku evaluation's weights
// (evalweights.go) by comparison training: the evaluation should prefer,
// one ply deep, the move the teacher chose. It starts from the weights in
// evalweights.go (cmd/fitteacher's fit; see its doc for the features)
// and reads the label files of -labels (comma-separated; the format is
// package internal/evalfit's).
//
// The positions are the labeled ones that no threat forces (no win
// point and no three for either side: the candidate cap's case) whose
// teacher's move is among the empty points within distance 2 of a stone,
// at most -n of them (in file order). For each such point c the position
// after c is valued as the search would value that child: the evaluation
// for its side to move, negated; after a four, the forced block is played
// and the evaluation is the mover's own. The part of the evaluation the
// features do not express (the threat terms, the clamp) is kept as a
// constant per child. The loss is the cross-entropy of the softmax over
// the children's scores at a temperature T (fitted to the starting
// weights) against the teacher's move, plus -lambda times fitteacher's
// logistic loss of the position's own evaluation against the teacher's
// value at -k evaluation units per logit. It is minimised by Adam (-iter
// steps of -rate evaluation units) over every weight fitteacher fits but
// the tempo. One position in five is held out. Comparison training is
// the method of G. Tesauro, "Connectionist learning of expert preferences
// by comparison training" (NIPS 1988). What it gave is in
// ai/gomokuai/EXPERIMENTS.md, "fitcompare".
//
//	go run ./ai/gomokuai/cmd/fitcompare -labels labels.txt \
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
const generator = "ai/gomokuai/cmd/fitcompare"

func main() {
	labels := flag.String("labels", "", "label files, comma-separated (required)")
	out := flag.String("out", "", "file to write the fitted weights to as Go source (evalweights.go); none when empty")
	maxN := flag.Int("n", 12_000, "most positions read")
	K := flag.Float64("k", 1600, "scale of the position's own logistic loss, evaluation units per logit (the best of the shipped weights on the labels of EXPERIMENTS.md)")
	lambda := flag.Float64("lambda", 1, "weight of the position's own logistic loss")
	rate := flag.Float64("rate", 5, "Adam's step, in evaluation units")
	iters := flag.Int("iter", 200, "Adam steps")
	flag.Parse()
	if *labels == "" {
		flag.Usage()
		os.Exit(2)
	}
	tps, err := evalfit.ReadLabels(*labels)
	if err != nil {
		fatal(err)
	}
	prior, fixed := evalfit.Prior()
	fixed[gomokuai.FeatureTempo] = true // every child has it
	k := gomokuai.New()
	var ps []comparePos
	for n, tp := range tps {
		if len(ps) >= *maxN {
			break
		}
		if p, ok := newComparePos(k, tp, prior); ok {
			p.hold = n%5 == 0
			ps = append(ps, p)
		}
	}
	if len(ps) == 0 {
		fatal(fmt.Errorf("no usable positions"))
	}
	T, best := 0.0, math.Inf(1)
	for tt := 50.0; tt < 5000; tt *= 1.1 {
		if ce, _, _ := compareLoss(ps, prior, tt, *K, false); ce < best {
			T, best = tt, ce
		}
	}
	fmt.Printf("%d positions, temperature %.0f\n", len(ps), T)
	report(ps, "start", prior, T, *K)
	b := adam(ps, prior, fixed, T, *K, *lambda, *rate, *iters)
	if *out != "" {
		if err := evalfit.WriteWeights(*out, b, generator); err != nil {
			fatal(err)
		}
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "fitcompare:", err)
	os.Exit(1)
}

// report prints the losses of b on the training and held-out positions.
func report(ps []comparePos, label string, b []float64, T, K float64) {
	ce, top1, reg := compareLoss(ps, b, T, K, false)
	hce, htop1, hreg := compareLoss(ps, b, T, K, true)
	fmt.Printf("%s: train ce %.3f top1 %.3f log loss %.4f; held out ce %.3f top1 %.3f log loss %.4f\n", label, ce, top1, reg, hce, htop1, hreg)
}

// adam minimises the loss from prior by iters steps of Adam, reporting
// every 25 steps, and returns the weights.
func adam(ps []comparePos, prior []float64, fixed []bool, T, K, lambda, rate float64, iters int) []float64 {
	nv := len(prior)
	b := slices.Clone(prior)
	m := make([]float64, nv)
	v := make([]float64, nv)
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
			report(ps, fmt.Sprintf("step %d", it), b, T, K)
		}
	}
	return b
}

// compareChild is one child of a comparePos: its features (idx, val) from
// its side to move's view, sign (-1, or +1 after a four and its forced
// block) and offset (what the evaluation adds to the features' sum).
type compareChild struct {
	idx    []int16
	val    []float32
	sign   float64
	offset float64
}

// comparePos is a position: its children, the index of the teacher's move
// among them, the position's own features and target, and whether it is
// held out.
type comparePos struct {
	children []compareChild
	best     int
	root     evalfit.Row
	hold     bool
}

// newComparePos builds tp's comparePos, with ok false when a threat forces
// the choice or the teacher's move is not among the near points.
func newComparePos(k *gomokuai.Knowledge, tp evalfit.Position, prior []float64) (comparePos, bool) {
	g := tp.G
	me := g.ColorToMove()
	t, o := k.Threats(g, me), k.Threats(g, me^1)
	if t.Wins > 0 || o.Wins > 0 || t.Threes > 0 || o.Threes > 0 {
		return comparePos{}, false
	}
	bm, err := g.ParseMove(tp.Best)
	if err != nil {
		return comparePos{}, false
	}
	p := comparePos{best: -1}
	p.root = evalfit.NewRow(evalfit.Features(k, g))
	p.root.Target = tp.Target
	for _, c := range gomokuai.Near(g, nil) {
		g.Play(c)
		played, sign := 1, -1.0
		if w := k.Threats(g, me); w.Wins == 1 {
			g.Play(w.Win)
			played, sign = 2, 1
		}
		over, _ := g.Outcome()
		var ch compareChild
		if !over {
			ch.idx, ch.val = evalfit.Features(k, g)
			ch.sign = sign
			ch.offset = float64(k.StaticEval(g)) - dot32(prior, ch.idx, ch.val)
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

// dot32 is the weights b applied to evalfit.Features' pairs (idx, val).
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
		q := 1 / (1 + math.Exp(-p.root.Dot(b)/K))
		q = min(max(q, 1e-6), 1-1e-6)
		reg -= p.root.Target*math.Log(q) + (1-p.root.Target)*math.Log(1-q)
	}
	return ce / float64(n), top1 / float64(n), reg / float64(n)
}

// compareGradient returns the gradient of the loss at b over the training
// positions.
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
		q := 1 / (1 + math.Exp(-p.root.Dot(b)/K))
		f := lambda * (q - p.root.Target) / K
		for jj, ii := range p.root.Idx {
			gr[ii] += f * p.root.Val[jj]
		}
	}
	for i := range gr {
		gr[i] /= float64(n)
	}
	return gr
}
