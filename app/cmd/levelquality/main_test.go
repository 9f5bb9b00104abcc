package main

import (
	"bytes"
	"context"
	"encoding/json"
	"go/format"
	"os"
	"strings"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/app/session/quality"
	"planiverse/rules/registry"
)

// TestMain installs the four games' AI knowledge for every test.
func TestMain(m *testing.M) {
	ai.Use(games.Knowledge())
	os.Exit(m.Run())
}

// tinyConfig is a run of one Othello game analyzed to depth 1.
func tinyConfig(t *testing.T) config {
	t.Helper()
	d, err := registry.Lookup("othello")
	if err != nil {
		t.Fatal(err)
	}
	o, err := d.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	return config{d: d, opts: o, games: 1, analysis: quality.Options{Depth: 1}, moveTime: 100 * time.Millisecond, seed: 3, opponent: NoOpponent}
}

// TestMeasureTiny: one game of level 1 against itself, analyzed to depth
// 1: every move after the opening is counted in a class, the rates are
// the counts over the moves with a choice, and the same seed gives the
// same figures.
func TestMeasureTiny(t *testing.T) {
	cfg := tinyConfig(t)
	calls := 0
	f, err := measure(context.Background(), cfg, 1, func(g int, tl *tally) { calls++ })
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, n := range f.Counts {
		total += n
	}
	if calls != 1 || f.Games != 1 || f.Moves < 40 || total < f.Moves || total > 62 {
		t.Fatalf("figures %+v (progress calls %d, classed moves %d)", f, calls, total)
	}
	if f.Unit != "discs" || f.Level != 1 || f.Name != ai.LevelOf(1).Name || f.AnalysisDepth != 1 || f.Game != "othello" {
		t.Errorf("labels: %+v", f)
	}
	if f.Mistakes != mistakes(f.Counts) || f.MistakeRate != float64(f.Mistakes)/float64(f.Moves) ||
		f.InaccuracyRate != float64(f.Counts[quality.Inaccuracy])/float64(f.Moves) {
		t.Errorf("rates do not match counts: %+v", f)
	}
	if f.Mistakes > 0 && f.MistakeEvery != float64(f.Moves)/float64(f.Mistakes) || f.Mistakes == 0 && f.MistakeEvery != 0 {
		t.Errorf("MistakeEvery %v for %d mistakes in %d moves", f.MistakeEvery, f.Mistakes, f.Moves)
	}
	if f.MeanLoss < 0 || f.Accuracy <= 0 || f.Accuracy > 100 {
		t.Errorf("loss %v, accuracy %v", f.MeanLoss, f.Accuracy)
	}
	g, err := measure(context.Background(), cfg, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.Seconds, g.Seconds = 0, 0
	if f != g {
		t.Errorf("the same seed measured\n%+v\nthen\n%+v", f, g)
	}
}

// TestMeasureAgainstOpponent: with a common opponent only the measured
// level's moves are analyzed (about half of the game's), the opponent is
// named in the figures, and its color alternates from game to game.
func TestMeasureAgainstOpponent(t *testing.T) {
	self := tinyConfig(t)
	self.games = 2
	alone, err := measure(context.Background(), self, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	vs := self
	vs.opponent = 3
	f, err := measure(context.Background(), vs, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.Opponent == nil || *f.Opponent != 3 || alone.Opponent != nil {
		t.Fatalf("opponent in the figures: %v, self-play %v", f.Opponent, alone.Opponent)
	}
	if f.Moves < 30 || f.Moves > alone.Moves*3/4 {
		t.Fatalf("%d moves analyzed against an opponent, %d in self-play", f.Moves, alone.Moves)
	}
	for i := range 2 {
		_, p, err := playGame(context.Background(), vs, [2]*ai.Engine{ai.NewEngine(1), ai.NewEngine(1)}, 1, i)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.mine) != len(p.moves) || len(p.mine) < 2 {
			t.Fatalf("game %d: %d marks for %d moves", i, len(p.mine), len(p.moves))
		}
		if p.mine[0] != (i%2 == 1) {
			t.Errorf("game %d: the first move after the opening is the measured level's: %v", i, p.mine[0])
		}
	}
}

// TestPooledFigures: --json lines of two runs of a level pool into one
// figure weighted by moves, and --write prints gofmt-clean Go source with
// one entry per level; it refuses a partial set.
func TestPooledFigures(t *testing.T) {
	d, _ := registry.Lookup("othello")
	var lines bytes.Buffer
	enc := json.NewEncoder(&lines)
	for lv := ai.MinLevel; lv <= ai.MaxLevel; lv++ {
		var c [quality.NumClasses]int
		c[quality.Mistake] = 2
		_ = enc.Encode(figures{Game: "othello", Level: lv, Games: 1, Moves: 10, MeanLoss: 1, Unit: "discs", Accuracy: 90, Counts: c})
	}
	var c [quality.NumClasses]int
	c[quality.Blunder] = 1
	_ = enc.Encode(figures{Game: "othello", Level: 3, Games: 2, Moves: 30, MeanLoss: 3, Unit: "discs", Accuracy: 70, Counts: c})
	_ = enc.Encode(figures{Game: "dvonn", Level: 3, Games: 2, Moves: 30, MeanLoss: 3, Unit: "%"})
	fs, err := readFigures(&lines, "othello")
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 7 {
		t.Fatalf("%d levels", len(fs))
	}
	p := fs[3]
	if p.Games != 3 || p.Moves != 40 || p.MeanLoss != 2.5 || p.Accuracy != 75 || p.Mistakes != 3 || p.MistakeEvery != 40.0/3 {
		t.Errorf("pooled level 3: %+v", p)
	}
	// Runs against a common opponent pool among themselves, keep it, and
	// never pool with self-play runs.
	three := 3
	var vs bytes.Buffer
	venc := json.NewEncoder(&vs)
	_ = venc.Encode(figures{Game: "othello", Level: 1, Games: 1, Moves: 10, Unit: "discs", Opponent: &three})
	_ = venc.Encode(figures{Game: "othello", Level: 1, Games: 1, Moves: 20, Unit: "discs", Opponent: &three})
	if got, err := readFigures(bytes.NewReader(vs.Bytes()), "othello"); err != nil || got[0].Moves != 30 || got[0].Opponent == nil || *got[0].Opponent != 3 {
		t.Fatalf("pooled runs against level 3: %+v, %v", got, err)
	}
	_ = venc.Encode(figures{Game: "othello", Level: 1, Games: 1, Moves: 20, Unit: "discs"})
	if _, err := readFigures(&vs, "othello"); err == nil {
		t.Fatal("a self-play run pooled with runs against an opponent")
	}
	var src bytes.Buffer
	if err := writeGo(&src, d, fs); err != nil {
		t.Fatal(err)
	}
	clean, err := format.Source(src.Bytes())
	if err != nil || !bytes.Equal(clean, src.Bytes()) {
		t.Fatalf("not gofmt-clean Go (%v):\n%s", err, src.String())
	}
	if n := strings.Count(src.String(), "{Level: "); n != 7 || !strings.Contains(src.String(), "package othelloai") ||
		!strings.Contains(src.String(), "{Level: 3, Moves: 40, MistakeEvery: 13.3, MeanLoss: 2.5, Unit: \"discs\"}") {
		t.Errorf("source:\n%s", src.String())
	}
	if err := writeGo(&src, d, fs[:6]); err == nil {
		t.Error("--write took six levels")
	}
}

func TestParseLevels(t *testing.T) {
	got, err := parseLevels("0-2, 5,1,6")
	if err != nil || len(got) != 5 || got[0] != 0 || got[2] != 2 || got[3] != 5 || got[4] != 6 {
		t.Errorf("parseLevels: %v, %v", got, err)
	}
	for _, bad := range []string{"", "7", "3-1", "-1", "a", "0-9"} {
		if _, err := parseLevels(bad); err == nil {
			t.Errorf("parseLevels(%q) accepted", bad)
		}
	}
}
