package othelloai

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"planiverse/ai"
	"planiverse/rules/othello"
)

func TestSymmetryImages(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		x := r.Uint64()
		got, want := symmetryImages(x), symmetries(x)
		g, w := got[:], want[:]
		slices.Sort(g)
		slices.Sort(w)
		if !slices.Equal(g, w) {
			t.Fatalf("symmetryImages(%#x) = %#x, want the images %#x", x, g, w)
		}
	}
	if transpose(1<<1) != 1<<8 || flipHorizontal(1) != 1<<7 || flipVertical(1) != 1<<56 {
		t.Errorf("b1 transposed is not a2, or a1 mirrored is not h1 / a8")
	}
}

func TestPatternBits(t *testing.T) {
	// Every pattern's canonical squares, listed by hand.
	sqs := [numPatterns][]int{
		{0, 1, 2, 3, 4, 5, 6, 7, 9, 14},
		{0, 1, 2, 3, 4, 8, 9, 10, 11, 12},
		{0, 1, 2, 8, 9, 10, 16, 17, 18},
		{8, 9, 10, 11, 12, 13, 14, 15},
		{16, 17, 18, 19, 20, 21, 22, 23},
		{24, 25, 26, 27, 28, 29, 30, 31},
		{0, 9, 18, 27, 36, 45, 54, 63},
		{1, 10, 19, 28, 37, 46, 55},
		{2, 11, 20, 29, 38, 47},
		{3, 12, 21, 30, 39},
		{4, 13, 22, 31},
	}
	for k, list := range sqs {
		if len(list) != patternSquares[k] {
			t.Fatalf("pattern %d: %d squares listed, %d declared", k, len(list), patternSquares[k])
		}
		for i, sq := range list {
			var out [numPatterns]uint64
			patternBits(1<<sq, &out)
			if out[k] != 1<<i {
				t.Errorf("pattern %d, square %d: bits %#b, want bit %d", k, sq, out[k], i)
			}
			patternBits(^uint64(1<<sq), &out)
			if out[k] != (1<<len(list)-1)&^(1<<i) {
				t.Errorf("pattern %d, all but square %d: bits %#b", k, sq, out[k])
			}
		}
	}
	// Indices stay inside their pattern's table.
	r := rand.New(rand.NewPCG(3, 4))
	for range 50 {
		own, opp := randomGame(r)
		for i := range own {
			var f [numFeatures]int32
			patternFeatures(own[i], opp[i], &f)
			for j, x := range f {
				k := j % numPatterns
				end := mobilityWeight
				if k+1 < numPatterns {
					end = patternOffset[k+1]
				}
				if int(x) < patternOffset[k] || int(x) >= end {
					t.Fatalf("feature %d index %d outside [%d, %d)", j, x, patternOffset[k], end)
				}
			}
		}
	}
}

// TestImageSumMatchesFeatures checks the fast evaluation path against the
// feature indices used in training, with random weights.
func TestImageSumMatchesFeatures(t *testing.T) {
	offs := [numPatterns]int{offEdge2X, offCorner25, offCorner33, offRow2, offRow3, offRow4, offDiag8, offDiag7, offDiag6, offDiag5, offDiag4}
	if offs != patternOffset || offDiag4+81+3 != stageTableSize {
		t.Fatalf("offset constants %v disagree with %v", offs, patternOffset)
	}
	r := rand.New(rand.NewPCG(21, 22))
	ws := make([]int16, stageTableSize)
	for i := range ws {
		ws[i] = int16(r.IntN(2001) - 1000)
	}
	w := make([][]int16, numStages)
	for i := range w {
		w[i] = ws
	}
	for range 30 {
		own, opp := randomGame(r)
		for i := range own {
			if othello.MovesMask(own[i], opp[i])|othello.MovesMask(opp[i], own[i]) == 0 {
				continue
			}
			var f [numFeatures]int32
			patternFeatures(own[i], opp[i], &f)
			want := int(ws[biasWeight]) + mobilityFeature(own[i], opp[i])*int(ws[mobilityWeight])
			if bits.OnesCount64(^(own[i]|opp[i]))%2 == 1 {
				want += int(ws[parityWeight])
			}
			for _, x := range f {
				want += int(ws[x])
			}
			want = max(-ai.MaxEval+1, min(ai.MaxEval-1, want))
			if got := evaluatePatternsWith(w, own[i], opp[i]); got != want {
				t.Fatalf("fast evaluation %d, by features %d", got, want)
			}
		}
	}
}

func TestPatternWeightsEmbedded(t *testing.T) {
	if ok, err := PatternWeightsLoaded(); !ok {
		t.Fatalf("embedded patterns.bin unusable: %v", err)
	}
	// The corners' weights make sense: owning a1 with b1 is better than the
	// opponent owning them, in the middle game.
	own, opp := othello.New().Bitboards()
	if mine, theirs := EvaluatePatterns(own|3, opp), EvaluatePatterns(own, opp|3); mine <= theirs {
		t.Errorf("owning a1 b1: %d, the opponent owning them: %d", mine, theirs)
	}
}

func TestPatternWeightsRoundTrip(t *testing.T) {
	w := make([][]int16, numStages)
	for s := range w {
		w[s] = make([]int16, stageTableSize)
		w[s][s*7] = int16(-s - 1)
		w[s][biasWeight] = 123
	}
	data, err := encodePatternWeights(w)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodePatternWeights(data)
	if err != nil {
		t.Fatal(err)
	}
	for s := range w {
		if !slices.Equal(got[s], w[s]) {
			t.Fatalf("stage %d differs after encode/decode", s)
		}
	}
	for _, bad := range [][]byte{nil, []byte("junk"), data[:len(data)/2]} {
		if _, err := decodePatternWeights(bad); err == nil {
			t.Errorf("decoding %d bytes of a broken file succeeded", len(bad))
		}
	}
}

func TestEvaluatePatternsSymmetricAndBounded(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 30 {
		own, opp := randomGame(r)
		for i := range own {
			v := EvaluatePatterns(own[i], opp[i])
			if v <= -ai.MaxEval || v >= ai.MaxEval {
				t.Fatalf("eval %d out of ±ai.MaxEval", v)
			}
			so, sp := symmetries(own[i]), symmetries(opp[i])
			for k := 1; k < 8; k++ {
				if w := EvaluatePatterns(so[k], sp[k]); w != v {
					t.Fatalf("eval of symmetry %d = %d, want %d (own %#x opp %#x)", k, w, v, own[i], opp[i])
				}
			}
		}
		n := len(own) - 1
		if got, want := EvaluatePatterns(own[n], opp[n]), 100*othello.FinalScore(own[n], opp[n]); got != want {
			t.Errorf("eval of a finished game = %d, want %d", got, want)
		}
	}
}

func TestEvaluatePatternsNoAllocs(t *testing.T) {
	own, opp := othello.New().Bitboards()
	if a := testing.AllocsPerRun(100, func() { EvaluatePatterns(own, opp) }); a != 0 {
		t.Errorf("EvaluatePatterns allocates %.1f times", a)
	}
	k := New()
	b := othello.New()
	if a := testing.AllocsPerRun(100, func() { k.Evaluate(b) }); a != 0 {
		t.Errorf("Evaluate allocates %.1f times", a)
	}
}

// benchPositions returns the positions of random games the evaluation
// benchmarks cycle through (at least 1000), with the weights loaded.
func benchPositions() (own, opp []uint64) {
	patternOnce.Do(loadPatterns)
	r := rand.New(rand.NewPCG(1, 2))
	for len(own) < 1000 {
		o, p := randomGame(r)
		own, opp = append(own, o...), append(opp, p...)
	}
	return own, opp
}

func BenchmarkEvaluatePatterns(b *testing.B) {
	own, opp := benchPositions()
	i := 0
	for b.Loop() {
		EvaluatePatterns(own[i%1000], opp[i%1000])
		i++
	}
}

// BenchmarkEvaluatePatternsUnfolded is BenchmarkEvaluatePatterns with the
// unfolded tables (88 lookups a position instead of 46).
func BenchmarkEvaluatePatternsUnfolded(b *testing.B) {
	own, opp := benchPositions()
	i := 0
	for b.Loop() {
		evaluatePatternsWith(patternWeights, own[i%1000], opp[i%1000])
		i++
	}
}

// BenchmarkDecodePatternWeights measures the start-up cost of the
// embedded weights (gunzip and decode, once per process).
func BenchmarkDecodePatternWeights(b *testing.B) {
	for b.Loop() {
		if _, err := decodePatternWeights(patternsFile); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPatternWeightsLegacyLayout checks that a weights file of the layout
// before the parity weight still loads, with a parity weight of 0.
func TestPatternWeightsLegacyLayout(t *testing.T) {
	var raw bytes.Buffer
	raw.WriteString(patternsMagic)
	for _, v := range []uint32{numStages, stageWidth, uint32(stageTableSize - 1)} {
		raw.Write(binary.LittleEndian.AppendUint32(nil, v))
	}
	for s := range numStages {
		for i := range stageTableSize - 1 {
			raw.Write(binary.LittleEndian.AppendUint16(nil, uint16(int16(s*3+i%5))))
		}
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(raw.Bytes())
	zw.Close()
	w, err := decodePatternWeights(gz.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for s := range numStages {
		for i := range stageTableSize - 1 {
			if want := int16(s*3 + i%5); w[s][i] != want {
				t.Fatalf("stage %d weight %d: %d, want %d", s, i, w[s][i], want)
			}
		}
		if w[s][parityWeight] != 0 {
			t.Fatalf("stage %d parity weight %d, want 0", s, w[s][parityWeight])
		}
	}
	// A truncated file is an error, not a crash.
	if _, err := decodePatternWeights(append([]byte(nil), gz.Bytes()[:len(gz.Bytes())/2]...)); err == nil {
		t.Error("a truncated file decoded")
	}
}
