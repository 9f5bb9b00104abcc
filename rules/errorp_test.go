package rules

import (
	"errors"
	"testing"

	"planiverse/rules/phrase"
)

// TestErrorp: an error made by Errorp writes its phrase in English, keeps
// the phrase (Phraser) and wraps its sentinel; Contextp puts its phrase
// and ": " before the wrapped error's text and keeps both reachable.
func TestErrorp(t *testing.T) {
	p := phrase.T("error.square_occupied", "{{.Square}} is occupied", map[string]any{"Square": "d3"})
	err := Errorp(ErrIllegal, p)
	if err.Error() != "d3 is occupied" || !errors.Is(err, ErrIllegal) || errors.Is(err, ErrSyntax) {
		t.Errorf("Errorp: %q, Is ErrIllegal %v", err, errors.Is(err, ErrIllegal))
	}
	if ph, ok := err.(Phraser); !ok || ph.Phrase().Key != p.Key {
		t.Errorf("Errorp does not carry its phrase")
	}
	c := Contextp(phrase.T("error.ply", "ply {{.Ply}}", map[string]any{"Ply": 3}), err)
	if c.Error() != "ply 3: d3 is occupied" || !errors.Is(c, ErrIllegal) || errors.Unwrap(c) != err {
		t.Errorf("Contextp: %q", c)
	}
	if ph, ok := c.(Phraser); !ok || ph.Phrase().Key != "error.ply" {
		t.Errorf("Contextp does not carry its phrase")
	}
	if Contextp(p, nil) != nil {
		t.Error("Contextp of nil is not nil")
	}
}

// TestResolvePhrases: a bad option value's error keeps its English text
// and carries its reason as a phrase of its own.
func TestResolvePhrases(t *testing.T) {
	d := &Descriptor{Name: "toy", Options: []Option{{Key: "size", Default: "5", Min: 3, Max: 9}}}
	_, err := d.Resolve(Options{"size": "11"})
	want := `toy size "11": want a whole number from 3 to 9`
	if err == nil || err.Error() != want || !errors.Is(err, ErrOption) {
		t.Fatalf("Resolve: %v, want %q", err, want)
	}
	var ph Phraser
	if !errors.As(err, &ph) || ph.Phrase().Key != "error.option.value" {
		t.Fatalf("Resolve's error carries no phrase")
	}
	if why, ok := ph.Phrase().Data["Why"].(phrase.P); !ok || why.Key != "error.option.want_number" {
		t.Errorf("the reason is not a phrase: %#v", ph.Phrase().Data["Why"])
	}
}
