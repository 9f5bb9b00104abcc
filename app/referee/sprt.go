package referee

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SPRT is a sequential probability ratio test of engine a against
// engine b: H0 says a is elo0 Elo stronger than b, H1 says elo1, on the
// logistic Elo scale (a score p is -400 log10(1/p - 1) Elo; not
// fishtest's normalized Elo). Alpha and Beta are the test's error rates:
// the chance of accepting H1 when H0 holds, and of accepting H0 when H1
// holds.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// ParseSPRT reads "elo0=E0,elo1=E1[,alpha=A,beta=B]" (alpha and beta
// 0.05 unless given; each in (0, 0.5); elo0 < elo1, both within ±1000).
func ParseSPRT(text string) (SPRT, error) {
	s := SPRT{Alpha: 0.05, Beta: 0.05}
	seen := map[string]bool{}
	for _, part := range strings.Split(text, ",") {
		key, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if !ok || err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return s, fmt.Errorf("--sprt %q: want elo0=E0,elo1=E1[,alpha=A,beta=B] with numbers", text)
		}
		ptr := map[string]*float64{"elo0": &s.Elo0, "elo1": &s.Elo1, "alpha": &s.Alpha, "beta": &s.Beta}[key]
		if ptr == nil || seen[key] {
			return s, fmt.Errorf("--sprt %q: unknown or repeated key %q (want elo0, elo1, alpha, beta)", text, key)
		}
		seen[key] = true
		*ptr = f
	}
	switch {
	case !seen["elo0"] || !seen["elo1"]:
		return s, fmt.Errorf("--sprt %q: give both elo0 and elo1", text)
	case s.Elo0 >= s.Elo1:
		return s, fmt.Errorf("--sprt %q: elo0 must be below elo1", text)
	case math.Abs(s.Elo0) > 1000 || math.Abs(s.Elo1) > 1000:
		return s, fmt.Errorf("--sprt %q: elo0 and elo1 must be within ±1000", text)
	case !(s.Alpha > 0 && s.Alpha < 0.5 && s.Beta > 0 && s.Beta < 0.5):
		return s, fmt.Errorf("--sprt %q: alpha and beta must be between 0 and 0.5", text)
	}
	return s, nil
}

// Bounds returns the LLR bounds: H0 is accepted at or below lower =
// log(beta/(1-alpha)), H1 at or above upper = log((1-beta)/alpha).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Pentanomial counts game pairs (one opening, colors swapped) by a's
// points in the pair: index k counts the pairs where a scored k/2 points
// (0, 0.5, 1, 1.5 or 2).
type Pentanomial [5]int

// Pairs returns how many pairs p counts.
func (p Pentanomial) Pairs() int {
	n := 0
	for _, c := range p {
		n += c
	}
	return n
}

// pairScores are the pair scores of the Pentanomial classes, as a's
// share of the pair's points.
var pairScores = [5]float64{0, 0.25, 0.5, 0.75, 1}

// regularized returns p's class frequencies, an empty class counted as
// 1/1000 of a pair so that every class has some weight (as fastchess
// does), and their total.
func (p Pentanomial) regularized() (freq [5]float64, n float64) {
	for k, c := range p {
		freq[k] = float64(c)
		if c == 0 {
			freq[k] = 1e-3
		}
		n += freq[k]
	}
	for k := range freq {
		freq[k] /= n
	}
	return freq, n
}

// eloScore is the expected score of an engine elo Elo stronger than its
// opponent, on the logistic scale.
func eloScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// scoreElo is the logistic Elo of a score p in (0, 1).
func scoreElo(p float64) float64 { return -400 * math.Log10(1/p-1) }

// LLR returns the generalized log-likelihood ratio of H1 against H0 for
// the pairs counted in p (Michel Van den Bergh's pentanomial GSPRT, as
// fishtest computes it): N times the mean over the observed pairs of
// log(P1/P0), where Pi is the distribution over the five classes
// nearest to the observed one (by maximum likelihood) whose mean score
// is eloScore(elo i). 0 when p counts no pair.
func (s SPRT) LLR(p Pentanomial) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	freq, n := p.regularized()
	p0, p1 := mleWithMean(freq, eloScore(s.Elo0)), mleWithMean(freq, eloScore(s.Elo1))
	llr := 0.0
	for k, f := range freq {
		llr += f * math.Log(p1[k]/p0[k])
	}
	return n * llr
}

// mleWithMean returns the distribution over the pair scores of largest
// likelihood for the observed frequencies freq (all positive) among
// those of mean score mu: freq[k] / (1 + x (score_k - mu)), x the root
// of sum freq[k] (score_k - mu) / (1 + x (score_k - mu)) = 0, which is
// decreasing in x on the interval where every denominator is positive.
func mleWithMean(freq [5]float64, mu float64) [5]float64 {
	g := func(x float64) float64 {
		sum := 0.0
		for k, f := range freq {
			d := pairScores[k] - mu
			sum += f * d / (1 + x*d)
		}
		return sum
	}
	// 1 + x (score - mu) > 0 for scores 0 and 1: -1/(1-mu) < x < 1/mu.
	lo, hi := -1/(1-mu), 1/mu
	const eps = 1e-12
	lo, hi = lo+eps*math.Abs(lo), hi-eps*math.Abs(hi)
	for range 200 {
		mid := (lo + hi) / 2
		if g(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	x := (lo + hi) / 2
	var out [5]float64
	total := 0.0
	for k, f := range freq {
		out[k] = f / (1 + x*(pairScores[k]-mu))
		total += out[k]
	}
	for k := range out {
		out[k] /= total
	}
	return out
}

// Elo returns the logistic Elo of a over b that the pairs in p measure,
// and its 95% error from the pairs' score variance (the pentanomial
// variance, smaller than the games' when paired games are correlated).
// The score is clamped to [0.001, 0.999] so that a sweep has a finite
// Elo.
func (p Pentanomial) Elo() (elo, margin float64) {
	n := float64(p.Pairs())
	if n == 0 {
		return 0, 0
	}
	mean, sq := 0.0, 0.0
	for k, c := range p {
		mean += float64(c) * pairScores[k]
		sq += float64(c) * pairScores[k] * pairScores[k]
	}
	mean /= n
	// With few pairs the variance may be 0: count half a pair's worth
	// of spread, as eloDiff does for games.
	variance := max(sq/n-mean*mean, 0.25/n)
	se := math.Sqrt(variance / n)
	f := func(p float64) float64 { return scoreElo(min(max(p, 0.001), 0.999)) }
	return f(mean), (f(mean+1.96*se) - f(mean-1.96*se)) / 2
}

// Verdict is an SPRT's outcome.
type Verdict int

const (
	// Continue: the LLR lies between its bounds.
	Continue Verdict = iota
	// AcceptH0: the LLR reached the lower bound (a is elo0 rather than
	// elo1 stronger).
	AcceptH0
	// AcceptH1: the LLR reached the upper bound (a is elo1 rather than
	// elo0 stronger).
	AcceptH1
)

// Verdict returns the test's outcome at the LLR llr.
func (s SPRT) Verdict(llr float64) Verdict {
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// ErrH0 is returned by Run when its SPRT accepted H0 (engine a is not
// elo1 stronger than b).
var ErrH0 = errors.New("SPRT accepted H0")

// ErrNoVerdict is returned by Run when its SPRT reached no verdict
// within the match's games.
var ErrNoVerdict = errors.New("SPRT reached no verdict")

// sprtState follows an SPRT through a match: the pair scores so far, by
// pair (games 2j and 2j+1, from 0, share an opening with colors
// swapped), and the counts of the finished pairs.
type sprtState struct {
	test    SPRT
	points  map[int]float64
	games   map[int]int
	penta   Pentanomial
	verdict Verdict
}

func newSPRTState(test SPRT) *sprtState {
	return &sprtState{test: test, points: map[int]float64{}, games: map[int]int{}}
}

// add counts game i's score (a's points) and, when it finishes its
// pair, returns the line to print and true.
func (st *sprtState) add(i int, score float64) (string, bool) {
	pair := i / 2
	st.points[pair] += score
	if st.games[pair]++; st.games[pair] < 2 {
		return "", false
	}
	st.penta[int(math.Round(2*st.points[pair]))]++
	delete(st.points, pair)
	delete(st.games, pair)
	llr := st.test.LLR(st.penta)
	st.verdict = st.test.Verdict(llr)
	lower, upper := st.test.Bounds()
	elo, margin := st.penta.Elo()
	p := st.penta
	return fmt.Sprintf("sprt: llr %.2f (%.2f, %.2f) elo %+.1f +- %.1f pairs %d [%d %d %d %d %d]",
		llr, lower, upper, elo, margin, p.Pairs(), p[0], p[1], p[2], p[3], p[4]), true
}

// verdictLine is the line that ends an SPRT match.
func (st *sprtState) verdictLine() string {
	llr := st.test.LLR(st.penta)
	lower, upper := st.test.Bounds()
	pairs := st.penta.Pairs()
	switch st.verdict {
	case AcceptH1:
		return fmt.Sprintf("sprt: H1 accepted (elo1 %+g): llr %.2f >= %.2f after %s", st.test.Elo1, llr, upper, plural(pairs, "pair"))
	case AcceptH0:
		return fmt.Sprintf("sprt: H0 accepted (elo0 %+g): llr %.2f <= %.2f after %s", st.test.Elo0, llr, lower, plural(pairs, "pair"))
	}
	return fmt.Sprintf("sprt: no verdict: llr %.2f within (%.2f, %.2f) after %s", llr, lower, upper, plural(pairs, "pair"))
}

// plural writes n and noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
