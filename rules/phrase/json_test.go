package phrase

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
)

// shapes are phrases of every shape the games' explanations
// (ai/*ai/explain.go) and the analysis's sentences
// (app/session/quality) make.
func shapes() map[string]P {
	moves := func(n int) P { return Count("move", "move", "moves", n) }
	return map[string]P{
		"colors": T("explain.othello.corner", "{{.Move}} gives {{.Opponent}} the corner {{.Square}}.",
			map[string]any{"Move": "b2", "Opponent": Color("White"), "Square": "a1"}),
		"counts": T("explain.othello.mobility", "{{.Move}} leaves {{.Opponent}} {{.Moves}} ({{.Mover}} had {{.Had}}); {{.Best}} leaves {{.Left}}.",
			map[string]any{"Move": "c4", "Opponent": Color("Black"), "Moves": moves(7), "Mover": Color("White"), "Had": moves(1), "Best": "d3", "Left": moves(2)}),
		"count with nested": N("explain.dvonn.cutOff", "{{.Move}} cuts off {{.Count}} of {{.Mover}}'s stacks ({{.Pieces}}); {{.Best}} keeps it.",
			"{{.Move}} cuts off {{.Count}} of {{.Mover}}'s stacks ({{.Pieces}}); {{.Best}} keeps them.", 3,
			map[string]any{"Move": "A1-A2", "Mover": Color("White"), "Pieces": Count("piece", "piece", "pieces", 1), "Best": "B2-B3"}),
		"int": T("explain.dvonn.take", "{{.Move}} lets {{.Opponent}} take the stack of {{.Height}} on {{.Cell}}.",
			map[string]any{"Move": "A1-A2", "Opponent": Color("Black"), "Height": 4, "Cell": "C3"}),
		"keeps": N("quality.keeps.more.discs", "{{.Best}} keeps {{.Count}} more disc by the end with best play.",
			"{{.Best}} keeps {{.Count}} more discs by the end with best play.", 16, map[string]any{"Move": "b2", "Best": "c4"}),
		"percent numbers": T("quality.keeps.chance", "{{.Best}} keeps a winning chance of {{.From}} instead of {{.To}}.",
			map[string]any{"Move": "e3", "Best": "f4", "From": Number{X: 70.4, Percent: true}, "To": Number{X: 39.6, Percent: true}}),
		"signed number": N("quality.words.margin.discs", "{{.Value}} discs", "{{.Value}} discs", 2,
			map[string]any{"Value": Number{X: -3.46, Decimals: 1, Sign: true}}),
		"decimal count": ND("amount.discs", "{{.Amount}} disc", "{{.Amount}} discs", 1, 1,
			map[string]any{"Amount": Number{X: 1, Decimals: 1}}),
		"float":       T("k", "{{.X}} and {{.Y}}", map[string]any{"X": 3.0, "Y": -0.125}),
		"no data":     T("quality.label.win", "win", nil),
		"zero":        {},
		"deep nested": T("a", "<{{.A}}>", map[string]any{"A": T("b", "<{{.B}}>", map[string]any{"B": T("c", "<{{.C}}>", map[string]any{"C": moves(1)})})}),
	}
}

// mark is a translator that shows the key and the count of every
// phrase it writes.
func mark(key, one, other string, count int, data map[string]any) string {
	return "⟦" + key + "#" + strings.Repeat("I", min(count, 20)) + ":" + English(key, one, other, count, data) + "⟧"
}

// TestJSONRoundTrip: every shape of phrase reads back from its JSON
// equal to itself (an int stays an int, a float a float, a Number a
// Number), writing the same English and the same translation.
func TestJSONRoundTrip(t *testing.T) {
	for name, p := range shapes() {
		b, err := json.Marshal(p)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var q P
		if err := json.Unmarshal(b, &q); err != nil {
			t.Errorf("%s: reading %s: %v", name, b, err)
			continue
		}
		if !reflect.DeepEqual(q, p) {
			t.Errorf("%s: read back %#v\nwant %#v\nfrom %s", name, q, p, b)
		}
		if q.String() != p.String() || q.In(mark) != p.In(mark) {
			t.Errorf("%s: read back writes %q / %q, want %q / %q", name, q.String(), q.In(mark), p.String(), p.In(mark))
		}
	}
}

// TestJSONOtherIntegers: an argument of another integer type writes as a
// whole number and reads back as an int of the same text.
func TestJSONOtherIntegers(t *testing.T) {
	p := T("k", "{{.A}} {{.B}}", map[string]any{"A": int8(-4), "B": uint16(300)})
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var q P
	if err := json.Unmarshal(b, &q); err != nil {
		t.Fatal(err)
	}
	if q.Data["A"] != -4 || q.Data["B"] != 300 || q.String() != "-4 300" {
		t.Errorf("read back %#v (%q) from %s", q.Data, q.String(), b)
	}
}

// TestJSONUnwritable: an argument without a JSON form is an error.
func TestJSONUnwritable(t *testing.T) {
	for _, v := range []any{true, []int{1}, struct{}{}, nil, Number{X: math.NaN()}, math.Inf(1), uint64(math.MaxUint64)} {
		p := T("k", "{{.A}}", map[string]any{"A": v})
		if b, err := json.Marshal(p); err == nil {
			t.Errorf("argument %#v: wrote %s, want an error", v, b)
		}
	}
}

// TestJSONMalformed: input that is not a phrase's JSON is an error,
// never a panic, and leaves the phrase as it was.
func TestJSONMalformed(t *testing.T) {
	deep := `{"key":"k","other":"x"}`
	for range MaxDepth + 2 {
		deep = `{"key":"k","other":"{{.A}}","data":{"A":{"p":` + deep + `}}}`
	}
	for _, in := range []string{
		``, `null`, `[]`, `"text"`, `42`, `{`, `{"key":1}`, `{"key":"k","other":"x","extra":1}`,
		`{"key":"k","other":"x"} {}`,
		`{"key":"k","count":"3"}`, `{"key":"k","count":1e3}`, `{"key":"k","count":99999999999999999999}`,
		`{"key":"k","data":[]}`, `{"key":"k","data":{"A":true}}`, `{"key":"k","data":{"A":null}}`,
		`{"key":"k","data":{"A":[1]}}`, `{"key":"k","data":{"A":1.5}}`, `{"key":"k","data":{"A":1e2}}`,
		`{"key":"k","data":{"A":99999999999999999999}}`, `{"key":"k","data":{"A":{}}}`,
		`{"key":"k","data":{"A":{"p":{},"n":{}}}}`, `{"key":"k","data":{"A":{"q":1}}}`,
		`{"key":"k","data":{"A":{"p":null}}}`, `{"key":"k","data":{"A":{"p":"x"}}}`,
		`{"key":"k","data":{"A":{"p":{"key":"c","bad":1}}}}`,
		`{"key":"k","data":{"A":{"n":{"x":"1"}}}}`, `{"key":"k","data":{"A":{"n":{"x":1,"y":2}}}}`,
		`{"key":"k","data":{"A":{"n":{"x":1,"decimals":1000000000}}}}`, `{"key":"k","data":{"A":{"n":{"x":1,"decimals":-1}}}}`,
		`{"key":"k","data":{"A":{"f":"1"}}}`, `{"key":"k","data":{"A":{"f":1e999}}}`,
		deep,
	} {
		before := T("keep", "kept", nil)
		p := before
		if err := json.Unmarshal([]byte(in), &p); err == nil {
			t.Errorf("%s: read as %#v, want an error", in, p)
		} else if !reflect.DeepEqual(p, before) {
			t.Errorf("%s: the phrase changed to %#v on an error", in, p)
		}
	}
}

// TestSimple: only templates whose actions name arguments are simple,
// nested phrases included.
func TestSimple(t *testing.T) {
	for name, p := range shapes() {
		if !p.Simple() {
			t.Errorf("%s: %q is not simple", name, p.Other)
		}
	}
	for _, text := range []string{`{{printf "%0999999d" 1}}`, `{{range .A}}x{{end}}`, `{{.A}} {{`, `{{ {{.A}}`, `{{.A.B}}`, `{{template "x"}}`} {
		if T("k", text, nil).Simple() {
			t.Errorf("%q is simple", text)
		}
		if T("k", "{{.A}}", map[string]any{"A": N("c", text, "x", 1, nil)}).Simple() {
			t.Errorf("%q as a nested phrase's one is simple", text)
		}
	}
}

// FuzzJSON: reading any input never panics, and a phrase that reads
// writes JSON that reads back to the same phrase and text.
func FuzzJSON(f *testing.F) {
	for _, p := range shapes() {
		b, err := json.Marshal(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"key":"k","data":{"A":{"n":{"x":1e308,"decimals":9}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var p P
		if json.Unmarshal(data, &p) != nil {
			return
		}
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatalf("%s read as %#v, which does not write: %v", data, p, err)
		}
		var q P
		if err := json.Unmarshal(b, &q); err != nil || !reflect.DeepEqual(q, p) {
			t.Fatalf("%s read back as %#v, %v; want %#v", b, q, err, p)
		}
		if p.Simple() && q.String() != p.String() {
			t.Fatalf("%s writes %q read back, %q before", b, q.String(), p.String())
		}
	})
}
