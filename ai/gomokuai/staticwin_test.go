package gomokuai

import (
	"math/rand/v2"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// wonWithin reports, by brute force over every reply, whether the side to
// move of g wins within n plies (n is 3 or 5), trying as its own moves the
// points where staticResult would look: for a win in 5, the points of its
// threat bits; for a win in 3, its four points, after which it must hold
// two distinct win points while the opponent holds none (he can block one
// of them only, and cannot make a five). A reply that ends the game, or
// leaves the opponent a win point while the side to move has none, refutes.
func wonWithin(k *Knowledge, g *gomoku.Game, n int) bool {
	a := &k.a
	a.refreshAll(g)
	me := g.ColorToMove()
	if a.nWin[me] > 0 {
		return true
	}
	if w, _, _ := a.distinctWins(me ^ 1); w > 0 {
		return false
	}
	var tries []rules.Move
	size := g.Size()
	if n == 3 {
		a.nextGen()
		tries = a.appendAll(nil, kindFour, me)
	} else {
		for p := 0; p < size*size; p++ {
			if g.Legal(rules.Move(p)) && threatTable[a.sets[me][p]&setMask]&(threatOpen4|threatFourThree|threatThree3) != 0 {
				tries = append(tries, rules.Move(p))
			}
		}
	}
	for _, m := range tries {
		if !g.Legal(m) {
			continue
		}
		g.Play(m)
		ok := true
		if n == 3 {
			a.refreshAll(g)
			w, _, _ := a.distinctWins(me)
			o, _, _ := a.distinctWins(me ^ 1)
			ok = w >= 2 && o == 0
		} else {
			for r := 0; r < size*size && ok; r++ {
				if !g.Legal(rules.Move(r)) {
					continue
				}
				g.Play(rules.Move(r))
				if over, _ := g.Outcome(); over || !wonWithin(k, g, 3) {
					ok = false
				}
				g.Undo()
			}
		}
		g.Undo()
		if ok {
			return true
		}
	}
	return false
}

func TestStaticResult(t *testing.T) {
	for _, tc := range []struct {
		name, moves string
		renju       bool
		want        int
	}{
		// J8: a four (G8-J8, closed by F8) and an open three (J6-J8).
		{"four-three", "G8 F8 H8 A1 I8 A3 J6 C1 J7 O15", false, 5},
		// The same with a four point of White's (A4 or A5).
		{"four-three, a four point against it", "G8 F8 H8 A1 I8 A2 J6 A3 J7 O15", false, 0},
		// K8: threes in two lines (H8 I8 . K8 and K6-K8).
		{"double three", "H8 A1 I8 A3 K6 C1 K7 O15", false, 5},
		// The same with White's open three C3-E3.
		{"double three, a three against it", "H8 C3 I8 D3 K6 E3 K7 O15", false, 0},
		// Forbidden to Black under Renju.
		{"double three, Renju", "H8 A1 I8 A3 K6 C1 K7 O15", true, 0},
		// F8 or J8: an open four.
		{"open four", "G8 A1 H8 C1 I8 O15", false, 3},
		// White's open four C3-F3: two win points.
		{"two win points against", "H8 C3 J10 D3 L12 E3 N14 F3", false, -2},
		// Black's own four H8-K8 (L8 or G8): a five next.
		{"a five next", "H8 A1 I8 A3 J8 C1 K8 O15", false, 1},
	} {
		opts := gomoku.Options{Size: 15}
		if tc.renju {
			opts.Rule = gomoku.Renju
		}
		g, _ := gomoku.New(opts)
		for _, s := range strings.Fields(tc.moves) {
			m, err := g.ParseMove(s)
			if err != nil || !g.Legal(m) {
				t.Fatalf("%s: bad move %s", tc.name, s)
			}
			g.Play(m)
		}
		k := New()
		k.a.refreshAll(g)
		if n, _ := k.staticResult(g); n != tc.want {
			t.Errorf("%s: staticResult %d, want %d\n%s", tc.name, n, tc.want, g)
		}
		v, ok := k.QuickWin(g, 2)
		switch {
		case tc.want > 0 && (!ok || v != ai.WinScore-2-tc.want),
			tc.want < 0 && (!ok || v != -(ai.WinScore-2+tc.want)),
			tc.want == 0 && ok:
			t.Errorf("%s: QuickWin at ply 2 = %d, %v for a result of %d plies", tc.name, v, ok, tc.want)
		}
		if tc.want == 3 || tc.want == 5 {
			if !wonWithin(New(), g, tc.want) {
				t.Errorf("%s: no win in %d found by brute force", tc.name, tc.want)
			}
		}
	}
}

// TestStaticResultSound plays seeded games under each rule with moves
// drawn from the candidates (which answer threats, so threats abound) and
// checks every win in 3 or 5 staticResult claims by brute force over every
// legal reply.
func TestStaticResultSound(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 11))
	k, check := New(), New()
	claims := map[int]int{}
	games := 40
	if testing.Short() {
		games = 10
	}
	for i := 0; i < games; i++ {
		g, _ := gomoku.New(gomoku.Options{Size: 15, Rule: gomoku.Rule(i % 3)})
		for ply := 0; ply < 120; ply++ {
			if over, _ := g.Outcome(); over {
				break
			}
			k.a.refreshAll(g)
			if n, _ := k.staticResult(g); n == 3 || n == 5 {
				claims[n]++
				if !wonWithin(check, g, n) {
					t.Fatalf("staticResult claims a win in %d that brute force refutes:\n%s", n, g)
				}
			}
			c := k.Candidates(g, nil)
			g.Play(c[r.IntN(min(len(c), 4))])
		}
	}
	if claims[3] == 0 || claims[5] == 0 {
		t.Fatalf("claims checked: %v; want wins in 3 and in 5 among them", claims)
	}
	t.Logf("claims checked: %v", claims)
}
