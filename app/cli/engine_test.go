package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
	"testing"

	"planiverse/app/protocol"
	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
	"planiverse/rules/registry"
)

// engineSession runs the engine mode for game on the input lines and returns its
// output lines and error.
func engineSession(t *testing.T, args []string, input string) ([]string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := ServeEngine(args, strings.NewReader(input), &out, &errb)
	text := strings.TrimRight(out.String(), "\n")
	if text == "" {
		return nil, err
	}
	return strings.Split(text, "\n"), err
}

// TestPbrainRenju: INFO rule 4 plays Renju on 15x15 only, and the engine's
// own move as Black is never a forbidden point.
func TestPbrainRenju(t *testing.T) {
	in := strings.Join([]string{"INFO rule 4", "START 19", "START 15", "BEGIN", "END"}, "\n")
	out, err := engineSession(t, []string{"gomoku", "--depth", "2"}, in)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 3 || !strings.HasPrefix(out[0], "ERROR renju") || out[1] != "OK" {
		t.Fatalf("replies %q", out)
	}
	g, _ := gomoku.New(gomoku.Options{Size: 15, Rule: gomoku.Renju})
	var x, y int
	if _, err := fmt.Sscanf(out[2], "%d,%d", &x, &y); err != nil || !g.Legal(rules.Move(y*15+x)) {
		t.Fatalf("BEGIN answered %q", out[2])
	}
}

func TestPbrainSession(t *testing.T) {
	in := strings.Join([]string{
		"INFO timeout_turn 200", "TURN 1,1", "START 17", "START 15", "ABOUT", "BEGIN",
		"TURN 7,7", "TURN 99,0", "TURN x", "TAKEBACK 0,0", "FROB", "INFO rule 2", "INFO rule 1",
		"RESTART", "BOARD", "7,7,2", "8,8,1", "6,6,2", "DONE",
		"BOARD", "7,7,2", "7,7,1", "DONE",
		"BOARD", "1,1,3", "DONE",
		"END", "START 15",
	}, "\n")
	out, err := engineSession(t, []string{"gomoku", "--depth", "2"}, in)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"ERROR no game", "ERROR unsupported board size", "OK", `name="Planiverse"`, "",
		"ERROR 7,7 is not a free point", "ERROR 99,0 is off the 15x15 board", `ERROR "x" is not x,y`,
		"ERROR TAKEBACK", "UNKNOWN", "ERROR rule", "OK", "", "ERROR BOARD repeats", "ERROR BOARD field",
	}
	if len(out) != len(want) {
		t.Fatalf("%d replies, want %d:\n%s", len(out), len(want), strings.Join(out, "\n"))
	}
	g, _ := gomoku.New(gomoku.Options{Size: 15})
	for i, w := range want {
		if w == "" { // a move: x,y on a free point
			var x, y int
			if n, _ := fmt.Sscanf(out[i], "%d,%d", &x, &y); n != 2 || x < 0 || x >= 15 || y < 0 || y >= 15 || !g.Legal(rules.Move(y*15+x)) {
				t.Errorf("reply %d %q is not a free point", i, out[i])
			}
			continue
		}
		if !strings.HasPrefix(out[i], w) {
			t.Errorf("reply %d %q, want %q...", i, out[i], w)
		}
	}
}

// TestPbrainBoardTurn checks that after BOARD the engine is to move with
// the right color, and its move answers the position (blocking an open
// four).
func TestPbrainBoardTurn(t *testing.T) {
	// The opponent (2) has four in a row on row 7 open at 3,7 and 8,7.
	in := "START 15\nBOARD\n4,7,2\n0,0,1\n5,7,2\n0,2,1\n6,7,2\n0,4,1\n7,7,2\n14,14,1\nDONE\nEND\n"
	out, err := engineSession(t, []string{"gomoku", "--depth", "3"}, in)
	if err != nil || len(out) != 2 || (out[1] != "3,7" && out[1] != "8,7") {
		t.Fatalf("%q %v: want a block of the four at 3,7 or 8,7", out, err)
	}
}

func TestPbrainLongLine(t *testing.T) {
	in := "START 15\n" + strings.Repeat("x", link.MaxLine+10) + "\nABOUT\n"
	out, err := engineSession(t, []string{"gomoku", "--depth", "1"}, in)
	if err != nil || len(out) != 3 || !strings.HasPrefix(out[1], "ERROR line longer") || !strings.HasPrefix(out[2], "name=") {
		t.Fatalf("%q %v", out, err)
	}
}

func TestCodeCupSession(t *testing.T) {
	// As White: Start, then Black's placements; White answers each.
	out, err := engineSession(t, []string{"dvonn", "--depth", "1", "--time-game", "4.95"}, "Start\nE2\nQuit\n")
	if err != nil || len(out) != 2 {
		t.Fatalf("white: %q %v", out, err)
	}
	g := dvonn.New()
	for i, text := range []string{out[0], "E2", out[1]} {
		m, err := g.ParseMove(text)
		if err != nil {
			t.Fatalf("move %d %q: %v", i, text, err)
		}
		g.Play(m)
	}
	// As Black: the first line is White's placement.
	out, err = engineSession(t, []string{"dvonn", "--depth", "1"}, "F3\n")
	if err != nil || len(out) != 1 || out[0] == "F3" {
		t.Fatalf("black: %q %v", out, err)
	}
	// An illegal opponent move ends the session with an error naming it.
	if _, err := engineSession(t, []string{"dvonn", "--depth", "1"}, "Start\nZ9\n"); err == nil || !strings.Contains(err.Error(), `"Z9"`) {
		t.Fatalf("bad move: %v", err)
	}
}

// TestCodeCupWholeGame plays a whole game between two engine sessions
// through the protocol: each turn replays a side's input into a fresh
// session, whose new output lines are its moves (White writes two in a row
// after the 49th placement).
func TestCodeCupWholeGame(t *testing.T) {
	g := dvonn.New()
	var lines [2][]string // what each side's engine has read so far
	var written [2]int    // how many moves each side has written
	lines[0] = []string{"Start"}
	for turns := 0; turns < 200; turns++ {
		if over, _ := g.Outcome(); over {
			return
		}
		me := g.ToMove()
		out, err := engineSession(t, []string{"dvonn", "--depth", "1"}, strings.Join(lines[me], "\n")+"\n")
		if err != nil {
			t.Fatal(err)
		}
		if len(out) <= written[me] {
			t.Fatalf("turn %d: %s wrote no new move: %q", turns, []string{"White", "Black"}[me], out)
		}
		for _, text := range out[written[me]:] {
			m, err := g.ParseMove(text)
			if err != nil || g.ToMove() != me {
				t.Fatalf("turn %d: %q by %v: %v", turns, text, me, err)
			}
			g.Play(m)
			lines[me^1] = append(lines[me^1], text)
		}
		written[me] = len(out)
	}
	t.Fatal("the game did not end")
}

func TestNBoardSession(t *testing.T) {
	ggf := "(;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5//0.1]W[D6];)"
	in := strings.Join([]string{"nboard 2", "set depth 4", "set game " + ggf, "ping 7", "go", "move c3", "move z9",
		"set game (;GM[Chess];)", "set depth 99", "hint 1", "frob", "quit", "ping 8"}, "\n")
	out, err := engineSession(t, []string{"othello"}, in)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(out, "\n")
	for _, w := range []string{"set myname Planiverse", "pong 7", "=== ", "status error: othello move \"z9\"",
		"status error: GGF game \"Chess\" is not Othello", "status error: depth \"99\"", "status thinking", "search ", "status unknown command \"frob\""} {
		if !strings.Contains(text, w) {
			t.Errorf("no %q in\n%s", w, text)
		}
	}
	if strings.Contains(text, "pong 8") {
		t.Error("answered after quit")
	}
	// The move of "go" is legal after F5 D6.
	b := othello.New()
	if err := rules.PlayMoves(b, "f5 d6"); err != nil {
		t.Fatal(err)
	}
	for _, l := range out {
		if mv, ok := strings.CutPrefix(l, "=== "); ok {
			mv, _, _ = strings.Cut(mv, "/")
			if _, err := b.ParseMove(strings.ToLower(mv)); err != nil {
				t.Fatalf("go answered %q: %v", l, err)
			}
		}
	}
}

func TestAlakSession(t *testing.T) {
	in := "show\nplay 3-5\nplay 3-5\ngo\nundo\nundo\nshow\nnew modern 30\nnew modern 7\nposition x.o.xx. o ko=b\nplay b\nplay d\nshow\nfrob\nquit\nshow\n"
	out, err := engineSession(t, []string{"alak", "--level", "1", "--seed", "3"}, in)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"position xxxx...oooo x", "ok", "error", "move ", "ok", "ok", "position xxxx...oooo x",
		"error new modern", "ok", "ok", "error alak: move \"b\"", "ok", "position x.oox", "error unknown command"}
	if len(out) != len(want) {
		t.Fatalf("%d replies, want %d:\n%s", len(out), len(want), strings.Join(out, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(out[i], w) {
			t.Errorf("reply %d %q, want %q...", i, out[i], w)
		}
	}
}

func TestEngineErrors(t *testing.T) {
	for _, args := range [][]string{{"chess"}, {"gomoku", "--time-game", "5"}, {"othello", "--time-game", "5", "--time-ms", "100"}, {"othello", "--cpu-clock"}, {"dvonn", "--time-game", "-1"}, {"dvonn", "--time-game", "x"}, {"gomoku", "--level", "9"}, {}} {
		if _, err := engineSession(t, args, ""); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

// FuzzEngineLines feeds arbitrary input to every game's engine protocol:
// never a panic, never a hang (fixed depth 1).
func FuzzEngineLines(f *testing.F) {
	f.Add("gomoku", "START 15\nBOARD\n7,7,1\nDONE\nTURN 3,3\n")
	f.Add("othello", "set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *];)\ngo\n")
	f.Add("dvonn", "Start\nE2\n")
	f.Add("alak", "new modern 9\nplay a\ngo\n")
	f.Fuzz(func(t *testing.T, game, input string) {
		if d, err := registry.Lookup(game); err != nil {
			return
		} else if _, ok := protocol.For(d); !ok {
			return
		}
		var out bytes.Buffer
		w := bufio.NewWriter(&out)
		_ = ServeEngine([]string{game, "--depth", "1"}, strings.NewReader(input), w, &bytes.Buffer{})
	})
}

// TestEnginePlayer: --player plays a novice baseline over the protocol
// (greedy takes the placement flipping five discs, not the one flipping
// one); an unknown player, one of another game, and --player with --level
// are errors.
func TestEnginePlayer(t *testing.T) {
	bo := "*OOOOO--" + "--------" + "*O------" + strings.Repeat("-", 40)
	in := strings.Join([]string{"nboard 2", "set game (;GM[Othello]PC[NBoard]TY[8]BO[8 " + bo + " *];)", "go", "quit"}, "\n")
	out, err := engineSession(t, []string{"othello", "--player", "greedy", "--seed", "1"}, in)
	if err != nil {
		t.Fatal(err)
	}
	if text := strings.Join(out, "\n"); !strings.Contains(strings.ToLower(text), "=== g1") {
		t.Errorf("greedy did not answer g1:\n%s", text)
	}
	for _, args := range [][]string{{"othello", "--player", "best"}, {"gomoku", "--player", "greedy"}, {"dvonn", "--player", "random", "--level", "1"}, {"alak", "--player", "random", "--depth", "2"}} {
		if _, err := engineSession(t, args, ""); err == nil || !strings.Contains(err.Error(), "--player") {
			t.Errorf("%q: error %v", args, err)
		}
	}
}

// TestEngineSkipsBOM: every engine mode skips a UTF-8 byte order mark on
// its first input line, and answers that line as it would without it.
func TestEngineSkipsBOM(t *testing.T) {
	for _, tc := range []struct {
		game, in, want string
	}{
		{"gomoku", "START 15\nEND\n", "OK"},
		{"othello", "ping 3\nquit\n", "pong 3"},
		{"dvonn", "Start\nQuit\n", ""}, // a move: any line
		{"alak", "show\nquit\n", "position "},
	} {
		out, err := engineSession(t, []string{tc.game, "--depth", "1"}, "\ufeff"+tc.in)
		if err != nil || len(out) == 0 || !strings.HasPrefix(out[0], tc.want) {
			t.Errorf("%s: %q %v", tc.game, out, err)
		}
	}
}
