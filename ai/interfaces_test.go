package ai

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"sort"
	"strings"
	"testing"
)

// maxInterfaces bounds the exported interfaces of package ai: the core
// keeps only what two or more games use or a new game plausibly would
// (issue 70); a hook of one game lives in that game's package or in a
// general hook.
const maxInterfaces = 12

// TestInterfaceCount counts the exported interface types declared in the
// package's non-test files and fails above maxInterfaces; it also asks
// each one's doc to say which games implement it.
func TestInterfaceCount(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range pkgs["ai"].Files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, sp := range g.Specs {
				ts := sp.(*ast.TypeSpec)
				if _, ok := ts.Type.(*ast.InterfaceType); !ok || !ts.Name.IsExported() {
					continue
				}
				names = append(names, ts.Name.Name)
				doc := ts.Doc
				if doc == nil && len(g.Specs) == 1 {
					doc = g.Doc
				}
				if doc == nil || !strings.Contains(doc.Text(), "implement") {
					t.Errorf("interface %s: its doc does not say which games implement it", ts.Name.Name)
				}
			}
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		t.Fatal("found no exported interface: the parse is wrong")
	}
	if len(names) > maxInterfaces {
		t.Errorf("%d exported interfaces in package ai, want at most %d: %v", len(names), maxInterfaces, names)
	}
	t.Logf("%d exported interfaces: %v", len(names), names)
}
