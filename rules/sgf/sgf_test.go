package sgf

import (
	"errors"
	"reflect"
	"strings"
	"testing"

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
