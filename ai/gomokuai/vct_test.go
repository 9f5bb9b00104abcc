package gomokuai

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

var renju = gomoku.Options{Size: 15, Rule: gomoku.Renju}

type vctCase struct {
	name         string
	opts         gomoku.Options
	black, white string
	toMove       rules.Seat
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

// vctUnderTest is the VCT search verifyVCT takes the attacker's moves
// from: VCT, or the df-pn search alone (vctPN).
var vctUnderTest = VCT

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
	m, ok := vctUnderTest(g, max(depth, 1), 2_000_000)
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

func TestVCTPositions(t *testing.T) { checkVCTCases(t, "VCT", VCT, true) }

// checkVCTCases runs the search solve (named name in failures) on the
// hand-made positions vctCases: it leaves the position unchanged, never
// plays a Renju foul for Black, finds exactly the wins listed, and each
// win holds against every defence (verifyVCT, which takes its attacker's
// moves from vctUnderTest); with noVCF it also checks that a won position
// has no VCF (a VCT test, not a VCF one).
func checkVCTCases(t *testing.T, name string, solve func(*gomoku.Game, int, int64) (rules.Move, bool), noVCF bool) {
	for _, c := range vctCases {
		t.Run(c.name, func(t *testing.T) {
			g := setup(t, c.opts, c.black, c.white, c.toMove)
			before := g.String()
			m, ok := solve(g, 12, 2_000_000)
			if g.String() != before {
				t.Fatalf("%s changed the position", name)
			}
			if ok && c.opts.Rule == gomoku.Renju && g.ColorToMove() == 0 && g.FoulAt(int(m)) != gomoku.NoFoul {
				t.Fatalf("%s plays the forbidden point %s", name, g.MoveString(m))
			}
			if ok != c.win {
				t.Fatalf("%s = %v (%s), want %v\n%s", name, ok, g.MoveString(m), c.win, g)
			}
			if !ok {
				return
			}
			if noVCF {
				if _, vcf := VCF(g, 30); vcf {
					t.Fatalf("the position has a VCF: not a VCT test")
				}
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

// Solve plays a VCT when there is no VCF, and stops at once when canceled.
func TestSolveVCT(t *testing.T) {
	k := New()
	g := setup(t, std, "F8 G8 H6 H7", "", 0)
	m, sc, nodes, ok := k.Solve(context.Background(), g)
	if !ok || g.MoveString(m) != "H8" || sc != ai.WinScore-5 || nodes == 0 {
		t.Fatalf("Solve = %s %d %d %v, want the double three H8", g.MoveString(m), sc, nodes, ok)
	}
	// Under Renju H8 is forbidden to Black: whatever Solve plays is legal.
	r := setup(t, renju, "F8 G8 H6 H7", "", 0)
	if m, _, _, ok := k.Solve(context.Background(), r); ok && (!r.Legal(m) || r.FoulAt(int(m)) != gomoku.NoFoul) {
		t.Fatalf("Solve plays the forbidden %s", r.MoveString(m))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, nodes, ok := New().Solve(ctx, g); ok || nodes > 256 {
		t.Fatalf("Solve with a canceled context: ok %v after %d nodes", ok, nodes)
	}
	// A deadline already past stops the VCT part too.
	dctx, dcancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer dcancel()
	if _, _, nodes, ok := New().Solve(dctx, g); ok || nodes > 2048 {
		t.Fatalf("Solve past its deadline: ok %v after %d nodes", ok, nodes)
	}
}

// White threatens the double three H8 (no VCF): the timed root filter keeps
// a few candidate defences, among them H8, and drops only candidates that
// lose to a VCT (checked again with a larger budget) or moves that are not
// candidates. (Some kept moves lose to a VCT longer than its budget finds.)
func TestRootMovesVCTThreat(t *testing.T) {
	k := New()
	g := setup(t, std, "G7 I9 E9 G9", "F8 G8 H6 H7", 0)
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	in := k.Candidates(g, nil)
	orig := slices.Clone(in)
	kept := k.RootMoves(ctx, g, in)
	if len(kept) == 0 || len(kept) >= len(orig) {
		t.Fatalf("kept %d of %d moves", len(kept), len(orig))
	}
	for _, m := range kept {
		if !slices.Contains(orig, m) {
			t.Fatalf("kept %s not in the input", g.MoveString(m))
		}
	}
	// H8 takes the double-three point and leaves White no VCT.
	h8 := pts(t, g, "H8")[0]
	if !slices.Contains(kept, h8) || opponentVCT(g, h8) {
		t.Fatalf("kept %s; H8 must be kept and safe", names(g, kept))
	}
	cand, vctMode := vctDefences(g)
	if !vctMode {
		t.Fatal("no VCT threat seen")
	}
	for _, m := range orig {
		if !slices.Contains(kept, m) && cand.has(int(m)) && !opponentVCT(g, m) {
			t.Errorf("dropped the candidate %s, which does not lose to a VCT", g.MoveString(m))
		}
	}
	t.Logf("kept %s", names(g, kept))
	// Untimed (a fixed-depth search), the VCT part does not run.
	in = slices.Clone(orig)
	if out := k.RootMoves(context.Background(), g, in); len(out) != len(orig) {
		t.Fatalf("untimed filter kept %d of %d", len(out), len(orig))
	}
}
