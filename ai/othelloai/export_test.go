package othelloai

import "os"

// UsePatternWeightsFile makes the evaluation use the weights file name
// (patterns.bin's format) instead of the embedded weights, for the rest of
// the test binary's run: the training tools label positions with an
// earlier generation's weights this way.
func UsePatternWeightsFile(name string) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	w, err := decodePatternWeights(data)
	if err != nil {
		return err
	}
	patternOnce.Do(loadPatterns)
	patternWeights = w
	return nil
}
