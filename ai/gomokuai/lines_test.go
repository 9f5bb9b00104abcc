package gomokuai

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"planiverse/rules/gomoku"
)

// naiveRun returns the length of the run of own bits through bit p.
func naiveRun(own uint32, p int) int {
	n := 1
	for i := p - 1; i >= 0 && own>>i&1 == 1; i-- {
		n++
	}
	for i := p + 1; i < 32 && own>>i&1 == 1; i++ {
		n++
	}
	return n
}

func naiveWinPoints(own, empty uint32, exact bool) uint32 {
	var out uint32
	for p := 0; p < 32; p++ {
		if empty>>p&1 == 0 {
			continue
		}
		r := naiveRun(own, p)
		if r == 5 || r > 5 && !exact {
			out |= 1 << p
		}
	}
	return out
}

// randomLine returns random stones on a random line of a random board.
func randomLine(r *rand.Rand) (b, w, mask uint32, exact bool) {
	size := []int{15, 19, 20}[r.IntN(3)]
	dir := r.IntN(4)
	mask = gomoku.LineMask(size, dir, r.IntN(gomoku.NumLines(size, dir)))
	density := r.IntN(90) + 10
	for m := mask; m != 0; m &= m - 1 {
		bit := m & -m
		if r.IntN(100) < density {
			if r.IntN(3) == 0 {
				w |= bit
			} else {
				b |= bit
			}
		}
	}
	return b, w, mask, r.IntN(2) == 0
}

// TestLinePatterns checks the bit-parallel patterns against definitions
// computed point by point, on random lines.
func TestLinePatterns(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for it := 0; it < 20000; it++ {
		b, w, mask, exact := randomLine(r)
		empty := mask &^ (b | w)
		for _, own := range []uint32{b, w} {
			if got, want := gomoku.WinPoints(own, empty, exact), naiveWinPoints(own, empty, exact); got != want {
				t.Fatalf("gomoku.WinPoints(%b, %b, %v) = %b, want %b", own, empty, exact, got, want)
			}
		}
		li := analyseLine(b, w, mask, exact)
		own := [2]uint32{b, w}
		var score int32
		for c := 0; c < 2; c++ {
			o, x := own[c], own[c^1]
			if want := naiveWinPoints(o, empty, exact); li.win[c] != want {
				t.Fatalf("colour %d win %b, want %b (b %b w %b exact %v)", c, li.win[c], want, b, w, exact)
			}
			var four, three uint32
			for p := 0; p < 32; p++ {
				if empty>>p&1 == 0 {
					continue
				}
				n := bits.OnesCount32(naiveWinPoints(o|1<<p, empty&^(1<<p), exact))
				if n >= 1 {
					four |= 1 << p
				}
				if n >= 2 {
					three |= 1 << p
				}
			}
			// With a win point already in the line, "makes a four" is
			// ambiguous; compare lines without one.
			if li.win[c] == 0 && li.four[c] != four {
				t.Fatalf("colour %d four %b, want %b (b %b w %b exact %v)", c, li.four[c], four, b, w, exact)
			}
			if li.win[c] == 0 && li.three[c] != three {
				t.Fatalf("colour %d three %b, want %b (b %b w %b exact %v)", c, li.three[c], three, b, w, exact)
			}
			if got := openFourPoints(o, x, mask, exact); li.win[c] == 0 && got != three {
				t.Fatalf("openFourPoints %b, want %b", got, three)
			}
			// Window score.
			lo, hi := bits.TrailingZeros32(mask), 31-bits.LeadingZeros32(mask)
			for i := lo; i+4 <= hi; i++ {
				win := uint32(31) << i
				if x&win != 0 || o&win == 0 {
					continue
				}
				if exact && (o>>(i-1)&1 == 1 || o>>(i+5)&1 == 1) {
					continue
				}
				v := windowValue[bits.OnesCount32(o&win)]
				if c == 0 {
					score += v
				} else {
					score -= v
				}
			}
		}
		if li.score != score {
			t.Fatalf("score %d, want %d", li.score, score)
		}
	}
}
