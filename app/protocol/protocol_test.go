package protocol

import (
	"testing"

	"planiverse/rules/othello"
)

// TestOnlyNBoardAutoPasses: NBoard's quirks (the referee plays a forced
// pass, openings run together) are its protocol's, and no other game's.
func TestOnlyNBoardAutoPasses(t *testing.T) {
	for _, d := range Games() {
		p, _ := For(d)
		nboard := d == othello.Descriptor
		if p.AutoPass != nboard {
			t.Errorf("%s: AutoPass %v, want %v", d.Name, p.AutoPass, nboard)
		}
		if (p.SplitMoves != nil) != nboard {
			t.Errorf("%s: SplitMoves set %v, want %v", d.Name, p.SplitMoves != nil, nboard)
		}
	}
	if len(Games()) != 4 {
		t.Errorf("%d games have a protocol, want 4", len(Games()))
	}
}
