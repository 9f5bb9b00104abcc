// Command vctpuzzles measures the Gomoku VCT search (gomokuai.VCT) on the
// winning runs of lost games: it replays match records (gomoku-NNN.txt,
// one move list per game, as planiverse match --records writes them, our
// engine Black in odd games) and, for each game our engine lost, takes
// the position before the opponent's final run of threats (every move of
// his from there on makes a four or a three), with him to move, unless he
// has a VCF there. For each such puzzle it prints the first move found,
// the nodes allowed and the time spent, and last how many were solved.
//
//	go run ./ai/gomokuai/cmd/vctpuzzles -records '/tmp/gom/rec-*' -nodes 200000
//
// -cache FILE keeps the puzzles (one a line: a name and the moves), and
// is written when missing, so that later runs skip the replay.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"planiverse/ai/gomokuai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

func main() {
	records := flag.String("records", "", "record directories, comma-separated globs")
	nodes := flag.Int64("nodes", 1_000_000, "node budget of each search")
	depth := flag.Int("depth", 16, "most threats a win may take (16 as the root's solver)")
	cache := flag.String("cache", "", "file of puzzles, read when present, else written")
	flag.Parse()
	names, games, err := puzzles(*records, *cache)
	if err != nil {
		fmt.Fprintln(os.Stderr, "vctpuzzles:", err)
		os.Exit(1)
	}
	solved := 0
	var took time.Duration
	for i, g := range games {
		t0 := time.Now()
		m, ok := gomokuai.VCT(g, *depth, *nodes)
		el := time.Since(t0)
		took += el
		res := "-"
		if ok {
			solved++
			res = g.MoveString(m)
		}
		fmt.Printf("%-22s %-4s %v\n", names[i], res, el.Round(time.Millisecond))
	}
	fmt.Printf("%d puzzles, budget %d nodes: %d found (%v)\n", len(games), *nodes, solved, took.Round(time.Millisecond))
}

// puzzles reads the cache file when it exists, else replays the records
// (and writes the cache when one is named).
func puzzles(records, cache string) ([]string, []*gomoku.Game, error) {
	if cache != "" {
		if data, err := os.ReadFile(cache); err == nil {
			return readCache(string(data))
		}
	}
	var dirs []string
	for _, d := range strings.Split(records, ",") {
		m, _ := filepath.Glob(d)
		dirs = append(dirs, m...)
	}
	names, games, err := lossPuzzles(dirs)
	if err != nil || cache == "" {
		return names, games, err
	}
	var sb strings.Builder
	for i, g := range games {
		sb.WriteString(names[i])
		for j := 0; j < g.Stones(); j++ {
			sb.WriteString(" " + g.MoveString(g.History(j)))
		}
		sb.WriteString("\n")
	}
	return names, games, os.WriteFile(cache, []byte(sb.String()), 0o644)
}

func readCache(data string) ([]string, []*gomoku.Game, error) {
	var names []string
	var games []*gomoku.Game
	for _, line := range strings.Split(strings.TrimSpace(data), "\n") {
		fs := strings.Fields(line)
		if len(fs) == 0 {
			continue
		}
		g, err := replay(fs[1:])
		if err != nil {
			return nil, nil, err
		}
		names = append(names, fs[0])
		games = append(games, g)
	}
	return names, games, nil
}

func replay(moves []string) (*gomoku.Game, error) {
	g, _ := gomoku.New(gomoku.Options{Size: 15})
	for _, s := range moves {
		m, err := g.ParseMove(s)
		if err != nil || !g.Legal(m) {
			return nil, fmt.Errorf("move %s: %v", s, err)
		}
		g.Play(m)
	}
	return g, nil
}

// lossPuzzles returns, for each game of the records in dirs that our
// engine lost, the position before the opponent's final run of threats.
func lossPuzzles(dirs []string) (names []string, games []*gomoku.Game, err error) {
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "gomoku-*.txt"))
		sort.Strings(files)
		for _, f := range files {
			num, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "gomoku-"), ".txt"))
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, nil, err
			}
			g, err := replay(strings.Fields(string(data)))
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %v", f, err)
			}
			our := rules.Seat((num + 1) % 2)
			if !g.Won() || g.ColorToMove()^1 == our {
				continue // not a loss of ours
			}
			if h, start := threatRun(g, our); h != nil {
				names = append(names, fmt.Sprintf("%s/%d@%d", filepath.Base(dir), num, start))
				games = append(games, h)
			}
		}
	}
	return names, games, nil
}

// threatRun returns the position before the opponent's final run of
// threats in g, and its ply; nil when there is none or he has a VCF there.
func threatRun(g *gomoku.Game, our rules.Seat) (*gomoku.Game, int) {
	n := g.Stones()
	start := -1
	for i := n - 1; i >= 0; i-- {
		if rules.Seat(i%2) == our {
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
		return nil, 0
	}
	h := g.Clone().(*gomoku.Game)
	for h.Stones() > start {
		h.Undo()
	}
	if _, vcf := gomokuai.VCF(h, 30); vcf {
		return nil, 0
	}
	return h, start
}

// isThreatMove reports whether the color that made the last move of h
// has won, or has a point that makes a five (a four) or a point that
// makes two win points in one line (a three).
func isThreatMove(h *gomoku.Game) bool {
	if h.Won() {
		return true
	}
	c := uint8(h.ColorToMove()^1) + 1
	size := h.Size()
	b := make([]uint8, size*size)
	for p := range b {
		b[p] = h.Point(p)
	}
	for p := range b {
		if b[p] == 0 && winPoint(b, size, p, c) {
			return true
		}
	}
	for p := range b {
		if b[p] != 0 {
			continue
		}
		b[p] = c
		three := false
		for _, d := range dirs {
			if winPointsOnLine(b, size, p, c, d) >= 2 {
				three = true
				break
			}
		}
		b[p] = 0
		if three {
			return true
		}
	}
	return false
}

var dirs = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}

// run is the number of stones of color c in a row through p along d, p
// counted as c's.
func run(b []uint8, size, p int, c uint8, d [2]int) int {
	n := 1
	x0, y0 := p%size, p/size
	for _, s := range [2]int{1, -1} {
		for x, y := x0+s*d[0], y0+s*d[1]; x >= 0 && y >= 0 && x < size && y < size && b[y*size+x] == c; x, y = x+s*d[0], y+s*d[1] {
			n++
		}
	}
	return n
}

// winPoint reports whether a stone of c at the empty point p makes five
// or more in a row.
func winPoint(b []uint8, size, p int, c uint8) bool {
	for _, d := range dirs {
		if run(b, size, p, c, d) >= 5 {
			return true
		}
	}
	return false
}

// winPointsOnLine counts the empty points within 5 of p along d where a
// stone of c makes five or more in a row along d.
func winPointsOnLine(b []uint8, size, p int, c uint8, d [2]int) int {
	n := 0
	x0, y0 := p%size, p/size
	for k := -5; k <= 5; k++ {
		x, y := x0+k*d[0], y0+k*d[1]
		if k == 0 || x < 0 || y < 0 || x >= size || y >= size || b[y*size+x] != 0 {
			continue
		}
		if run(b, size, y*size+x, c, d) >= 5 {
			n++
		}
	}
	return n
}
