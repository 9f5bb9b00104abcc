package phrase

import (
	"strings"
	"testing"
)

func TestEnglish(t *testing.T) {
	for _, c := range []struct {
		p    P
		want string
	}{
		{T("k", "Move taken back.", nil), "Move taken back."},
		{T("k", "{{.Move}} passes.", map[string]any{"Move": "d3"}), "d3 passes."},
		{N("k", "{{.Count}} move", "{{.Count}} moves", 1, nil), "1 move"},
		{N("k", "{{.Count}} move", "{{.Count}} moves", 0, nil), "0 moves"},
		{N("k", "{{.Count}} move", "{{.Count}} moves", 7, map[string]any{"X": 1}), "7 moves"},
		{ND("k", "{{.Count}} disc", "{{.Count}} discs", 1, 1, nil), "1.0 discs"},
		{ND("k", "{{.Count}} disc", "{{.Count}} discs", 2.54, 1, nil), "2.5 discs"},
		{T("k", "{{.Who}} wins.", map[string]any{"Who": T("color.black", "Black", nil)}), "Black wins."},
		{P{}, ""},
	} {
		if got := c.p.String(); got != c.want {
			t.Errorf("%+v: got %q, want %q", c.p, got, c.want)
		}
	}
}

// TestIn checks that a translator gets the key, the templates, the count
// and the arguments, nested phrases translated first, and that the
// phrase's own arguments are left unchanged.
func TestIn(t *testing.T) {
	mark := func(key, one, other string, count int, data map[string]any) string {
		return "⟦" + key + ":" + English(key, one, other, count, data) + "⟧"
	}
	inner := T("color.black", "Black", nil)
	p := N("result.wins", "{{.Who}} wins by {{.Count}} disc", "{{.Who}} wins by {{.Count}} discs", 3, map[string]any{"Who": inner})
	got := p.In(mark)
	if want := "⟦result.wins:⟦color.black:Black⟧ wins by 3 discs⟧"; got != want {
		t.Errorf("In: got %q, want %q", got, want)
	}
	if _, ok := p.Data["Who"].(P); !ok {
		t.Errorf("In changed the phrase's arguments: %v", p.Data)
	}
}

func TestFillBadTemplate(t *testing.T) {
	if got := Fill("{{.Move", map[string]any{"Move": "d3"}); !strings.Contains(got, "{{.Move") {
		t.Errorf("a template that does not parse: got %q, want it unchanged", got)
	}
}

func TestNumberEnglish(t *testing.T) {
	for n, want := range map[Number]string{
		{X: 3.5, Decimals: 1}: "3.5", {X: 3.5, Decimals: 1, Sign: true}: "+3.5", {X: -0.94, Decimals: 1, Sign: true}: "-0.9",
		{X: 4, Sign: true}: "+4", {X: 0, Sign: true}: "+0", {X: 63.4, Percent: true}: "63%",
	} {
		if got := n.String(); got != want {
			t.Errorf("%+v: got %q, want %q", n, got, want)
		}
	}
	p := T("k", "{{.N}} discs", map[string]any{"N": Number{X: 2.5, Decimals: 1, Sign: true}})
	if got := p.String(); got != "+2.5 discs" {
		t.Errorf("a Number argument in English: %q", got)
	}
}
