package main

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// session runs the engine mode for game on the input lines and returns its
// output lines and error.
func session(t *testing.T, args []string, input string) ([]string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := runEngineIO(args, strings.NewReader(input), &out, &errb)
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
	out, err := session(t, []string{"gomoku", "--depth", "2"}, in)
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

// TestPbrainMaxMemory: INFO max_memory sizes the transposition table to
// leave memoryReserve of the limit (0: no limit), and a malformed value
// changes nothing.
func TestPbrainMaxMemory(t *testing.T) {
	for _, c := range []struct {
		limit int64
		mb    int
	}{
		{0, ttMegabytes}, {-5, ttMegabytes}, {1, 1}, {64 << 20, 1}, {80 << 20, 16},
		{96 << 20, 32}, {256 << 20, maxTableMB}, {1 << 40, maxTableMB},
	} {
		if got := tableMegabytes(c.limit); got != c.mb {
			t.Errorf("tableMegabytes(%d) = %d, want %d", c.limit, got, c.mb)
		}
	}
	p := &engineMode{eng: ai.NewEngine(ttMegabytes), tableMB: ttMegabytes}
	b := &pbrain{p: p, reply: func(string, ...any) { t.Error("INFO max_memory answered") }}
	for _, c := range []struct {
		arg  string
		mb   int
		same bool
	}{
		{"max_memory 83886080", 16, false}, {"MAX_MEMORY 83886080", 16, true},
		{"max_memory lots", 16, true}, {"max_memory", 16, true}, {"max_memory 0", ttMegabytes, false},
	} {
		old := p.eng
		b.info(c.arg)
		if p.tableMB != c.mb || (p.eng == old) != c.same {
			t.Errorf("INFO %s: table %d MB (engine kept: %v), want %d MB (kept: %v)", c.arg, p.tableMB, p.eng == old, c.mb, c.same)
		}
	}
	// A session told a limit still plays.
	out, err := session(t, []string{"gomoku", "--depth", "2"}, "INFO max_memory 83886080\nSTART 15\nBEGIN\nEND\n")
	if err != nil || len(out) != 2 || out[0] != "OK" {
		t.Fatalf("replies %q, %v", out, err)
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
	out, err := session(t, []string{"gomoku", "--depth", "2"}, in)
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
// the right colour, and its move answers the position (blocking an open
// four).
func TestPbrainBoardTurn(t *testing.T) {
	// The opponent (2) has four in a row on row 7 open at 3,7 and 8,7.
	in := "START 15\nBOARD\n4,7,2\n0,0,1\n5,7,2\n0,2,1\n6,7,2\n0,4,1\n7,7,2\n14,14,1\nDONE\nEND\n"
	out, err := session(t, []string{"gomoku", "--depth", "3"}, in)
	if err != nil || len(out) != 2 || (out[1] != "3,7" && out[1] != "8,7") {
		t.Fatalf("%q %v: want a block of the four at 3,7 or 8,7", out, err)
	}
}

func TestPbrainLongLine(t *testing.T) {
	in := "START 15\n" + strings.Repeat("x", maxLine+10) + "\nABOUT\n"
	out, err := session(t, []string{"gomoku", "--depth", "1"}, in)
	if err != nil || len(out) != 3 || !strings.HasPrefix(out[1], "ERROR line longer") || !strings.HasPrefix(out[2], "name=") {
		t.Fatalf("%q %v", out, err)
	}
}

func TestCodeCupSession(t *testing.T) {
	// As White: Start, then Black's placements; White answers each.
	out, err := session(t, []string{"dvonn", "--depth", "1", "--time-game", "4.95"}, "Start\nE2\nQuit\n")
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
	out, err = session(t, []string{"dvonn", "--depth", "1"}, "F3\n")
	if err != nil || len(out) != 1 || out[0] == "F3" {
		t.Fatalf("black: %q %v", out, err)
	}
	// An illegal opponent move ends the session with an error naming it.
	if _, err := session(t, []string{"dvonn", "--depth", "1"}, "Start\nZ9\n"); err == nil || !strings.Contains(err.Error(), `"Z9"`) {
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
		out, err := session(t, []string{"dvonn", "--depth", "1"}, strings.Join(lines[me], "\n")+"\n")
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
	out, err := session(t, []string{"othello"}, in)
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
	b, _ := parseGGF(ggf)
	for _, l := range out {
		if mv, ok := strings.CutPrefix(l, "=== "); ok {
			mv, _, _ = strings.Cut(mv, "/")
			if _, err := nboardMove(b, mv); err != nil {
				t.Fatalf("go answered %q: %v", l, err)
			}
		}
	}
}

func TestClockShare(t *testing.T) {
	// A game with a clock plan gets its part (Othello at 20 empties: four
	// times a midgame move), one without a thirtieth, an overspent clock a
	// millisecond.
	left := 3 * time.Second
	g, _ := gomoku.New(gomoku.Options{Size: 15})
	if got, want := clockShare(left, g), left/30; got != want {
		t.Errorf("gomoku: %v of %v, want %v", got, left, want)
	}
	b := othello.New()
	part, ok := ai.MoveShare(b)
	if !ok {
		t.Fatal("othello has no clock plan")
	}
	if got, want := clockShare(left, b), time.Duration(float64(left)*part); got != want {
		t.Errorf("othello: %v, want %v", got, want)
	}
	if got := clockShare(-time.Second, b); got != time.Millisecond {
		t.Errorf("an overspent clock gives %v, want 1ms", got)
	}
}

func TestNBoardGameClock(t *testing.T) {
	// With --time-game the clock is charged by each "go" and starts again
	// with a new game (a position with more empty squares).
	p := &engineMode{level: 1, eng: ai.NewEngine(1), rng: rand.New(rand.NewPCG(1, 2)), gameTime: 2 * time.Second}
	n := &nboard{p: p, reply: func(string, ...any) {}, b: othello.New()}
	if res := n.move(); res.Move == rules.NoMove {
		t.Fatal("no move at the start")
	}
	first := n.left
	if first >= p.gameTime || first <= 0 {
		t.Fatalf("after the first move the clock has %v of %v", first, p.gameTime)
	}
	n.b.Play(n.b.Moves(nil)[0])
	n.b.Play(n.b.Moves(nil)[0])
	p.cpuClock = true // charged with CPU time from here
	n.move()
	if n.left > first {
		t.Errorf("the second move left the clock at %v (after the first: %v)", n.left, first)
	}
	n.left = -time.Hour // overspent: only a new game gives time again
	n.b = othello.New()
	n.move()
	if n.left <= 0 || n.left >= p.gameTime {
		t.Errorf("a new game's clock has %v after its first move, want (0, %v)", n.left, p.gameTime)
	}
	if n.clockEmpties != 60 {
		t.Errorf("clock empties %d after a new game, want 60", n.clockEmpties)
	}
}

func TestProcessCPU(t *testing.T) {
	// The CPU clock advances with work done (where the platform has it).
	t0, ok := processCPU()
	if !ok {
		t.Skip("no process CPU time on this platform")
	}
	x := uint64(1)
	for t1 := t0; t1-t0 < 20*time.Millisecond; t1, _ = processCPU() {
		for range 100_000 {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	if x == 0 {
		t.Log(x) // keeps the loop
	}
}

func TestCPUClockBudget(t *testing.T) {
	// With --cpu-clock a move's clock share becomes a wall-clock budget
	// scaled by the CPU share the process gets; charge keeps that share
	// within [0.1, 1] and takes the CPU used from the clock.
	p := &engineMode{cpuClock: true}
	if b := p.wallBudget(100 * time.Millisecond); b != 100*time.Millisecond {
		t.Errorf("unmeasured share: budget %v, want 100ms", b)
	}
	p.cpuShare = 0.5
	if b := p.wallBudget(100 * time.Millisecond); b != 200*time.Millisecond {
		t.Errorf("share 0.5: budget %v, want 200ms", b)
	}
	p.cpuShare = 0
	left := time.Second
	start := p.startClock()
	time.Sleep(30 * time.Millisecond) // wall time, next to no CPU
	p.charge(&left, start)
	if left > time.Second || p.cpuShare < 0.1 || p.cpuShare > 1 {
		t.Errorf("after a sleep: clock %v, share %v", left, p.cpuShare)
	}
	wall := &engineMode{}
	left = time.Second
	start = wall.startClock()
	time.Sleep(30 * time.Millisecond)
	wall.charge(&left, start)
	if left > 970*time.Millisecond || wall.cpuShare != 0 {
		t.Errorf("wall clock after a 30 ms sleep: %v left, share %v", left, wall.cpuShare)
	}
}

// TestNBoardKeepsHash: "set game" with a later position of the same game
// keeps the transposition table (searching the position again costs far
// fewer nodes), and a position of another game empties it (the search
// costs exactly what it cost the fresh engine).
func TestNBoardKeepsHash(t *testing.T) {
	start := "---------------------------O*------*O---------------------------"
	game := "(;GM[Othello]TY[8]BO[8 " + start + " *]B[F5]W[D6]B[C3]W[D3]B[C4];)"
	later := "(;GM[Othello]TY[8]BO[8 " + start + " *]B[F5]W[D6]B[C3]W[D3]B[C4]W[F4];)"
	other := "(;GM[Othello]TY[8]BO[8 " + start + " *]B[D3]W[C5]B[F6]W[F5]B[E6]W[E3];)"
	n := &nboard{p: &engineMode{level: ai.MaxLevel, eng: ai.NewEngine(4)}, reply: func(string, ...any) {}, b: othello.New()}
	n.depth = 7
	nodes := func(ggf string) int64 {
		t.Helper()
		n.set("game " + ggf)
		res := n.search(nil)
		if res.Move == rules.NoMove || res.Nodes == 0 {
			t.Fatalf("no search of %s: %+v", ggf, res)
		}
		return res.Nodes
	}
	fresh := nodes(game)
	if again := nodes(game); again*2 > fresh {
		t.Errorf("the same position again searched %d nodes, fresh %d: the table was not kept", again, fresh)
	}
	nodes(later)
	nodes(other)
	if back := nodes(game); back != fresh {
		t.Errorf("after another game's position the search took %d nodes, fresh %d: the table was kept", back, fresh)
	}
	for _, c := range []struct {
		prev, next string
		want       bool
	}{{game, later, true}, {game, game, true}, {later, game, false}, {game, other, false}} {
		p, _ := parseGGF(c.prev)
		q, _ := parseGGF(c.next)
		if got := continues(p, q); got != c.want {
			t.Errorf("continues(%s, %s) = %v", p.Position(), q.Position(), got)
		}
	}
}

func TestParseGGF(t *testing.T) {
	start := "---------------------------O*------*O---------------------------"
	b, err := parseGGF("(;GM[Othello]TY[8]BO[8 " + start + " *]B[F5]W[D6]B[C3//1.2]W[PA];)")
	if err == nil {
		t.Fatalf("a pass with moves available was accepted: %v", b)
	}
	b, err = parseGGF("(;GM[Othello]TY[8]BO[8 " + start + " *]B[F5]W[D6]B[C3//1.2];)")
	want := othello.New()
	rules.PlayMoves(want, "f5 d6 c3")
	if err != nil || b.Hash() != want.Hash() {
		t.Fatalf("%v %v", b, err)
	}
	for _, bad := range []string{"", "(;", "(;GM[Othello]BO[8 --- *];)", "(;GM[Othello]B[F5];)", "(;GM[Othello]BO[8 " + start + " *]W[F5];)"} {
		if _, err := parseGGF(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestAlakSession(t *testing.T) {
	in := "show\nplay 3-5\nplay 3-5\ngo\nundo\nundo\nshow\nnew modern 30\nnew modern 7\nposition x.o.xx. o ko=b\nplay b\nplay d\nshow\nfrob\nquit\nshow\n"
	out, err := session(t, []string{"alak", "--level", "1", "--seed", "3"}, in)
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
		if _, err := session(t, args, ""); err == nil {
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
		if _, ok := protocols[game]; !ok {
			return
		}
		var out bytes.Buffer
		w := bufio.NewWriter(&out)
		_ = runEngineIO([]string{game, "--depth", "1"}, strings.NewReader(input), w, &bytes.Buffer{})
	})
}

// FuzzParseGGF reads arbitrary GGF text: never a panic; an accepted game is
// a legal Othello position.
func FuzzParseGGF(f *testing.F) {
	f.Add("(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6];)")
	f.Add("(;)")
	f.Add("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- O]W[pa];)")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := parseGGF(text)
		if err == nil && b.Hash() != othello.ScratchHash(b) {
			t.Fatalf("%q: inconsistent position", text)
		}
	})
}
