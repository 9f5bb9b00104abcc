package main

import (
	"math"

	"planiverse/ai/dvonnai"
	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// row returns the features of position i.
func (d *dataset) row(i int) []int32 { return d.x[i*d.dim : (i+1)*d.dim] }

// dataset holds labeled positions: features, phase (0..1, 1 a
// full board), label for the side to move, the old evaluation and the
// height difference (both the mover's, in old units).
type dataset struct {
	dim   int
	x     []int32 // dim features a position
	phase []float64
	y     []float64
	old   []float64
	mat   []float64
	games int
}

// addGame replays a game and adds its movement positions; it reports false
// when a move does not parse.
func (d *dataset) addGame(pd *dataset, moves []string, margin int, scoreLabel bool) bool {
	g := dvonn.New()
	n, pn := len(d.y), len(pd.y)
	label := func() float64 {
		m := float64(margin)
		if g.ToMove() == rules.Second {
			m = -m
		}
		switch {
		case scoreLabel:
			return 1 / (1 + math.Exp(-m/4))
		case m > 0:
			return 1
		case m < 0:
			return 0
		}
		return 0.5
	}
	for _, mt := range moves {
		if g.Placing() && g.Placed() > 3 {
			var x [dvonnai.NumPlacementFeatures]int32
			ph := dvonnai.PlacementFeatures(g, &x)
			old := float64(oldPlacementEval(g))
			pd.x = append(pd.x, x[:]...)
			pd.phase = append(pd.phase, float64(ph)/dvonnai.PhaseMax)
			pd.y = append(pd.y, label())
			pd.old = append(pd.old, old)
			pd.mat = append(pd.mat, 0)
		}
		if !g.Placing() {
			if over, _ := g.Outcome(); over {
				break
			}
			var x [dvonnai.NumFeatures]int32
			ph := dvonnai.Features(g, &x)
			y := label()
			old := float64(oldMovementEval(g))
			w, b := g.Score()
			mat := float64(100 * (w - b))
			if g.ToMove() == rules.Second {
				old, mat = -old, -mat
			}
			d.x = append(d.x, x[:]...)
			d.phase = append(d.phase, float64(ph)/dvonnai.PhaseMax)
			d.y = append(d.y, y)
			d.old = append(d.old, old)
			d.mat = append(d.mat, mat)
		}
		m, err := g.ParseMove(mt)
		if err != nil {
			d.truncate(n)
			pd.truncate(pn)
			return false
		}
		g.Play(m)
	}
	d.games++
	return true
}

// truncate drops the positions from n on.
func (d *dataset) truncate(n int) {
	d.x, d.phase, d.y, d.old, d.mat = d.x[:n*d.dim], d.phase[:n], d.y[:n], d.old[:n], d.mat[:n]
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// logLoss is the cross-entropy of prediction p against label y.
func logLoss(p, y float64) float64 {
	p = min(max(p, 1e-12), 1-1e-12)
	return -(y*math.Log(p) + (1-y)*math.Log(1-p))
}

// evaluate returns the mean log-loss of logits z and the accuracy on the
// decided positions (label not ½).
func evaluate(d *dataset, z func(i int) float64) (loss, acc float64) {
	right, decided := 0, 0
	for i, y := range d.y {
		p := sigmoid(z(i))
		loss += logLoss(p, y)
		if y != 0.5 {
			decided++
			if (p > 0.5) == (y > 0.5) {
				right++
			}
		}
	}
	return loss / float64(len(d.y)), float64(right) / float64(max(decided, 1))
}

// fitScale returns the k minimising the log-loss of sigmoid(k·v) (golden
// section on a log scale).
func fitScale(v, y []float64) float64 {
	loss := func(lk float64) float64 {
		k, s := math.Exp(lk), 0.0
		for i := range v {
			s += logLoss(sigmoid(k*v[i]), y[i])
		}
		return s
	}
	a, b := math.Log(1e-5), math.Log(1.0)
	r := (math.Sqrt(5) - 1) / 2
	for range 60 {
		c, d := b-r*(b-a), a+r*(b-a)
		if loss(c) < loss(d) {
			b = d
		} else {
			a = c
		}
	}
	return math.Exp((a + b) / 2)
}

// fit runs full-batch Adam on the log-loss of the tapered logistic model
// (weights for a full board and for the end) over standardised features.
// tempo is the index of the tempo feature, whose weights stay at or above
// zero.
func fit(d *dataset, steps, tempo int) (full, end []float64) {
	n := float64(len(d.y))
	nf := d.dim
	rms := make([]float64, nf)
	for i := range d.y {
		for j, v := range d.row(i) {
			rms[j] += float64(v) * float64(v)
		}
	}
	for j := range rms {
		rms[j] = math.Sqrt(rms[j]/n) + 1e-9
	}
	p := 2 * nf
	w, m, v := make([]float64, p), make([]float64, p), make([]float64, p)
	grad, xs := make([]float64, p), make([]float64, nf)
	const lr, b1, b2, l2 = 0.05, 0.9, 0.999, 1e-5
	for step := 1; step <= steps; step++ {
		clear(grad)
		for i := range d.y {
			x := d.row(i)
			ph := d.phase[i]
			z := 0.0
			for j := range nf {
				xs[j] = float64(x[j]) / rms[j]
				z += xs[j] * (w[j]*ph + w[nf+j]*(1-ph))
			}
			e := sigmoid(z) - d.y[i]
			for j := range nf {
				grad[j] += e * xs[j] * ph
				grad[nf+j] += e * xs[j] * (1 - ph)
			}
		}
		for j := range p {
			gj := grad[j]/n + l2*w[j]
			m[j] = b1*m[j] + (1-b1)*gj
			v[j] = b2*v[j] + (1-b2)*gj*gj
			mh := m[j] / (1 - math.Pow(b1, float64(step)))
			vh := v[j] / (1 - math.Pow(b2, float64(step)))
			w[j] -= lr * mh / (math.Sqrt(vh) + 1e-8)
		}
		// Moving is never a disadvantage to the evaluation (dvonnai's
		// TestPerspective):
		// the tempo weights stay at or above zero.
		w[tempo] = max(w[tempo], 0)
		w[nf+tempo] = max(w[nf+tempo], 0)
	}
	full, end = make([]float64, nf), make([]float64, nf)
	for j := range nf {
		full[j] = w[j] / rms[j]
		end[j] = w[nf+j] / rms[j]
	}
	return full, end
}
