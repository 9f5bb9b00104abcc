package rules_test

import (
	"errors"
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/registry"
)

func TestResolve(t *testing.T) {
	g, err := registry.Lookup("alak")
	if err != nil {
		t.Fatal(err)
	}
	o, err := g.Resolve(nil)
	if err != nil || o["rules"] != "classic" || o["size"] != "11" {
		t.Fatalf("defaults: %v %v", o, err)
	}
	o, err = g.Resolve(rules.Options{"rules": "modern", "size": "13"})
	if err != nil || o["size"] != "13" {
		t.Fatalf("modern 13: %v %v", o, err)
	}
	for _, bad := range []rules.Options{
		{"rules": "chess"},
		{"size": "13"}, // classic has 11 slots
		{"rules": "modern", "size": "6"},
		{"rules": "modern", "size": "x"},
		{"opening": "swap"},
	} {
		if _, err := g.Resolve(bad); !errors.Is(err, rules.ErrOption) || strings.Contains(err.Error(), "bad game option") {
			t.Errorf("%v: %v, want an ErrOption error that does not repeat the sentinel", bad, err)
		}
	}
	if _, err := registry.Lookup("chess"); !errors.Is(err, rules.ErrOption) || !strings.Contains(err.Error(), `"chess"`) {
		t.Errorf("unknown game: %v", err)
	}
}

func TestDescribe(t *testing.T) {
	cases := map[string]rules.Options{
		"Gomoku · 15x15 · freestyle":                 {},
		"Gomoku · 19x19 · exact five · swap opening": {"size": "19", "rules": "exact5", "opening": "swap"},
		"Alak · classic":                             {},
		"Alak · modern · 13 points":                  {"rules": "modern", "size": "13"},
		"DVONN · random placement":                   {"placement": "random"},
		"Othello":                                    {},
	}
	for want, o := range cases {
		g, _ := registry.Lookup(strings.ToLower(strings.Fields(want)[0]))
		r, err := g.Resolve(o)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Describe(r); got != want {
			t.Errorf("%v: %q, want %q", o, got, want)
		}
	}
}

// TestDescriptors checks each registered game's descriptor on its start
// position and a random game: names, colors, scores and results.
func TestDescriptors(t *testing.T) {
	for _, g := range registry.Games() {
		s, err := g.Start(nil)
		if err != nil {
			t.Fatalf("%s: %v", g.Name, err)
		}
		if rules.GameName(s) != g.Name || registry.Of(s) != g {
			t.Errorf("%s: the start position names %q", g.Name, rules.GameName(s))
		}
		if !strings.HasSuffix(g.Status(s), " to move") {
			t.Errorf("%s: status %q", g.Name, g.Status(s))
		}
		first := g.SeatName(s, rules.First)
		if first != g.Colors[0] && first != g.Colors[1] || first == g.SeatName(s, rules.Second) {
			t.Errorf("%s: seat names %q %q", g.Name, first, g.SeatName(s, rules.Second))
		}
		// Play a deterministic game to the end.
		var buf []rules.Move
		for i := 0; i < 5000; i++ {
			buf = s.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			s.Play(buf[(i*7)%len(buf)])
		}
		if over, _ := s.Outcome(); !over {
			t.Fatalf("%s: the game did not end", g.Name)
		}
		res := g.ResultText(s)
		w, won := rules.Winner(s)
		if won && !strings.HasPrefix(res, g.SeatName(s, w)+" wins") || !won && !strings.HasPrefix(res, "Draw") {
			t.Errorf("%s: result %q, winner %v %v", g.Name, res, w, won)
		}
		if st := g.Status(s); won && st != strings.ToLower(g.SeatName(s, w))+" wins" {
			t.Errorf("%s: status %q", g.Name, st)
		}
	}
}

func TestQuote(t *testing.T) {
	if got := rules.Quote("d3"); got != `"d3"` {
		t.Errorf("%s", got)
	}
	long := strings.Repeat("é", 100)
	got := rules.Quote(long)
	if len(got) > 90 || !strings.Contains(got, "(200 bytes)") || strings.Contains(got, `\x`) {
		t.Errorf("%s", got)
	}
}

func TestErrorf(t *testing.T) {
	err := rules.Errorf(rules.ErrSyntax, "position %s: too short", rules.Quote("xx"))
	if !errors.Is(err, rules.ErrSyntax) || err.Error() != `position "xx": too short` {
		t.Errorf("%v", err)
	}
}

func TestPlayMovesError(t *testing.T) {
	g, _ := registry.Lookup("othello")
	s, _ := g.Start(nil)
	h := s.Hash()
	err := rules.PlayMoves(s, "d3 zz")
	if err == nil || !strings.HasPrefix(err.Error(), "ply 2: ") || strings.Count(err.Error(), "zz") != 1 {
		t.Fatalf("%v", err)
	}
	s.Undo()
	if s.Hash() != h {
		t.Fatal("the good move was not kept, or more was played")
	}
}

// TestExamples replays every registered game's Help examples.
func TestExamples(t *testing.T) {
	for _, d := range registry.Games() {
		if len(d.Examples) == 0 {
			t.Errorf("%s has no examples for the Help", d.Name)
		}
		for _, ex := range d.Examples {
			s, err := d.Start(ex.Options)
			if err != nil {
				t.Fatalf("%s %q: %v", d.Name, ex.Caption, err)
			}
			if err := rules.PlayMoves(s, ex.Moves); err != nil {
				t.Errorf("%s %q: %v", d.Name, ex.Caption, err)
			}
		}
	}
}

// TestPrintable: control characters and invalid UTF-8 are escaped, other
// text (accents, a replacement character written as such) kept.
func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"Logistello":           "Logistello",
		"Ölçü ♟ \ufffd":        "Ölçü ♟ \ufffd",
		"\x1b]0;pwned\x07name": `\x1b]0;pwned\aname`,
		"a\nb\tc\x7f\u009b[2J": `a\nb\tc\x7f\u009b[2J`,
		"bad \xff byte":        `bad \xff byte`,
	} {
		if got := rules.Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestResolveNamesTheVariant: an option given where it does not apply
// names the variant it needs.
func TestResolveNamesTheVariant(t *testing.T) {
	d, err := registry.Lookup("alak")
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.Resolve(rules.Options{"size": "9"})
	if !errors.Is(err, rules.ErrOption) || err.Error() != "alak: the size option does not apply to rules classic; give rules modern" {
		t.Errorf("%v", err)
	}
}
