package referee

import (
	"math"
	"strings"
	"testing"
)

// TestSPRTBounds: the bounds of alpha = beta = 0.05 are ±log(19).
func TestSPRTBounds(t *testing.T) {
	lower, upper := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}.Bounds()
	if math.Abs(lower+2.944439) > 1e-6 || math.Abs(upper-2.944439) > 1e-6 {
		t.Errorf("bounds %v %v, want ∓2.944439", lower, upper)
	}
	lower, upper = SPRT{Alpha: 0.1, Beta: 0.2}.Bounds()
	if math.Abs(lower-math.Log(0.2/0.9)) > 1e-12 || math.Abs(upper-math.Log(0.8/0.1)) > 1e-12 {
		t.Errorf("alpha 0.1 beta 0.2: %v %v", lower, upper)
	}
}

// TestSPRTTwoClasses: when only pairs of 0 and 2 points were played,
// the distributions of largest likelihood with mean s are (1-s, s) on
// those two classes, and the LLR is the binomial one, worked by hand:
// wins log(s1/s0) + losses log((1-s1)/(1-s0)). (The empty classes count
// 1/1000 of a pair each, which moves it by less than 0.01.)
func TestSPRTTwoClasses(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	s0, s1 := 0.5, 1/(1+math.Pow(10, -50.0/400))
	for _, c := range [][2]int{{10, 14}, {20, 5}, {0, 30}} {
		losses, wins := c[0], c[1]
		want := float64(wins)*math.Log(s1/s0) + float64(losses)*math.Log((1-s1)/(1-s0))
		got := test.LLR(Pentanomial{losses, 0, 0, 0, wins})
		if math.Abs(got-want) > 0.01 {
			t.Errorf("%d lost and %d won pairs: llr %.4f, want %.4f", losses, wins, got, want)
		}
	}
}

// TestSPRTNormalApproximation: for many pairs and a small Elo gap the
// GSPRT's LLR is close to its normal approximation (the one fastchess
// uses for logistic Elo): (s1-s0)(2 mu - s0 - s1) / (2 var/N), mu and
// var the mean and variance of the pairs' scores.
func TestSPRTNormalApproximation(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	for _, p := range []Pentanomial{{10, 60, 120, 70, 15}, {20, 80, 110, 70, 20}, {5, 20, 200, 25, 6}} {
		n := float64(p.Pairs())
		mu, sq := 0.0, 0.0
		for k, c := range p {
			mu += float64(c) * float64(k) / 4
			sq += float64(c) * float64(k) * float64(k) / 16
		}
		mu, sq = mu/n, sq/n
		variance := sq - mu*mu
		s0, s1 := eloScore(test.Elo0), eloScore(test.Elo1)
		want := (s1 - s0) * (2*mu - s0 - s1) / (2 * variance / n)
		if got := test.LLR(p); math.Abs(got-want) > 0.02*math.Max(1, math.Abs(want)) {
			t.Errorf("%v: llr %.4f, normal approximation %.4f", p, got, want)
		} else {
			t.Logf("%v: llr %.4f, normal approximation %.4f", p, got, want)
		}
	}
}

// TestSPRTProperties: the LLR is 0 with no pairs or when elo0 = elo1,
// grows with each won pair and falls with each lost one.
func TestSPRTProperties(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	if llr := test.LLR(Pentanomial{}); llr != 0 {
		t.Errorf("no pairs: %v", llr)
	}
	p := Pentanomial{3, 8, 12, 9, 4}
	if llr := (SPRT{Elo0: 5, Elo1: 5}).LLR(p); math.Abs(llr) > 1e-9 {
		t.Errorf("elo0 = elo1: %v", llr)
	}
	prev := test.LLR(p)
	for k := 1; k < 5; k++ {
		q := p
		q[k]++
		q[k-1]--
		if llr := test.LLR(q); llr <= prev {
			t.Errorf("a pair moved up to class %d: llr %v, before %v", k, llr, prev)
		}
	}
	won, lost := p, p
	won[4]++
	lost[0]++
	if test.LLR(won) <= prev || test.LLR(lost) >= prev {
		t.Errorf("llr %v, after a won pair %v, after a lost pair %v", prev, test.LLR(won), test.LLR(lost))
	}
	if test.Verdict(2.95) != AcceptH1 || test.Verdict(-2.95) != AcceptH0 || test.Verdict(2.9) != Continue {
		t.Error("verdicts at ±2.95 and 2.9")
	}
}

// TestPentanomialElo: even pairs are 0 Elo; 3 points of 4 a pair are
// 75%, about +191 Elo, with a margin that shrinks as pairs are added.
func TestPentanomialElo(t *testing.T) {
	if e, m := (Pentanomial{2, 3, 10, 3, 2}).Elo(); e != 0 || m <= 0 {
		t.Errorf("even: %v +- %v", e, m)
	}
	e, m := Pentanomial{0, 0, 0, 10, 0}.Elo()
	_, m2 := Pentanomial{0, 0, 0, 40, 0}.Elo()
	if e < 190 || e > 192 || !(m2 < m) {
		t.Errorf("75%%: %v +- %v (40 pairs: +- %v)", e, m, m2)
	}
}

func TestParseSPRT(t *testing.T) {
	s, err := ParseSPRT("elo0=0,elo1=5")
	if err != nil || s != (SPRT{0, 5, 0.05, 0.05}) {
		t.Errorf("%+v %v", s, err)
	}
	s, err = ParseSPRT("elo1=10, elo0=-2.5,alpha=0.1,beta=0.2")
	if err != nil || s != (SPRT{-2.5, 10, 0.1, 0.2}) {
		t.Errorf("%+v %v", s, err)
	}
	for text, want := range map[string]string{
		"elo0=0":                  "both",
		"elo0=5,elo1=0":           "below",
		"elo0=0,elo1=x":           "numbers",
		"elo0=0,elo1=5,gamma=1":   "unknown",
		"elo0=0,elo0=1,elo1=5":    "repeated",
		"elo0=0,elo1=5,alpha=0.6": "between",
		"elo0=0,elo1=5000":        "1000",
		"elo0=0,elo1=5,beta=0":    "between",
		"elo0=0,elo1=NaN":         "numbers",
		"":                        "numbers",
	} {
		if _, err := ParseSPRT(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}

// TestSPRTStatePairs: a pair's line comes when both of its games are in,
// whatever their order, and classes the pair by a's points.
func TestSPRTStatePairs(t *testing.T) {
	st := newSPRTState(SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05})
	if _, ok := st.add(3, 1); ok {
		t.Fatal("a line after one game of pair 1")
	}
	if _, ok := st.add(0, 0.5); ok {
		t.Fatal("a line after one game of pair 0")
	}
	line, ok := st.add(2, 0.5)
	if !ok || st.penta != (Pentanomial{0, 0, 0, 1, 0}) || !strings.HasPrefix(line, "sprt: llr ") || !strings.Contains(line, "(-2.94, 2.94)") || !strings.HasSuffix(line, "pairs 1 [0 0 0 1 0]") {
		t.Errorf("%q %v %v", line, ok, st.penta)
	}
	st.add(1, 0)
	if st.penta != (Pentanomial{0, 1, 0, 1, 0}) {
		t.Errorf("%v", st.penta)
	}
	if v := st.verdictLine(); !strings.Contains(v, "no verdict") || !strings.HasSuffix(v, "after 2 pairs") {
		t.Error(v)
	}
}
