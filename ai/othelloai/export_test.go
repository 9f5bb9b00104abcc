package othelloai

import "os"

// readPatternWeightsFile decodes the weights file name (patterns.bin's
// format).
func readPatternWeightsFile(name string) ([][]int16, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return decodePatternWeights(data)
}
