package i18n

import (
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"text/template"
	"text/template/parse"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// bundles reads every language's bundle, English first.
func bundles(t *testing.T) map[string]map[string]Entry {
	t.Helper()
	out := map[string]map[string]Entry{}
	for _, l := range Languages {
		b, err := ReadBundle(BundleName(l.Tag))
		if err != nil {
			t.Fatal(err)
		}
		out[l.Tag] = b
	}
	return out
}

// TestBundleFiles: every file under translations is one of Languages, and
// go-i18n (as Fyne's lang uses it) reads each one.
func TestBundleFiles(t *testing.T) {
	files, err := Bundles.ReadDir(BundleDir)
	if err != nil {
		t.Fatal(err)
	}
	var names, want []string
	for _, f := range files {
		names = append(names, f.Name())
	}
	for _, l := range Languages {
		want = append(want, BundleName(l.Tag)+".json")
	}
	sort.Strings(names)
	sort.Strings(want)
	if !slices.Equal(names, want) {
		t.Fatalf("bundle files %v, want one per language %v", names, want)
	}
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	for _, n := range names {
		data, _ := Bundles.ReadFile(BundleDir + "/" + n)
		f, err := b.ParseMessageFileBytes(data, n)
		if err != nil {
			t.Errorf("go-i18n cannot read %s: %v", n, err)
			continue
		}
		if want := language.Make(strings.TrimSuffix(n, ".json")); f.Tag != want {
			t.Errorf("%s reads as language %v, want %v", n, f.Tag, want)
		}
	}
}

// TestBundlesHaveEnglishKeys: every bundle has exactly English's keys, a
// plural entry where English has one, and no empty text.
func TestBundlesHaveEnglishKeys(t *testing.T) {
	all := bundles(t)
	en := all["en"]
	if len(en) == 0 {
		t.Fatal("en.json is empty")
	}
	for tag, b := range all {
		for k, e := range en {
			o, ok := b[k]
			if !ok {
				t.Errorf("%s lacks %q", tag, k)
				continue
			}
			if o.Plural != e.Plural {
				t.Errorf("%s %q: plural %v, English %v", tag, k, o.Plural, e.Plural)
			}
			for cat, text := range o.Forms() {
				if strings.TrimSpace(text) == "" {
					t.Errorf("%s %q %s is blank", tag, k, cat)
				}
			}
			if o.Other == "" {
				t.Errorf("%s %q has no other form", tag, k)
			}
		}
		for k := range b {
			if _, ok := en[k]; !ok {
				t.Errorf("%s has %q, which English lacks", tag, k)
			}
		}
	}
}

// fields are the named arguments ({{.Name}}) of a template text.
func fields(t *testing.T, where, text string) map[string]bool {
	t.Helper()
	tpl, err := template.New(where).Parse(text)
	if err != nil {
		t.Errorf("%s: %v", where, err)
		return nil
	}
	out := map[string]bool{}
	var walk func(n parse.Node)
	walk = func(n parse.Node) {
		switch n := n.(type) {
		case *parse.ListNode:
			if n != nil {
				for _, c := range n.Nodes {
					walk(c)
				}
			}
		case *parse.ActionNode:
			walk(n.Pipe)
		case *parse.PipeNode:
			if n != nil {
				for _, c := range n.Cmds {
					walk(c)
				}
			}
		case *parse.CommandNode:
			for _, a := range n.Args {
				walk(a)
			}
		case *parse.FieldNode:
			out[strings.Join(n.Ident, ".")] = true
		case *parse.IfNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		case *parse.RangeNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		case *parse.WithNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		}
	}
	if tpl.Tree != nil {
		walk(tpl.Tree.Root)
	}
	return out
}

// TestTemplateArguments: every text parses as a template and each entry
// uses the same named arguments as English (over all its plural forms),
// so no translation drops or invents one.
func TestTemplateArguments(t *testing.T) {
	all := bundles(t)
	for k, e := range all["en"] {
		want := map[string]bool{}
		for cat, text := range e.Forms() {
			maps.Copy(want, fields(t, "en "+k+" "+cat, text))
		}
		for tag, b := range all {
			got := map[string]bool{}
			for cat, text := range b[k].Forms() {
				maps.Copy(got, fields(t, tag+" "+k+" "+cat, text))
			}
			if !maps.Equal(got, want) {
				t.Errorf("%s %q uses arguments %v, English %v", tag, k, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
			}
		}
	}
}

// categories are the CLDR cardinal plural categories of tag, found by
// matching integers and decimals against golang.org/x/text's rules.
func categories(tag language.Tag) map[string]bool {
	out := map[string]bool{"other": true}
	for i := 0; i <= 2000; i++ {
		out[formNames[plural.Cardinal.MatchPlural(tag, i, 0, 0, 0, 0)]] = true
		out[formNames[plural.Cardinal.MatchPlural(tag, i, 1, 1, 5, 5)]] = true // i.5
	}
	out[formNames[plural.Cardinal.MatchPlural(tag, 1000000, 0, 0, 0, 0)]] = true
	return out
}

// TestPluralCategories: each plural entry has every CLDR category of its
// language (Russian and Czech one, few, many, other; Japanese other) and
// none the language lacks.
func TestPluralCategories(t *testing.T) {
	for tag, b := range bundles(t) {
		need := categories(language.Make(tag))
		for k, e := range b {
			if !e.Plural {
				continue
			}
			have := e.Forms()
			for cat := range need {
				if _, ok := have[cat]; !ok {
					t.Errorf("%s %q lacks plural form %s (needs %v)", tag, k, cat, slices.Sorted(maps.Keys(need)))
				}
			}
			for cat := range have {
				if !need[cat] {
					t.Errorf("%s %q has plural form %s, which the language lacks", tag, k, cat)
				}
			}
		}
	}
}

func TestCategoriesOfKnownLanguages(t *testing.T) {
	for tag, want := range map[string][]string{
		"ru": {"few", "many", "one", "other"}, "cs": {"few", "many", "one", "other"},
		"ja": {"other"}, "en": {"one", "other"}, "de": {"one", "other"},
	} {
		if got := slices.Sorted(maps.Keys(categories(language.Make(tag)))); !slices.Equal(got, want) {
			t.Errorf("categories(%s) = %v, want %v", tag, got, want)
		}
	}
}

// TestKoreanParticlesAfterArguments: a Korean particle right after a
// template argument depends on whether the argument's last syllable ends
// in a consonant, which the template cannot know. After a color (흑, 백:
// the arguments colorArgs) it is the consonant form; after any other
// argument it is written for both, as Korean software does ("은(는)",
// "이(가)", "을(를)", "와(과)", "(으)로").
func TestKoreanParticlesAfterArguments(t *testing.T) {
	ko, err := ReadBundle("ko")
	if err != nil {
		t.Fatal(err)
	}
	colorArgs := map[string]bool{"Opponent": true, "Mover": true, "Owner": true, "Side": true, "Winner": true, "Who": true, "Next": true}
	vowelForm := regexp.MustCompile(`{{\.(\w+)}}(는|가|를|와|로)([^\x{ac00}-\x{d7a3}(]|$)`)
	consonantForm := regexp.MustCompile(`{{\.(\w+)}}(은|이|을|과|으로)([^\x{ac00}-\x{d7a3}(]|$)`)
	for k, e := range ko {
		for _, text := range e.Forms() {
			for _, m := range vowelForm.FindAllStringSubmatch(text, -1) {
				t.Errorf("%s: %q after {{.%s}} fits only a word ending in a vowel: %q", k, m[2], m[1], text)
			}
			for _, m := range consonantForm.FindAllStringSubmatch(text, -1) {
				if !colorArgs[m[1]] {
					t.Errorf("%s: %q after {{.%s}} fits only a word ending in a consonant: %q", k, m[2], m[1], text)
				}
			}
		}
	}
	for _, c := range []string{"color.black", "color.white"} {
		r := []rune(ko[c].Other)
		if last := r[len(r)-1]; last < 0xac00 || last > 0xd7a3 || (last-0xac00)%28 == 0 {
			t.Errorf("%s %q does not end in a consonant: the particles after colorArgs are wrong", c, ko[c].Other)
		}
	}
}
