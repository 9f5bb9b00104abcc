package ai_test

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// The golden test pins the engine's behavior on fixed positions of every
// game and variant: a fixed-depth search's best move, score and node count,
// and the moves the depth-limited levels choose with a seeded random source.
// A refactoring that keeps behavior identical keeps this file's expectations
// (testdata/golden.txt) unchanged; regenerate them only for a deliberate
// change in play, with `go test ./ai -run TestGolden -update-golden`.

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden.txt from the current engine")

const goldenFile = "testdata/golden.txt"

// goldenCase is one game and variant with the plies of its positions and
// the search depth.
type goldenCase struct {
	game   string
	opts   rules.Options
	plies  []int
	depth  int
	levels []int // depth-limited levels whose Play is pinned too
}

var goldenCases = []goldenCase{
	{"othello", nil, []int{0, 1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, 48, 50, 52, 54, 56, 58}, 6, []int{1, 2, 3, 4}},
	{"gomoku", rules.Options{"rules": "freestyle"}, []int{1, 4, 9, 16, 24, 32, 40}, 5, []int{1, 2, 3, 4}},
	{"gomoku", rules.Options{"rules": "exact5"}, []int{3, 10, 20, 30}, 5, []int{1, 2, 3}},
	{"gomoku", rules.Options{"rules": "renju"}, []int{2, 7, 14, 22, 30, 38}, 5, []int{1, 2, 3}},
	{"gomoku", rules.Options{"opening": "swap"}, []int{1, 2}, 4, []int{1, 2}},
	{"gomoku", rules.Options{"opening": "swap2"}, []int{3, 4, 5}, 4, []int{1, 2}},
	{"gomoku", rules.Options{"size": "19"}, []int{5, 18}, 4, []int{1, 2}},
	{"gomoku", rules.Options{"size": "20", "rules": "exact5"}, []int{6, 20}, 4, []int{1, 2}},
	{"dvonn", rules.Options{"placement": "random"}, []int{49, 53, 58, 64, 70, 76, 84}, 4, []int{1, 2, 3, 4}},
	{"dvonn", nil, []int{0, 10, 30, 48, 52, 60, 68}, 3, []int{1, 2}},
	{"dvonn", nil, []int{49, 56, 62, 72, 80, 90, 100}, 4, []int{1, 2, 3}},
	{"alak", rules.Options{"rules": "classic"}, []int{0, 3, 8, 14, 20, 28, 36, 44}, 8, []int{1, 2, 3, 4}},
	{"alak", rules.Options{"rules": "modern", "size": "11"}, []int{0, 3, 6, 10, 14}, 8, []int{1, 2, 3, 4}},
	{"alak", rules.Options{"rules": "modern", "size": "7"}, []int{0, 2, 5}, 8, []int{1, 2, 3, 4}},
	{"alak", rules.Options{"rules": "modern", "size": "17"}, []int{0, 4, 9, 14, 20}, 6, []int{1, 2, 3, 4}},
}

// goldenPosition builds the position of case c after n random plies drawn
// from a source seeded by the case and n, and returns it with its move text.
func goldenPosition(t *testing.T, ci int, c goldenCase, n int) (rules.State, string) {
	t.Helper()
	d, err := registry.Lookup(c.game)
	if err != nil {
		t.Fatal(err)
	}
	o, err := d.Resolve(c.opts)
	if err != nil {
		t.Fatal(err)
	}
	s, err := d.Start(o)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(ci), uint64(n)))
	var moves []string
	var buf []rules.Move
	for range n {
		buf = s.Moves(buf[:0])
		if len(buf) == 0 {
			break
		}
		m := buf[r.IntN(len(buf))]
		moves = append(moves, s.MoveString(m))
		s.Play(m)
	}
	return s, strings.Join(moves, " ")
}

// goldenLines computes the golden lines of every case: one "search" line per
// position and one "play" line per position and level.
func goldenLines(t *testing.T) []string {
	t.Helper()
	var out []string
	for ci, c := range goldenCases {
		for _, n := range c.plies {
			s, moves := goldenPosition(t, ci, c, n)
			ai.Prepare(s, true)
			key := fmt.Sprintf("%s %v ply=%d [%s]", c.game, map[string]string(c.opts), n, moves)
			e := ai.NewEngine(8)
			res := e.Search(context.Background(), s.Clone(), ai.Limits{Depth: c.depth}, nil)
			out = append(out, fmt.Sprintf("search %s depth=%d -> %s score=%d depth=%d nodes=%d book=%v",
				key, c.depth, moveText(s, res.Move), res.Score, res.Depth, res.Nodes, res.Book))
			for _, lv := range c.levels {
				e := ai.NewEngine(8)
				r := rand.New(rand.NewPCG(uint64(lv), uint64(n)))
				res := e.Play(context.Background(), s.Clone(), lv, r, nil)
				out = append(out, fmt.Sprintf("play %s level=%d -> %s score=%d", key, lv, moveText(s, res.Move), res.Score))
			}
		}
	}
	return out
}

func moveText(s rules.State, m rules.Move) string {
	if m == rules.NoMove {
		return "none"
	}
	return s.MoveString(m)
}

func TestGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("golden positions take a few seconds")
	}
	got := goldenLines(t)
	if *updateGolden {
		f, err := os.Create(goldenFile)
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		fmt.Fprintln(w, "# Golden engine behavior: written by go test ./ai -run TestGolden -update-golden; see golden_test.go.")
		for _, l := range got {
			fmt.Fprintln(w, l)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(l, "#") {
			want = append(want, l)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d golden lines, want %d", len(got), len(want))
	}
	bad := 0
	for i := range got {
		if got[i] != want[i] {
			bad++
			if bad <= 10 {
				t.Errorf("line %d:\n got  %s\n want %s", i+1, got[i], want[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d golden lines differ", bad, len(got))
	}
	t.Logf("%d golden lines (%s)", len(got), strconv.Itoa(len(goldenCases))+" cases")
}
