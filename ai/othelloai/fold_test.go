package othelloai

import (
	"math/bits"
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

func TestChildEvaluatorEqual(t *testing.T) {
	// The incremental evaluation of each child gives exactly
	// evaluateFoldedMoves' value, on every child of positions of random
	// games; and it uses one evaluator for all the children of a position.
	patternOnce.Do(loadPatterns)
	if foldedWeights == nil {
		t.Fatalf("weights not folded: %v", patternLoadErr)
	}
	r := rand.New(rand.NewPCG(7, 8))
	n := 0
	for n < 20000 {
		own, opp := randomGame(r)
		for i := range own {
			var c childEvaluator
			c.init(foldedWeights, own[i], opp[i])
			for m := othello.MovesMask(own[i], opp[i]); m != 0; m &= m - 1 {
				sq := bits.TrailingZeros64(m)
				f := othello.FlipsMask(sq, own[i], opp[i])
				o2, p2 := opp[i]&^f, own[i]|f|1<<sq
				m1, m2 := othello.MovesMask(o2, p2), othello.MovesMask(p2, o2)
				if m1|m2 == 0 {
					continue
				}
				want := evaluateFoldedMoves(foldedWeights, o2, p2, m1, m2)
				if got := c.evaluate(sq, f, m1, m2); got != want {
					t.Fatalf("position %x %x, move %d: incremental %d, evaluateFoldedMoves %d", own[i], opp[i], sq, got, want)
				}
				n++
			}
		}
	}
}

func TestSquareDigits(t *testing.T) {
	// squareDigits lists every square of every instance exactly once, with
	// the place values 1, 3, 9, ... of its digits, and the instances are
	// evaluateFoldedMoves' (foldedIndices agrees with the lists).
	seen := map[[2]int]bool{}
	total := 0
	for q := 0; q < 64; q++ {
		for _, d := range squareDigits[q][:squareDigitCount[q]] {
			key := [2]int{int(d.inst), int(d.pow)}
			if seen[key] {
				t.Fatalf("instance %d has two digits of place value %d", d.inst, d.pow)
			}
			seen[key] = true
			total++
		}
	}
	want := 0
	for _, ks := range foldedInstances {
		want += patternSquares[ks[0]]
	}
	if total != want {
		t.Errorf("%d digits listed, want %d", total, want)
	}
	// Each square alone, for the side to move and for the opponent.
	for q := 0; q < 64; q++ {
		for color := 1; color <= 2; color++ {
			var a, b uint64
			if color == 1 {
				a = 1 << q
			} else {
				b = 1 << q
			}
			var idx [numFoldedInstances]uint16
			foldedIndices(a, b, &idx)
			var want [numFoldedInstances]uint16
			for _, d := range squareDigits[q][:squareDigitCount[q]] {
				want[d.inst] = uint16(color) * d.pow
			}
			if idx != want {
				t.Fatalf("square %d color %d: foldedIndices %v, squareDigits %v", q, color, idx, want)
			}
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

func TestUsePatternWeights(t *testing.T) {
	// Weights read from a file replace what the evaluation reads, folded tables
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
	read, err := readPatternWeightsFile(name)
	if err != nil {
		t.Fatal(err)
	}
	UsePatternWeights(read)
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
}
