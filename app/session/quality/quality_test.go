package quality_test

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/ai/alakai"
	"planiverse/ai/games"
	"planiverse/ai/gomokuai"
	"planiverse/ai/othelloai"
	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
	"planiverse/rules/registry"
)

// TestMain installs the four games' AI knowledge for every test.
func TestMain(m *testing.M) {
	ai.Use(games.Knowledge())
	os.Exit(m.Run())
}

// lookup returns the registered game's descriptor.
func lookup(t testing.TB, game string) *rules.Descriptor {
	t.Helper()
	d, err := registry.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// selfPlay plays a game of d's default variant between two softened
// levels of the engine, with a fixed seed, and returns its record.
func selfPlay(t testing.TB, d *rules.Descriptor, levels [2]int, seed uint64, maxPlies int) *rules.Record {
	t.Helper()
	s, err := d.Start(d.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	e := ai.NewEngine(8)
	rec := &rules.Record{Game: d.Name, Options: d.Defaults()}
	for len(rec.Moves) < maxPlies {
		if over, _ := s.Outcome(); over {
			break
		}
		res := e.Play(context.Background(), s, levels[s.ToMove()], r, nil)
		rec.Moves = append(rec.Moves, s.MoveString(res.Move))
		s.Play(res.Move)
	}
	return rec
}

// replay returns the positions before each move of rec and the moves.
func replay(t testing.TB, d *rules.Descriptor, rec *rules.Record) ([]rules.State, []rules.Move) {
	t.Helper()
	_, played, err := d.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	s, err := d.Start(rec.Options)
	if err != nil {
		t.Fatal(err)
	}
	var before []rules.State
	for _, m := range played {
		before = append(before, s.Clone())
		s.Play(m)
	}
	return before, played
}

// TestOthelloExactLosses: on the plies solved exactly (at most 20 empty
// squares before the move), every value is exact and every loss is the
// difference, in discs, between the exact value of the position and the
// exact value after the move played, as the solver gives them.
func TestOthelloExactLosses(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 20-empty endgames")
	}
	d := lookup(t, "othello")
	rec := selfPlay(t, d, [2]int{2, 3}, 7, 200)
	before, played := replay(t, d, rec)
	a := quality.New(d, quality.Options{Depth: 2})
	rep, err := a.Game(context.Background(), rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Scale.Unit != "discs" {
		t.Fatalf("Othello's unit %q, want discs", rep.Scale.Unit)
	}
	ctx := context.Background()
	exactPlies, lossy := 0, 0
	for i, m := range rep.Moves {
		b := before[i].(*othello.Board)
		if b.Empties() > 20 {
			continue
		}
		exactPlies++
		_, v, _, ok := othelloai.SolveExact(ctx, b)
		child := b.Clone().(*othello.Board)
		child.Play(played[i])
		_, c, _, ok2 := othelloai.SolveExact(ctx, child)
		if !ok || !ok2 {
			t.Fatal("the solver failed")
		}
		want := float64(v + c) // v - (-c): the child's value is the opponent's
		if !m.Value.Exact || !m.BestValue.Exact {
			t.Errorf("ply %d (%d empties): values not exact: %+v", m.Ply, b.Empties(), m)
		}
		if m.Loss != want {
			t.Errorf("ply %d %s: loss %v discs, the solver says %v (best %d, after the move %d)", m.Ply, m.Move, m.Loss, want, v, -c)
		}
		if got := rep.Scale.Units(m.Value); got != float64(-c) {
			t.Errorf("ply %d %s: value %v discs, the solver says %d", m.Ply, m.Move, got, -c)
		}
		if want > 0 {
			lossy++
		}
		switch {
		case v > 0 && -c <= 0 && m.Class != quality.MissedWin:
			t.Errorf("ply %d: a won position thrown away is %s, want missed-win", m.Ply, m.Class)
		case v == 0 && -c < 0 && m.Class != quality.Losing:
			t.Errorf("ply %d: a drawn position lost is %s, want losing", m.Ply, m.Class)
		case want == 0 && m.Class != quality.Best:
			t.Errorf("ply %d: a move that loses nothing is %s, want best", m.Ply, m.Class)
		}
	}
	if exactPlies < 20 || lossy == 0 {
		t.Fatalf("%d exact plies, %d with a loss: not a test", exactPlies, lossy)
	}
}

// TestAlakClassesAgreeWithTable: on every position of 100 random classic
// Alak games, the class agrees with the perfect table (which ignores the
// repetition rule): the move played keeps the best result (best), throws a
// win away (missed-win) or turns a draw into a loss (losing).
func TestAlakClassesAgreeWithTable(t *testing.T) {
	d := lookup(t, "alak")
	start, err := d.Start(d.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	ai.Prepare(start, true)
	// result is the table's result for the side to move, the rules' for a
	// game the pieces ended (the table ignores the repetition rule).
	result := func(g *alak.Game) int {
		x, o := g.Count()
		if over, sc := g.Outcome(); over && (x < 2 || o < 2) {
			return ai.Sign(sc)
		}
		r, _, ok := alakai.Value(g)
		if !ok {
			t.Fatalf("no table value for\n%s", g)
		}
		return r
	}
	a := quality.New(d, quality.Options{Depth: 1})
	r := rand.New(rand.NewPCG(3, 4))
	seen := map[quality.Class]int{}
	var buf []rules.Move
	for game := range 100 {
		s, _ := d.Start(d.Defaults())
		for ply := 1; ply <= 120; ply++ {
			if over, _ := s.Outcome(); over {
				break
			}
			buf = s.Moves(buf[:0])
			m := buf[r.IntN(len(buf))]
			got, err := a.Analyze(context.Background(), s, ply, m)
			if err != nil {
				t.Fatal(err)
			}
			best := -2
			var played int
			for _, mv := range buf {
				s.Play(mv)
				v := -result(s.(*alak.Game))
				s.Undo()
				best = max(best, v)
				if mv == m {
					played = v
				}
			}
			want := quality.Best
			switch {
			case played == best:
			case best > 0:
				want = quality.MissedWin
			case played < 0:
				want = quality.Losing
			}
			if got.Class != want {
				t.Fatalf("game %d ply %d %s: class %s, the table says %s (best result %d, played %d) %+v\n%s", game, ply, got.Move, got.Class, want, best, played, got, s)
			}
			if !got.Value.Exact || !got.BestValue.Exact {
				t.Fatalf("game %d ply %d: values not exact: %+v", game, ply, got)
			}
			seen[want]++
			s.Play(m)
		}
	}
	for _, c := range []quality.Class{quality.Best, quality.MissedWin, quality.Losing} {
		if seen[c] == 0 {
			t.Errorf("no %s move in 100 random games: not a test (%v)", c, seen)
		}
	}
}

// gomokuPosition plays moves (Black first) on a free-style 15x15 board.
func gomokuPosition(t *testing.T, moves string) (*rules.Descriptor, rules.State) {
	t.Helper()
	d := lookup(t, "gomoku")
	s, err := d.Start(d.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	if err := rules.PlayMoves(s, moves); err != nil {
		t.Fatal(err)
	}
	return d, s
}

func parse(t *testing.T, s rules.State, text string) rules.Move {
	t.Helper()
	m, err := s.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// hasVCF reports whether the side to move in s wins by continuous fours.
func hasVCF(s rules.State) bool {
	_, ok := gomokuai.VCF(s.(*gomoku.Game), 20)
	return ok
}

// TestGomokuMissedWin: Black has a four-three (vcfCases' "four-three" of
// ai/gomokuai): a move elsewhere misses the win; the winning move is best.
func TestGomokuMissedWin(t *testing.T) {
	d, s := gomokuPosition(t, "E8 D8 F8 A1 G8 O1 H6 A15 H7 O15")
	if !hasVCF(s) {
		t.Fatalf("no VCF for Black: not a test\n%s", s)
	}
	a := quality.New(d, quality.Options{Depth: 2})
	far := parse(t, s, "B13")
	got, err := a.Analyze(context.Background(), s, 11, far)
	if err != nil {
		t.Fatal(err)
	}
	if got.Class != quality.MissedWin || !got.BestValue.ProvenWin() {
		t.Errorf("B13 with a VCF on the board: %s, best %s (%s), want missed-win", got.Class, got.Best, a.Scale().Text(got.BestValue))
	}
	if txt := a.Scale().Text(got.BestValue); txt != "win in 3 moves" {
		t.Errorf("the best move's value %q, want \"win in 3 moves\"", txt)
	}
	win := parse(t, s, got.Best)
	got, err = a.Analyze(context.Background(), s, 11, win)
	if err != nil {
		t.Fatal(err)
	}
	if got.Class != quality.Best || got.Loss != 0 {
		t.Errorf("the winning move %s: %s, loss %v, want best", got.Move, got.Class, got.Loss)
	}
}

// TestGomokuLosingMove: White must stop Black's four-three; a move
// elsewhere lets Black win by VCF (losing), a block does not.
func TestGomokuLosingMove(t *testing.T) {
	d, s := gomokuPosition(t, "E8 D8 F8 A1 G8 O1 H6 A15 H7")
	a := quality.New(d, quality.Options{Depth: 2})
	far := parse(t, s, "O15")
	after := s.Clone()
	after.Play(far)
	if !hasVCF(after) {
		t.Fatalf("Black has no VCF after O15: not a test\n%s", after)
	}
	got, err := a.Analyze(context.Background(), s, 10, far)
	if err != nil {
		t.Fatal(err)
	}
	if got.Class != quality.Losing || !got.Value.ProvenLoss() {
		t.Errorf("O15 letting Black win by VCF: %s (%s), want losing", got.Class, a.Scale().Text(got.Value))
	}
	best := s.Clone()
	best.Play(parse(t, s, got.Best))
	if hasVCF(best) || got.BestValue.ProvenLoss() {
		t.Errorf("the best move %s still loses to a VCF: not a test", got.Best)
	}
}

// TestLiveSameAsRecord: the analysis of each move, computed right after
// it is played with an analyzer of its own (live), is the report's on the
// whole record, at a fixed depth.
func TestLiveSameAsRecord(t *testing.T) {
	for _, c := range []struct {
		game  string
		plies int
	}{{"gomoku", 30}, {"othello", 36}, {"dvonn", 60}, {"alak", 30}} {
		t.Run(c.game, func(t *testing.T) {
			d := lookup(t, c.game)
			rec := selfPlay(t, d, [2]int{2, 3}, 11, c.plies)
			rep, err := quality.New(d, quality.Options{Depth: 3}).Game(context.Background(), rec, nil)
			if err != nil {
				t.Fatal(err)
			}
			before, played := replay(t, d, rec)
			for i := range played {
				live, err := quality.New(d, quality.Options{Depth: 3}).Analyze(context.Background(), before[i], i+1, played[i])
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(live, rep.Moves[i]) {
					t.Fatalf("ply %d: live %+v\nrecord %+v", i+1, live, rep.Moves[i])
				}
			}
		})
	}
}

// TestSGFRoundTrip: the analysis written into SGF reads back with the same
// moves, classes and values.
func TestSGFRoundTrip(t *testing.T) {
	for _, game := range []string{"gomoku", "othello"} {
		t.Run(game, func(t *testing.T) {
			rec, rep, data := analyzedSGF(t, game, [2]int{1, 2}, 5)
			back, _, err := registry.ReadRecord("x.sgf", data)
			if err != nil {
				t.Fatalf("%v\n%s", err, data)
			}
			if strings.Join(back.Moves, " ") != strings.Join(rec.Moves, " ") {
				t.Fatalf("moves %v, want %v", back.Moves, rec.Moves)
			}
			notes, err := quality.Notes(data)
			if err != nil {
				t.Fatal(err)
			}
			if len(notes) != len(rep.Moves) {
				t.Fatalf("%d notes for %d moves", len(notes), len(rep.Moves))
			}
			classes := map[quality.Class]bool{}
			for i, n := range notes {
				m := rep.Moves[i]
				classes[m.Class] = true
				if !n.HasClass || n.Class != m.Class {
					t.Errorf("ply %d: class %v (%v) read back, want %v; comment %q", m.Ply, n.Class, n.HasClass, m.Class, n.Comment)
				}
				v := rep.Scale.Number(m.Value)
				if rep.Scale.Unit == "" {
					v = 2*v - 100
				}
				if m.Color != lookup(t, game).Colors[0] {
					v = -v
				}
				if !n.HasValue || math.Abs(n.Value-v) > 0.006 {
					t.Errorf("ply %d: V %v read back, want %.2f", m.Ply, n.Value, v)
				}
			}
			if len(classes) < 2 {
				t.Errorf("only the classes %v: not a test", classes)
			}
		})
	}
}

// TestSummary: the counts add up to the moves, and a side that plays
// only best moves has an accuracy of 100.
func TestSummary(t *testing.T) {
	d := lookup(t, "othello")
	moves := []quality.Move{
		{Ply: 1, Seat: 0, Class: quality.Best},
		{Ply: 2, Seat: 1, Class: quality.Blunder, Drop: 40, Loss: 20},
		{Ply: 3, Seat: 0, Class: quality.Best},
		{Ply: 4, Seat: 1, Class: quality.Good, Drop: 0, Loss: 1},
		{Ply: 5, Seat: 0, Class: quality.Best, Forced: true},
	}
	rep := quality.Summarize(d, quality.Scale{}, nil, moves)
	if s := rep.Sides[0]; s.Accuracy != 100 || s.Counts[quality.Best] != 3 || s.Moves != 2 || s.Color != "Black" {
		t.Errorf("Black's summary %+v", s)
	}
	w := rep.Sides[1]
	want := (quality.MoveAccuracy(40) + 100) / 2
	if math.Abs(w.Accuracy-want) > 1e-9 || w.Counts[quality.Blunder] != 1 || w.MeanLoss != 10.5 {
		t.Errorf("White's summary %+v, want accuracy %v", w, want)
	}
	if a := quality.MoveAccuracy(40); a < 10 || a > 20 {
		t.Errorf("a 40%% drop's accuracy %v, want lichess's about 15", a)
	}
}

// TestScales: every game has its own scale (ai.Analyst), and a score maps
// to an expected score that grows with it.
func TestScales(t *testing.T) {
	want := map[string]struct {
		unit             string
		logitLo, logitHi float64
	}{
		"othello": {"discs", 500, 700},
		"gomoku":  {"", 1200, 1400},
		"dvonn":   {"", 150, 200},
		"alak":    {"", 500, 700},
	}
	for game, w := range want {
		d := lookup(t, game)
		s, _ := d.Start(d.Defaults())
		sc := quality.ScaleFor(s)
		if sc.Unit != w.unit || sc.Logit < w.logitLo || sc.Logit > w.logitHi || sc.Inaccuracy <= 0 || sc.Mistake <= sc.Inaccuracy || sc.Blunder <= sc.Mistake {
			t.Errorf("%s: scale %+v", game, sc)
		}
		lo, mid, hi := sc.Expected(quality.Value{Score: -300}), sc.Expected(quality.Value{}), sc.Expected(quality.Value{Score: 300})
		if !(lo < mid && mid == 0.5 && mid < hi) {
			t.Errorf("%s: expected scores %v %v %v", game, lo, mid, hi)
		}
	}
}

// TestDvonnExactEndgame: in a DVONN game the analysis solves the last
// moves exactly (ai/dvonnai's endgame solver): their values are exact
// proven results, and a move that throws away a proven win is a missed
// win.
func TestDvonnExactEndgame(t *testing.T) {
	d := lookup(t, "dvonn")
	rec := selfPlay(t, d, [2]int{1, 2}, 3, 400)
	a := quality.New(d, quality.Options{Depth: 2})
	rep, err := a.Game(context.Background(), rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := len(rep.Moves)
	if n < 60 {
		t.Fatalf("a DVONN game of %d plies", n)
	}
	exact := 0
	for _, m := range rep.Moves[n-4:] {
		if m.Forced {
			continue
		}
		if !m.Value.Exact || !m.BestValue.Exact {
			t.Errorf("ply %d %s: values not exact near the end: %+v", m.Ply, m.Move, m)
		}
		exact++
		if m.BestValue.ProvenWin() && !m.Value.ProvenWin() && m.Class != quality.MissedWin {
			t.Errorf("ply %d: a proven win thrown away is %s", m.Ply, m.Class)
		}
	}
	t.Logf("%d of the last 4 moves judged exactly", exact)
}

// analyzedSGF plays a game of up to 30 plies between levels (selfPlay,
// seed), judges it at depth 2 and returns the record, the report and the
// report's SGF.
func analyzedSGF(t *testing.T, game string, levels [2]int, seed uint64) (*rules.Record, *quality.Report, []byte) {
	t.Helper()
	d := lookup(t, game)
	rec := selfPlay(t, d, levels, seed, 30)
	rep, err := quality.New(d, quality.Options{Depth: 2}).Game(context.Background(), rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := rep.SGF(rec)
	if err != nil {
		t.Fatal(err)
	}
	return rec, rep, data
}
