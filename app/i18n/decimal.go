package i18n

import (
	"math"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// DecimalPluralizer is a Backend that also writes plural sentences for a
// decimal count, whose plural form differs from any whole count's in
// some languages (CLDR: Czech "2,5 kamene" against "2 kameny" and "5
// kamenů"; French "1,5 pion"; Russian "2,5 фишки"). A Backend without it
// is asked for the whole count's form (Plural with the integer part).
type DecimalPluralizer interface {
	// PluralDecimal is Plural for the count x written with decimals
	// digits after the decimal point (decimals > 0).
	PluralDecimal(key, fallback string, x float64, decimals int, data map[string]any) string
}

// NDecimal is N for a decimal count: the plural sentence of key for x
// written with decimals digits after the decimal point, its form chosen
// by the language's CLDR rules for that written number (1.0 is not "one"
// in English, 2.5 is "many" in Czech), {{.Count}} the number as the
// language writes it (Decimal). decimals 0 is N with x rounded.
func NDecimal(key, fallback string, x float64, decimals int, data map[string]any) string {
	if decimals <= 0 {
		return N(key, fallback, int(math.Round(x)), data)
	}
	d := make(map[string]any, len(data)+1)
	for k, v := range data {
		d[k] = v
	}
	d["Count"] = Decimal(x, decimals)
	mu.RLock()
	b := backend
	mu.RUnlock()
	switch b := b.(type) {
	case nil:
		return execute(key, fallback, d) // English: a decimal is "other"
	case DecimalPluralizer:
		return b.PluralDecimal(key, fallback, x, decimals, d)
	default:
		return b.Plural(key, fallback, int(math.Abs(x)), d)
	}
}

// DecimalText is the plural sentence of key in the bundle of the language
// tag for the count x written with decimals digits (CLDR plural operands
// of that written number), its template executed with data; fallback
// (English "other") when the bundle has no such entry. It is what a
// DecimalPluralizer answers for a language of Languages.
func DecimalText(tag language.Tag, key, fallback string, x float64, decimals int, data map[string]any) string {
	e, ok := bundleOf(tag)[key]
	if !ok {
		return execute(key, fallback, data)
	}
	forms := e.Forms()
	text, ok := forms[DecimalForm(tag, x, decimals)]
	if !ok {
		text = e.Other
	}
	return execute(key, text, data)
}

// DecimalForm is the CLDR plural category ("one", "few", "many",
// "other"...) of x written with decimals digits after the decimal point
// in the language tag.
func DecimalForm(tag language.Tag, x float64, decimals int) string {
	s := strconv.FormatFloat(math.Abs(x), 'f', max(decimals, 0), 64)
	intPart, frac, _ := strings.Cut(s, ".")
	i, err := strconv.Atoi(intPart)
	if err != nil {
		i = math.MaxInt32 // beyond any rule's ranges
	}
	f, _ := strconv.Atoi("0" + frac)
	trimmed := strings.TrimRight(frac, "0")
	t, _ := strconv.Atoi("0" + trimmed)
	return formNames[plural.Cardinal.MatchPlural(tag, i, len(frac), len(trimmed), f, t)]
}

// formNames are the CLDR names of x/text's plural forms.
var formNames = map[plural.Form]string{plural.Other: "other", plural.Zero: "zero", plural.One: "one",
	plural.Two: "two", plural.Few: "few", plural.Many: "many"}

// bundleCache caches the bundles of Languages by tag, read once each.
var bundleCache sync.Map // language tag string -> map[string]Entry

// bundleOf is the bundle of tag, the one of Languages it matches best
// (English's when none does).
func bundleOf(tag language.Tag) map[string]Entry {
	name := BundleName(Match([]string{tag.String()}).String())
	if b, ok := bundleCache.Load(name); ok {
		return b.(map[string]Entry)
	}
	b, err := ReadBundle(name)
	if err != nil {
		b = english()
	}
	bundleCache.Store(name, b)
	return b
}
