package othelloai

// The pattern tables as the fitting tools (cmd/trainpatterns,
// cmd/fitlabels and the others under cmd/) see them: the layout of a
// stage's table, the features of a position, the weights file's codec and
// a way to make the engine evaluate with other weights. The engine itself
// reads the tables through EvaluatePatterns only.

// PatternFeatureCount is the number of pattern instances of a position
// (PatternFeatures).
const PatternFeatureCount = numFeatures

// PatternLayout is the layout of the pattern weights: Stages stage tables
// of StageWidth empties each (stage PatternStage(e)), each table TableSize
// weights, of which Mobility, Bias and Parity index the scalar weights.
type PatternLayout struct {
	Stages, StageWidth, TableSize int
	Mobility, Bias, Parity        int
}

// PatternTableLayout returns the layout of the pattern weights.
func PatternTableLayout() PatternLayout {
	return PatternLayout{Stages: numStages, StageWidth: stageWidth, TableSize: stageTableSize,
		Mobility: mobilityWeight, Bias: biasWeight, Parity: parityWeight}
}

// PatternStage returns the stage of a position with e empty squares.
func PatternStage(e int) int { return stageOf(e) }

// PatternFeatures fills f with the indices, within a stage table, of the
// pattern instances of the position (own to move). It does not allocate.
func PatternFeatures(own, opp uint64, f *[PatternFeatureCount]int32) { patternFeatures(own, opp, f) }

// MobilityFeature returns the side to move's legal moves minus the
// opponent's: the feature the mobility weight multiplies.
func MobilityFeature(own, opp uint64) int { return mobilityFeature(own, opp) }

// EvaluatePatternsWith is EvaluatePatterns with the weight tables w (one
// per stage, in the layout of PatternTableLayout).
func EvaluatePatternsWith(w [][]int16, own, opp uint64) int {
	return evaluatePatternsWith(w, own, opp)
}

// EncodePatternWeights writes the tables w in patterns.bin's format.
func EncodePatternWeights(w [][]int16) ([]byte, error) { return encodePatternWeights(w) }

// DecodePatternWeights reads a weights file in patterns.bin's format.
func DecodePatternWeights(data []byte) ([][]int16, error) { return decodePatternWeights(data) }

// PatternWeights returns the tables the evaluation uses (the embedded
// ones unless UsePatternWeights replaced them), or the error of an
// unusable patterns.bin. The caller must not modify them.
func PatternWeights() ([][]int16, error) {
	patternOnce.Do(loadPatterns)
	if patternWeights == nil {
		return nil, patternLoadErr
	}
	return patternWeights, nil
}

// UsePatternWeights makes the evaluation (and so every search of this
// process) use the tables w instead of the embedded weights: the tools
// label positions with an earlier generation's weights this way. It is
// not safe to call while a search runs.
func UsePatternWeights(w [][]int16) {
	patternOnce.Do(loadPatterns)
	patternWeights, foldedWeights = w, nil
	if fw, ok := foldPatternWeights(w); ok {
		foldedWeights = fw
	}
}
