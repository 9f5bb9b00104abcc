package evalfit

import (
	"bytes"
	"go/format"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"planiverse/ai/gomokuai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// The shipped weights written back through Prior and Source give
// evalweights.go byte for byte.
func TestSourceReproducesWeights(t *testing.T) {
	want, err := os.ReadFile("../../evalweights.go")
	if err != nil {
		t.Fatal(err)
	}
	prior, _ := Prior()
	got, err := format.Source(Source(prior, "ai/gomokuai/cmd/fitteacher"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("Source(Prior()) differs from evalweights.go:\n%s", got)
	}
}

// randomGames returns n positions of random play near the stones, from
// 4 to 40 stones, that are not over.
func randomGames(n int) []*gomoku.Game {
	r := rand.New(rand.NewPCG(1, 2))
	var out []*gomoku.Game
	for len(out) < n {
		g, _ := gomoku.New(gomoku.Options{Size: 15})
		g.Play(rules.Move(7*15 + 7))
		plies := 4 + r.IntN(37)
		for g.Stones() < plies {
			near := gomokuai.Near(g, nil)
			g.Play(near[r.IntN(len(near))])
			if over, _ := g.Outcome(); over {
				break
			}
		}
		if over, _ := g.Outcome(); !over {
			out = append(out, g)
		}
	}
	return out
}

// On quiet positions the features weighted by Prior give the evaluation
// (within the rounding of the window's percent).
func TestFeaturesReproduceEvaluation(t *testing.T) {
	k := gomokuai.New()
	prior, fixed := Prior()
	if !fixed[gomokuai.FeatureClass] || !fixed[gomokuai.FeatureThreats] || fixed[gomokuai.FeatureTempo] {
		t.Errorf("fixed: empty class %v, empty threats %v, tempo %v", fixed[gomokuai.FeatureClass], fixed[gomokuai.FeatureThreats], fixed[gomokuai.FeatureTempo])
	}
	quiet := 0
	for _, g := range randomGames(400) {
		if !Quiet(k, g) {
			continue
		}
		quiet++
		r := NewRow(Features(k, g))
		ev := k.StaticEval(g)
		if ev != k.Evaluate(g) {
			t.Errorf("%v: StaticEval %d, Evaluate %d in a quiet position", g, ev, k.Evaluate(g))
		}
		if d := r.Dot(prior) - float64(ev); math.Abs(d) > 2 {
			t.Errorf("%v: features give %.1f, the evaluation %d", g, r.Dot(prior), ev)
		}
	}
	if quiet < 50 {
		t.Errorf("only %d quiet positions of 400", quiet)
	}
}

func TestReadLabels(t *testing.T) {
	path := filepath.Join(t.TempDir(), "labels.txt")
	data := "H8 H9 I9|120|G10\n" + // kept
		"H8 H9 I9|None|G10\n" + // no evaluation
		"H8 H8|50|G10\n" + // illegal move
		"H8 H9|+M3|I9\n" + // kept, a win
		"garbage\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	ps, err := ReadLabels(path + "," + path)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 4 {
		t.Fatalf("%d positions, want 4", len(ps))
	}
	if ps[0].G.Stones() != 3 || ps[0].Best != "G10" || math.Abs(ps[0].Target-1/(1+math.Exp(-0.6))) > 1e-12 {
		t.Errorf("first position: %d stones, best %s, target %v", ps[0].G.Stones(), ps[0].Best, ps[0].Target)
	}
	if ps[1].Target != 0.97 {
		t.Errorf("a win reads as %v, want 0.97", ps[1].Target)
	}
	if _, err := ReadLabels(path + ",/nonexistent/labels"); err == nil {
		t.Error("a missing file gave no error")
	}
}
