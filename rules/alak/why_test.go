package alak

import (
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// TestWhyClassic: each refused pick or classic move says its own reason.
func TestWhyClassic(t *testing.T) {
	g := NewClassic() // xxxx...oooo, x (Black) to move; slots 0-based below
	for _, c := range []struct {
		name string
		m    rules.Move
		want string
	}{
		{"empty slot", Pick(5), "That slot is empty: choose one of your pieces."},
		{"opponent's piece", Pick(8), "That piece is White's: you move the black pieces."},
		{"own piece", Pick(0), ""},
		{"onto a taken slot", ClassicMove(0, 2), "That slot is taken: a piece moves to the nearest empty slot on its left or right."},
		{"past the nearest empty slot", ClassicMove(3, 6), "A piece moves to the nearest empty slot on its left or right, jumping over any pieces."},
		{"legal jump", ClassicMove(0, 4), ""},
		{"off the board", ClassicMove(0, 12), "That is not a slot of the board."},
		{"pass", rules.Pass, "There is no passing in Alak."},
	} {
		if got := g.Why(c.m).String(); got != c.want {
			t.Errorf("%s: Why = %q, want %q", c.name, got, c.want)
		}
	}
	over := mustParse(t, false, "x...o.o.... x")
	if got := over.Why(Pick(0)).String(); got != "The game is over." {
		t.Errorf("finished game: Why = %q", got)
	}
}

// TestWhyModern: a taken point and a ko point say why.
func TestWhyModern(t *testing.T) {
	g := mustParse(t, true, "o...o.. x")
	if got := g.Why(0).String(); got != "That point is taken." {
		t.Errorf("Why(a) = %q", got)
	}
	rulestest.Play(t, g, "b") // captures a: a is ko for o
	if got := g.Why(0).String(); got != "Ko: your stone was captured there on the last move, so you may not place there this turn." {
		t.Errorf("Why(a) under ko = %q", got)
	}
	if got := g.Why(3).String(); got != "" {
		t.Errorf("Why(d) = %q for a legal point", got)
	}
	if got := g.Why(9).String(); got != "That is not a point of the board." {
		t.Errorf("Why(j) on 7 points = %q", got)
	}
}

// TestWhyAgreesWithMoves: in random positions of each variant Why refuses
// exactly the codes that Moves leaves out.
func TestWhyAgreesWithMoves(t *testing.T) {
	for _, v := range games {
		codes := func(s rules.State) []rules.Move {
			g := s.(*Game)
			var out []rules.Move
			if g.Modern() {
				for p := range g.Len() + 1 {
					out = append(out, rules.Move(p))
				}
				return out
			}
			for f := range g.Len() {
				for to := range g.Len() {
					if f != to {
						out = append(out, ClassicMove(f, to))
					}
				}
			}
			return out
		}
		if n := rulestest.CheckWhy(t, rulestest.Positions(spec(v.new), 80, 60, 9), codes); n == 0 {
			t.Errorf("%s: no move refused", v.name)
		}
	}
}
