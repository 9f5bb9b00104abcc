package othelloai

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"planiverse/ai/score"
	"slices"
	"strconv"
	"testing"
	"time"

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
			want = max(-score.MaxEval+1, min(score.MaxEval-1, want))
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
			if v <= -score.MaxEval || v >= score.MaxEval {
				t.Fatalf("eval %d out of ±score.MaxEval", v)
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

// TestSelfPlayLabels checks the training data on a few short games: the
// labels are final disc differences, opposite for the two sides, and exact
// in the solved part (the last position's label is its final score).
func TestSelfPlayLabels(t *testing.T) {
	cfg := defaultTrainConfig
	cfg.Depth = 1
	for i := range 3 {
		g := selfPlayGame(&cfg, 1, i, nil)
		if len(g) < 30 {
			t.Fatalf("game %d: only %d positions", i, len(g))
		}
		for _, s := range g {
			if s.label != float32(int(s.label)) || s.label < -64 || s.label > 64 || int(s.label)%2 != 0 && bits.OnesCount64(^(s.own|s.opp)) == 0 {
				t.Fatalf("game %d: label %v", i, s.label)
			}
			if othello.MovesMask(s.own, s.opp) == 0 {
				t.Fatalf("game %d: a position without a move was kept", i)
			}
		}
		// The exact solve agrees with the label once the solver plays.
		for _, s := range g {
			if bits.OnesCount64(^(s.own | s.opp)) <= 10 {
				b := boardFromBitboards(t, s.own, s.opp)
				_, d, _, _ := SolveExact(t.Context(), b)
				if float32(d) != s.label {
					t.Fatalf("game %d: label %v, exact value %d", i, s.label, d)
				}
				break
			}
		}
	}
	// A later generation plays with pattern weights.
	if ok, err := PatternWeightsLoaded(); !ok {
		t.Fatal(err)
	}
	if g := selfPlayGame(&cfg, 2, 0, patternWeights); len(g) < 30 || !g[0].first {
		t.Errorf("generation 2 game: %d positions", len(g))
	}
	// Reproducible down to the solved part, where the solver's shared
	// table may pick another of several equally good moves (the labels,
	// exact values, stay the same).
	g1, g2 := selfPlayGame(&cfg, 1, 1, nil), selfPlayGame(&cfg, 1, 1, nil)
	for i := 0; i < len(g1) && i < len(g2); i++ {
		if bits.OnesCount64(^(g1[i].own | g1[i].opp)) < cfg.SolveEmpties {
			break
		}
		if g1[i] != g2[i] {
			t.Fatalf("self-play game 1 is not reproducible at position %d", i)
		}
	}
}

// boardFromBitboards builds a board with own to move (as Black).
func boardFromBitboards(t *testing.T, own, opp uint64) *othello.Board {
	t.Helper()
	var s []byte
	for sq := 0; sq < 64; sq++ {
		switch {
		case own>>sq&1 != 0:
			s = append(s, 'X')
		case opp>>sq&1 != 0:
			s = append(s, 'O')
		default:
			s = append(s, '-')
		}
	}
	s = append(s, " X"...)
	b, err := othello.ParsePosition(string(s))
	if err != nil {
		t.Fatalf("position %q: %v", s, err)
	}
	if o, p := b.Bitboards(); o != own || p != opp {
		t.Fatalf("position %q: bitboards %#x %#x, want %#x %#x", s, o, p, own, opp)
	}
	return b
}

// TestFitStageLearns fits one stage on a little data and checks the
// held-out error beats the constant guess.
func TestFitStageLearns(t *testing.T) {
	cfg := defaultTrainConfig
	cfg.Depth, cfg.Games, cfg.Epochs = 1, 40, 4
	all := flatten(generateSamples(&cfg, 1, nil))
	_, rmse, n := fitStage(&cfg, all, 0)
	var se float64
	var m int
	for i, s := range all {
		if i%10 == 0 && stageOf(bits.OnesCount64(^(s.own|s.opp))) <= 1 {
			se += float64(s.label) * float64(s.label)
			m++
		}
	}
	if n == 0 || m == 0 || rmse*rmse >= se/float64(m) {
		t.Errorf("stage 0: %d positions, held-out RMSE %.2f, constant-0 RMSE^2 %.2f", n, rmse, se/float64(max(m, 1)))
	}
}

// TestTrain regenerates patterns.bin (minutes of CPU; run only when asked):
//
//	OTHELLO_TRAIN=1 nice -n 10 go test -run TestTrain -timeout 0 ./ai/othelloai
//
// OTHELLO_TRAIN_GAMES overrides the number of self-play games;
// OTHELLO_TRAIN_DEPTH, _GENERATIONS, _WORKERS, _EPOCHS, _SEED and _LAMBDA
// the other settings, and OTHELLO_TRAIN_INIT names a weights file to
// continue from (trainConfig.Init).
func TestTrain(t *testing.T) {
	if os.Getenv("OTHELLO_TRAIN") == "" {
		t.Skip("set OTHELLO_TRAIN=1 to regenerate patterns.bin")
	}
	cfg := defaultTrainConfig
	if n, err := strconv.Atoi(os.Getenv("OTHELLO_TRAIN_GAMES")); err == nil {
		cfg.Games = n
	}
	cfg.Log = os.Stderr
	if o := os.Getenv("OTHELLO_TRAIN_PASS1"); o != "" {
		cfg.Pass1Out = func(data []byte) error { return os.WriteFile(o, data, 0o644) }
	}
	if o := os.Getenv("OTHELLO_TRAIN_GENOUT"); o != "" {
		cfg.GenOut = func(gen int, data []byte) error { return os.WriteFile(fmt.Sprintf("%s.%d", o, gen), data, 0o644) }
	}
	if l, err := strconv.ParseFloat(os.Getenv("OTHELLO_TRAIN_LAMBDA"), 64); err == nil {
		cfg.Lambda = l
	}
	for env, p := range map[string]*int{"OTHELLO_TRAIN_DEPTH": &cfg.Depth, "OTHELLO_TRAIN_GENERATIONS": &cfg.Generations,
		"OTHELLO_TRAIN_WORKERS": &cfg.Workers, "OTHELLO_TRAIN_EPOCHS": &cfg.Epochs} {
		if n, err := strconv.Atoi(os.Getenv(env)); err == nil {
			*p = n
		}
	}
	if n, err := strconv.ParseUint(os.Getenv("OTHELLO_TRAIN_SEED"), 10, 64); err == nil {
		cfg.Seed = n
	}
	if f := os.Getenv("OTHELLO_TRAIN_INIT"); f != "" {
		var err error
		if cfg.Init, err = readPatternWeightsFile(f); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	data, err := trainPatterns(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decodePatternWeights(data); err != nil {
		t.Fatal(err)
	}
	out := "patterns.bin"
	if o := os.Getenv("OTHELLO_TRAIN_OUT"); o != "" {
		out = o
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %d bytes in %v", out, len(data), time.Since(start))
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
