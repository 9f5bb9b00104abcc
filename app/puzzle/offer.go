package puzzle

import (
	"slices"
)

// Filter returns the puzzles of ps with theme t ("" any) rated within
// within of rating (rating 0: any), in ps's order.
func Filter(ps []Puzzle, t string, rating, within int) []Puzzle {
	var out []Puzzle
	for _, p := range ps {
		if t != "" && !slices.Contains(p.Themes, t) {
			continue
		}
		if rating > 0 && (p.Rating < rating-within || p.Rating > rating+within) {
			continue
		}
		out = append(out, p)
	}
	return out
}
