package sgf

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"planiverse/rules"
)

func TestAnnotateRoundTrip(t *testing.T) {
	data := []byte("(;FF[4]GM[2]C[root]\n;B[f5]C[old];W[d6];B[c3]BM[1];W[d3])")
	notes := []Annotation{
		{Value: 1.5, HasValue: true, Quality: "TE", Degree: 1, Comment: "Best move (+2)"},
		{Value: -0.25, HasValue: true, Quality: "DO", Comment: "Inaccuracy: loses 3.0 discs; best c5 (+1)"},
		{Quality: "BM", Degree: 2, Comment: "Blunder ] with \\ escapes"},
		{},
	}
	out, err := Annotate(data, notes)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Annotations(out)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, notes) {
		t.Fatalf("read back %+v\nwant %+v\n%s", got, notes, out)
	}
	if !strings.Contains(string(out), "C[root]") || strings.Contains(string(out), "old") || strings.Count(string(out), "BM[") != 1 {
		t.Errorf("the root's comment must stay and the moves' old annotations go:\n%s", out)
	}
	for _, want := range []string{"V[1.5]", "TE[1]", "DO[]", "BM[2]", "V[-0.25]"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("no %s in\n%s", want, out)
		}
	}
}

func TestAnnotateCounts(t *testing.T) {
	data := []byte("(;FF[4];B[f5];W[d6])")
	for _, n := range []int{1, 3} {
		if _, err := Annotate(data, make([]Annotation, n)); !errors.Is(err, rules.ErrFormat) {
			t.Errorf("%d annotations for 2 moves: %v, want ErrFormat", n, err)
		}
	}
	if _, err := Annotations([]byte("no tree")); !errors.Is(err, rules.ErrSyntax) {
		t.Errorf("not SGF: %v", err)
	}
	// Other programs' values that do not read are left out, not refused.
	got, err := Annotations([]byte("(;FF[4];B[f5]V[lots]BM[x])"))
	if err != nil || len(got) != 1 || got[0].HasValue || got[0].Quality != "BM" || got[0].Degree != 1 {
		t.Errorf("unreadable V and degree: %+v, %v", got, err)
	}
}

// TestAnnotateExtra: further properties are written after C, escaped
// (`]` and `\` in a JSON text), and read back as they were, with every
// other property of a move node that is not its move; a second Annotate
// replaces the earlier ones of the same identifiers instead of adding.
func TestAnnotateExtra(t *testing.T) {
	data := []byte("(;FF[4]GM[2]PQ[root's own];B[f5]BL[12.5];W[d6];B[c3])")
	json := `{"why":"a \"quoted\" ] and a \\ backslash","reason":{"key":"k","data":{"A":{"p":{"key":"c"}}}}}`
	notes := []Annotation{
		{Value: 1, HasValue: true, Quality: "TE", Degree: 1, Comment: "Best move (+1)", Extra: Node{{ID: "PQ", Values: []string{json}}}},
		{Extra: Node{{ID: "PQ", Values: []string{"]"}}, {ID: "XX", Values: []string{`\`, "two"}}}},
		{},
	}
	out, err := Annotate(data, notes)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `C[Best move (+1)]PQ[{"why":"a \\"quoted\\" \] and a \\\\ backslash"`) {
		t.Errorf("PQ not after C, or not escaped:\n%s", out)
	}
	got, err := Annotations(out)
	if err != nil {
		t.Fatal(err)
	}
	want := []Annotation{notes[0], notes[1], {}}
	want[0].Extra = Node{{ID: "BL", Values: []string{"12.5"}}, notes[0].Extra[0]}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("read back %+v\nwant %+v\n%s", got, want, out)
	}
	again, err := Annotate(out, []Annotation{{Extra: Node{{ID: "PQ", Values: []string{"new"}}}}, {}, {}})
	if err != nil {
		t.Fatal(err)
	}
	if s := string(again); strings.Count(s, "PQ[") != 2 || !strings.Contains(s, "PQ[new]") || !strings.Contains(s, "PQ[root's own]") || !strings.Contains(s, "XX[") {
		t.Errorf("a second Annotate must replace the moves' PQ, keep the root's and others:\n%s", again)
	}
}
