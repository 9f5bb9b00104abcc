package cli

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"planiverse/app/session"
	"planiverse/rules"
	"planiverse/rules/othello"
)

func cli(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestBestmoveFormat(t *testing.T) {
	line := regexp.MustCompile(`^bestmove (\S+) score -?\d+ depth (\d+) nodes \d+ time \d+( book)?\n$`)
	for _, tc := range []struct {
		args  []string
		depth string
	}{
		{[]string{"bestmove", "othello", "--depth", "3"}, "3"},
		{[]string{"bestmove", "othello", "--moves", "d3 c3", "--depth", "2"}, "2"},
		{[]string{"bestmove", "gomoku", "--moves", "H8", "--depth", "2"}, "2"},
		{[]string{"bestmove", "dvonn", "--depth", "2"}, "2"},
		{[]string{"bestmove", "alak", "--level", "1"}, ""},
		{[]string{"bestmove", "alak", "--rules", "modern", "--size", "9", "--level", "2"}, ""},
		{[]string{"bestmove", "othello", "--time-ms", "50"}, ""},
		{[]string{"bestmove", "othello", "--level", "max", "--time-ms", "50"}, ""},
	} {
		code, out, errText := cli(tc.args...)
		m := line.FindStringSubmatch(out)
		if code != 0 || m == nil || errText != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", tc.args, code, out, errText)
			continue
		}
		if tc.depth != "" && m[2] != tc.depth {
			t.Errorf("%q: depth %s, want %s", tc.args, m[2], tc.depth)
		}
		// The move must be legal in the position.
		game := tc.args[1]
		o := rules.Options{}
		moves := ""
		for i, a := range tc.args {
			switch a {
			case "--moves":
				moves = tc.args[i+1]
			case "--rules", "--size":
				o[a[2:]] = tc.args[i+1]
			}
		}
		_, s, err := session.NewGame(game, o)
		if err == nil {
			err = rules.PlayMoves(s, moves+" "+m[1])
		}
		if err != nil {
			t.Errorf("%q: move %q: %v", tc.args, m[1], err)
		}
		// Othello's timed searches from the start answer from the opening
		// book; a depth-limited search never does.
		if book := m[3] != ""; game == "othello" && moves == "" && book != (tc.depth == "") {
			t.Errorf("%q: book %v, want %v", tc.args, book, tc.depth == "")
		}
	}
}

func TestAICommandErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("XXXX nonsense\n"), 0o644)
	for _, args := range [][]string{
		{"bestmove"},
		{"bestmove", "chess"},
		{"bestmove", "othello", "--level", "7"},
		{"bestmove", "othello", "--level", "-1"},
		{"bestmove", "othello", "--level", "max", "--depth", "3"},
		{"bestmove", "othello", "--depth", "-1"},
		{"bestmove", "othello", "--depth", "0"},
		{"bestmove", "othello", "--time-ms", "0"},
		{"bestmove", "othello", "--moves", "d3 d3"},
		{"bestmove", "othello", "--moves", "zz"},
		{"bestmove", "alak", "--position", "xx.........  o"},
		{"bestmove", "othello", "--position", "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX X"},
		{"solve", "othello"},
		{"solve", "gomoku", bad},
		{"solve", "othello", filepath.Join(dir, "missing.txt")},
		{"solve", "othello", bad},
		{"selfplay", "alak", "--a", "1", "--games", "2"},
		{"selfplay", "alak", "--a", "1", "--b", "9", "--games", "2"},
		{"selfplay", "alak", "--a", "1", "--b", "2"},
		{"selfplay", "alak", "--a", "1", "--b", "2", "--games", "2", "--moves", "1-5"},
		{"selfplay", "chess", "--a", "1", "--b", "2", "--games", "2"},
		{"selfplay", "othello", "--a", "1", "--b", "2", "--games", "2", "--rules", "modern"},
	} {
		code, out, errText := cli(args...)
		if code != 2 || out != "" || strings.Count(errText, "\n") != 1 || !strings.HasPrefix(errText, "planiverse "+args[0]+": ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2, one line on stderr only", args, code, out, errText)
		}
	}
}

// perfectScore is the plain minimax final disc difference (no pruning),
// the reference for solve.
func perfectScore(b rules.State) int {
	if over, sc := b.Outcome(); over {
		return sc
	}
	best := -100
	side := b.ToMove()
	for _, m := range b.Moves(nil) {
		b.Play(m)
		v := perfectScore(b)
		if b.ToMove() != side {
			v = -v
		}
		b.Undo()
		best = max(best, v)
	}
	return best
}

func TestSolve(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var text strings.Builder
	text.WriteString("# endgames\n\n")
	var want []int
	var boards []*othello.Board
	for len(want) < 4 {
		b := othello.New()
		var buf []rules.Move
		for b.Empties() > 8 {
			buf = b.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			b.Play(buf[r.IntN(len(buf))])
		}
		if over, _ := b.Outcome(); over || b.Empties() > 8 {
			continue
		}
		p, _ := othello.ParsePosition(b.Position())
		boards = append(boards, p)
		want = append(want, perfectScore(p))
		text.WriteString(b.Position() + " ; comment\n")
	}
	file := filepath.Join(t.TempDir(), "end.txt")
	if err := os.WriteFile(file, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errText := cli("solve", "othello", file)
	if code != 0 || errText != "" {
		t.Fatalf("solve: exit %d, stderr %q", code, errText)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("solve printed %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	format := regexp.MustCompile(`^(\d+) (\S+) ([+-]\d+) nodes \d+ time \d+\.\d{3}$`)
	for i, l := range lines {
		m := format.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("line %q does not match the format", l)
		}
		var n, score int
		fmt.Sscan(m[1], &n)
		fmt.Sscan(m[3], &score)
		if n != i+3 || score != want[i] {
			t.Errorf("line %q: want line number %d and score %+d", l, i+3, want[i])
		}
		b := boards[i]
		mv, err := b.ParseMove(m[2])
		if err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		side := b.ToMove()
		b.Play(mv)
		v := perfectScore(b)
		if b.ToMove() != side {
			v = -v
		}
		if v != want[i] {
			t.Errorf("line %q: the move scores %+d, not %+d", l, v, want[i])
		}
	}
}

func TestSelfplay(t *testing.T) {
	re := regexp.MustCompile(`\na (\d+) b (\d+) draws (\d+)\n$`)
	for _, args := range [][]string{
		{"selfplay", "alak", "--a", "1", "--b", "2", "--games", "4"},
		{"selfplay", "othello", "--a", "1", "--b", "1", "--games", "2"},
		{"selfplay", "dvonn", "--a", "1", "--b", "1", "--games", "2"},
		{"selfplay", "gomoku", "--a", "1", "--b", "1", "--games", "2"},
	} {
		code, out, errText := cli(args...)
		m := re.FindStringSubmatch(out)
		if code != 0 || m == nil {
			t.Fatalf("%q: exit %d, stdout %q, stderr %q", args, code, out, errText)
		}
		var a, b, d int
		fmt.Sscan(m[1], &a)
		fmt.Sscan(m[2], &b)
		fmt.Sscan(m[3], &d)
		if want := args[len(args)-1]; fmt.Sprint(a+b+d) != want {
			t.Errorf("%q: %q does not add up to %s games", args, out, want)
		}
	}
}

// lineWriter records each Write, to see what reached the output when.
type lineWriter struct {
	mu     sync.Mutex
	writes []string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.writes = append(w.writes, string(p))
	return len(p), nil
}

// TestSelfplayStreams: selfplay writes a line for each game as it ends,
// with the score so far, and the total last, so that stopping it loses
// nothing.
func TestSelfplayStreams(t *testing.T) {
	var w lineWriter
	if code := Run([]string{"selfplay", "alak", "--a", "1", "--b", "2", "--games", "4"}, &w, io.Discard); code != 0 {
		t.Fatalf("exit %d", code)
	}
	game := regexp.MustCompile(`^game ([1-4]) (a|b|draw) \(a (first|second)\) a (\d+) b (\d+) draws (\d+)\n$`)
	if len(w.writes) != 5 {
		t.Fatalf("%d writes %q, want one per game and the total", len(w.writes), w.writes)
	}
	seen := map[string]bool{}
	for i, line := range w.writes[:4] {
		m := game.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("write %d: %q", i, line)
		}
		seen[m[1]] = true
		var a, b, d int
		fmt.Sscan(m[4]+" "+m[5]+" "+m[6], &a, &b, &d)
		if a+b+d != i+1 {
			t.Errorf("line %q: the score so far counts %d games, want %d", line, a+b+d, i+1)
		}
	}
	if len(seen) != 4 || !strings.HasPrefix(w.writes[4], "a ") {
		t.Errorf("writes %q", w.writes)
	}
}

// TestCLIBounds checks that every numeric option has a range and a one-line
// error: no panic on a huge game count, no 4 GB reservation, no time-limit
// overflow into "no limit".
func TestCLIBounds(t *testing.T) {
	for _, args := range [][]string{
		{"selfplay", "alak", "--a", "1", "--b", "2", "--games", "9223372036854775807"},
		{"selfplay", "alak", "--a", "1", "--b", "2", "--games", "2147483647"},
		{"selfplay", "alak", "--a", "1", "--b", "2", "--games", "0"},
		{"selfplay", "alak", "--a", "1", "--b", "2", "--games", "2", "--time-ms", "9300000000000"},
		{"selfplay", "alak", "--a", "1", "--b", "2", "--games", "2", "--time-ms", "-1"},
		{"bestmove", "othello", "--time-ms", "9300000000000"},
		{"bestmove", "othello", "--depth", "251"},
		{"bestmove", "othello", "--level", "1", "--seed", "-3"},
		{"perft", "othello", "65"},
	} {
		code, out, errText := cli(args...)
		if code != 2 || out != "" || strings.Count(errText, "\n") != 1 || !strings.Contains(errText, "want a whole number from") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and the option's range", args, code, out, errText)
		}
	}
}

// TestCLIErrorText checks that an error is one line that quotes the
// offending token once, cut short, and names what was wrong.
func TestCLIErrorText(t *testing.T) {
	long := strings.Repeat("q", 300_000)
	for _, tc := range []struct {
		args []string
		want string // must appear
	}{
		{[]string{"show", "othello", "--moves", "d3 " + long}, `ply 2:`},
		{[]string{"show", "othello", "--position", long}, "--position"},
		{[]string{"show", "alak", "--position", long + " x"}, "--position"},
		{[]string{"show", long}, "unknown game"},
		{[]string{"show", "gomoku", "--rules", long}, "gomoku rules"},
		{[]string{"bestmove", "othello", "--level", long}, "--level"},
		{[]string{"selfplay", "alak", "--a", "1", "--b", "2", "--games", long}, "--games"},
		{[]string{"show", "othello", "--" + long}, "flag provided but not defined"},
		{[]string{"show", "othello", "extra"}, `unexpected argument "extra"`},
	} {
		code, _, errText := cli(tc.args...)
		if code != 2 || strings.Count(errText, "\n") != 1 || len(errText) > 500 {
			t.Errorf("%.60q: exit %d, %d bytes on stderr: %.200q", tc.args, code, len(errText), errText)
			continue
		}
		if !strings.Contains(errText, tc.want) || strings.Count(errText, `"qq`) > 1 {
			t.Errorf("%.60q: stderr %q should name %q and quote the token once", tc.args, errText, tc.want)
		}
		if strings.Contains(errText, "usage; usage") {
			t.Errorf("%.60q: %q", tc.args, errText)
		}
	}
	// Only a move error speaks of a move.
	for _, args := range [][]string{
		{"show", "alak", "--rules", "modern", "--size", "30"},
		{"show", "othello", "--position", "XXX X"},
		{"show", "alak", "--position", "xx.. x"},
	} {
		if _, _, errText := cli(args...); strings.Contains(errText, "unreadable move") || strings.Contains(errText, "illegal move") {
			t.Errorf("%q: %q speaks of a move", args, errText)
		}
	}
}

// TestBestmoveSeed checks that the softened levels vary from call to call
// unless --seed fixes their choice.
func TestBestmoveSeed(t *testing.T) {
	moves := map[string]bool{}
	for range 12 {
		_, out, _ := cli("bestmove", "othello", "--level", "1")
		moves[strings.Fields(out)[1]] = true
	}
	if len(moves) < 2 {
		t.Fatalf("level 1 chose %v in 12 calls: the same every time", moves)
	}
	_, a, _ := cli("bestmove", "othello", "--level", "1", "--seed", "7")
	for range 4 {
		if _, b, _ := cli("bestmove", "othello", "--level", "1", "--seed", "7"); strings.Fields(a)[1] != strings.Fields(b)[1] {
			t.Fatalf("--seed 7 chose %s and then %s", strings.Fields(a)[1], strings.Fields(b)[1])
		}
	}
}

// TestBestmoveWaitsForAlakTable checks that --level max on 13-point modern
// Alak plays from the retrograde table (a solver answer: depth 0) even with
// a move time far shorter than the table takes to build.
func TestBestmoveWaitsForAlakTable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 13-point table")
	}
	code, out, errText := cli("bestmove", "alak", "--rules", "modern", "--size", "13", "--level", "max", "--time-ms", "1")
	if code != 0 || !strings.Contains(out, " depth 0 ") {
		t.Fatalf("exit %d, %q %q: want the table's move (depth 0)", code, out, errText)
	}
}
