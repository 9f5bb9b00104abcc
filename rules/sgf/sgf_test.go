package sgf

import (
	"bytes"
	"errors"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"planiverse/rules"
)

func TestParse(t *testing.T) {
	text := "junk before (;FF[4]C[a \\] b \\\\ c\\\nd]AB[aa][bb]\n ; B[f5] (;W[d6]) (;W[f4];B[e3]))(;GM[9])"
	nodes, err := Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []Node{
		{{"FF", []string{"4"}}, {"C", []string{`a ] b \ cd`}}, {"AB", []string{"aa", "bb"}}},
		{{"B", []string{"f5"}}},
		{{"W", []string{"d6"}}},
	}
	if !reflect.DeepEqual(nodes, want) {
		t.Fatalf("got %q\nwant %q", nodes, want)
	}
	back, err := Parse(Write(nodes))
	if err != nil || !reflect.DeepEqual(back, want) {
		t.Fatalf("written and read back: %q, %v\n%s", back, err, Write(nodes))
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ text, mention string }{
		{"", "no game tree"},
		{"(;B[f5]", "truncated"},
		{"(;B[f5", "not closed"},
		{"(;B", "no value"},
		{"(;B[a]\n\n;9X[b])", "line 3"},
		{"()", "without nodes"},
		{"(;B[a]x)", "no value"},
		{"(;B[a]{)", `"{)"`},
	} {
		_, err := Parse([]byte(c.text))
		if !errors.Is(err, rules.ErrSyntax) || !strings.Contains(err.Error(), c.mention) {
			t.Errorf("%q: %v, want ErrSyntax mentioning %q", c.text, err, c.mention)
		}
	}
}

// FuzzParse: no panic; errors wrap ErrSyntax; what parses writes and
// parses back to the same nodes.
func FuzzParse(f *testing.F) {
	f.Add([]byte("(;FF[4]C[a\\]b\\\\]AB[aa][bb];B[f5](;W[d6])(;W[f4]))"))
	f.Add([]byte("(;GM[Othello]B[f5//1.2]W[d6];)"))
	f.Add([]byte(`(;FF[4]GM[2];B[f5]V[1]TE[1]C[Best move (+1)]PQ[{"game":"othello","why":"x \\] y \\\\ z"}])`))
	f.Fuzz(func(t *testing.T, data []byte) {
		nodes, err := Parse(data)
		if err != nil {
			if !errors.Is(err, rules.ErrSyntax) {
				t.Fatalf("error %v does not wrap ErrSyntax", err)
			}
			return
		}
		back, err := Parse(Write(nodes))
		if err != nil || !reflect.DeepEqual(back, nodes) {
			t.Fatalf("%q\nwritten %s\nread back %q, %v", nodes, Write(nodes), back, err)
		}
	})
}

func TestExtras(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"(;GM[2]PB[Ann];B[f5];W[d6])", ""},
		{"(;GM[2];B[f5](;W[d6])(;W[f6]))", "variations"},
		{"(;GM[2];B[f5](;W[d6];B[c3]))", ""},
		{"(;GM[2]GC[a game];B[f5]C[good \\] move];W[d6])", "move comments"},
		{"(;GM[2]PC[C[no]];B[f5])", ""},
		{"(;GM[2];B[f5])(;GM[2];B[d3])", "more games"},
		{"(;GM[2];B[f5]C[x](;W[d6])(;W[f6]))(;GM[2])", "variations, move comments, more games"},
		{"not sgf", ""},
	} {
		if got := strings.Join(Extras([]byte(c.text)), ", "); got != c.want {
			t.Errorf("Extras(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// pathological returns records within registry.MaxRecordBytes (16 MB)
// made of millions of empty properties, values or nodes, as the issue's
// bad-input tests had them.
func pathological() map[string][]byte {
	const mb = 16 << 20
	rep := func(head, unit, tail string, size int) []byte {
		n := (size - len(head) - len(tail)) / len(unit)
		return []byte(head + strings.Repeat(unit, n) + tail)
	}
	return map[string][]byte{
		"A[] x 5.5M":       rep("(;", "A[]", ")", mb),
		"A + [] x 8M":      rep("(;A", "[]", ")", mb),
		"GGF C[x] x 3M":    rep("(;GM[Othello]BO[8 "+strings.Repeat("-", 64)+" *]", "C[x]", ";)", 12<<20),
		"nodes ; x 16M":    rep("(", ";", ")", mb),
		"nodes ;A[] x 4M":  rep("(", ";A[]", ")", mb),
		"props 9999 nodes": rep("(", ";"+strings.Repeat("A[]", 9999), ")", mb),
	}
}

// TestParseBounded: every pathological record parses (or is refused) in
// well under two seconds and 200 MB.
func TestParseBounded(t *testing.T) {
	for name, data := range pathological() {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		t0 := time.Now()
		nodes, err := Parse(data)
		el := time.Since(t0)
		runtime.ReadMemStats(&m1)
		if alloc := m1.TotalAlloc - m0.TotalAlloc; alloc > 100<<20 || el > time.Second {
			t.Errorf("%s: %v and %d MB allocated (%d nodes, %v)", name, el, alloc>>20, len(nodes), err)
		}
		if err == nil || !errors.Is(err, rules.ErrSyntax) || !strings.Contains(err.Error(), "not a game record") {
			t.Errorf("%s: %d nodes, error %v", name, len(nodes), err)
		}
	}
}

// FuzzParseBounded: a record made of one fuzzed unit repeated thousands
// of times (the shape of the pathological records) parses within the
// caps, or is refused with a syntax error; it never panics.
func FuzzParseBounded(f *testing.F) {
	f.Add([]byte("A[]"), uint16(1000))
	f.Add([]byte("[]"), uint16(5000))
	f.Add([]byte(";B[f5]C[x]"), uint16(3000))
	f.Fuzz(func(t *testing.T, unit []byte, n uint16) {
		if len(unit) == 0 || len(unit)*int(n) > 1<<20 {
			return
		}
		data := append([]byte("(;"), bytes.Repeat(unit, int(n)*16)...)
		data = append(data, ')')
		nodes, err := Parse(data)
		if err != nil {
			if !errors.Is(err, rules.ErrSyntax) {
				t.Fatalf("error %v does not wrap ErrSyntax", err)
			}
			return
		}
		total := 0
		for _, n := range nodes {
			if len(n) > MaxProps {
				t.Fatalf("%d properties in a node", len(n))
			}
			for _, p := range n {
				if len(p.Values) > MaxValues {
					t.Fatalf("%d values of %s", len(p.Values), p.ID)
				}
				total += len(p.Values)
			}
		}
		if len(nodes) > MaxNodes || total > MaxTotalValues {
			t.Fatalf("%d nodes, %d values", len(nodes), total)
		}
	})
}
