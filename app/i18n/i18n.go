// Package i18n holds the window's translations and the two calls every
// user-visible sentence goes through, T (a sentence) and N (a sentence
// with a count), without importing Fyne, so that app/session can
// translate the texts it computes.
//
// The bundles are go-i18n JSON files embedded under translations/ (Bundles,
// BundleDir), one per language, named by its BCP 47 tag (en.json,
// zh_Hans.json). English (en.json) is the source: every key of it is in
// every other bundle, each call's fallback text is its English entry, and
// a plural entry has the CLDR plural categories of its language
// ({"one": ..., "other": ...}; Russian and Czech one/few/many/other).
//
// The window (app/ui) installs Fyne's lang package as the Backend at
// start-up, so every sentence is looked up by Fyne in the language it
// picked from the system locale (or Help → Language…'s choice, Apply). With no
// backend installed, as in tests, T and N execute the English fallback
// template.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"text/template"
	"time"

	"github.com/jeandeaual/go-locale"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// Bundles holds the translation files, BundleDir/<tag>.json.
//
//go:embed translations/*.json
var Bundles embed.FS

// BundleDir is the directory of Bundles that holds the translation files.
const BundleDir = "translations"

// Backend looks a key up in the current language and executes its
// template with data; fallback is the English template, used when the
// key is missing. Plural picks the plural form of count.
type Backend interface {
	Translate(key, fallback string, data map[string]any) string
	Plural(key, fallback string, count int, data map[string]any) string
}

var (
	mu      sync.RWMutex
	backend Backend
	current = language.English
)

// Install makes b the backend of T and N (nil: none, English fallbacks).
func Install(b Backend) {
	mu.Lock()
	defer mu.Unlock()
	backend = b
}

// T is the sentence of key in the current language, its template executed
// with data (named arguments, {{.Name}}; nil when it has none). fallback
// is the English text, the same as en.json's entry for key.
func T(key, fallback string, data map[string]any) string {
	mu.RLock()
	b := backend
	mu.RUnlock()
	if b != nil {
		return b.Translate(key, fallback, data)
	}
	return execute(key, fallback, data)
}

// N is the plural sentence of key for count in the current language:
// the plural form count asks for (CLDR rules of the language), its
// template executed with data plus count as {{.Count}}, written as the
// language writes numbers (Number). fallback is the English "other" form,
// the same as en.json's entry for key.
func N(key, fallback string, count int, data map[string]any) string {
	d := make(map[string]any, len(data)+1)
	for k, v := range data {
		d[k] = v
	}
	d["Count"] = Number(count)
	mu.RLock()
	b := backend
	mu.RUnlock()
	if b != nil {
		return b.Plural(key, fallback, count, d)
	}
	if count == 1 {
		if m, ok := english()[key]; ok && m.One != "" {
			return execute(key, m.One, d)
		}
	}
	return execute(key, fallback, d)
}

// Entry is one message of a bundle: Other alone for a sentence, the
// plural forms for a plural one (CLDR category names).
type Entry struct {
	Zero, One, Two, Few, Many, Other string
	Plural                           bool // the entry is an object of plural forms
}

// Forms are the entry's plural forms by CLDR category ("one", "few"...),
// the non-empty ones; a sentence has only "other".
func (e Entry) Forms() map[string]string {
	f := map[string]string{}
	for k, v := range map[string]string{"zero": e.Zero, "one": e.One, "two": e.Two, "few": e.Few, "many": e.Many, "other": e.Other} {
		if v != "" {
			f[k] = v
		}
	}
	return f
}

// ReadBundle reads the bundle of tag (the file name without ".json", such
// as "zh_Hans"): its entries by key. A file that is missing or not a
// go-i18n JSON object of strings and plural objects is an error.
func ReadBundle(tag string) (map[string]Entry, error) {
	data, err := Bundles.ReadFile(BundleDir + "/" + tag + ".json")
	if err != nil {
		return nil, err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("bundle %s: %w", tag, err)
	}
	out := make(map[string]Entry, len(raw))
	for k, v := range raw {
		var s string
		if json.Unmarshal(v, &s) == nil {
			out[k] = Entry{Other: s}
			continue
		}
		var forms map[string]string
		if err := json.Unmarshal(v, &forms); err != nil {
			return nil, fmt.Errorf("bundle %s, key %q: neither a string nor plural forms", tag, k)
		}
		e := Entry{Plural: true}
		for cat, text := range forms {
			switch cat {
			case "zero":
				e.Zero = text
			case "one":
				e.One = text
			case "two":
				e.Two = text
			case "few":
				e.Few = text
			case "many":
				e.Many = text
			case "other":
				e.Other = text
			default:
				return nil, fmt.Errorf("bundle %s, key %q: %q is no plural category", tag, k, cat)
			}
		}
		out[k] = e
	}
	return out, nil
}

var english = sync.OnceValue(func() map[string]Entry {
	m, _ := ReadBundle("en") // TestBundles reads it too
	return m
})

// execute runs the template text with data; text that does not parse is
// returned as it is (TestBundles keeps that from happening).
func execute(key, text string, data map[string]any) string {
	if !strings.Contains(text, "{{") {
		return text
	}
	t, err := template.New(key).Option("missingkey=zero").Parse(text)
	if err != nil {
		return text
	}
	var sb strings.Builder
	if err := t.Execute(&sb, data); err != nil {
		return text
	}
	return sb.String()
}

// Language is one of the window's languages: its bundle's tag and its
// name in itself, as the Settings list shows it.
type Language struct {
	Tag  string // BCP 47, as the bundle's file name has it with "_" for "-"
	Name string
}

// Languages are the window's languages, one a bundle, each named by its
// bundle's "language.name": English (the source) first, then those of
// listOrder in that order, then any other bundle by tag.
var Languages = languages()

// listOrder is the order of the Language dialog's list after English.
var listOrder = []string{"ja", "zh-Hans", "ko", "ru", "de", "fr", "cs"}

func languages() []Language {
	files, _ := Bundles.ReadDir(BundleDir)
	var tags []string
	for _, f := range files {
		tags = append(tags, strings.ReplaceAll(strings.TrimSuffix(f.Name(), ".json"), "_", "-"))
	}
	rank := func(t string) int {
		if t == "en" {
			return -1
		}
		if i := slices.Index(listOrder, t); i >= 0 {
			return i
		}
		return len(listOrder)
	}
	slices.SortStableFunc(tags, func(a, b string) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return strings.Compare(a, b)
	})
	out := make([]Language, 0, len(tags))
	for _, t := range tags {
		name := t
		if b, err := ReadBundle(BundleName(t)); err == nil && b["language.name"].Other != "" {
			name = b["language.name"].Other
		}
		out = append(out, Language{t, name})
	}
	return out
}

// BundleName is the file name (without ".json") of tag's bundle.
func BundleName(tag string) string { return strings.ReplaceAll(tag, "-", "_") }

// Apply makes choice (a Languages tag; "" for the system's language) the
// language of this process, before the window's backend reads the
// bundles: it sets LANGUAGE, the list that the locale lookup of Fyne's lang
// reads (github.com/jeandeaual/go-locale), and where LC_ALL, LC_MESSAGES or
// LANG pins the C locale (which hides LANGUAGE) sets that one to C.UTF-8;
// "" puts back the variables as they were before the first Apply. It then
// resolves the current language (Current) from the locale. An unknown
// choice is an error and leaves the system's language.
func Apply(choice string) error {
	var err error
	if choice != "" && !known(choice) {
		err = fmt.Errorf("unknown language %q", choice)
		choice = ""
	}
	envOnce.Do(func() {
		for _, v := range localeVars {
			val, set := os.LookupEnv(v)
			systemEnv[v] = envValue{val, set}
		}
	})
	for _, v := range localeVars {
		if e := systemEnv[v]; e.set {
			_ = os.Setenv(v, e.value)
		} else {
			_ = os.Unsetenv(v)
		}
	}
	if choice != "" {
		_ = os.Setenv("LANGUAGE", BundleName(choice))
		for _, v := range localeVars[1:] {
			if val := os.Getenv(v); val != "" {
				if val == "C" || val == "POSIX" {
					_ = os.Setenv(v, "C.UTF-8")
				}
				break
			}
		}
	}
	locales, _ := locale.GetLocales()
	mu.Lock()
	current = Match(locales)
	mu.Unlock()
	return err
}

// localeVars are the variables go-locale reads: LANGUAGE, then the first
// set of the others.
var localeVars = []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}

type envValue struct {
	value string
	set   bool
}

var (
	envOnce   sync.Once
	systemEnv = map[string]envValue{}
)

func known(tag string) bool {
	for _, l := range Languages {
		if l.Tag == tag {
			return true
		}
	}
	return false
}

// Match is the language of Languages closest to the locales (BCP 47 or
// POSIX names such as "ja-JP", "zh_CN"), first preferred; English when none
// is close.
func Match(locales []string) language.Tag {
	tags := make([]language.Tag, 0, len(Languages))
	for _, l := range Languages {
		tags = append(tags, language.Make(l.Tag))
	}
	var want []language.Tag
	for _, l := range locales {
		l, _, _ = strings.Cut(l, ".")
		if t, err := language.Parse(strings.ReplaceAll(l, "_", "-")); err == nil {
			want = append(want, t)
		}
	}
	_, i, conf := language.NewMatcher(tags).Match(want...)
	if conf == language.No {
		return language.English
	}
	return tags[i]
}

// Current is the language the window speaks (Apply resolves it; English
// until then).
func Current() language.Tag {
	mu.RLock()
	defer mu.RUnlock()
	return current
}

// Number is n written as the current language writes numbers (digit
// grouping: 12,345 in English, 12.345 in German, 12 345 in French).
func Number(n int) string {
	return strings.ReplaceAll(message.NewPrinter(Current()).Sprintf("%d", n), "\u202f", "\u00a0")
}

// DateTime is t as the current language writes a date and a time of day,
// the layout (Go's reference time) being the bundle's "format.datetime".
func DateTime(t time.Time) string {
	return t.Format(T("format.datetime", "Jan 2, 2006 15:04", nil))
}

// English is key's English text (en.json; a plural entry's "other" form)
// and whether en.json has key.
func English(key string) (string, bool) {
	e, ok := english()[key]
	return e.Other, ok
}

// Text translates a text that another package defines in English (a
// rules descriptor's option label, a color's name): key's translation
// when en.json's entry for key is english, english itself otherwise, so
// that a text changed at its source reads in English until the bundles
// follow it.
func Text(key, english string) string {
	if en, ok := English(key); !ok || en != english {
		return english
	}
	return T(key, english, nil)
}

// Decimal is x with digits decimals as the current language writes it
// (3.5 in English, 3,5 in German).
func Decimal(x float64, digits int) string {
	return strings.ReplaceAll(message.NewPrinter(Current()).Sprint(number.Decimal(x, number.Scale(digits))), "\u202f", "\u00a0")
}

// Percent is x percent (x = 42.5 for 42.5%) with digits decimals as the
// current language writes a percentage (42.5% in English, 42,5 % in
// German and French).
func Percent(x float64, digits int) string {
	return strings.ReplaceAll(message.NewPrinter(Current()).Sprint(number.Percent(x/100, number.Scale(digits))), "\u202f", "\u00a0")
}

// BreaksAnywhere reports whether the current language's text may break
// between any two characters (Japanese, Chinese: no spaces between
// words), rather than only at spaces.
func BreaksAnywhere() bool {
	b, _ := Current().Base()
	return b.String() == "ja" || b.String() == "zh"
}
