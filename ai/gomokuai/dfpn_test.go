package gomokuai

import (
	"math/rand/v2"
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// vctPN runs the df-pn VCT alone (without solve's iterative pass) on g,
// with at most maxDepth threats and nodes positions (0 for no limit).
func vctPN(g *gomoku.Game, maxDepth int, nodes int64) (rules.Move, bool) {
	if over, _ := g.Outcome(); over {
		return rules.NoMove, false
	}
	v := newVCTSearch(newVCFSearch(new(analyzer), 12), 14, 18)
	v.b.load(g)
	v.limit = nodes
	v.proofGen++
	return v.solvePN(maxDepth)
}

// withPN makes verifyVCT take its moves from the df-pn search alone for
// the rest of the test.
func withPN(t *testing.T) {
	vctUnderTest = vctPN
	t.Cleanup(func() { vctUnderTest = VCT })
}

// The hand-made positions, with df-pn alone: the same answers, and every
// win holds against every defence.
func TestVCTPNPositions(t *testing.T) {
	withPN(t)
	checkVCTCases(t, "df-pn", vctPN, false)
}

// TestVCTPNSound checks the df-pn search's wins on random dense positions
// (freestyle, exact five and Renju) against every defence (verifyVCT).
func TestVCTPNSound(t *testing.T) {
	withPN(t)
	r := rand.New(rand.NewPCG(7, 8))
	found := 0
	for i := 0; i < 400 && found < 12; i++ {
		o := gomoku.Options{Size: 15, Rule: gomoku.Rule(i % 3)}
		g := randomDense(r, o, 8+r.IntN(12))
		if _, vcf := VCF(g, 30); vcf {
			continue
		}
		m, ok := vctPN(g, 3, 200_000)
		if !ok {
			continue
		}
		found++
		if !g.Legal(m) {
			t.Fatalf("df-pn move %s is illegal\n%s", g.MoveString(m), g)
		}
		if !verifyVCT(t, g, 3) {
			t.Fatalf("df-pn claims %s but a defence refutes it (rule %d)\n%s", g.MoveString(m), o.Rule, g)
		}
	}
	if found < 5 {
		t.Fatalf("only %d VCTs found: the test is too weak", found)
	}
}

// The df-pn and the iterative-deepening searches explore the same threat
// space, so, searched to the end, they agree on whether a win within a
// number of threats exists.
func TestVCTPNAgreesWithIterative(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	wins, n := 0, 0
	for i := 0; i < 300 && n < 120; i++ {
		o := gomoku.Options{Size: 15, Rule: gomoku.Rule(i % 3)}
		g := randomDense(r, o, 8+r.IntN(14))
		if over, _ := g.Outcome(); over {
			continue
		}
		for _, depth := range []int{2, 4} {
			id := newVCTSearch(newVCFSearch(new(analyzer), 12), 14, 4)
			id.iterative = true
			id.b.load(g)
			_, idWin := id.solve(depth)
			pnMove, pnWin := vctPN(g, depth, 0)
			n++
			if idWin != pnWin {
				t.Fatalf("depth %d: iterative %v, df-pn %v (%s), rule %d\n%s", depth, idWin, pnWin, g.MoveString(pnMove), o.Rule, g)
			}
			if pnWin {
				wins++
			}
		}
	}
	t.Logf("%d searches, %d wins", n, wins)
	if wins < 10 {
		t.Fatalf("only %d wins: the test is too weak", wins)
	}
}

// Two positions of match games lost to Pela (2026-11-23), Pela to move:
// after lossVCTMoves he (Black) wins by VCT, which the iterative search
// needs about 440k nodes to find; after hardVCTMoves (White to move)
// neither search finds one within a million nodes.
const (
	lossVCTMoves = "H8 I9 F6 J9 K9 J8 K7 K8 J7 L8 M8 L7 I10 J11 L5 G11 F12 G9 I11 G10 G12 L10 L9 M6 N5 H12 I13 I12 F9 H13 G14 H11 H14 J13 K14 J12 J10 H9 H10 G8 G7 K12 L12 F10"
	hardVCTMoves = "H8 H9 J6 I7 I10 G10 F11 G7 H7 H6 J8 I5 F8 I8 I6 J5 J4 G9 G8 F9 E9 E8 D7 H5 K5 G5 F5 G6 I4 E6 F6 G3 G4 H4 E3 F2 E1 H2 H3 I2 G2 L6 H11 J9 I9 E5 F4 F7 D9 G11"
)

func playMoves(t testing.TB, list string) *gomoku.Game {
	g, _ := gomoku.New(gomoku.Options{Size: 15})
	for _, s := range strings.Fields(list) {
		m, err := g.ParseMove(s)
		if err != nil || !g.Legal(m) {
			t.Fatalf("bad move %s", s)
		}
		g.Play(m)
	}
	return g
}

// The df-pn search allocates nothing once its buffers have grown, whether
// it proves a win (and walks the proof) or runs out of nodes.
func TestVCTPNAllocs(t *testing.T) {
	for _, list := range []string{lossVCTMoves, hardVCTMoves} {
		g := playMoves(t, list)
		v := newVCTSearch(newVCFSearch(new(analyzer), 12), 14, 16)
		run := func() {
			v.b.load(g)
			v.nodes, v.limit = 0, 30_000
			v.proofGen++
			v.solvePN(params.solveVCTDepth)
		}
		run()
		if allocs := testing.AllocsPerRun(3, run); allocs != 0 {
			t.Fatalf("%v allocations per search", allocs)
		}
	}
}

// The loss position: df-pn finds White's VCT (a win in every defence is
// checked by TestVCTPNSound on smaller ones).
func TestVCTPNGameLoss(t *testing.T) {
	g := playMoves(t, lossVCTMoves)
	if _, ok := VCF(g, 30); ok {
		t.Fatal("a VCF: not a VCT test")
	}
	m, ok := vctPN(g, params.solveVCTDepth, 2_000_000)
	if !ok {
		t.Fatal("Black's VCT not found")
	}
	t.Logf("first threat %s", g.MoveString(m))
}

// BenchmarkVCTSolve compares the iterative search and solve (the short
// iterative pass, then df-pn) on the two game positions, 200k nodes each.
func BenchmarkVCTSolve(b *testing.B) {
	for _, c := range []struct{ name, moves string }{{"loss", lossVCTMoves}, {"hard", hardVCTMoves}} {
		for _, iterative := range []bool{true, false} {
			name := c.name + "/dfpn"
			if iterative {
				name = c.name + "/iterative"
			}
			b.Run(name, func(b *testing.B) {
				g := playMoves(b, c.moves)
				v := newVCTSearch(newVCFSearch(new(analyzer), 12), 16, 19)
				v.iterative = iterative
				found := 0
				for b.Loop() {
					v.b.load(g)
					v.nodes, v.limit = 0, 200_000
					if _, ok := v.solve(params.solveVCTDepth); ok {
						found++
					}
				}
				b.ReportMetric(float64(v.nodes), "nodes")
			})
		}
	}
}
