// Package phrase is a user-visible sentence in a form that can be
// translated: a message key, its English template and its named
// arguments. The game rules (rules/...) and the game knowledge (ai/...)
// return phrases where the window shows their words, because they may not
// import the window's translations (package planiverse/app/i18n, above
// them); the session translates a phrase with the window's language
// (P.In), and P.String writes it in English, as the command line and the
// game records keep it.
//
// The templates are Go text/template texts with named arguments
// ("{{.Move}} gives {{.Opponent}} the corner {{.Square}}."), the form of
// the go-i18n bundles that Fyne's lang package reads; a phrase with a
// count has a template for one and one for other counts, and its count is
// also the argument Count.
package phrase

import (
	"bytes"
	"fmt"
	"maps"
	"math"
	"regexp"
	"strings"
	"sync"
	"text/template"
)

// P is one sentence or word group to translate.
type P struct {
	// Key is the message's ID in the translation bundles
	// ("explain.othello.corner").
	Key string
	// One is the English template for a count of 1, "" for a phrase
	// without a count; Other is the English template for every other
	// count, or the only one.
	One, Other string
	// Count is the count that chooses the plural form (with One).
	Count int
	// Data are the named arguments; an argument that is itself a P is
	// translated first, in the same language.
	Data map[string]any
}

// T returns the phrase key with the English template english and the
// named arguments data (nil for none).
func T(key, english string, data map[string]any) P {
	return P{Key: key, Other: english, Data: data}
}

// N returns the phrase key with a count: the English templates one (for
// a count of 1) and other, and the named arguments data, to which
// Count = count is added.
func N(key, one, other string, count int, data map[string]any) P {
	d := make(map[string]any, len(data)+1)
	maps.Copy(d, data)
	d["Count"] = count
	return P{Key: key, One: one, Other: other, Count: count, Data: d}
}

// ND returns the phrase key with a decimal count: x written with
// decimals digits after the decimal point ("6.5 discs"), whose plural
// form each language chooses by its rules for a written decimal (CLDR:
// English says "1.0 discs", Czech "2,5 kamene" but "2 kameny"). The
// argument Count is x as a Number; P.Count is x's whole part.
func ND(key, one, other string, x float64, decimals int, data map[string]any) P {
	d := make(map[string]any, len(data)+1)
	maps.Copy(d, data)
	d["Count"] = Number{X: x, Decimals: decimals}
	return P{Key: key, One: one, Other: other, Count: int(math.Abs(x)), Data: d}
}

// Translator writes one message in a language: the message key with its
// English templates one and other (one is "" for a message without a
// count), the count choosing the plural form, and the arguments data
// (already translated). A translator that does not know key fills
// English's template with data (English).
type Translator func(key, one, other string, count int, data map[string]any) string

// IsZero reports whether p is the zero phrase (no sentence).
func (p P) IsZero() bool { return p.Key == "" && p.Other == "" }

// String returns p in English.
func (p P) String() string { return p.In(nil) }

// In returns p written by tr, its arguments that are phrases first; a nil
// tr writes English. The zero phrase is "".
func (p P) In(tr Translator) string {
	if p.IsZero() {
		return ""
	}
	data, cloned := p.Data, false
	for k, v := range p.Data {
		if q, ok := v.(P); ok {
			if !cloned {
				data, cloned = maps.Clone(p.Data), true
			}
			data[k] = q.In(tr)
		}
	}
	if tr == nil {
		tr = English
	}
	return tr(p.Key, p.One, p.Other, p.Count, data)
}

// English is the Translator of English: it fills the template one (count
// 1, where there is one) or other with data. A template that does not
// parse or fill is returned as it is.
func English(key, one, other string, count int, data map[string]any) string {
	text := other
	if one != "" && count == 1 && !isDecimal(data["Count"]) {
		text = one
	}
	return Fill(text, data)
}

// isDecimal reports whether a count argument is a decimal one (ND): its
// English form is "other", even for 1.0.
func isDecimal(count any) bool {
	n, ok := count.(Number)
	return ok && n.Decimals > 0
}

var templates sync.Map // template text -> *template.Template, or nil when it does not parse

// Fill fills the text/template text with data ("{{.Move}} passes." with
// Move "d3": "d3 passes."); text without "{{" is returned as it is, and so
// is a template that does not parse or fill.
func Fill(text string, data map[string]any) string {
	if !strings.Contains(text, "{{") {
		return text
	}
	var t *template.Template
	if v, ok := templates.Load(text); ok {
		t, _ = v.(*template.Template)
	} else {
		parsed, err := template.New("").Option("missingkey=zero").Parse(text)
		if err == nil {
			t = parsed
		}
		templates.Store(text, t)
	}
	if t == nil {
		return text
	}
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return text
	}
	return b.String()
}

// Color is a side's color name ("Black", "White"; key "color.black") as
// a phrase, for an argument of another.
func Color(name string) P { return T("color."+strings.ToLower(name), name, nil) }

// Count is a count of a noun as a phrase, "1 move", "3 moves" (key
// "count.<key>"), for an argument of another: one and other are the
// English noun for one and for other counts.
func Count(key, one, other string, n int) P {
	return N("count."+key, "{{.Count}} "+one, "{{.Count}} "+other, n, nil)
}

// Number is a number argument of a phrase, which a translator writes as
// the window's language writes numbers (3,5 in German, 63 % in French);
// String writes it in English: 3.5, +3.5, 63%.
type Number struct {
	// X is the value; a percentage in percent (63 for 63%).
	X float64
	// Decimals is the number of digits after the decimal point.
	Decimals int
	// Sign writes a + before a value that is not negative.
	Sign bool
	// Percent writes X as a percentage.
	Percent bool
}

// String writes n in English.
func (n Number) String() string {
	switch {
	case n.Percent:
		return fmt.Sprintf("%.*f%%", n.Decimals, n.X)
	case n.Sign:
		return fmt.Sprintf("%+.*f", n.Decimals, n.X)
	}
	return fmt.Sprintf("%.*f", n.Decimals, n.X)
}

// simpleAction is a template action that only names an argument.
var simpleAction = regexp.MustCompile(`^{{\s*\.[A-Za-z_][A-Za-z0-9_]*\s*}}$`)

// Simple reports whether every template of p and of the phrases among its
// arguments has no action but naming an argument ("{{.Move}}"), as the
// program's own phrases do: such a template costs no more to fill than
// its length, so a phrase read from a file may be written safely.
func (p P) Simple() bool {
	for _, text := range []string{p.One, p.Other} {
		rest := text
		for {
			i := strings.Index(rest, "{{")
			if i < 0 {
				break
			}
			j := strings.Index(rest[i:], "}}")
			if j < 0 || !simpleAction.MatchString(rest[i:i+j+2]) {
				return false
			}
			rest = rest[i+j+2:]
		}
	}
	for _, v := range p.Data {
		if q, ok := v.(P); ok && !q.Simple() {
			return false
		}
	}
	return true
}
