package cli

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"planiverse/app/internal/fakeengine"
)

// TestMain lets the test binary stand in for an engine process
// (fakeengine.Command).
func TestMain(m *testing.M) {
	if mode, args, ok := fakeengine.Requested(); ok {
		os.Exit(fakeengine.Run(mode, args, ServeEngine))
	}
	os.Exit(m.Run())
}

// fake returns the command line that runs the test binary as an engine.
func fake(mode string, args ...string) string { return fakeengine.Command(mode, args...) }

var matchLine = regexp.MustCompile(`(?m)^a (\d+) b (\d+) draws (\d+) elo [-+]\d+ \+- \d+ time a \S+ b \S+ longest a \S+ b \S+$`)

// TestMatchEveryProtocol plays Planiverse against itself through every
// game's engine protocol, end to end.
func TestMatchEveryProtocol(t *testing.T) {
	dir := t.TempDir()
	openings := dir + "/openings.txt"
	os.WriteFile(openings, []byte("f5d6c3d3c4f4c5b3\n"), 0o644)
	for _, tc := range []struct {
		game string
		args []string
	}{
		{"gomoku", []string{"--openings", "../../shared/data/openings/gomoku-freestyle-10.txt"}},
		{"othello", []string{"--openings", openings}},
		{"dvonn", nil},
		{"alak", []string{"--rules", "modern", "--size", "9"}},
	} {
		if tc.game == "gomoku" {
			if _, err := os.Stat("../../shared/data/openings/gomoku-freestyle-10.txt"); err != nil {
				tc.args = nil
			}
		}
		args := append([]string{"match", tc.game, "--a", fake("engine", tc.game, "--depth", "2"), "--b", fake("engine", tc.game, "--level", "1", "--seed", "1"),
			"--games", "2", "--time-ms", "2000", "--records", dir}, tc.args...)
		code, out, errText := cli(args...)
		m := matchLine.FindStringSubmatch(out)
		if code != 0 || m == nil || strings.Count("\n"+out, "\ngame ") != 2 || errText != "" {
			t.Errorf("%s: exit %d\n%s%s", tc.game, code, out, errText)
			continue
		}
		if strings.Contains(out, "over time") || strings.Contains(out, "illegal") || strings.Contains(out, "exited") {
			t.Errorf("%s: a game did not end by the rules:\n%s", tc.game, out)
		}
		rec, err := os.ReadFile(fmt.Sprintf("%s/%s-001.txt", dir, tc.game))
		if err != nil || len(bytes.Fields(rec)) < 3 {
			t.Errorf("%s: record %q %v", tc.game, rec, err)
		}
	}
}

// TestMatchDvonnOpenings: DVONN openings reach CodeCup engines through
// {moves} in their commands, whichever side moves first after them.
func TestMatchDvonnOpenings(t *testing.T) {
	dir := t.TempDir()
	openings := dir + "/dvonn.txt"
	os.WriteFile(openings, []byte("F3 B3 J3 A1 K5 E3\nF3 B3 J3 A1 K5 E3 C2\n"), 0o644)
	engine := fakeengine.Command("engine", "dvonn", "--depth", "1", fakeengine.MovesFlag, "{moves}")
	code, out, errText := cli("match", "dvonn", "--a", engine, "--b", engine, "--openings", openings, "--time-ms", "2000", "--records", dir)
	if code != 0 || matchLine.FindStringSubmatch(out) == nil || strings.Count("\n"+out, "\ngame ") != 4 ||
		strings.Contains(out, "over time") || strings.Contains(out, "exited") || strings.Contains(out, "illegal") {
		t.Fatalf("exit %d\n%s%s", code, out, errText)
	}
	for i, prefix := range []string{"F3 B3 J3 A1 K5 E3 ", "F3 B3 J3 A1 K5 E3 ", "F3 B3 J3 A1 K5 E3 C2 ", "F3 B3 J3 A1 K5 E3 C2 "} {
		rec, _ := os.ReadFile(fmt.Sprintf("%s/dvonn-%03d.txt", dir, i+1))
		if !strings.HasPrefix(string(rec), prefix) {
			t.Errorf("game %d does not start with the opening: %.60s", i+1, rec)
		}
	}
	// Without {moves} the opening cannot reach the engines.
	if code, _, errText := cli("match", "dvonn", "--a", "x", "--b", "y", "--openings", openings); code != 2 || !strings.Contains(errText, "{moves}") {
		t.Errorf("exit %d %q", code, errText)
	}
}

// TestMatchForfeits checks, for every protocol, that a crash mid-game,
// an overrun, garbage and an illegal move each lose the game, and the match
// goes on.
func TestMatchForfeits(t *testing.T) {
	for _, game := range []string{"gomoku", "othello", "dvonn", "alak"} {
		for _, mode := range []string{"crash", "slow", "garbage", "illegal"} {
			code, out, errText := cli("match", game, "--a", fake("engine", game, "--depth", "1"), "--b", fake(mode, game),
				"--games", "2", "--time-ms", "300", "--tolerance-ms", "4700")
			m := matchLine.FindStringSubmatch(out)
			want := map[string]string{"crash": "exited", "slow": "b over time", "garbage": "b", "illegal": "b"}[mode]
			if code != 0 || m == nil || m[1] != "2" || strings.Count(out, want) < 2 {
				t.Errorf("%s %s: exit %d: want a to win both games (%s)\n%s%s", game, mode, code, want, out, errText)
			}
		}
	}
}

func TestMatchErrors(t *testing.T) {
	for _, args := range [][]string{
		{"match", "othello", "--a", "x"},
		{"match", "chess", "--a", "x", "--b", "y"},
		{"match", "dvonn", "--a", "x {moves}", "--b", "y {moves}", "--openings", "/nonexistent"},
		{"match", "othello", "--a", "x", "--b", "y", "--openings", "/nonexistent"},
	} {
		if code, _, errText := cli(args...); code != 2 || strings.Count(errText, "\n") != 1 {
			t.Errorf("%q: exit %d %q", args, code, errText)
		}
	}
}

// TestMatchTimeOdds: --time-ms-b gives engine b its own move time. Each
// engine is told its own (pbrain's INFO timeout_turn), and b loses on
// time when it answers later than its move time plus the tolerance,
// though a's move time would have allowed the answer.
func TestMatchTimeOdds(t *testing.T) {
	dir := t.TempDir()
	logA, logB := dir+"/a.log", dir+"/b.log"
	// The slow engine answers its second move 8 s late: beyond b's 0.7 +
	// 4.7 s, within a's 9 + 4.7 s.
	code, out, errText := cli("match", "gomoku", "--a", "tee "+logA+" | "+fake("engine", "gomoku", "--depth", "1"),
		"--b", "tee "+logB+" | "+fake("slow", "gomoku"),
		"--games", "1", "--time-ms", "9000", "--time-ms-b", "700", "--tolerance-ms", "4700")
	if m := matchLine.FindStringSubmatch(out); code != 0 || m == nil || m[1] != "1" || !strings.Contains(out, "b over time") {
		t.Errorf("want b to lose on time: exit %d\n%s%s", code, out, errText)
	}
	for log, want := range map[string]string{logA: "INFO timeout_turn 9000", logB: "INFO timeout_turn 700"} {
		if b, err := os.ReadFile(log); err != nil || !strings.Contains(string(b), want+"\n") {
			t.Errorf("%s was not told %q: %q %v", log, want, b, err)
		}
	}
}
