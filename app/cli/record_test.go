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
		{[]string{"show", "gomoku", "--record", okFile}, "othello game, not gomoku"},
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
	steps := []struct{ out, want string }{
		{"a.ggf", "(;GM[Othello]DT[2024.05.17]PB[Ann]PW[Bob]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\nB[f5]W[d6]B[c3];)\n"},
		{"a.txt", "f5d6c3\n"},
		{"b.sgf", "(;FF[4]GM[2]CA[UTF-8]AP[Planiverse]SZ[8]\n;B[f5];W[d6];B[c3])\n"},
	}
	src := in
	for _, s := range steps {
		out := filepath.Join(dir, s.out)
		stdout, errOut, code := runArgs("convert", src, out)
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
