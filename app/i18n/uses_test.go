package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// sources parses the non-test Go files under the directories (relative to
// this package), skipping testdata.
func sources(t *testing.T, dirs ...string) (*token.FileSet, []*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			files = append(files, f)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return fset, files
}

// literal is the value of a string literal expression, ok false for
// anything else.
func literal(e ast.Expr) (string, bool) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(b.Value)
	return s, err == nil
}

// TestKeysInCodeAreInEnglish: every i18n.T and i18n.N call of app/ and
// widgets/ with a literal key names an en.json entry, and its literal
// fallback is that entry's English text ("other" form), so what a test
// without a backend shows is what English shows.
func TestKeysInCodeAreInEnglish(t *testing.T) {
	en, err := ReadBundle("en")
	if err != nil {
		t.Fatal(err)
	}
	fset, files := sources(t, "..", "../../widgets")
	calls := 0
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "T" && sel.Sel.Name != "N") || len(call.Args) < 2 {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "i18n" {
				return true
			}
			calls++
			pos := fset.Position(call.Pos())
			key, ok := literal(call.Args[0])
			if !ok {
				return true // a computed key: its entries are checked where they are made
			}
			e, found := en[key]
			if !found {
				t.Errorf("%s: key %q is not in en.json", pos, key)
				return true
			}
			if sel.Sel.Name == "N" != e.Plural {
				t.Errorf("%s: %s(%q) but the entry's plural is %v", pos, sel.Sel.Name, key, e.Plural)
			}
			if fb, ok := literal(call.Args[1]); ok && fb != e.Other {
				t.Errorf("%s: fallback of %q is %q, en.json has %q", pos, key, fb, e.Other)
			}
			return true
		})
	}
	if calls == 0 {
		t.Fatal("found no i18n.T or i18n.N call: the walk is broken")
	}
}

// shown are the calls whose string arguments a Fyne window shows, by
// package (as imported) and function or, with package "", method name.
var shown = map[string]map[string]bool{
	"widget": {"NewLabel": true, "NewLabelWithStyle": true, "NewButton": true, "NewButtonWithIcon": true,
		"NewCheck": true, "NewSelect": true, "NewRadioGroup": true, "NewHyperlink": true, "NewCard": true,
		"NewRichTextWithText": true, "NewRichTextFromMarkdown": true, "NewAccordionItem": true,
		"NewFormItem": true, "NewSelectEntry": true, "NewCheckGroup": true},
	"fyne":      {"NewMenuItem": true, "NewMenu": true, "NewMenuItemWithIcon": true},
	"canvas":    {"NewText": true},
	"container": {"NewTabItem": true, "NewTabItemWithIcon": true},
	"": {"SetText": true, "SetPlaceHolder": true, "SetTitle": true, "SetOptions": true, "SetSubTitle": true,
		"NewTipLabel": true, "newTipLabel": true, "SetTip": true, "newCaption": true, "newKeyCheck": true,
		"newKeySelect": true, "SetConfirmText": true, "SetDismissText": true, "Note": true},
}

// shownFields are the fields of Fyne objects whose text the window shows.
var shownFields = map[string]bool{"Text": true, "PlaceHolder": true, "Label": true, "Title": true, "Subtitle": true}

// allowed are literals the window shows as they are in every language
// (the program's name) or measures without showing (a line's height).
var allowed = map[string]bool{"Planiverse": true, "Ag": true, "Ag\nAg": true}

// verb is a fmt verb such as %d, %.1f or %[2]s.
var verb = regexp.MustCompile(`%[-+# 0-9.*\[\]]*[a-zA-Z%]`)

// words reports whether s has a letter outside its fmt verbs, so that it
// is a word to translate (not "", a symbol, digits or "%.1f%%").
func words(s string) bool {
	if allowed[s] {
		return false
	}
	for _, r := range verb.ReplaceAllString(s, "") {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// untranslated is the literal text in e that a reader would see: a
// literal with a letter, one inside a slice literal or a concatenation,
// or a fmt.Sprintf format.
func untranslated(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		s, ok := literal(e)
		return s, ok && words(s)
	case *ast.BinaryExpr:
		if s, ok := untranslated(e.X); ok {
			return s, true
		}
		return untranslated(e.Y)
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			if s, ok := untranslated(el); ok {
				return s, true
			}
		}
	case *ast.ParenExpr:
		return untranslated(e.X)
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok && len(e.Args) > 0 {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "fmt" && strings.HasPrefix(sel.Sel.Name, "Sprint") {
				return untranslated(e.Args[0])
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "errors" && sel.Sel.Name == "New" {
				return untranslated(e.Args[0])
			}
		}
	}
	return "", false
}

// escapes lists the untranslated literals the files pass to widgets,
// as "file:line: text".
func escapes(fset *token.FileSet, files []*ast.File) []string {
	var out []string
	report := func(n ast.Node, s string) {
		p := fset.Position(n.Pos())
		out = append(out, filepath.Base(p.Filename)+":"+strconv.Itoa(p.Line)+": "+strconv.Quote(s))
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				var pkg, name string
				switch fn := n.Fun.(type) {
				case *ast.SelectorExpr:
					name = fn.Sel.Name
					if x, ok := fn.X.(*ast.Ident); ok && shown[x.Name] != nil {
						pkg = x.Name
					}
				case *ast.Ident:
					name = fn.Name
				}
				check := shown[pkg][name] || shown[""][name] ||
					(pkg == "" && strings.HasPrefix(name, "Show") && isDialog(n)) ||
					(isDialog(n) && (strings.HasPrefix(name, "New") || strings.HasPrefix(name, "Show")))
				if check {
					for _, a := range n.Args {
						if s, ok := untranslated(a); ok {
							report(a, s)
						}
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && shownFields[sel.Sel.Name] && i < len(n.Rhs) {
						if s, ok := untranslated(n.Rhs[i]); ok {
							report(n.Rhs[i], s)
						}
					}
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && shownFields[k.Name] {
					if s, ok := untranslated(n.Value); ok {
						report(n.Value, s)
					}
				}
			}
			return true
		})
	}
	return out
}

// isDialog reports whether call is dialog.Something(...).
func isDialog(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && x.Name == "dialog"
}

// TestNoUntranslatedLiteralInWidgets: no string literal with words that
// app/ui or widgets passes to a Fyne widget, menu, dialog or text (or
// sets as its Text) escapes i18n.T or i18n.N.
func TestNoUntranslatedLiteralInWidgets(t *testing.T) {
	fset, files := sources(t, "../ui", "../../widgets")
	for _, e := range escapes(fset, files) {
		t.Errorf("untranslated: %s", e)
	}
}

// TestEscapesFindsLiterals: the check itself catches each kind of
// untranslated literal and passes translated ones.
func TestEscapesFindsLiterals(t *testing.T) {
	src := `package p
func f() {
	widget.NewLabel("Hello")
	widget.NewButton(i18n.T("k", "Fine", nil), nil)
	fyne.NewMenuItem("Open"+"…", nil)
	dialog.NewConfirm(i18n.T("a", "A", nil), fmt.Sprintf("Take %d back?", n), nil, w)
	widget.NewSelect([]string{"White", "Black"}, nil)
	l.SetText("Thinking")
	l.SetText("")
	l.SetText("→ 42")
	l.Text = "Done"
	_ = canvas.Text{Text: "Score"}
	w.SetTitle("Planiverse")
	l.SetText(fmt.Sprintf("%.1f%%", x))
	l.SetText(fmt.Sprintf("%d moves", n))
}`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := escapes(fset, []*ast.File{f})
	want := []string{`p.go:3: "Hello"`, `p.go:5: "Open"`, `p.go:6: "Take %d back?"`, `p.go:7: "White"`,
		`p.go:8: "Thinking"`, `p.go:11: "Done"`, `p.go:12: "Score"`, `p.go:15: "%d moves"`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("escapes found\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
