package patfit

import (
	"encoding/binary"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"

	"planiverse/ai/othelloai"
)

// RecordSize is the size of one labeled-position record, as
// cmd/labelgames and cmd/labelteacher write them: own and opp bitboards
// (side to move first, little-endian uint64s), the label (int16, 1/100
// disc, side to move's view), a flag byte (1: the label is the exact
// value) and the game's final disc difference for the side to move
// (int8).
const RecordSize = 8 + 8 + 2 + 1 + 1

// Labeled is one decoded record.
type Labeled struct {
	Own, Opp uint64
	Label    float32 // discs, side to move's view: search score or exact value
	Exact    bool
	Final    float32 // the game's final disc difference, side to move's view
}

// ReadLabeled reads the records of the files.
func ReadLabeled(names []string) ([]Labeled, error) {
	var out []Labeled
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		for i := 0; i+RecordSize <= len(data); i += RecordSize {
			out = append(out, Labeled{
				Own:   binary.LittleEndian.Uint64(data[i:]),
				Opp:   binary.LittleEndian.Uint64(data[i+8:]),
				Label: float32(int16(binary.LittleEndian.Uint16(data[i+16:]))) / 100,
				Exact: data[i+18] == 1,
				Final: float32(int8(data[i+19])),
			})
		}
	}
	return out, nil
}

// FitOptions sets FitLabeled: Epochs rounds of stochastic gradient
// descent a stage, the step falling from LR to a fifth of it, targets
// (1-Alpha) × the label + Alpha × the game's final result (exact labels
// kept as they are); Log, when set, receives a line a stage.
type FitOptions struct {
	Epochs int
	LR     float64
	Alpha  float64
	Log    func(format string, args ...any)
}

// FitLabeled refits every stage of the tables init on the records all:
// each stage on the samples of its stage and its two neighbors, every
// tenth block of 64 records held out, the epoch (the start included) with
// the least held-out error kept.
func FitLabeled(init [][]int16, all []Labeled, o FitOptions) [][]int16 {
	byStage := make([][]int, layout.Stages)
	for i, s := range all {
		st := othelloai.PatternStage(bits.OnesCount64(^(s.Own | s.Opp)))
		byStage[st] = append(byStage[st], i)
	}
	w := make([][]int16, layout.Stages)
	for st := range layout.Stages {
		var train, valid []Row
		for d := -1; d <= 1; d++ {
			if st+d < 0 || st+d >= layout.Stages {
				continue
			}
			for _, i := range byStage[st+d] {
				s := &all[i]
				target := float32((1-o.Alpha)*float64(s.Label) + o.Alpha*float64(s.Final))
				if s.Exact {
					target = s.Label
				}
				if i/64%10 == 0 {
					valid = append(valid, NewRow(s.Own, s.Opp, target))
				} else {
					train = append(train, NewRow(s.Own, s.Opp, target))
				}
			}
		}
		ws := make([]float32, layout.TableSize)
		for i, v := range init[st] {
			ws[i] = float32(v) / 100
		}
		best := append([]float32(nil), ws...)
		start := MeanSquaredError(ws, valid)
		bestErr := start
		r := rand.New(rand.NewPCG(7, uint64(st)))
		order := make([]int, len(train))
		for i := range order {
			order[i] = i
		}
		for ep := range o.Epochs {
			lr := float32(o.LR * math.Pow(0.2, float64(ep)/float64(max(1, o.Epochs-1))))
			SGDEpoch(ws, train, order, lr, r)
			if se := MeanSquaredError(ws, valid); se < bestErr {
				bestErr = se
				copy(best, ws)
			}
		}
		w[st] = EvalUnits(best)
		if o.Log != nil {
			o.Log("stage %d: %d training, %d held out: RMSE %.2f -> %.2f discs", st, len(train), len(valid), math.Sqrt(start), math.Sqrt(bestErr))
		}
	}
	return w
}
