package i18n

import (
	"maps"

	"planiverse/rules/phrase"
)

// Phrase writes p, a sentence of rules, ai or the session (rules/phrase),
// in the window's language (Translate).
func Phrase(p phrase.P) string { return p.In(Translate) }

// Translate writes a phrase (rules/phrase) in the window's language: T,
// or N for a phrase with a count (whose English "one" form is en.json's),
// NDecimal for one with a decimal count (phrase.ND); its numbers
// (phrase.Number) as the language writes them. It is a
// phrase.Translator.
func Translate(key, one, other string, count int, data map[string]any) string {
	decimal, isDecimal := data["Count"].(phrase.Number)
	data = localNumbers(data)
	switch {
	case key == "":
		return phrase.Fill(other, data) // a text that is not a word (a mark, a number)
	case isDecimal && decimal.Decimals > 0 && one != "":
		return NDecimal(key, other, decimal.X, decimal.Decimals, data) // phrase.ND
	case one == "":
		return T(key, other, data)
	}
	return N(key, other, count, data)
}

// localNumbers returns data with its numbers (phrase.Number) written as
// the window's language writes them (Decimal, Percent); data
// itself when it has none.
func localNumbers(data map[string]any) map[string]any {
	var out map[string]any
	for k, v := range data {
		n, ok := v.(phrase.Number)
		if !ok {
			continue
		}
		if out == nil {
			out = maps.Clone(data)
		}
		switch {
		case n.Percent:
			out[k] = Percent(n.X, n.Decimals)
		case n.Sign && n.X >= 0:
			out[k] = "+" + Decimal(n.X, n.Decimals)
		default:
			out[k] = Decimal(n.X, n.Decimals)
		}
	}
	if out == nil {
		return data
	}
	return out
}
