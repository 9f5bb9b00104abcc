package i18n

import (
	"os"
	"regexp"
	"sync"
	"testing"
	"time"

	"golang.org/x/text/language"
)

func TestTWithoutBackendExecutesFallback(t *testing.T) {
	if got := T("test.none", "Move {{.Move}} wins", map[string]any{"Move": "d3"}); got != "Move d3 wins" {
		t.Errorf("T = %q", got)
	}
	if got := T("test.none", "plain", nil); got != "plain" {
		t.Errorf("T = %q", got)
	}
}

type fake struct{ key, fallback string }

func (f *fake) Translate(key, fallback string, data map[string]any) string {
	f.key, f.fallback = key, fallback
	return "translated"
}

func (f *fake) Plural(key, fallback string, count int, data map[string]any) string {
	f.key, f.fallback = key, fallback
	return "plural " + data["Count"].(string)
}

func TestInstalledBackendAnswers(t *testing.T) {
	f := &fake{}
	Install(f)
	defer Install(nil)
	if got := T("k", "fb", nil); got != "translated" || f.key != "k" || f.fallback != "fb" {
		t.Errorf("T = %q, backend saw %q %q", got, f.key, f.fallback)
	}
	if got := N("k2", "fb2", 3, nil); got != "plural 3" || f.key != "k2" {
		t.Errorf("N = %q, backend saw %q", got, f.key)
	}
}

// TestNWithoutBackendUsesEnglishForms: without a backend, N writes every
// plural entry of the English bundle with its "one" form for a count of 1
// and its "other" form for 2, every named argument filled.
func TestNWithoutBackendUsesEnglishForms(t *testing.T) {
	en, err := ReadBundle("en")
	if err != nil {
		t.Fatal(err)
	}
	args := regexp.MustCompile(`{{\s*\.(\w+)`)
	checked := 0
	for k, e := range en {
		if !e.Plural || e.One == "" {
			continue
		}
		data := map[string]any{}
		for _, m := range args.FindAllStringSubmatch(e.One+e.Other, -1) {
			if m[1] != "Count" {
				data[m[1]] = "x"
			}
		}
		fill := func(text string, n int) string {
			d := map[string]any{"Count": n}
			for name, v := range data {
				d[name] = v
			}
			return execute(k, text, d)
		}
		if got, want := N(k, e.Other, 1, data), fill(e.One, 1); got != want {
			t.Errorf("%s: N for 1 = %q, want %q", k, got, want)
		}
		if got, want := N(k, e.Other, 2, data), fill(e.Other, 2); got != want {
			t.Errorf("%s: N for 2 = %q, want %q", k, got, want)
		}
		checked++
	}
	if checked == 0 {
		t.Error("no English plural entry")
	}
}

func TestMatch(t *testing.T) {
	for _, c := range []struct {
		locales []string
		want    string
	}{
		{[]string{"ja_JP.UTF-8"}, "ja"}, {[]string{"zh_CN"}, "zh-Hans"}, {[]string{"zh-SG"}, "zh-Hans"},
		{[]string{"ko-KR"}, "ko"}, {[]string{"ru_RU"}, "ru"}, {[]string{"de_AT"}, "de"},
		{[]string{"fr_CA"}, "fr"}, {[]string{"cs_CZ"}, "cs"}, {[]string{"en_GB"}, "en"},
		{[]string{"es_ES"}, "en"}, {nil, "en"}, {[]string{"es", "de"}, "de"},
	} {
		if got := Match(c.locales); got != language.Make(c.want) {
			t.Errorf("Match(%v) = %v, want %s", c.locales, got, c.want)
		}
	}
}

func TestApplySetsLanguage(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "C")
	t.Setenv("LANG", "en_US.UTF-8")
	t.Setenv("LANGUAGE", "")
	forgetSystem := func() { envOnce, systemEnv = sync.Once{}, map[string]envValue{} }
	forgetSystem()
	defer func() { _ = Apply("en"); forgetSystem() }()
	if err := Apply("ja"); err != nil {
		t.Fatal(err)
	}
	if Current() != language.Japanese || os.Getenv("LANGUAGE") != "ja" || os.Getenv("LC_MESSAGES") != "C.UTF-8" {
		t.Errorf("after Apply(ja): current %v, LANGUAGE %q, LC_MESSAGES %q", Current(), os.Getenv("LANGUAGE"), os.Getenv("LC_MESSAGES"))
	}
	if err := Apply("zh-Hans"); err != nil || Current() != language.Make("zh-Hans") || os.Getenv("LANGUAGE") != "zh_Hans" {
		t.Errorf("Apply(zh-Hans): %v, current %v, LANGUAGE %q", err, Current(), os.Getenv("LANGUAGE"))
	}
	if err := Apply("xx"); err == nil {
		t.Error("Apply(xx) is no error")
	}
	if err := Apply(""); err != nil || Current() != language.English || os.Getenv("LC_MESSAGES") != "C" || os.Getenv("LANGUAGE") != "" {
		t.Errorf("Apply(system) after ja: %v, current %v, LC_MESSAGES %q, LANGUAGE %q", err, Current(), os.Getenv("LC_MESSAGES"), os.Getenv("LANGUAGE"))
	}
	forgetSystem()
	t.Setenv("LC_MESSAGES", "de_DE.UTF-8")
	if err := Apply(""); err != nil || Current() != language.German {
		t.Errorf("Apply(system) with LC_MESSAGES=de_DE: %v, current %v", err, Current())
	}
}

func TestNumberAndDateFollowLanguage(t *testing.T) {
	defer func() {
		mu.Lock()
		current = language.English
		mu.Unlock()
	}()
	when := time.Date(2026, 3, 7, 9, 5, 0, 0, time.UTC)
	for _, c := range []struct{ tag, number, date, decimal, percent string }{
		{"en", "12,345", "Mar 7, 2026 09:05", "3.5", "42.5%"},
		{"de", "12.345", "Mar 7, 2026 09:05", "3,5", "42,5\u00a0%"}, // no backend: the English layout
		{"fr", "12\u00a0345", "Mar 7, 2026 09:05", "3,5", "42,5\u00a0%"},
		{"ru", "12\u00a0345", "Mar 7, 2026 09:05", "3,5", "42,5\u00a0%"},
		{"ja", "12,345", "Mar 7, 2026 09:05", "3.5", "42.5%"},
	} {
		mu.Lock()
		current = language.Make(c.tag)
		mu.Unlock()
		if got := Number(12345); got != c.number {
			t.Errorf("%s: Number(12345) = %q, want %q", c.tag, got, c.number)
		}
		if got := Decimal(3.5, 1); got != c.decimal {
			t.Errorf("%s: Decimal(3.5, 1) = %q, want %q", c.tag, got, c.decimal)
		}
		if got := Percent(42.5, 1); got != c.percent {
			t.Errorf("%s: Percent(42.5, 1) = %q, want %q", c.tag, got, c.percent)
		}
		if got := DateTime(when); got != c.date {
			t.Errorf("%s: DateTime = %q, want %q", c.tag, got, c.date)
		}
	}
}

func TestTextTranslatesOnlyTheKnownEnglish(t *testing.T) {
	Install(&fake{})
	defer Install(nil)
	if got := Text("ui.button.close", "Close"); got != "translated" {
		t.Errorf("Text of en.json's own text = %q, want the backend's", got)
	}
	if got := Text("ui.button.close", "Shut"); got != "Shut" {
		t.Errorf("Text of a changed source text = %q, want it unchanged", got)
	}
	if got := Text("no.such.key", "Thing"); got != "Thing" {
		t.Errorf("Text of an unknown key = %q", got)
	}
}

func TestBreaksAnywhere(t *testing.T) {
	defer func() {
		mu.Lock()
		current = language.English
		mu.Unlock()
	}()
	for tag, want := range map[string]bool{"ja": true, "zh-Hans": true, "ko": false, "en": false, "de": false} {
		mu.Lock()
		current = language.Make(tag)
		mu.Unlock()
		if got := BreaksAnywhere(); got != want {
			t.Errorf("%s: BreaksAnywhere %v", tag, got)
		}
	}
}
