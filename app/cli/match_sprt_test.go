package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"planiverse/app/referee"
)

// gameLines returns out's game lines by game number, without their
// times (which differ from run to run).
func gameLines(out string) map[string]string {
	lines := map[string]string{}
	times := regexp.MustCompile(`; a .*$`)
	for _, l := range strings.Split(out, "\n") {
		if n, rest, ok := strings.Cut(l, ": "); ok && strings.HasPrefix(n, "game ") {
			lines[n] = times.ReplaceAllString(rest, "")
		}
	}
	return lines
}

// TestMatchConcurrency: 4 games played 2 at once give the games, records
// and score of the same 4 games played one at a time.
func TestMatchConcurrency(t *testing.T) {
	dir := t.TempDir()
	openings := dir + "/openings.txt"
	os.WriteFile(openings, []byte("H8 H9\nH8 J9\n"), 0o644)
	var outs [2]string
	for k, n := range []string{"1", "2"} {
		code, out, errText := cli("match", "gomoku", "--a", fake("engine", "gomoku", "--depth", "2"), "--b", fake("engine", "gomoku", "--depth", "1"),
			"--openings", openings, "--games", "4", "--time-ms", "2000", "--records", dir+"/rec"+n, "--concurrency", n)
		if code != 0 || matchLine.FindStringSubmatch(out) == nil || len(gameLines(out)) != 4 {
			t.Fatalf("--concurrency %s: exit %d\n%s%s", n, code, out, errText)
		}
		if !strings.HasPrefix(out, "game 1: ") {
			t.Errorf("--concurrency %s: the first game's line is not first:\n%s", n, out)
		}
		outs[k] = out
	}
	if a, b := gameLines(outs[0]), gameLines(outs[1]); fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("games differ:\none at a time %v\ntwo at once %v", a, b)
	}
	score := regexp.MustCompile(`(?m)^a \d+ b \d+ draws \d+ elo \S+ \+- \d+`)
	if a, b := score.FindString(outs[0]), score.FindString(outs[1]); a == "" || a != b {
		t.Errorf("scores differ: %q, %q", a, b)
	}
	for i := 1; i <= 4; i++ {
		name := fmt.Sprintf("gomoku-%03d.txt", i)
		a, errA := os.ReadFile(dir + "/rec1/" + name)
		b, errB := os.ReadFile(dir + "/rec2/" + name)
		if errA != nil || errB != nil || string(a) != string(b) || len(a) < 10 {
			t.Errorf("%s: %q %v, %q %v", name, a, errA, b, errB)
		}
	}
	for _, n := range []string{"0", "65", "x"} {
		if code, _, errText := cli("match", "gomoku", "--a", "x", "--b", "y", "--concurrency", n); code != 2 || !strings.Contains(errText, "concurrency") {
			t.Errorf("--concurrency %s: exit %d %q", n, code, errText)
		}
	}
}

var sprtLine = regexp.MustCompile(`^sprt: llr -?\d+\.\d\d \(-2\.94, 2\.94\) elo [-+]\d+\.\d \+- \d+\.\d pairs (\d+) \[\d+ \d+ \d+ \d+ \d+\]$`)

// TestMatchSPRT: a match of an engine against one that crashes at its
// second move stops at the SPRT's verdict long before its 40 games, with
// a line per pair: H1 (exit 0) when a wins every game, H0 (exit 1) when
// a is the crashing one. Too few games end without a verdict (exit 2).
func TestMatchSPRT(t *testing.T) {
	engine, crash := fake("engine", "gomoku", "--depth", "1"), fake("crash", "gomoku")
	for _, tc := range []struct {
		a, b, games string
		code        int
		verdict     string
	}{
		{engine, crash, "40", 0, "sprt: H1 accepted (elo1 +200): llr "},
		{crash, engine, "40", 1, "sprt: H0 accepted (elo0 +0): llr "},
		{engine, crash, "4", 2, "sprt: no verdict: llr "},
	} {
		code, out, errText := cli("match", "gomoku", "--a", tc.a, "--b", tc.b, "--games", tc.games, "--time-ms", "2000",
			"--sprt", "elo0=0,elo1=200", "--concurrency", "2")
		lines := strings.Split(strings.TrimSpace(out), "\n")
		pairs := 0
		for _, l := range lines {
			if m := sprtLine.FindStringSubmatch(l); m != nil {
				if pairs++; m[1] != fmt.Sprint(pairs) {
					t.Errorf("pair line %d says %s pairs", pairs, m[1])
				}
			}
		}
		games := len(gameLines(out))
		last := lines[len(lines)-1]
		if code != tc.code || !strings.HasPrefix(last, tc.verdict) || pairs == 0 || games < 2*pairs ||
			!slices.ContainsFunc(lines, matchLine.MatchString) {
			t.Errorf("a %s b %s: exit %d, want %d and %q\n%s%s", tc.a, tc.b, code, tc.code, tc.verdict, out, errText)
		}
		if tc.games == "40" && pairs >= 20 {
			t.Errorf("a %s b %s: no early stop: %d pairs", tc.a, tc.b, pairs)
		}
		if tc.code == 2 && !strings.Contains(errText, "no verdict in 4 games") {
			t.Errorf("no verdict: %q", errText)
		}
		if tc.code != 2 && errText != "" {
			t.Errorf("a verdict with an error: %q", errText)
		}
	}
	for _, args := range [][]string{{"--sprt", "elo0=5,elo1=0"}, {"--sprt", "elo0=0,elo1=5", "--games", "3"}} {
		if code, _, errText := cli(append([]string{"match", "gomoku", "--a", "x", "--b", "y"}, args...)...); code != 2 || !strings.Contains(errText, "sprt") && !strings.Contains(errText, "SPRT") {
			t.Errorf("%q: exit %d %q", args, code, errText)
		}
	}
}

// TestMatchConcurrentStops: with games played at once, Ctrl+C stops
// those in progress uncounted and writes the summary of the games
// played, and an engine that fails at once still stops the match with
// one line and no summary.
func TestMatchConcurrentStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &onLine{f: func(l string) {
		if strings.HasPrefix(l, "game 1:") {
			cancel()
		}
	}}
	m := gomokuMatch(6, "")
	m.Concurrency = 3
	err := referee.Run(ctx, m, out)
	counted := strings.Count(out.String(), "plies;")
	if !errors.Is(err, referee.ErrInterrupted) || matchLine.FindStringSubmatch(out.String()) == nil || counted == 0 || counted > 3 ||
		!strings.Contains(err.Error(), fmt.Sprintf("after %d of 6 games", counted)) {
		t.Errorf("interrupted: %v\n%s", err, out)
	}
	code, text, errText := cli("match", "gomoku", "--a", "false", "--b", fake("engine", "gomoku", "--depth", "1"), "--games", "6", "--concurrency", "3")
	if code != 2 || matchLine.MatchString(text) || strings.Count(errText, "\n") != 1 || !strings.Contains(errText, "engine a failed") {
		t.Errorf("exit %d\n%s%s", code, text, errText)
	}
}
