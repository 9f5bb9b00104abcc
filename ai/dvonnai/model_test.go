package dvonnai

import (
	"strings"
	"testing"

	"planiverse/ai/dvonnai/internal/gzlines"
	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// TestModelPredictsBetter checks, on the held-out fifth of the engine games
// (testdata/engine-games.txt.gz, games 0 mod 5), that the sign of the
// model's evaluation names the winner of more movement positions than the
// sign of the field evaluation's (drawn games skipped).
func TestModelPredictsBetter(t *testing.T) {
	model := New()
	var right [2]int
	n := 0
	lines, err := gzlines.Games("testdata/engine-games.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range lines {
		if i%5 != 0 {
			continue
		}
		// For each movement position: does the side to move's evaluation
		// by each knowledge favor White?
		var favorsWhite [][2]bool
		g := dvonn.New()
		for _, s := range strings.Fields(line) {
			m, err := g.ParseMove(s)
			if err != nil {
				t.Fatalf("game %d: %v", i+1, err)
			}
			g.Play(m)
			if over, _ := g.Outcome(); over || g.Placing() {
				continue
			}
			white := g.ToMove() == rules.First
			favorsWhite = append(favorsWhite, [2]bool{(model.Evaluate(g) > 0) == white, (fieldEvaluate(g) > 0) == white})
		}
		over, _ := g.Outcome()
		w, b := g.Score()
		if !over || w == b {
			continue
		}
		for _, p := range favorsWhite {
			for k := range 2 {
				if p[k] == (w > b) {
					right[k]++
				}
			}
			n++
		}
	}
	t.Logf("%d positions: model right on %d, field evaluation on %d", n, right[0], right[1])
	if n < 5000 || right[0] <= right[1] {
		t.Fatalf("%d positions: model right on %d, field evaluation on %d", n, right[0], right[1])
	}
}
