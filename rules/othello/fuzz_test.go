package othello

import (
	"errors"
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// FuzzParseMove reads arbitrary move text on the start position and random
// positions (rulestest.CheckParseMove: no panic, wrapped errors, accepted
// moves legal and round-tripping).
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"d3", "D3", "pass", "PASS", "a1", "h8", "i9", "d", "", " d3", "d33", "\xff"} {
		f.Add(s)
	}
	positions := rulestest.Positions(game, 12, 60, 1)
	f.Fuzz(func(t *testing.T, text string) { rulestest.CheckParseMove(t, positions, text) })
}

// FuzzParsePosition reads arbitrary position text: no panic; an error wraps
// rules.ErrSyntax; an accepted position writes back (Position) to text that
// reads as the same position.
func FuzzParsePosition(f *testing.F) {
	f.Add(New().Position())
	f.Add("---------------------------OX------XO--------------------------- X")
	f.Add("XXX X")
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ParsePosition(text)
		if err != nil {
			if !errors.Is(err, rules.ErrSyntax) {
				t.Fatalf("%q: %v does not wrap ErrSyntax", text, err)
			}
			return
		}
		back, err := ParsePosition(b.Position())
		if err != nil || back.Hash() != b.Hash() || back.Position() != b.Position() {
			t.Fatalf("%q: Position %q does not read back (%v)", text, b.Position(), err)
		}
	})
}
