package main

import (
	"bufio"
	"bytes"
	"fmt"
	"fyne.io/fyne/v2"
	"io"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestMain lets the test binary stand in for an engine process: with
// PLANIVERSE_FAKE set it runs that engine (the real engine mode, or a
// scripted misbehaving one) on its standard input and output.
func TestMain(m *testing.M) {
	if mode := os.Getenv("PLANIVERSE_FAKE"); mode != "" {
		os.Exit(fakeEngine(mode, strings.Fields(os.Getenv("PLANIVERSE_FAKE_ARGS"))))
	}
	// Fyne's test apps share one storage folder: no test restores
	// another's autosave unless it sets its own folder (TestAutosave).
	autosaveRoot = func(fyne.App) string { return "" }
	os.Exit(m.Run())
}

// fakeEngine runs as an engine process: "engine" is Planiverse's engine
// mode with args; the other modes run it too (args[0] is the game) but
// misbehave at the engine's second move, mid-game: "crash" exits,
// "slow" answers 8 s late, "garbage" answers nonsense, "illegal" answers
// the opponent's last move again (an occupied point, an emptied slot...).
func fakeEngine(mode string, args []string) int {
	if mode == "engine" {
		if m := os.Getenv("PLANIVERSE_FAKE_MOVES"); m != "" {
			args = append(args, "--moves", m)
		}
		if err := runEngineIO(args, os.Stdin, os.Stdout, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		return 0
	}
	game := args[0]
	isMove := map[string]*regexp.Regexp{
		"gomoku":  regexp.MustCompile(`^\d+,\d+$`),
		"othello": regexp.MustCompile(`^=== `),
		"dvonn":   regexp.MustCompile(`.`),
		"alak":    regexp.MustCompile(`^move `),
	}[game]
	// The opponent's last move as the engine would write it.
	var mu sync.Mutex
	last := ""
	inR, inW := io.Pipe()
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			l := strings.TrimSpace(sc.Text())
			mu.Lock()
			switch {
			case game == "gomoku" && strings.HasPrefix(l, "TURN "):
				last = strings.TrimPrefix(l, "TURN ")
			case game == "othello" && strings.HasPrefix(l, "set game "):
				last = "=== A1/0/0"
			case game == "dvonn" && l != "Start":
				last = l
			case game == "alak" && strings.HasPrefix(l, "play "):
				last = "move " + strings.TrimPrefix(l, "play ")
			}
			mu.Unlock()
			fmt.Fprintln(inW, l)
		}
		inW.Close()
	}()
	outR, outW := io.Pipe()
	go func() {
		runEngineIO(append([]string{game, "--depth", "1"}, args[1:]...), inR, outW, io.Discard)
		outW.Close()
	}()
	moves := 0
	sc := bufio.NewScanner(outR)
	for sc.Scan() {
		l := sc.Text()
		if isMove.MatchString(l) {
			if moves++; moves == 2 {
				switch mode {
				case "crash":
					return 3
				case "slow":
					time.Sleep(8 * time.Second)
				case "garbage":
					l = "hello there"
				case "illegal":
					mu.Lock()
					l = last
					mu.Unlock()
				}
			}
		}
		fmt.Println(l)
	}
	return 0
}

// fake returns the command line that runs the test binary as an engine.
func fake(mode string, args ...string) string {
	return fmt.Sprintf("env PLANIVERSE_FAKE=%s PLANIVERSE_FAKE_ARGS='%s' %s", mode, strings.Join(args, " "), os.Args[0])
}

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
	engine := fmt.Sprintf("env PLANIVERSE_FAKE=engine PLANIVERSE_FAKE_ARGS='dvonn --depth 1' PLANIVERSE_FAKE_MOVES={moves} %s", os.Args[0])
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

func TestEloDiff(t *testing.T) {
	if e, m := eloDiff(5, 5*0.25*2, 10); e != 0 || m <= 0 || m > 400 {
		t.Errorf("even: %v +- %v", e, m)
	}
	// 3 wins 1 loss: 75%, about +191 Elo.
	if e, _ := eloDiff(3, 3, 4); e < 190 || e > 192 {
		t.Errorf("75%%: %v", e)
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
