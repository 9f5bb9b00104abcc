package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// gomokuRecord is a short Gomoku game in which Black misses a
// four-three at ply 11 (B13) and White then lets it through at ply 12.
const gomokuRecord = "E8 D8 F8 A1 G8 O1 H6 A15 H7 O15 B13 B1 H8 H9 I8"

// writeRecord writes the game's record of moves to a new SGF file.
func writeRecord(t *testing.T, game, moves string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "game.sgf")
	data, err := registry.WriteRecord(file, &rules.Record{Game: game, Moves: strings.Fields(moves)})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

func TestAnalyzeJSON(t *testing.T) {
	rec := writeRecord(t, "gomoku", gomokuRecord)
	out, errOut, code := runArgs("analyze", "gomoku", "--record", rec, "--depth", "2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	moves := strings.Fields(gomokuRecord)
	if len(lines) != len(moves) {
		t.Fatalf("%d lines for %d moves:\n%s", len(lines), len(moves), out)
	}
	for i, l := range lines {
		var m struct {
			Ply   *int           `json:"ply"`
			Side  string         `json:"side"`
			Move  string         `json:"move"`
			Best  string         `json:"best"`
			Value *float64       `json:"value"`
			Loss  *float64       `json:"loss"`
			Class *quality.Class `json:"class"`
			Why   string         `json:"why"`
		}
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %d %q: %v", i+1, l, err)
		}
		if m.Ply == nil || *m.Ply != i+1 || m.Move != moves[i] || m.Best == "" || m.Value == nil || m.Loss == nil || m.Class == nil {
			t.Fatalf("line %d: %s", i+1, l)
		}
		if wantSide := [2]string{"Black", "White"}[i%2]; m.Side != wantSide {
			t.Errorf("line %d: side %q, want %q", i+1, m.Side, wantSide)
		}
		switch i + 1 {
		case 11:
			if *m.Class != quality.MissedWin {
				t.Errorf("ply 11 (B13, a four-three on the board): %s, want missed-win", *m.Class)
			}
		case 12:
			if *m.Class != quality.Losing {
				t.Errorf("ply 12 (B1, the four-three not stopped): %s, want losing", *m.Class)
			}
			if !strings.HasPrefix(m.Why, "B1 ") {
				t.Errorf("ply 12 (B1): why %q, want a sentence on B1", m.Why)
			}
		}
	}
}

func TestAnalyzeTextAndSGF(t *testing.T) {
	rec := writeRecord(t, "othello", "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7")
	out := filepath.Join(t.TempDir(), "analyzed.sgf")
	text, errOut, code := runArgs("analyze", "othello", "--record", rec, "--depth", "2", "--sgf", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"losses in discs", "   1  Black  f5", "Black: ", "White: ", "accuracy"} {
		if !strings.Contains(text, want) {
			t.Errorf("report without %q:\n%s", want, text)
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "V[") || !strings.Contains(string(data), "C[") {
		t.Errorf("no V or C in the SGF:\n%s", data)
	}
	notes, err := quality.Notes(data)
	if err != nil || len(notes) != 10 {
		t.Fatalf("%d notes, %v", len(notes), err)
	}
	// Each move keeps its whole judgment (PQ) for the window.
	for i, n := range notes {
		if !n.HasJudgment || n.Judgment.Ply != i+1 || !n.HasClass || n.Class != n.Judgment.Class {
			t.Errorf("move %d: note %+v, want its judgment", i+1, n)
		}
	}
	// The record with its annotations still reads as a game.
	if shown, errOut, code := runArgs("show", "othello", "--record", out); code != 0 || !strings.Contains(shown, "10 plies") {
		t.Errorf("show the annotated record: exit %d, %s%s", code, errOut, shown)
	}
	// An existing file is never overwritten.
	_, errOut, code = runArgs("analyze", "othello", "--record", rec, "--depth", "1", "--sgf", out)
	if code != 2 || !strings.Contains(errOut, "exists") {
		t.Errorf("an existing --sgf file: exit %d, %q", code, errOut)
	}
	if again, _ := os.ReadFile(out); string(again) != string(data) {
		t.Error("the existing file changed")
	}
}

func TestAnalyzeBadInput(t *testing.T) {
	rec := writeRecord(t, "othello", "f5 d6")
	for _, c := range []struct {
		args    []string
		mention string
	}{
		{[]string{"analyze", "othello"}, "missing --record"},
		{[]string{"analyze", "othello", "--record", filepath.Join(t.TempDir(), "none.txt")}, "no such file"},
		{[]string{"analyze", "gomoku", "--record", rec}, "not a Gomoku game"},
		{[]string{"analyze", "othello", "--record", rec, "--sgf", "x.txt"}, "ending in .sgf"},
		{[]string{"analyze", "othello", "--record", rec, "--time-ms", "0"}, "--time-ms"},
	} {
		_, errOut, code := runArgs(c.args...)
		if code != 2 || !strings.Contains(errOut, c.mention) {
			t.Errorf("%v: exit %d, %q, want a mention of %q", c.args, code, errOut, c.mention)
		}
	}
}

// TestAnalyzeChecksOutFirst: an --sgf OUT that cannot be written (no
// such folder, a file where the folder should be) is an error before the
// analysis runs: no report is printed.
func TestAnalyzeChecksOutFirst(t *testing.T) {
	rec := writeRecord(t, "othello", "f5 d6 c3 d3")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "file"), nil, 0o644)
	for _, out := range []string{filepath.Join(dir, "nodir", "x.sgf"), filepath.Join(dir, "file", "x.sgf")} {
		text, errOut, code := runArgs("analyze", "othello", "--record", rec, "--depth", "1", "--sgf", out)
		if code != 2 || text != "" || !strings.Contains(errOut, "--sgf") {
			t.Errorf("%s: exit %d, report %q, %q", out, code, text, errOut)
		}
	}
}
