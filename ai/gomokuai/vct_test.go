package gomokuai

import (
	"math/rand/v2"
	"testing"
	"time"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

var renju = gomoku.Options{Size: 15, Rule: gomoku.Renju}

type vctCase struct {
	name         string
	opts         gomoku.Options
	black, white string
	toMove       rules.Player
	win          bool
	verifyDepth  int // attacker moves the brute-force check may take (0: skip)
}

// vctCases are hand-made positions; the wins are checked against every
// defence by verifyVCT.
var vctCases = []vctCase{
	// H8 makes open threes on row 8 (F8 G8 H8) and column H (H6 H7 H8).
	{"double three", std, "F8 G8 H6 H7", "", 0, true, 2},
	// The same for White, whose double three Renju allows.
	{"white double three in renju", renju, "", "F8 G8 H6 H7", 1, true, 2},
	// Black's double three H8 is forbidden under Renju; a longer win (checked
	// against every defence to six threats) avoids it.
	{"renju black wins without the forbidden double three", renju, "F8 G8 H6 H7", "", 0, true, 6},
	// White has a four-three VCF (N12 four, then column N open four), so
	// Black's double three at H8 is answered by it: no VCT.
	{"defender's VCF refutes", std, "F8 G8 H6 H7 J12", "K12 L12 M12 N10 N11", 0, false, 0},
	{"lone stones", std, "H8", "H9", 0, false, 0},
	{"a single open two", std, "H8 I8", "H9 A1", 0, false, 0},
}

// verifyVCT reports whether the side to move of g wins against every
// defence within depth threats: its moves come from VCT (the search under
// test; a VCF or a five ends the check, VCF having its own reference
// test), and after each of them every legal point is tried as the
// defender's reply. A forced block of a defender's four costs no depth, as
// in the search.
func verifyVCT(t *testing.T, g *gomoku.Game, depth int) bool {
	t.Helper()
	if over, _ := g.Outcome(); over {
		return false
	}
	if len(naiveWinPointsOf(g)) > 0 {
		return true
	}
	if _, ok := VCF(g, 30); ok {
		return true // VCF is checked against its own reference
	}
	forced := len(naiveOppWinPoints(g)) > 0
	if depth == 0 && !forced {
		return false
	}
	m, ok := VCT(g, max(depth, 1), 2_000_000)
	if !ok {
		return false
	}
	if !g.Legal(m) {
		t.Fatalf("VCT move %s is illegal\n%s", g.MoveString(m), g)
	}
	next := depth - 1
	if forced {
		next = depth // a forced block costs the VCT no depth
	}
	g.Play(m)
	defer g.Undo()
	if g.Won() {
		return true
	}
	n := g.Size() * g.Size()
	for p := 0; p < n; p++ {
		d := rules.Move(p)
		if !g.Legal(d) {
			continue
		}
		g.Play(d)
		lost := g.Won()
		if !lost {
			lost = !verifyVCT(t, g, next)
		}
		g.Undo()
		if lost {
			var line []rules.Move
			for i := 0; i < g.Stones(); i++ {
				line = append(line, g.History(i))
			}
			t.Logf("defence %s refutes %s after %s", g.MoveString(d), g.MoveString(m), names(g, line))
			return false
		}
	}
	return true
}

func TestVCTPositions(t *testing.T) {
	for _, c := range vctCases {
		t.Run(c.name, func(t *testing.T) {
			g := setup(t, c.opts, c.black, c.white, c.toMove)
			before := g.String()
			m, ok := VCT(g, 12, 2_000_000)
			if g.String() != before {
				t.Fatal("VCT changed the position")
			}
			if ok && c.opts.Rule == gomoku.Renju && g.ColorToMove() == 0 && g.FoulAt(int(m)) != gomoku.NoFoul {
				t.Fatalf("VCT plays the forbidden point %s", g.MoveString(m))
			}
			if ok != c.win {
				t.Fatalf("VCT = %v (%s), want %v\n%s", ok, g.MoveString(m), c.win, g)
			}
			if !ok {
				return
			}
			if _, vcf := VCF(g, 30); vcf {
				t.Fatalf("the position has a VCF: not a VCT test")
			}
			if c.verifyDepth > 0 && !verifyVCT(t, g.Clone().(*gomoku.Game), c.verifyDepth) {
				t.Fatalf("the claimed win %s fails against some defence\n%s", g.MoveString(m), g)
			}
		})
	}
}

// TestVCTSound searches random dense positions for VCTs without a VCF and
// checks every win claimed against all defences (verifyVCT).
func TestVCTSound(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	found, tried := 0, 0
	start := time.Now()
	for i := 0; i < 400 && found < 12; i++ {
		o := gomoku.Options{Size: 15, Rule: gomoku.Rule(i % 3)}
		g := randomDense(r, o, 8+r.IntN(12))
		if _, vcf := VCF(g, 30); vcf {
			continue
		}
		tried++
		m, ok := VCT(g, 3, 200_000)
		if !ok {
			continue
		}
		found++
		if !g.Legal(m) {
			t.Fatalf("VCT move %s is illegal\n%s", g.MoveString(m), g)
		}
		if !verifyVCT(t, g, 3) {
			t.Fatalf("VCT claims %s but a defence refutes it (rule %d)\n%s", g.MoveString(m), o.Rule, g)
		}
	}
	t.Logf("%d VCTs verified out of %d positions without a VCF, %v", found, tried, time.Since(start))
	if found < 5 {
		t.Fatalf("only %d VCTs found: the test is too weak", found)
	}
}
