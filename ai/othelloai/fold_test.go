package othelloai

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"planiverse/rules/othello"
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

func TestUsePatternWeightsFile(t *testing.T) {
	// A weights file replaces what the evaluation reads, folded tables
	// included: with every stage's bias raised by 5 discs, EvaluatePatterns
	// gives the file's value, not the embedded weights'.
	patternOnce.Do(loadPatterns)
	if patternWeights == nil {
		t.Fatal(patternLoadErr)
	}
	savedW, savedF := patternWeights, foldedWeights
	t.Cleanup(func() { patternWeights, foldedWeights = savedW, savedF })
	w := make([][]int16, len(patternWeights))
	for st, ws := range patternWeights {
		w[st] = append([]int16(nil), ws...)
		w[st][biasWeight] += 500
	}
	data, err := encodePatternWeights(w)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "w.bin")
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(8, 9))
	own, opp := randomGame(r)
	var before []int
	for i := range own {
		before = append(before, EvaluatePatterns(own[i], opp[i]))
	}
	if err := UsePatternWeightsFile(name); err != nil {
		t.Fatal(err)
	}
	if foldedWeights == nil {
		t.Fatal("the file's weights were not folded")
	}
	checked := 0
	for i := range own {
		if othello.MovesMask(own[i], opp[i])|othello.MovesMask(opp[i], own[i]) == 0 {
			continue // a finished game scores its discs, whatever the weights
		}
		want := evaluatePatternsWith(w, own[i], opp[i])
		if got := EvaluatePatterns(own[i], opp[i]); got != want || got == before[i] {
			t.Fatalf("position %d: EvaluatePatterns %d, the file's weights %d, the embedded ones %d", i, got, want, before[i])
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no position checked")
	}
	if err := UsePatternWeightsFile(filepath.Join(t.TempDir(), "missing.bin")); err == nil {
		t.Error("a missing file gave no error")
	}
}
