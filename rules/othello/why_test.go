package othello

import (
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// TestWhy: each refused placement says its own reason.
func TestWhy(t *testing.T) {
	b := New()
	sq := func(s string) rules.Move {
		n, err := ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		return rules.Move(n)
	}
	for _, c := range []struct{ move, want string }{
		{"d4", "That square is taken."},
		{"a1", "No discs to flip there: a disc must trap white discs in a line between itself and another black disc."},
		{"d3", ""},
	} {
		if got := b.Why(sq(c.move)).String(); got != c.want {
			t.Errorf("Why(%s) = %q, want %q", c.move, got, c.want)
		}
	}
	if got := b.Why(rules.Pass).String(); got != "You may pass only when you have no move." {
		t.Errorf("Why(pass) = %q", got)
	}
	if got := rules.Why(b, sq("a1")); !strings.HasPrefix(got, "No discs to flip") {
		t.Errorf("rules.Why(a1) = %q", got)
	}

	// Black has no placement and must pass (TestPass's position).
	p, err := ParsePosition("OX------" + strings.Repeat("-", 56) + " X")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Why(sq("c1")).String(); got != "You have no move: you must pass." {
		t.Errorf("Why(c1) with a forced pass = %q", got)
	}
	if got := p.Why(rules.Pass).String(); got != "" {
		t.Errorf("Why(pass) with a forced pass = %q", got)
	}
	p.Play(rules.Pass)
	p.Play(sq("c1"))
	if got := p.Why(sq("d1")).String(); got != "The game is over." {
		t.Errorf("Why after the end = %q", got)
	}
}

// TestWhyAgreesWithMoves: Why refuses exactly the squares Moves leaves out.
func TestWhyAgreesWithMoves(t *testing.T) {
	codes := func(rules.State) []rules.Move {
		out := []rules.Move{rules.Pass}
		for sq := range 64 {
			out = append(out, rules.Move(sq))
		}
		return out
	}
	if n := rulestest.CheckWhy(t, rulestest.Positions(game, 200, 70, 7), codes); n == 0 {
		t.Fatal("no move refused")
	}
}
