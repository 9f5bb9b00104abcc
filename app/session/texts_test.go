package session

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/app/i18n"
	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/phrase"
	"planiverse/rules/registry"
)

// englishBundle reads en.json.
func englishBundle(t *testing.T) map[string]i18n.Entry {
	t.Helper()
	en, err := i18n.ReadBundle("en")
	if err != nil {
		t.Fatal(err)
	}
	return en
}

// checkEnglish fails unless en.json has p's key with p's English
// templates (its "one" form too where p has a count). what names p.
func checkEnglish(t *testing.T, en map[string]i18n.Entry, what string, p phrase.P) {
	t.Helper()
	e, ok := en[p.Key]
	switch {
	case !ok:
		t.Errorf("%s: en.json has no %q (English %q)", what, p.Key, p.Other)
	case e.Other != p.Other:
		t.Errorf("%s: en.json's %q is %q, the code's English %q", what, p.Key, e.Other, p.Other)
	case p.One != "" && e.One != p.One:
		t.Errorf("%s: en.json's %q has the form one %q, the code's %q", what, p.Key, e.One, p.One)
	case p.One != "" && !e.Plural:
		t.Errorf("%s: en.json's %q is not a plural entry", what, p.Key)
	}
}

// phraseCalls are the calls that give a key and English templates as
// their first arguments, with the number of templates.
var phraseCalls = map[string]int{"phrase.T": 1, "phrase.N": 2, "tr": 1, "trn": 2, "movesWords": 2}

// TestKeysInEnglishBundle: every call of the session, the quality
// package, the rules and the game knowledge that names a translatable
// text with a literal key and literal English (phrase.T, phrase.N, tr,
// trn) has that key in en.json with that English, so that a text changed
// in the code cannot drift from the bundles; at least 150 are checked.
func TestKeysInEnglishBundle(t *testing.T) {
	en := englishBundle(t)
	fset := token.NewFileSet()
	checked := 0
	for _, dir := range []string{".", "quality", "../../rules", "../../ai"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || path != dir && dir == "." && d.Name() == "quality") {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				var name string
				switch fn := call.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					if x, ok := fn.X.(*ast.Ident); ok {
						name = x.Name + "." + fn.Sel.Name
					}
				}
				forms, ok := phraseCalls[name]
				if !ok || len(call.Args) < 1+forms {
					return true
				}
				var lits []string
				for _, a := range call.Args[:1+forms] {
					b, ok := a.(*ast.BasicLit)
					if !ok || b.Kind != token.STRING {
						return true // a computed key or text
					}
					s, err := strconv.Unquote(b.Value)
					if err != nil {
						return true
					}
					lits = append(lits, s)
				}
				if lits[0] == "" {
					return true // not a word: a mark, a number
				}
				p := phrase.T(lits[0], lits[1], nil)
				if forms == 2 {
					p = phrase.P{Key: lits[0], One: lits[1], Other: lits[2]}
				}
				checkEnglish(t, en, fset.Position(call.Pos()).String(), p)
				checked++
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 150 {
		t.Errorf("only %d calls checked", checked)
	}
}

// TestComputedKeysInEnglishBundle: the keys the code builds from a
// game's, a class's or a level's names are in en.json with the English
// the code gives them: the games' titles and option words, How to play
// and its captions, the move classes' words, the level names and
// descriptions, the colors.
func TestComputedKeysInEnglishBundle(t *testing.T) {
	en := englishBundle(t)
	for _, d := range registry.Games() {
		o := d.Defaults()
		for _, opt := range d.Options {
			for _, c := range opt.Choices {
				v := rules.Options{}
				for k, x := range o {
					v[k] = x
				}
				v[opt.Key] = c.Value
				for _, p := range d.DescribePhrases(v) {
					checkEnglish(t, en, d.Name+" description", p)
				}
			}
		}
		for _, p := range d.DescribePhrases(o) {
			checkEnglish(t, en, d.Name+" description", p)
		}
		checkEnglish(t, en, d.Name+" How to play", phrase.T("game."+d.Name+".howToPlay", d.Rules, nil))
		for i, ex := range d.Examples {
			checkEnglish(t, en, d.Name+" example", phrase.T("game."+d.Name+".example."+strconv.Itoa(i+1), ex.Caption, nil))
		}
	}
	for cl := quality.Class(0); cl < quality.NumClasses; cl++ {
		checkEnglish(t, en, "class title", cl.TitlePhrase())
		checkEnglish(t, en, "class in a sentence", cl.LowerPhrase())
		checkEnglish(t, en, "class count", cl.CountPhrase(2))
		checkEnglish(t, en, "class with its article", article(cl))
		if m := classMarks[cl]; m.Key != "" {
			checkEnglish(t, en, "class mark", m)
		}
	}
	for _, l := range ai.AllLevels() {
		checkEnglish(t, en, "level name", phrase.T("level."+strconv.Itoa(l.Number)+".name", l.Name, nil))
		checkEnglish(t, en, "level description", phrase.T("level."+strconv.Itoa(l.Number)+".description", l.Description, nil))
	}
	for _, c := range []string{"Black", "White"} {
		checkEnglish(t, en, "color", phrase.Color(c))
	}
	for _, p := range ClockPresets {
		checkEnglish(t, en, "clock", phrase.T("session.clock."+p.Key, p.Label, nil))
	}
}
