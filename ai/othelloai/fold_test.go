package othelloai

import (
	"math/rand/v2"
	"testing"
)

func TestFoldedEqual(t *testing.T) {
	// The folded evaluation gives exactly the unfolded one's value on
	// positions of random games, at every stage.
	patternOnce.Do(loadPatterns)
	if patternWeights == nil || foldedWeights == nil {
		t.Fatalf("weights not loaded or not folded: %v", patternLoadErr)
	}
	r := rand.New(rand.NewPCG(5, 6))
	n := 0
	for n < 20000 {
		own, opp := randomGame(r)
		for i := range own {
			want := evaluatePatternsWith(patternWeights, own[i], opp[i])
			if got := evaluateFolded(foldedWeights, own[i], opp[i]); got != want {
				t.Fatalf("position %x %x: folded %d, unfolded %d", own[i], opp[i], got, want)
			}
			n++
		}
	}
}

func TestFoldOverflow(t *testing.T) {
	// Weights whose folded sums leave int16 are refused.
	ws := make([]int16, stageTableSize)
	for i := range ws {
		ws[i] = 30000
	}
	if _, ok := foldPatternWeights([][]int16{ws}); ok {
		t.Error("folding 30000s into int16 succeeded")
	}
	if _, ok := foldPatternWeights([][]int16{ws[:10]}); ok {
		t.Error("a short table folded")
	}
}

// BenchmarkFoldPatternWeights measures folding the shipped weights (once
// per process, after decoding them).
func BenchmarkFoldPatternWeights(b *testing.B) {
	patternOnce.Do(loadPatterns)
	for b.Loop() {
		if _, ok := foldPatternWeights(patternWeights); !ok {
			b.Fatal("did not fold")
		}
	}
}
