package docs

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// repoRoot returns the repository's root: the folder of go.mod above the
// test's folder.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = up
	}
}

var (
	// linkTarget is a Markdown link's or image's target.
	linkTarget = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// repoPath is a path in the repository named in the text: under one
	// of its top folders, as the READMEs write them.
	repoPath = regexp.MustCompile(`(?:^|[\s(` + "`" + `'"])((?:app|ai|rules|widgets|desktop|\.ci)/[A-Za-z0-9_./-]*[A-Za-z0-9_])`)
)

// TestReadmePathsExist: every repository path that a README.md names, in
// a link or in its text, exists (from the repository's root, or from the
// README's folder for a relative link). Globs and paths outside the
// repository (../shared) are not checked.
func TestReadmePathsExist(t *testing.T) {
	root := repoRoot(t)
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "bin") {
			return filepath.SkipDir
		}
		if d.IsDir() || d.Name() != "README.md" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		text := string(data)
		var names []string
		for _, m := range linkTarget.FindAllStringSubmatch(text, -1) {
			names = append(names, m[1])
		}
		for _, m := range repoPath.FindAllStringSubmatch(text, -1) {
			names = append(names, m[1])
		}
		for _, name := range names {
			name, _, _ = strings.Cut(name, "#")
			if name == "" || strings.Contains(name, "://") || strings.HasPrefix(name, "../") || strings.ContainsAny(name, "*<>") {
				continue
			}
			checked++
			if !exists(root, name) && !exists(filepath.Dir(path), name) {
				t.Errorf("%s names %s, which does not exist", rel, name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 10 {
		t.Fatalf("only %d paths checked: the READMEs were not read", checked)
	}
}

func exists(dir, name string) bool {
	_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name)))
	return err == nil
}
