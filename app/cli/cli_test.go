package cli

import (
	"bytes"
	"strings"
	"testing"
)

func runArgs(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = Run(args, &out, &errb)
	return out.String(), errb.String(), code
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestShowStatus(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"show", "othello"}, "status: black to move"},
		{[]string{"show", "othello", "--moves", "d3 c5"}, "status: black to move"},
		{[]string{"show", "othello", "--moves", "d3"}, "status: white to move"},
		// The shortest Othello game: black wipes out white after 9 plies.
		{[]string{"show", "othello", "--moves", "e6 f4 e3 f6 g5 d6 e7 f5 c5"}, "status: black wins"},
		{[]string{"show", "gomoku"}, "status: black to move"},
		{[]string{"show", "gomoku", "--moves", "H8 A1 I8 A2 J8 A3 K8 A4 L8"}, "status: black wins"},
		// After the swap the first seat plays white and is to move (RULES.md).
		{[]string{"show", "gomoku", "--opening", "swap", "--moves", "H8 swap"}, "status: white to move"},
		{[]string{"show", "gomoku", "--opening", "swap", "--moves", "H8 swap A1"}, "status: black to move"},
		{[]string{"show", "dvonn"}, "status: white to move"},
		{[]string{"show", "alak"}, "status: black to move"},
		{[]string{"show", "alak", "--moves", "3-5 9-7 4-6 10-9 5-10"}, "status: black wins"},
		{[]string{"show", "alak", "--rules", "modern", "--size", "7", "--moves", "a"}, "status: white to move"},
		{[]string{"show", "alak", "--position", ".xxx...xoo. o"}, "status: white to move"},
	}
	for _, c := range cases {
		out, errOut, code := runArgs(c.args...)
		if code != 0 {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, errOut)
			continue
		}
		if got := lastLine(out); got != c.want {
			t.Errorf("%v: last line %q, want %q\n%s", c.args, got, c.want, out)
		}
	}
}

func TestPerftCommand(t *testing.T) {
	out, errOut, code := runArgs("perft", "othello", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "perft(1) = 4\nperft(2) = 12\nperft(3) = 56\nperft(4) = 244\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	out, _, code = runArgs("perft", "dvonn", "2")
	if code != 0 || out != "perft(1) = 49\nperft(2) = 2352\n" {
		t.Errorf("dvonn perft: exit %d, %q", code, out)
	}
}

func TestCLIErrors(t *testing.T) {
	cases := []struct {
		args    []string
		mention string
	}{
		{[]string{"show", "chess"}, `"chess"`},
		{[]string{"show"}, "GAME"},
		{[]string{"frobnicate"}, `"frobnicate"`},
		{[]string{"show", "othello", "--moves", "d3 zz"}, `ply 2:|"zz"`},
		{[]string{"show", "othello", "--moves", "d3 a1"}, `ply 2:|"a1"`},
		{[]string{"show", "gomoku", "--moves", "H8 H8"}, `ply 2:|"H8"`},
		{[]string{"show", "gomoku", "--rules", "caro"}, `"caro"`},
		{[]string{"show", "gomoku", "--rules", "renju", "--size", "19"}, "renju"},
		{[]string{"show", "gomoku", "--size", "13"}, "13"},
		{[]string{"show", "gomoku", "--moves", "H8 swap"}, `ply 2:|"swap"`},
		{[]string{"show", "dvonn", "--moves", "E3 E3"}, `ply 2:|"E3"`},
		{[]string{"show", "alak", "--moves", "1-3"}, `ply 1:|"1-3"`},
		{[]string{"show", "alak", "--moves", "3-5 x"}, `ply 2:|"x"`},
		{[]string{"show", "alak", "--rules", "modern", "--size", "30"}, "30"},
		{[]string{"show", "othello", "--size", "10"}, "--size"},
		{[]string{"show", "othello", "--position", "XXX X"}, "--position"},
		{[]string{"show", "othello", "--bogus"}, "bogus"},
		{[]string{"perft", "othello", "x"}, `"x"`},
		{[]string{"perft", "othello"}, "DEPTH"},
	}
	for _, c := range cases {
		out, errOut, code := runArgs(c.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", c.args, code)
		}
		if out != "" {
			t.Errorf("%v: stdout %q, want nothing", c.args, out)
		}
		if strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: stderr %q should be one line", c.args, errOut)
		}
		for _, part := range strings.Split(c.mention, "|") {
			if !strings.Contains(errOut, part) {
				t.Errorf("%v: stderr %q should mention %s", c.args, errOut, part)
			}
		}
	}
}

// TestHelp: --help, -h and help list every command of the table and exit
// 0; help CMD and CMD -h print that command's usage and flags.
func TestHelp(t *testing.T) {
	for _, arg := range []string{"--help", "-h", "help"} {
		out, errOut, code := runArgs(arg)
		if code != 0 || errOut != "" {
			t.Fatalf("%s: exit %d, stderr %q", arg, code, errOut)
		}
		for _, c := range commands {
			if !strings.Contains(out, "\n  "+c.name+" ") {
				t.Errorf("%s: no line for %s in\n%s", arg, c.name, out)
			}
		}
	}
	for _, args := range [][]string{{"help", "perft"}, {"perft", "-h"}, {"perft", "--help"}} {
		out, errOut, code := runArgs(args...)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: planiverse perft GAME DEPTH") || !strings.Contains(out, "-moves") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	if _, errOut, code := runArgs("help", "frob"); code != 2 || !strings.Contains(errOut, "unknown command") {
		t.Errorf("help frob: exit %d, %q", code, errOut)
	}
}

// TestWindowStartHelp: the help lists the window's starts (FILE and the
// start options), IsCommand tells commands from them, and an unknown
// command says what opens the window.
func TestWindowStartHelp(t *testing.T) {
	out, _, code := runArgs("help")
	for _, w := range []string{"planiverse FILE", ".sgf", "--game GAME", "--level 0..6", "--you black|white|both|none",
		"--clock none|MIN+INC", "[--placement V]", "[--opening V]"} {
		if code != 0 || !strings.Contains(out, w) {
			t.Errorf("help (status %d) lacks %q:\n%s", code, w, out)
		}
	}
	for _, a := range []string{"show", "engine", "help", "-h", "--help"} {
		if !IsCommand(a) {
			t.Errorf("IsCommand(%q) = false", a)
		}
	}
	for _, a := range []string{"--game", "game.sgf", "frob", ""} {
		if IsCommand(a) {
			t.Errorf("IsCommand(%q) = true", a)
		}
	}
	if _, errOut, code := runArgs("frob"); code != 2 || !strings.Contains(errOut, "a record FILE or start options") ||
		strings.Count(errOut, "\n") != 1 {
		t.Errorf("unknown command: status %d, %q", code, errOut)
	}
}
