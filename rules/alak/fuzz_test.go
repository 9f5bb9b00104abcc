package alak

import (
	"errors"
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// FuzzParseMove reads arbitrary move text on positions of classic and
// modern Alak (rulestest.CheckParseMove: no panic, wrapped errors, accepted
// moves legal and round-tripping).
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"3-5", "1-2", "11-10", "0-1", "12-1", "3-", "-5", "a", "z", "A", "", "3--5", "99999999999999999999-1"} {
		f.Add(s)
	}
	var positions []rules.State
	for i, g := range games {
		positions = append(positions, rulestest.Positions(spec(g.new), 4, 30, uint64(i))...)
	}
	f.Fuzz(func(t *testing.T, text string) { rulestest.CheckParseMove(t, positions, text) })
}

// FuzzParsePosition reads arbitrary position text in both rule sets: no
// panic; an error wraps rules.ErrSyntax; an accepted position writes back
// (Position, with its ko) to text that reads as the same position, and its
// moves avoid the ko points and read back.
func FuzzParsePosition(f *testing.F) {
	f.Add(false, "xxxx...oooo x")
	f.Add(true, "x.o.xx. o ko=b")
	f.Add(true, "x.o.xx. o ko=ab")
	f.Add(true, ".......... x")
	f.Add(false, "xxxx...oooo x ko=e")
	f.Add(true, "")
	f.Add(true, "x.o.xx. o ko=a")
	f.Add(true, "x.o.xx. o ko=")
	f.Add(true, "xo..... x ko=zz")
	f.Add(false, "xxxx...oooo")
	f.Fuzz(func(t *testing.T, modern bool, text string) {
		g, err := ParsePosition(modern, text)
		if err != nil {
			if !errors.Is(err, rules.ErrSyntax) {
				t.Fatalf("%q: %v does not wrap ErrSyntax", text, err)
			}
			return
		}
		back, err := ParsePosition(modern, g.Position())
		if err != nil || back.Hash() != g.Hash() || back.Position() != g.Position() || back.Hash() != ScratchHash(back) {
			t.Fatalf("%q: Position %q does not read back (%v)", text, g.Position(), err)
		}
		// The moves of any accepted position read back, and none is on a
		// forbidden (ko) point.
		for _, m := range back.Moves(nil) {
			if _, p := back.DecodeMove(m); back.Forbidden()&(1<<p) != 0 {
				t.Fatalf("%q: move %s on a ko point", text, back.MoveString(m))
			}
			if got, err := back.ParseMove(back.MoveString(m)); err != nil || got != m {
				t.Fatalf("%q: move %s reads back as %d, %v", text, back.MoveString(m), got, err)
			}
		}
	})
}
