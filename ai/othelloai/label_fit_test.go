package othelloai

import (
	"encoding/binary"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// labelled is one record of TestLabelPositions's output (label_gen_test.go).
type labelled struct {
	own, opp uint64
	label    float32 // discs, side to move's view: search score or exact value
	exact    bool
	final    float32 // the game's final disc difference, side to move's view
}

// labelRecordSize is the size of one record of TestLabelPositions's
// output: own and opp bitboards (side to move first, little-endian
// uint64s), the label (int16, 1/100 disc, side to move's view), a flag
// byte (1: the label is the exact value) and the game's final disc
// difference for the side to move (int8).
const labelRecordSize = 8 + 8 + 2 + 1 + 1

// readLabelled reads the records of the files (labelRecordSize bytes each:
// own, opp, int16 label in 1/100 disc, exact flag, int8 final result).
func readLabelled(t *testing.T, names []string) []labelled {
	var out []labelled
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+labelRecordSize <= len(data); i += labelRecordSize {
			out = append(out, labelled{
				own:   binary.LittleEndian.Uint64(data[i:]),
				opp:   binary.LittleEndian.Uint64(data[i+8:]),
				label: float32(int16(binary.LittleEndian.Uint16(data[i+16:]))) / 100,
				exact: data[i+18] == 1,
				final: float32(int8(data[i+19])),
			})
		}
	}
	return out
}

// TestFitLabels refits the pattern weights on labelled positions (run only
// when asked): OTHELLO_FIT_LABELS names the record files (comma-separated,
// from TestLabelPositions), OTHELLO_FIT_OUT the weights file written. Each
// stage starts from the embedded weights (or the weights file
// OTHELLO_FIT_INIT) and is fitted by stochastic
// gradient descent (OTHELLO_FIT_EPOCHS passes, default 8, the step
// falling from OTHELLO_FIT_LR, default 0.001, to a fifth of it) on the
// samples of its stage and its two neighbours, the
// target being (1-α) × the label + α × the game's final result (α =
// OTHELLO_FIT_RESULT, default 0). Every tenth block of 64 records is held
// out; the epoch (the start included) with the least held-out error is
// kept, and the log gives the held-out root mean square error of the
// starting weights and of the fit, in discs, stage by stage.
//
//	OTHELLO_FIT_LABELS=labels.bin OTHELLO_FIT_OUT=new.bin go test -run TestFitLabels -v -timeout 0 ./ai/othelloai
func TestFitLabels(t *testing.T) {
	files := os.Getenv("OTHELLO_FIT_LABELS")
	out := os.Getenv("OTHELLO_FIT_OUT")
	if files == "" || out == "" {
		t.Skip("set OTHELLO_FIT_LABELS and OTHELLO_FIT_OUT to refit the pattern weights")
	}
	alpha := envFloat("OTHELLO_FIT_RESULT", 0)
	epochs := int(envFloat("OTHELLO_FIT_EPOCHS", 8))
	lr0 := envFloat("OTHELLO_FIT_LR", 0.001)
	if ok, err := PatternWeightsLoaded(); !ok {
		t.Fatal(err)
	}
	if init := os.Getenv("OTHELLO_FIT_INIT"); init != "" {
		if err := UsePatternWeightsFile(init); err != nil {
			t.Fatal(err)
		}
	}
	all := readLabelled(t, strings.Split(files, ","))
	t.Logf("%d positions", len(all))
	byStage := make([][]int, numStages)
	for i, s := range all {
		st := stageOf(bits.OnesCount64(^(s.own | s.opp)))
		byStage[st] = append(byStage[st], i)
	}
	w := make([][]int16, numStages)
	for st := range numStages {
		var train, valid []fitRow
		for d := -1; d <= 1; d++ {
			if st+d < 0 || st+d >= numStages {
				continue
			}
			for _, i := range byStage[st+d] {
				s := &all[i]
				target := float32((1-alpha)*float64(s.label) + alpha*float64(s.final))
				if s.exact {
					target = s.label
				}
				if i/64%10 == 0 {
					valid = append(valid, newFitRow(s.own, s.opp, target))
				} else {
					train = append(train, newFitRow(s.own, s.opp, target))
				}
			}
		}
		ws := make([]float32, stageTableSize)
		for i, v := range patternWeights[st] {
			ws[i] = float32(v) / 100
		}
		best := append([]float32(nil), ws...)
		start := meanSquaredError(ws, valid)
		bestErr := start
		r := rand.New(rand.NewPCG(7, uint64(st)))
		order := make([]int, len(train))
		for i := range order {
			order[i] = i
		}
		for ep := range epochs {
			lr := float32(lr0 * math.Pow(0.2, float64(ep)/float64(max(1, epochs-1))))
			sgdEpoch(ws, train, order, lr, r)
			if se := meanSquaredError(ws, valid); se < bestErr {
				bestErr = se
				copy(best, ws)
			}
		}
		w[st] = evalUnits(best)
		t.Logf("stage %d: %d training, %d held out: RMSE %.2f -> %.2f discs", st, len(train), len(valid), math.Sqrt(start), math.Sqrt(bestErr))
	}
	data, err := encodePatternWeights(w)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// envFloat returns the environment variable name as a number, or def.
func envFloat(name string, def float64) float64 {
	if v, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil {
		return v
	}
	return def
}
