package i18n

import (
	"testing"

	"golang.org/x/text/language"
)

// TestDecimalForm: a written decimal takes its language's CLDR plural
// category, which is not any whole count's in Czech ("many") or Russian
// ("other"), and is "one" for 1.5 in French but "other" for 1.0 in
// English.
func TestDecimalForm(t *testing.T) {
	for _, c := range []struct {
		tag      string
		x        float64
		decimals int
		want     string
	}{
		{"en", 1, 1, "other"}, {"en", 1, 0, "one"}, {"en", 2.5, 1, "other"},
		{"de", 1, 1, "other"}, {"fr", 1.5, 1, "one"}, {"fr", 0.5, 1, "one"}, {"fr", 2.5, 1, "other"},
		{"cs", 2.5, 1, "many"}, {"cs", 2, 0, "few"}, {"cs", 1, 1, "many"}, {"cs", 6, 1, "many"},
		{"ru", 2.5, 1, "other"}, {"ru", 21, 0, "one"}, {"ru", 21, 1, "other"}, {"ru", 5, 0, "many"},
		{"ja", 2.5, 1, "other"}, {"cs", -2.5, 1, "many"},
	} {
		if got := DecimalForm(language.Make(c.tag), c.x, c.decimals); got != c.want {
			t.Errorf("%s %.*f: %q, want %q", c.tag, c.decimals, c.x, got, c.want)
		}
	}
}

// TestDecimalText: the bundle's form for a decimal count, filled.
func TestDecimalText(t *testing.T) {
	for _, c := range []struct {
		tag, amount string
		x           float64
		want        string
	}{
		{"cs", "2,5", 2.5, "2,5 kamene"},
		{"fr", "1,5", 1.5, "1,5 pion"},
		{"fr", "2,5", 2.5, "2,5 pions"},
		{"ru", "2,5", 2.5, "2,5 фишки"},
		{"de", "1,0", 1, "1,0 Steine"},
		{"en", "1.0", 1, "1.0 discs"},
	} {
		got := DecimalText(language.Make(c.tag), "amount.discs", "{{.Amount}} discs", c.x, 1, map[string]any{"Amount": c.amount})
		if got != c.want {
			t.Errorf("%s %s: %q, want %q", c.tag, c.amount, got, c.want)
		}
	}
	if got := DecimalText(language.Make("cs"), "no.such.key", "{{.Amount}} things", 2.5, 1, map[string]any{"Amount": "2,5"}); got != "2,5 things" {
		t.Errorf("a missing key: %q, want the English fallback", got)
	}
}

type decimalBackend struct {
	fake
	x        float64
	decimals int
}

func (b *decimalBackend) PluralDecimal(key, fallback string, x float64, decimals int, data map[string]any) string {
	b.key, b.x, b.decimals = key, x, decimals
	return "decimal " + data["Count"].(string)
}

// TestNDecimal: a decimal count reaches a DecimalPluralizer with its
// value and digits, a plain backend as its whole part, and without a
// backend takes English's "other" form, even for 1.0.
func TestNDecimal(t *testing.T) {
	if got := NDecimal("amount.discs", "{{.Count}} discs", 1, 1, nil); got != "1.0 discs" {
		t.Errorf("English 1.0: %q", got)
	}
	d := &decimalBackend{}
	Install(d)
	defer Install(nil)
	if got := NDecimal("k", "fb", 2.5, 1, nil); got != "decimal 2.5" || d.key != "k" || d.x != 2.5 || d.decimals != 1 {
		t.Errorf("DecimalPluralizer: %q, saw %q %v %d", got, d.key, d.x, d.decimals)
	}
	f := &fake{}
	Install(f)
	if got := NDecimal("k2", "fb", 2.5, 1, nil); got != "plural 2.5" || f.key != "k2" {
		t.Errorf("plain backend: %q, saw %q", got, f.key)
	}
}
