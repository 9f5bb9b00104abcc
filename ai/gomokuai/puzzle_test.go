package gomokuai

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// lossPuzzles replays the match records in dirs (gomoku-NNN.txt, one move
// list per game, our engine Black in odd games) and returns, for each game
// our engine lost, the position before the opponent's final run of
// threats (every move of his from there on makes a four or a three), with
// him to move, unless he has a VCF there.
func lossPuzzles(t *testing.T, dirs []string) (names []string, games []*gomoku.Game) {
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "gomoku-*.txt"))
		sort.Strings(files)
		for _, f := range files {
			num, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "gomoku-"), ".txt"))
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			our := rules.Player((num + 1) % 2)
			g, _ := gomoku.New(gomoku.Options{Size: 15})
			var ms []rules.Move
			for _, s := range strings.Fields(string(data)) {
				m, err := g.ParseMove(s)
				if err != nil {
					t.Fatal(err)
				}
				ms = append(ms, m)
				g.Play(m)
			}
			if !g.Won() || g.ColorToMove()^1 == our {
				continue // not a loss of ours
			}
			// Walk back over the opponent's moves while they are threats.
			start := -1
			for i := len(ms) - 1; i >= 0; i-- {
				if rules.Player(i%2) == our {
					continue
				}
				h := g.Clone().(*gomoku.Game)
				for h.Stones() > i+1 {
					h.Undo()
				}
				if !isThreatMove(h) {
					break
				}
				start = i
			}
			if start < 0 {
				continue
			}
			h := g.Clone().(*gomoku.Game)
			for h.Stones() > start {
				h.Undo()
			}
			if _, vcf := VCF(h, 30); vcf {
				continue
			}
			names = append(names, fmt.Sprintf("%s/%d@%d", filepath.Base(dir), num, start))
			games = append(games, h)
		}
	}
	return names, games
}

// isThreatMove reports whether the last stone of h made a five, a four or a
// three for its colour (h's colour to move is the other one).
func isThreatMove(h *gomoku.Game) bool {
	if h.Won() {
		return true
	}
	var a analyzer
	var b board
	b.load(h)
	a.refreshBoard(&b)
	c := b.toMove ^ 1
	if a.nWin[c] > 0 {
		return true
	}
	v := &vctSearch{a: &a, b: &b}
	return v.hasThree(c)
}

// TestVCTPuzzles measures the VCT on the opponents' winning runs of match
// losses (lossPuzzles): for each, the iterative search alone (ID) and
// solve (PN: the short iterative pass, then df-pn) from a fresh table, the
// first move found, its length in threats and the nodes and time spent.
// It runs only when GOM_PUZZLES names record directories (comma-separated
// globs):
//
//	GOM_PUZZLES='/tmp/gom/rec-*' GOM_NODES=200000 go test -run TestVCTPuzzles -v ./ai/gomokuai
//
// GOM_NODES is the node budget (default 1M), GOM_MS a time budget instead,
// GOM_MODE 0 or 1 runs one of the two only, GOM_PUZFILE caches the
// positions (written when missing), and GOM_THREE, GOM_EPS and GOM_ID set
// pnChildThree, epsShift and IterativeVCTNodes.
func TestVCTPuzzles(t *testing.T) {
	env := os.Getenv("GOM_PUZZLES")
	if env == "" {
		t.Skip("set GOM_PUZZLES to record directories")
	}
	var dirs []string
	for _, d := range strings.Split(env, ",") {
		m, _ := filepath.Glob(d)
		dirs = append(dirs, m...)
	}
	budget := int64(1_000_000)
	if s := os.Getenv("GOM_NODES"); s != "" {
		budget, _ = strconv.ParseInt(s, 10, 64)
	}
	var names []string
	var games []*gomoku.Game
	if f := os.Getenv("GOM_PUZFILE"); f != "" {
		if data, err := os.ReadFile(f); err == nil {
			for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
				fs := strings.Fields(line)
				g, _ := gomoku.New(gomoku.Options{Size: 15})
				for _, s := range fs[1:] {
					m, _ := g.ParseMove(s)
					g.Play(m)
				}
				names = append(names, fs[0])
				games = append(games, g)
			}
		} else {
			names, games = lossPuzzles(t, dirs)
			var sb strings.Builder
			for i, g := range games {
				sb.WriteString(names[i])
				for j := 0; j < g.Stones(); j++ {
					sb.WriteString(" " + g.MoveString(g.History(j)))
				}
				sb.WriteString("\n")
			}
			os.WriteFile(f, []byte(sb.String()), 0o644)
		}
	} else {
		names, games = lossPuzzles(t, dirs)
	}
	if s := os.Getenv("GOM_THREE"); s != "" {
		n, _ := strconv.Atoi(s)
		pnChildThree = uint32(n)
	}
	if s := os.Getenv("GOM_ID"); s != "" {
		IterativeVCTNodes, _ = strconv.ParseInt(s, 10, 64)
	}
	if s := os.Getenv("GOM_EPS"); s != "" {
		epsShift, _ = strconv.Atoi(s)
	}
	solved := [2]int{}
	var took [2]time.Duration
	for i, g := range games {
		var res [2]string
		for mode := 0; mode < 2; mode++ {
			if os.Getenv("GOM_MODE") != "" && strconv.Itoa(mode) != os.Getenv("GOM_MODE") {
				continue
			}
			v := newVCTSearch(newVCFSearch(new(analyzer), 14), 16, 20)
			v.iterative = mode == 0
			v.b.load(g)
			v.limit = budget
			t0 := time.Now()
			if s := os.Getenv("GOM_MS"); s != "" {
				ms, _ := strconv.Atoi(s)
				v.limit = 0
				v.deadline = t0.Add(time.Duration(ms) * time.Millisecond)
			}
			m, ok := v.solve(SolveVCTDepth)
			el := time.Since(t0)
			took[mode] += el
			if ok {
				solved[mode]++
				res[mode] = fmt.Sprintf("%s d%d %7d n %v", g.MoveString(m), v.depth, v.nodes, el.Round(time.Millisecond))
			} else {
				res[mode] = fmt.Sprintf("-   %7d n %v", v.nodes, el.Round(time.Millisecond))
			}
		}
		t.Logf("%-22s ID: %-32s PN: %s", names[i], res[0], res[1])
	}
	t.Logf("%d puzzles, budget %d nodes: iterative %d found (%v), df-pn %d found (%v)", len(games), budget, solved[0], took[0].Round(time.Millisecond), solved[1], took[1].Round(time.Millisecond))
}
