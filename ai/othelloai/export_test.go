package othelloai

import "os"

// LabelRecordSize is labelRecordSize, for TestLabelPositions.
const LabelRecordSize = labelRecordSize

// readPatternWeightsFile decodes the weights file name (patterns.bin's
// format).
func readPatternWeightsFile(name string) ([][]int16, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return decodePatternWeights(data)
}

// UsePatternWeightsFile makes the evaluation use the weights file name
// (patterns.bin's format) instead of the embedded weights, for the rest of
// the test binary's run: the training tools label positions with an
// earlier generation's weights this way. Both the stage tables and their
// folded form (what EvaluatePatterns and the search read) are replaced.
func UsePatternWeightsFile(name string) error {
	w, err := readPatternWeightsFile(name)
	if err != nil {
		return err
	}
	patternOnce.Do(loadPatterns)
	patternWeights, foldedWeights = w, nil
	if fw, ok := foldPatternWeights(w); ok {
		foldedWeights = fw
	}
	return nil
}
