package alakai

import (
	"planiverse/rules"
	"planiverse/rules/alak"
)

// Prepare is part of Alak's ai.ExactTable: it starts building the retrograde
// table of s's rule set (the package-level Prepare) and, with wait, blocks
// until the table is ready. It reports whether a table covers s's board
// (classic, modern up to MaxSolvedPoints). s is not changed.
func (k *Knowledge) Prepare(s rules.State, wait bool) bool {
	g, ok := s.(*alak.Game)
	if !ok || !Prepare(g) {
		return false
	}
	if wait {
		Value(g.Copy())
	}
	return true
}
