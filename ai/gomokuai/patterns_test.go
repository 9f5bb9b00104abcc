package gomokuai

import (
	"math/rand/v2"
	"testing"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// lineCode returns the pattern code of the point '*' in the hand-made line
// s ('X' own stone, 'O' enemy stone, '.' empty), laid at the start of a
// 15-point line (the rest of the line empty).
func lineCode(t *testing.T, s string, exact bool) uint8 {
	t.Helper()
	var own, opp uint32
	center := -1
	for i, ch := range s {
		bit := uint32(1) << (i + 1)
		switch ch {
		case 'X':
			own |= bit
		case 'O':
			opp |= bit
		case '*':
			center = i + 1
		}
	}
	if center < 0 {
		t.Fatalf("%q has no '*'", s)
	}
	mask := gomoku.LineMask(15, gomoku.Horizontal, 0)
	return patternsFor(exact)[patternKey(own, opp, mask, center)]
}

// TestPatternCodes checks the pattern codes of hand-made lines, the edge
// of the board counting as an enemy stone.
func TestPatternCodes(t *testing.T) {
	for _, c := range []struct {
		line  string
		exact bool
		want  uint8
	}{
		{"XXXX*", false, patFive},
		{"XX*XX", false, patFive},
		{".XXXX*X.", false, patFive},   // an overline wins in freestyle
		{".XXXX*X.", true, patNone},    // not under exact five: the line is dead
		{"..XXX*...", false, patOpen4}, // .XXXX.
		{"OXXX*....", false, patFour},
		{"..X.X*X.X..", false, patOpen4}, // two fours in one line: X.XXX.X
		{"...XX*....", false, patThree},  // .XXX.
		{"...X*X....", false, patThree},
		{"...X.*X....", false, patThree}, // broken three X.XX
		{"OXX*.....", false, patClosed3},
		{"*XX......", false, patClosed3}, // the edge blocks the left
		{"*XXO....", false, patNone},     // no room for five
		{"....X*.....", false, patOpen2},
		{"OX*......", false, patClosed2},
		{"....X...*....", false, patClosed2}, // X...X: a four at most
		{"...X....*....", false, patNone},    // too far apart
		{"OX*X.O", false, patNone},           // no room for five
		{".....*.....", false, patNone},
	} {
		if got := lineCode(t, c.line, c.exact); got != c.want {
			t.Errorf("%q exact %v: code %d, want %d", c.line, c.exact, got, c.want)
		}
	}
}

// scratchSets recomputes the pattern sets of every point of g from the
// definition (windowLevel on each line, without the table or the cache).
func scratchSets(g *gomoku.Game, memo [2][]uint8) (sets [2][gomoku.MaxPoints]patternSet, value [2]int32) {
	size := g.Size()
	ex := exactFor(g.Rule())
	for p := 0; p < size*size; p++ {
		if g.Point(p) != 0 {
			continue
		}
		for dir := 0; dir < 4; dir++ {
			l, bit := gomoku.LineOf(size, dir, p)
			mask := gomoku.LineMask(size, dir, l)
			if countBits(mask) < 5 {
				continue
			}
			for c := rules.Seat(0); c < 2; c++ {
				own, opp := g.Line(c, dir, l), g.Line(c^1, dir, l)
				var o, blk uint32
				for j := 0; j < windowBits; j++ {
					q := bit - patternReach + j
					switch {
					case q < 0 || q > 31 || mask>>q&1 == 0 || opp>>q&1 != 0:
						blk |= 1 << j
					case own>>q&1 != 0 || j == patternReach:
						o |= 1 << j
					}
				}
				e := 0
				if ex[c] {
					e = 1
				}
				sets[c][p] |= patternSet(windowLevel(o, blk, ex[c], memo[e])) << (3 * dir)
			}
		}
	}
	for c := range sets {
		for p := 0; p < size*size; p++ {
			value[c] += evalTable[sets[c][p]].value
		}
	}
	return sets, value
}

func countBits(m uint32) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// TestPatternsIncremental plays random games forward and back, refreshing
// one analyzer after every move and undo, and compares its pattern sets
// and value sums with a recomputation from scratch. Before some of the
// refreshes the analyzer is first brought to a VCF board a few stones
// ahead (refreshBoard, as the threat searches do), so that refreshAll
// also takes its path through the dirty lines, not only the one that
// updates the codes as it goes.
func TestPatternsIncremental(t *testing.T) {
	memo := [2][]uint8{make([]uint8, 1<<(2*windowBits)), make([]uint8, 1<<(2*windowBits))}
	r := rand.New(rand.NewPCG(5, 6))
	games := 12
	if testing.Short() {
		games = 4
	}
	for it := 0; it < games; it++ {
		o := []gomoku.Options{{Size: 15}, {Size: 15, Rule: gomoku.ExactFive}, {Size: 15, Rule: gomoku.Renju}, {Size: 19}, {Size: 20}}[it%5]
		g, _ := gomoku.New(o)
		var a analyzer
		var bd board
		check := func() {
			if over, _ := g.Outcome(); !over && r.IntN(4) == 0 {
				refreshAhead(r, g, &a, &bd)
			}
			a.refreshAll(g)
			checkScratchPatterns(t, g, &a, memo)
		}
		check()
		var buf []rules.Move
		for step := 0; step < 120; step++ {
			if over, _ := g.Outcome(); over || (g.Ply() > 0 && r.IntN(4) == 0) {
				g.Undo()
			} else {
				buf = g.Moves(buf[:0])
				g.Play(randomNearMove(r, g, buf))
			}
			check()
		}
	}
}

// refreshAhead brings a to a VCF board of g with one to three random
// stones more (refreshBoard, as the threat searches do).
func refreshAhead(r *rand.Rand, g *gomoku.Game, a *analyzer, bd *board) {
	bd.load(g)
	played := map[int]bool{}
	for range 1 + r.IntN(3) {
		if p := r.IntN(g.Size() * g.Size()); g.Point(p) == 0 && !played[p] && !bd.won {
			bd.play(p)
			played[p] = true
		}
	}
	a.refreshBoard(bd)
}

// checkScratchPatterns compares a's pattern sets, value sums and threat
// counts, up to date with g, with a recomputation from scratch.
func checkScratchPatterns(t *testing.T, g *gomoku.Game, a *analyzer, memo [2][]uint8) {
	t.Helper()
	sets, value := scratchSets(g, memo)
	if a.sets != sets || a.value != value {
		for c := 0; c < 2; c++ {
			for p := range sets[c] {
				if a.sets[c][p] != sets[c][p] {
					t.Logf("color %d point %s: %o, want %o", c, gomoku.PointName(g.Size(), p), a.sets[c][p], sets[c][p])
				}
			}
		}
		t.Fatalf("%v after %d moves: incremental patterns differ from scratch (values %v, want %v)\n%s", g.Options(), g.Ply(), a.value, value, g)
	}
	var threats [2][numThreatBits]int32
	for c := range sets {
		for p := range sets[c] {
			for i := range threats[c] {
				threats[c][i] += int32(threatTable[sets[c][p]] >> i & 1)
			}
		}
	}
	var got [2][numThreatBits]int32
	for c := range got {
		for i := range got[c] {
			got[c][i] = a.threats[c].count(i)
		}
	}
	if got != threats {
		t.Fatalf("%v after %d moves: threat counts %v, want %v\n%s", g.Options(), g.Ply(), got, threats, g)
	}
}

// randomNearMove draws one of the legal moves buf, mostly near the last
// stone, so that patterns form.
func randomNearMove(r *rand.Rand, g *gomoku.Game, buf []rules.Move) rules.Move {
	m := buf[r.IntN(len(buf))]
	if last := g.LastMove(); last != rules.NoMove && int(last) < g.Size()*g.Size() && r.IntN(3) > 0 {
		x, y := int(last)%g.Size()+r.IntN(5)-2, int(last)/g.Size()+r.IntN(5)-2
		if x >= 0 && y >= 0 && x < g.Size() && y < g.Size() && g.Legal(rules.Move(y*g.Size()+x)) {
			m = rules.Move(y*g.Size() + x)
		}
	}
	return m
}

// TestThreatOf: the threat bits of a few pattern sets, in any order of
// the directions.
func TestThreatOf(t *testing.T) {
	set := func(codes ...uint8) patternSet {
		var s patternSet
		for dir, c := range codes {
			s |= patternSet(c) << (3 * dir)
		}
		return s
	}
	for _, tc := range []struct {
		s    patternSet
		want uint8
	}{
		{set(), 0},
		{set(patOpen2, patOpen2, patClosed3), 0},
		{set(patNone, patThree), threatThree},
		{set(patThree, patClosed3, patClosed2), threatThree},
		{set(patOpen2, patNone, patThree), threatThree | threatDouble},
		{set(patThree, patThree), threatThree | threatDouble | threatThree3},
		{set(patClosed2, patFour), threatFour},
		{set(patFour, patNone, patNone, patThree), threatFour | threatThree | threatFourThree},
		{set(patOpen4), threatFour | threatOpen4},
		{set(patFour, patClosed3, patFour), threatFour | threatOpen4},
		{set(patFour, patFour, patThree), threatFour | threatThree | threatOpen4},
		{set(patFive, patThree, patOpen2), threatFour | threatThree | threatDouble},
		{set(patFive, patThree, patThree), threatFour | threatThree | threatDouble},
	} {
		if got := threatOf(tc.s); got != tc.want {
			t.Errorf("threatOf(%o) = %b, want %b", tc.s, got, tc.want)
		}
		if got := threatTable[tc.s]; got != tc.want {
			t.Errorf("threatTable[%o] = %b, want %b", tc.s, got, tc.want)
		}
	}
}

// TestPatternTableShape: the table has windows of every code.
func TestPatternTableShape(t *testing.T) {
	seen := map[uint8]bool{}
	for _, v := range patternsFor(false) {
		seen[v] = true
	}
	for c := uint8(0); c < numPatterns; c++ {
		if !seen[c] {
			t.Errorf("no window has code %d", c)
		}
	}
}

// TestPatternTableLoneStone: a point with no own stone within
// patternReach has code patNone whatever the blocked points (lineCodes
// skips such points).
func TestPatternTableLoneStone(t *testing.T) {
	for _, exact := range []bool{false, true} {
		tab := patternsFor(exact)
		for blk := uint32(0); blk < 1<<(2*patternReach); blk++ {
			if c := tab[blk<<(2*patternReach)]; c != patNone {
				t.Fatalf("exact %v, blocked %010b: code %d, want patNone", exact, blk, c)
			}
		}
	}
}
