package puzzle

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/rules"
)

func TestMain(m *testing.M) {
	ai.Use(games.Knowledge())
	os.Exit(m.Run())
}

// TestJSONShape checks that a puzzle is written with the documented keys
// in the documented order, options last and only when given, and that
// it reads back unchanged.
func TestJSONShape(t *testing.T) {
	p := Puzzle{ID: "gomoku-1", Game: "gomoku", Moves: []string{"h8", "h9"}, Side: "black", Goal: Win,
		Solution: []string{"a1"}, Themes: []string{ThemeVCF}, Rating: 1200, Options: rules.Options{"rules": "exact5"}}
	line, err := Marshal(&p)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.Token()
	for dec.More() {
		k, _ := dec.Token()
		keys = append(keys, k.(string))
		var skip json.RawMessage
		dec.Decode(&skip)
	}
	want := []string{"id", "game", "moves", "side", "goal", "solution", "themes", "rating", "options"}
	if !reflect.DeepEqual(keys, want) {
		t.Errorf("keys %v, want %v", keys, want)
	}
	back, err := Parse(line)
	if err != nil || !reflect.DeepEqual(back, p) {
		t.Errorf("read back %+v, %v; want %+v", back, err, p)
	}
	p.Options = nil
	line, _ = Marshal(&p)
	if bytes.Contains(line, []byte("options")) {
		t.Errorf("default variant written with options: %s", line)
	}
	p.Themes = nil
	line, _ = Marshal(&p)
	if !bytes.Contains(line, []byte(`"themes":[]`)) {
		t.Errorf("no themes written as %s, want []", line)
	}
}

// TestReadCorruptLine checks that a bad line gives an error naming the
// source and the line and saying what is wrong.
func TestReadCorruptLine(t *testing.T) {
	good := `{"id":"o1","game":"othello","moves":["f5"],"side":"white","goal":"best","solution":["f6"],"themes":[],"rating":1000}`
	for _, c := range []struct{ name, line, want string }{
		{"not JSON", `{"id":"x",`, "not a puzzle object"},
		{"unknown field", strings.Replace(good, `"goal"`, `"colour":"white","goal"`, 1), `unknown field "colour"`},
		{"missing field", strings.Replace(good, `"side":"white",`, "", 1), `no "side" field`},
		{"illegal move", strings.Replace(good, `["f5"]`, `["a1"]`, 1), `moves: ply 1: othello move "a1"`},
		{"wrong side", strings.Replace(good, `"side":"white"`, `"side":"black"`, 1), "white is to move"},
		{"bad goal", strings.Replace(good, `"best"`, `"mate"`, 1), `goal "mate"`},
		{"bad theme", strings.Replace(good, `"themes":[]`, `"themes":["VCF"]`, 1), `theme "VCF"`},
		{"bad rating", strings.Replace(good, `1000`, `99999`, 1), "rating 99999"},
		{"unknown game", strings.Replace(good, `"othello"`, `"chess"`, 1), `game "chess"`},
		{"duplicate id", good, `id "o1" again (first on line 1)`},
	} {
		_, err := Read(strings.NewReader(good+"\n\n"+c.line+"\n"), "set.jsonl")
		if err == nil || !errors.Is(err, ErrPuzzle) || !strings.Contains(err.Error(), "set.jsonl line 3") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v; want one wrapping ErrPuzzle naming set.jsonl line 3 and saying %q", c.name, err, c.want)
		}
	}
	ps, err := Read(strings.NewReader(good+"\n"), "set.jsonl")
	if err != nil || len(ps) != 1 {
		t.Errorf("good line: %d puzzles, %v", len(ps), err)
	}
}

// TestTask checks the task's words for each goal.
func TestTask(t *testing.T) {
	for goal, want := range map[Goal]string{Win: "White to play and win", Draw: "White to play and draw", Best: "White to play and keep the best score"} {
		p := Puzzle{Side: "white", Goal: goal}
		if got := p.Task(); got != want {
			t.Errorf("%s: %q, want %q", goal, got, want)
		}
	}
}

// TestFilter checks the theme and rating filters.
func TestFilter(t *testing.T) {
	ps := []Puzzle{{ID: "a", Rating: 1000, Themes: []string{ThemeCorner}}, {ID: "b", Rating: 1500}, {ID: "c", Rating: 1650, Themes: []string{ThemeCorner}}}
	ids := func(ps []Puzzle) string {
		var s []string
		for _, p := range ps {
			s = append(s, p.ID)
		}
		return strings.Join(s, ",")
	}
	if got := ids(Filter(ps, ThemeCorner, 0, 200)); got != "a,c" {
		t.Errorf("corner: %s, want a,c", got)
	}
	if got := ids(Filter(ps, "", 1600, 200)); got != "b,c" {
		t.Errorf("near 1600: %s, want b,c", got)
	}
}

// verifyShipped verifies every step-th puzzle of each game's set.
func verifyShipped(t *testing.T, step map[string]int) {
	for _, game := range Games() {
		ps, err := Shipped(game)
		if err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		for i := 0; i < len(ps); i += step[game] {
			if _, err := Verify(context.Background(), &ps[i]); err != nil {
				t.Errorf("%s: %v", game, err)
			}
		}
	}
}

// TestShippedPuzzlesVerify re-proves shipped puzzles: under -short a few
// of each game, else every puzzle but for Othello a third of them (the
// whole Othello set takes about 8 s, ten times that under -race;
// planiverse puzzles verify proves them all).
func TestShippedPuzzlesVerify(t *testing.T) {
	if testing.Short() {
		verifyShipped(t, map[string]int{"othello": 100, "gomoku": 50, "dvonn": 50, "alak": 20})
		return
	}
	verifyShipped(t, map[string]int{"othello": 3, "gomoku": 1, "dvonn": 1, "alak": 1})
}

// TestShippedSetSizes checks that each game ships enough puzzles, of a
// range of difficulty.
func TestShippedSetSizes(t *testing.T) {
	want := map[string]int{"othello": 500, "gomoku": 500, "dvonn": 500, "alak": 100}
	for _, game := range Games() {
		ps, err := Shipped(game)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) < want[game] {
			t.Errorf("%s: %d puzzles, want at least %d", game, len(ps), want[game])
		}
		lo, hi := MaxRating, MinRating
		for _, p := range ps {
			lo, hi = min(lo, p.Rating), max(hi, p.Rating)
		}
		if hi-lo < 300 {
			t.Errorf("%s: ratings from %d to %d, want a range of at least 300", game, lo, hi)
		}
	}
}

// TestVerifyRejectsWrongMove checks that Verify refuses each game's first
// shipped puzzle with its first move replaced by another legal move.
func TestVerifyRejectsWrongMove(t *testing.T) {
	for _, game := range Games() {
		ps, err := Shipped(game)
		if err != nil || len(ps) == 0 {
			t.Fatalf("%s: %d puzzles, %v", game, len(ps), err)
		}
		p := ps[0]
		_, s, err := p.Position()
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range s.Moves(nil) {
			if text := s.MoveString(m); text != p.Solution[0] {
				p.Solution = append([]string{text}, p.Solution[1:]...)
				break
			}
		}
		p.Solution = p.Solution[:1]
		if _, err := Verify(context.Background(), &p); !errors.Is(err, ErrUnproven) {
			t.Errorf("%s: %s with first move %s: %v, want ErrUnproven", game, p.ID, p.Solution[0], err)
		}
	}
}
