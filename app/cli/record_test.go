package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestShowRecord(t *testing.T) {
	cases := []struct {
		game, name, text, first, last string
	}{
		// The shortest Othello game, as SGF and as a transcript.
		{"othello", "g.sgf", "(;GM[2]PB[Ann]RE[B+13];B[e6];W[f4];B[e3];W[f6];B[g5];W[d6];B[e7];W[f5];B[c5])",
			"record: SGF, Othello, 9 plies, Black Ann, result B+13", "status: black wins"},
		{"othello", "g.txt", "e6f4e3f6g5d6e7f5c5", "record: Transcript, Othello, 9 plies", "status: black wins"},
		{"gomoku", "g.sgf", "(;GM[4]SZ[15]RU[freestyle swap];B[hh];W[swap])",
			"record: SGF, Gomoku · 15x15 · freestyle · swap opening, 2 plies", "status: white to move"},
		{"dvonn", "g.dvn", "g unfinished : E3", "record: DVONN move line, DVONN, 1 plies", "status: black to move"},
		{"alak", "g.sgf", "(;PV[alak]RU[modern]SZ[7];B[a])", "record: SGF, Alak · modern · 7 points, 1 plies", "status: white to move"},
	}
	for _, c := range cases {
		file := writeTemp(t, c.name, c.text)
		out, errOut, code := runArgs("show", c.game, "--record", file)
		if code != 0 {
			t.Errorf("%s: exit %d, %s", c.text, code, errOut)
			continue
		}
		if first, _, _ := strings.Cut(out, "\n"); first != c.first || lastLine(out) != c.last {
			t.Errorf("%s: first line %q, last %q, want %q, %q\n%s", c.text, first, lastLine(out), c.first, c.last, out)
		}
	}
}

func TestShowRecordErrors(t *testing.T) {
	sgfFile := writeTemp(t, "g.sgf", "(;GM[2];B[f5];W[f5])")
	okFile := writeTemp(t, "ok.sgf", "(;GM[2];B[f5])")
	cases := []struct {
		args    []string
		mention string
	}{
		{[]string{"show", "othello", "--record", sgfFile}, "ply 2"},
		{[]string{"show", "gomoku", "--record", okFile}, "holds an Othello game, not a Gomoku game"},
		{[]string{"show", "othello", "--record", okFile, "--moves", "f5"}, "--record"},
		{[]string{"show", "othello", "--record", writeTemp(t, "g.pgn", "1. e4")}, "known extensions"},
		{[]string{"show", "othello", "--record", filepath.Join(t.TempDir(), "missing.sgf")}, "no such file"},
	}
	for _, c := range cases {
		_, errOut, code := runArgs(c.args...)
		if code != 2 || !strings.Contains(errOut, c.mention) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q, want a line mentioning %q", c.args, code, errOut, c.mention)
		}
	}
}

func TestConvert(t *testing.T) {
	dir := t.TempDir()
	in := writeTemp(t, "in.sgf", "(;GM[2]PB[Ann]PW[Bob]DT[2024-05-17];B[f5];W[d6];B[c3])")
	steps := []struct{ out, want, dropped string }{
		{"a.ggf", "(;GM[Othello]DT[2024.05.17]PB[Ann]PW[Bob]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\nB[f5]W[d6]B[c3];)\n", ""},
		{"a.txt", "f5d6c3\n", "dropped the player names and date"},
		{"b.sgf", "(;FF[4]GM[2]CA[UTF-8]AP[Planiverse]SZ[8]\n;B[f5];W[d6];B[c3])\n", ""},
	}
	src := in
	for _, s := range steps {
		out := filepath.Join(dir, s.out)
		stdout, errOut, code := runArgs("convert", "--lossy", src, out)
		if code != 0 {
			t.Fatalf("convert %s %s: exit %d, %s", src, out, code, errOut)
		}
		if s.dropped != "" && !strings.Contains(stdout, s.dropped) || s.dropped == "" && strings.Contains(stdout, "dropped") {
			t.Errorf("convert %s %s: stdout %q, want it to say %q", src, out, stdout, s.dropped)
		}
		if err := os.Remove(out); err != nil {
			t.Fatal(err)
		}
		stdout, errOut, code = runArgs("convert", src, out)
		if s.dropped != "" {
			if _, err := os.Stat(out); code != 2 || err == nil || !strings.Contains(errOut, "player names and date") {
				t.Errorf("convert %s %s without --lossy: exit %d, %q, file written: %v", src, out, code, errOut, err == nil)
			}
			stdout, errOut, code = runArgs("convert", "--lossy", src, out)
		}
		if code != 0 {
			t.Fatalf("convert %s %s: exit %d, %s", src, out, code, errOut)
		}
		data, err := os.ReadFile(out)
		if err != nil || string(data) != s.want {
			t.Errorf("%s:\n%s\nwant\n%s", s.out, data, s.want)
		}
		if !strings.Contains(stdout, "othello game, 3 plies") {
			t.Errorf("stdout %q", stdout)
		}
		src = out
	}
	if entries, _ := os.ReadDir(dir); len(entries) != len(steps) {
		t.Errorf("%d files in the output directory (a temporary file left?)", len(entries))
	}
	// A variant the output format cannot hold, an unknown extension.
	swap := writeTemp(t, "s.sgf", "(;GM[4]RU[freestyle swap];B[hh];W[swap])")
	for _, c := range []struct{ in, out, mention string }{
		{swap, filepath.Join(dir, "s.psq"), "no way to say"},
		{in, filepath.Join(dir, "x.pgn"), ".sgf, .ggf, .txt"},
	} {
		_, errOut, code := runArgs("convert", c.in, c.out)
		if code != 2 || !strings.Contains(errOut, c.mention) {
			t.Errorf("convert %s %s: exit %d, %q, want it to mention %q", c.in, c.out, code, errOut, c.mention)
		}
		if _, err := os.Stat(c.out); err == nil {
			t.Errorf("%s written", c.out)
		}
	}
}

// TestConvertTarget: convert never replaces a file without --force, never
// a link or a read-only file, and a replaced file keeps its mode.
func TestConvertTarget(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.sgf")
	const game = "(;GM[2]PB[Ann];B[f5];W[d6])"
	if err := os.WriteFile(in, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	existing := filepath.Join(dir, "old.sgf")
	readOnly := filepath.Join(dir, "ro.sgf")
	private := filepath.Join(dir, "private.sgf")
	link := filepath.Join(dir, "link.sgf")
	for path, mode := range map[string]os.FileMode{existing: 0o644, readOnly: 0o444, private: 0o600} {
		if err := os.WriteFile(path, []byte("keep me"), mode); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(existing, link); err != nil {
		t.Fatal(err)
	}
	same := filepath.Join(dir, ".", "..", filepath.Base(dir), "in.sgf") // in, by another path
	for _, c := range []struct {
		args    []string
		mention string
		file    string // must still hold its old content
	}{
		{[]string{in, in}, "same file", in},
		{[]string{in, same}, "same file", in},
		{[]string{in, existing}, "exists; give --force", existing},
		{[]string{"--force", in, readOnly}, "read-only", readOnly},
		{[]string{"--force", in, link}, "symbolic link", existing},
		{[]string{"--force", in, dir}, "not a plain file", ""},
	} {
		old := ""
		if c.file != "" {
			b, _ := os.ReadFile(c.file)
			old = string(b)
		}
		out, errOut, code := runArgs(append([]string{"convert"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.mention) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("convert %q: exit %d, stdout %q, stderr %q; want exit 2 and a line mentioning %q", c.args, code, out, errOut, c.mention)
		}
		if c.file != "" {
			if b, _ := os.ReadFile(c.file); string(b) != old {
				t.Errorf("convert %q changed %s to %q", c.args, c.file, b)
			}
		}
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced")
	}
	for _, target := range []string{existing, private, in} {
		if _, errOut, code := runArgs("convert", "--force", in, target); code != 0 {
			t.Fatalf("convert --force %s: exit %d, %s", target, code, errOut)
		}
		if b, _ := os.ReadFile(target); !strings.Contains(string(b), "PB[Ann]") {
			t.Errorf("%s holds %q after convert --force", target, b)
		}
	}
	if fi, _ := os.Stat(private); fi.Mode().Perm() != 0o600 {
		t.Errorf("convert --force widened a -rw------- file to %v", fi.Mode())
	}
	if fi, _ := os.Stat(existing); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", fi.Mode())
	}
}

// TestConvertRace: a second convert that writes OUT between the first
// one's checks and its write wins; the first exits 2 with "exists" and
// OUT keeps the second's record.
func TestConvertRace(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.sgf"), filepath.Join(dir, "b.sgf")
	out := filepath.Join(dir, "race.txt")
	for path, moves := range map[string]string{a: ";B[f5];W[d6]", b: ";B[f5];W[f6];B[e6]"} {
		if err := os.WriteFile(path, []byte("(;GM[2]"+moves+")"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	defer func(f func()) { convertWriting = f }(convertWriting)
	convertWriting = func() {
		convertWriting = func() {}
		if _, errOut, code := runArgs("convert", b, out); code != 0 {
			t.Errorf("the second convert: exit %d, %s", code, errOut)
		}
	}
	stdout, errOut, code := runArgs("convert", a, out)
	if code != 2 || stdout != "" || !strings.Contains(errOut, "exists") {
		t.Errorf("the first convert: exit %d, stdout %q, stderr %q; want exit 2 and \"exists\"", code, stdout, errOut)
	}
	if data, _ := os.ReadFile(out); !strings.Contains(strings.ToLower(string(data)), "e6") {
		t.Errorf("OUT holds %q, not the second convert's game", data)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("left %v", left)
	}
}

// TestConvertNamesOut: convert into a missing folder names the OUT the
// user gave, never the temporary file it writes first.
func TestConvertNamesOut(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.sgf")
	if err := os.WriteFile(in, []byte("(;GM[2];B[f5])"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "nodir", "x.sgf")
	_, errOut, code := runArgs("convert", in, out)
	if code != 2 || !strings.Contains(errOut, out) || strings.Contains(errOut, ".tmp") {
		t.Errorf("exit %d, stderr %q; want exit 2 naming %s and no temporary file", code, errOut, out)
	}
}

// TestConvertLosses: what OUT's format cannot hold stops convert, named,
// unless --lossy; SGF's variations and comments count too.
func TestConvertLosses(t *testing.T) {
	dir := t.TempDir()
	variations := writeTemp(t, "var.sgf", "(;GM[2]PB[Ann];B[f5]C[a good move](;W[d6])(;W[f6]))")
	dvonn := writeTemp(t, "d.sgf", "(;FF[4]GM[37]PB[Ann]PW[Bob];W[E3];B[D3])")
	for _, c := range []struct{ in, out, mention string }{
		{variations, variations, "variations and move comments"},
		{variations, filepath.Join(dir, "var2.sgf"), "variations and move comments"},
		{dvonn, filepath.Join(dir, "d.dvn"), "player names"},
	} {
		before, _ := os.ReadFile(c.in)
		args := []string{"convert", c.in, c.out}
		if c.in == c.out {
			args = []string{"convert", "--force", c.in, c.out}
		}
		_, errOut, code := runArgs(args...)
		if code != 2 || !strings.Contains(errOut, c.mention) || !strings.Contains(errOut, "--lossy") {
			t.Errorf("%q: exit %d, %q; want a refusal naming %q", args, code, errOut, c.mention)
		}
		if after, _ := os.ReadFile(c.in); string(after) != string(before) {
			t.Errorf("%q changed IN", args)
		}
		if c.in != c.out {
			if _, err := os.Stat(c.out); err == nil {
				t.Errorf("%q wrote OUT", args)
			}
		}
	}
	out, errOut, code := runArgs("convert", "--lossy", dvonn, filepath.Join(dir, "d.dvn"))
	if code != 0 || !strings.Contains(out, "dropped the player names") {
		t.Errorf("convert --lossy: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestRecordReadErrors: a huge input, an empty file, a BOM and another
// game's parser error.
func TestRecordReadErrors(t *testing.T) {
	huge := filepath.Join(t.TempDir(), "huge.txt")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(17 << 20); err != nil { // a sparse file of zeros, larger than the cap
		t.Fatal(err)
	}
	f.Close()
	empty := writeTemp(t, "empty.txt", "")
	bad := writeTemp(t, "bad.txt", "f5 d6 z9")
	for _, c := range []struct {
		args    []string
		mention string
	}{
		{[]string{"show", "othello", "--record", huge}, "larger than 16 MB"},
		{[]string{"convert", huge, filepath.Join(t.TempDir(), "x.sgf")}, "larger than 16 MB"},
		{[]string{"solve", "othello", huge}, "larger than 16 MB"},
		{[]string{"solve", "othello", empty}, "no Othello position"},
		{[]string{"show", "othello", "--record", bad}, "z9"},
	} {
		out, errOut, code := runArgs(c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.mention) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one line mentioning %q", c.args, code, out, errOut, c.mention)
		}
		if strings.Contains(errOut, "DVONN") || strings.Contains(errOut, "dvonn") {
			t.Errorf("%q: another game's error: %q", c.args, errOut)
		}
	}
	for _, name := range []string{"bom.txt", "bom.sgf"} {
		text := "\ufefff5 d6 c3"
		if name == "bom.sgf" {
			text = "\ufeff(;GM[2];B[f5];W[d6];B[c3])"
		}
		out, errOut, code := runArgs("show", "othello", "--record", writeTemp(t, name, text))
		if code != 0 || !strings.Contains(out, "3 plies") {
			t.Errorf("%s with a BOM: exit %d, %q %q", name, code, out, errOut)
		}
	}
	psq := writeTemp(t, "bom.psq", "\ufeffPiskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n-1\n")
	if out, errOut, code := runArgs("show", "gomoku", "--record", psq); code != 0 || !strings.Contains(out, "2 plies") {
		t.Errorf(".psq with a BOM: exit %d, %q %q", code, out, errOut)
	}
}
