package gomokuai

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"planiverse/rules"
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
		li := analyzeLine(b, w, mask, exact)
		own := [2]uint32{b, w}
		var score int32
		for c := 0; c < 2; c++ {
			o, x := own[c], own[c^1]
			if want := naiveWinPoints(o, empty, exact); li.win[c] != want {
				t.Fatalf("color %d win %b, want %b (b %b w %b exact %v)", c, li.win[c], want, b, w, exact)
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
				t.Fatalf("color %d four %b, want %b (b %b w %b exact %v)", c, li.four[c], four, b, w, exact)
			}
			if li.win[c] == 0 && li.three[c] != three {
				t.Fatalf("color %d three %b, want %b (b %b w %b exact %v)", c, li.three[c], three, b, w, exact)
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

// sameAnalysis reports which derived field of a differs from fresh's
// ("" when none): the line analyses (without the VCT's makers, filled in
// on demand), the totals, the line indexes and the pattern codes.
func sameAnalysis(a, fresh *analyzer) string {
	for dir := 0; dir < 4; dir++ {
		for l := 0; l < gomoku.MaxLines; l++ {
			x, y := a.info[dir][l], fresh.info[dir][l]
			x.makers, x.makersOK, y.makers, y.makersOK = [2]uint32{}, [2]bool{}, [2]uint32{}, [2]bool{}
			if x != y {
				return "info"
			}
		}
	}
	switch {
	case a.score != fresh.score:
		return "score"
	case a.nWin != fresh.nWin, a.nFour != fresh.nFour, a.nThree != fresh.nThree:
		return "counts"
	case a.withKind != fresh.withKind, a.withTwo != fresh.withTwo:
		return "line index"
	case a.sets != fresh.sets, a.value != fresh.value, a.patStones != fresh.patStones, a.patCodes != fresh.patCodes:
		return "patterns"
	}
	return ""
}

// TestRefreshIncremental passes random games through one analyzer: moves
// and undos on one game, switches to a clone that goes its own way, to a
// new game of another size, rule or opening, and VCF-board refreshes in
// between. After every refresh the analysis must equal a fresh
// analyzer's, which compares every line of the game.
func TestRefreshIncremental(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	opts := []gomoku.Options{
		{Size: 15}, {Size: 15, Rule: gomoku.ExactFive}, {Size: 15, Rule: gomoku.Renju},
		{Size: 19}, {Size: 20, Rule: gomoku.ExactFive},
		{Size: 15, Opening: gomoku.SwapOpening}, {Size: 15, Opening: gomoku.Swap2Opening},
	}
	steps := 3000
	if testing.Short() {
		steps = 600
	}
	var a analyzer
	var bd board
	games := []*gomoku.Game{}
	newGame := func() *gomoku.Game {
		g, _ := gomoku.New(opts[r.IntN(len(opts))])
		return g
	}
	g := newGame()
	games = append(games, g)
	var buf []rules.Move
	for step := 0; step < steps; step++ {
		switch x := r.IntN(100); {
		case x < 3:
			g = newGame()
			games = append(games, g)
		case x < 6:
			g = g.Clone().(*gomoku.Game)
			games = append(games, g)
		case x < 12:
			g = games[r.IntN(len(games))] // an older game, maybe sharing a prefix
		case x < 15:
			if over, _ := g.Outcome(); !over {
				bd.load(g)
				if m := bd.size * bd.size; r.IntN(2) == 0 {
					if p := r.IntN(m); g.Point(p) == 0 {
						bd.play(p)
					}
				}
				a.refreshBoard(&bd)
			}
		}
		for n := r.IntN(4); n > 0; n-- {
			over, _ := g.Outcome()
			if g.Ply() > 0 && (over || r.IntN(3) == 0) {
				g.Undo()
				continue
			}
			if buf = g.Moves(buf[:0]); len(buf) > 0 {
				g.Play(buf[r.IntN(len(buf))])
			}
		}
		a.refreshAll(g)
		var fresh analyzer
		fresh.refreshAll(g)
		if what := sameAnalysis(&a, &fresh); what != "" {
			t.Fatalf("step %d: %s of the incremental analysis differs from a fresh one (%v, ply %d)\n%s", step, what, g.Options(), g.Ply(), g)
		}
	}
}
