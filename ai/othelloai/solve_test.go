package othelloai

import (
	"bufio"
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// dataDir is /work/shared/data seen from this package's directory.
const dataDir = "../../../shared/data/"

// ffoPosition is one line of an OBF file: the position, the exact score of
// the best move and every move reaching it.
type ffoPosition struct {
	num   int
	board *othello.Board
	score int
	best  []rules.Move
}

// readOBF reads an OBF file (`<board> X; G8:+18; H1:+12; ...`), numbering
// the positions from first. It skips the test when the file is missing.
func readOBF(t testing.TB, name string, first int) []ffoPosition {
	t.Helper()
	path := dataDir + name
	if _, err := os.Stat("testdata/" + name); err == nil {
		path = "testdata/" + name
	}
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("test data missing: %v", err)
	}
	defer f.Close()
	var out []ffoPosition
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		b, err := othello.ParsePosition(line)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		p := ffoPosition{num: first + len(out), board: b, score: -99}
		for _, field := range strings.Split(line, ";")[1:] {
			mv, sc, ok := strings.Cut(strings.TrimSpace(field), ":")
			if !ok {
				continue
			}
			v, err := strconv.Atoi(sc)
			if err != nil {
				t.Fatalf("%s: bad score %q", name, field)
			}
			m, err := b.ParseMove(mv)
			if err != nil {
				t.Fatalf("%s #%d: move %q: %v", name, p.num, mv, err)
			}
			switch {
			case v > p.score:
				p.score, p.best = v, []rules.Move{m}
			case v == p.score:
				p.best = append(p.best, m)
			}
		}
		if len(p.best) == 0 {
			t.Fatalf("%s #%d: no move scores", name, p.num)
		}
		out = append(out, p)
	}
	return out
}

func checkFFO(t *testing.T, p ffoPosition) {
	t.Helper()
	before := p.board.Position()
	start := time.Now()
	m, d, nodes, ok := SolveExact(context.Background(), p.board)
	if !ok {
		t.Fatalf("FFO #%d: not solved", p.num)
	}
	if d != p.score || !slices.Contains(p.best, m) {
		t.Errorf("FFO #%d: %s %+d, want %+d by one of %v", p.num, p.board.MoveString(m), d, p.score, p.best)
	}
	if p.board.Position() != before {
		t.Errorf("FFO #%d: SolveExact changed the board", p.num)
	}
	t.Logf("FFO #%d (%d empties): %s %+d, %d nodes, %v", p.num, p.board.Empties(), p.board.MoveString(m), d, nodes, time.Since(start))
}

func TestFFO1to19(t *testing.T) {
	for _, p := range readOBF(t, "fforum-1-19.obf", 1) {
		checkFFO(t, p)
	}
}

// maxTestEmpties bounds the positions of fforum-20-39 solved by
// TestFFO20to39Small: #20-#23 (6-18 empties), about 0.1 s each without the
// race detector. The whole set (up to 26 empties, minutes) is
// BenchmarkFFO20to39:
//
//	go test -run '^$' -bench FFO20to39 -benchtime 1x ./ai/othelloai
const maxTestEmpties = 18

func TestFFO20to39Small(t *testing.T) {
	n := 0
	for _, p := range readOBF(t, "fforum-20-39.obf", 20) {
		if p.board.Empties() <= maxTestEmpties {
			checkFFO(t, p)
			n++
		}
	}
	if n < 4 {
		t.Fatalf("%d positions of at most %d empties, want 4", n, maxTestEmpties)
	}
}

// minimax is plain negamax over the rules.State interface, without
// pruning: the reference for the solver at few empties.
func minimax(b *othello.Board) int {
	if over, sc := b.Outcome(); over {
		return sc
	}
	best := -65
	for _, m := range b.Moves(nil) {
		b.Play(m)
		v := -minimax(b)
		b.Undo()
		best = max(best, v)
	}
	return best
}

// randomPosition plays random moves from the start until empties remain
// (or the game ends).
func randomPosition(r *rand.Rand, empties int) *othello.Board {
	b := othello.New()
	var buf []rules.Move
	for b.Empties() > empties {
		buf = b.Moves(buf[:0])
		if len(buf) == 0 {
			break
		}
		b.Play(buf[r.IntN(len(buf))])
	}
	return b
}

func TestSolveMatchesMinimax(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 300; i++ {
		b := randomPosition(r, 1+i%9)
		want := minimax(b)
		m, got, _, ok := SolveExact(context.Background(), b)
		if !ok || got != want {
			t.Fatalf("%s: SolveExact = %+d (ok %v), minimax %+d", b.Position(), got, ok, want)
		}
		if over, _ := b.Outcome(); over {
			if m != rules.NoMove {
				t.Errorf("%s: finished game, move %d", b.Position(), m)
			}
			continue
		}
		// The returned move reaches the value.
		b.Play(m)
		v := minimax(b)
		b.Undo()
		if -v != want {
			t.Errorf("%s: move %s scores %+d, best is %+d", b.Position(), b.MoveString(m), -v, want)
		}
	}
}

// plainEvalSearch is evalSearch without pruning, as a reference.
func plainEvalSearch(own, opp uint64, depth int) int {
	mob := othello.MovesMask(own, opp)
	if depth == 0 || mob == 0 && othello.MovesMask(opp, own) == 0 {
		return EvaluatePatterns(own, opp)
	}
	if mob == 0 {
		return -plainEvalSearch(opp, own, depth-1)
	}
	best := -ai.MaxEval
	for m := mob; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := othello.FlipsMask(sq, own, opp)
		best = max(best, -plainEvalSearch(opp&^f, own|f|1<<uint(sq), depth-1))
	}
	return best
}

func TestEvalSearch(t *testing.T) {
	// The alpha-beta search of the solver's move order returns the
	// negamax value of its depth, and depth 1 is evalSearch1.
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 200; i++ {
		b := randomPosition(r, 10+i%40)
		own, opp := b.Bitboards()
		mob := othello.MovesMask(own, opp)
		for d := 1; d <= 3; d++ {
			if got, want := evalSearch(own, opp, mob, d, -ai.MaxEval, ai.MaxEval), plainEvalSearch(own, opp, d); got != want {
				t.Fatalf("%s depth %d: evalSearch %d, negamax %d", b.Position(), d, got, want)
			}
		}
		if got, want := evalSearch(own, opp, mob, 1, -ai.MaxEval, ai.MaxEval), evalSearch1(own, opp, mob); mob != 0 && got != want {
			t.Fatalf("%s: depth 1 %d, evalSearch1 %d", b.Position(), got, want)
		}
	}
}

func TestSolvePassAndOver(t *testing.T) {
	// Black to move with a1 white, b1 black: black must pass.
	b, err := othello.ParsePosition("OX------" + strings.Repeat("-", 56) + " X")
	if err != nil {
		t.Fatal(err)
	}
	m, d, _, ok := SolveExact(context.Background(), b)
	if !ok || m != rules.Pass || d != -64 {
		t.Errorf("forced pass: %d %+d %v, want Pass -64", m, d, ok)
	}
	b.Play(rules.Pass)
	b.Play(2) // white c1 wipes black out
	m, d, n, ok := SolveExact(context.Background(), b)
	if !ok || m != rules.NoMove || d != -64 || n != 0 {
		t.Errorf("game over: %d %+d %d %v, want NoMove -64 0 true", m, d, n, ok)
	}
}

func TestSolveCancel(t *testing.T) {
	ps := readOBF(t, "fforum-20-39.obf", 20)
	hard := ps[len(ps)-1].board // #39, 26 empties: far longer than the timeout
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, n, ok := SolveExact(ctx, hard); ok || n != 0 {
		t.Errorf("canceled context: ok %v nodes %d, want false 0", ok, n)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, _, _, ok := SolveExact(ctx, hard)
	if ok {
		t.Skip("solved FFO #39 within 30 ms: cannot test cancellation")
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("canceled solve returned after %v", el)
	}
	// The table must not hold values of the aborted search: a solve of an
	// easier position right after is still exact.
	checkFFO(t, readOBF(t, "fforum-1-19.obf", 1)[0])
}

func TestKnowledgeSolve(t *testing.T) {
	k := New()
	ps := readOBF(t, "fforum-1-19.obf", 1)
	p := ps[0]
	m, score, _, ok := k.Solve(context.Background(), p.board)
	if !ok || score != 100*p.score || !slices.Contains(p.best, m) {
		t.Errorf("Solve(FFO #1) = %d %d %v, want %d", m, score, ok, 100*p.score)
	}
	k.MaxSolveEmpties, k.MaxWLDEmpties, k.MaxSelectiveEmpties = p.board.Empties()-1, 0, 0
	if _, _, n, ok := k.Solve(context.Background(), p.board); ok || n != 0 {
		t.Errorf("Solve above MaxSolveEmpties, no WLD: ok %v nodes %d", ok, n)
	}
	if _, _, _, ok := k.Solve(context.Background(), fakeState{}); ok {
		t.Errorf("Solve of a non-Othello state reports ok")
	}
}

// fakeState is a rules.State of another game.
type fakeState struct{ rules.State }

func TestSolveNoAllocs(t *testing.T) {
	b := readOBF(t, "fforum-1-19.obf", 1)[0].board
	SolveExact(context.Background(), b) // warm up: the pool's solver and table
	allocs := testing.AllocsPerRun(3, func() {
		SolveExact(context.Background(), b)
	})
	if allocs != 0 {
		t.Errorf("SolveExact allocates %.1f times per solve", allocs)
	}
}

// clearTables empties the transposition tables of the pooled solvers,
// exact and selective, so a benchmark measures a cold solve.
func clearTables() {
	for _, p := range []*pool{&solverPool, &selectivePool} {
		p.Lock()
		for _, s := range p.free {
			clear(s.tt)
		}
		p.Unlock()
	}
}

func benchFFO(b *testing.B, ps []ffoPosition) {
	for _, p := range ps {
		b.Run(fmt.Sprintf("%d", p.num), func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				b.StopTimer()
				clearTables()
				b.StartTimer()
				m, d, n, ok := SolveExact(context.Background(), p.board)
				if !ok || d != p.score || !slices.Contains(p.best, m) {
					b.Fatalf("FFO #%d: %d %+d, want %+d", p.num, m, d, p.score)
				}
				nodes = n
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}

// BenchmarkFFO solves FFO #1-#19 (14-20 empties), one sub-benchmark each.
func BenchmarkFFO(b *testing.B) { benchFFO(b, readOBF(b, "fforum-1-19.obf", 1)) }

// BenchmarkFFO40to59 solves FFO #40-#59 (20-24 empties; #50-#59 take
// minutes each): go test -run '^$' -bench 'FFO40to59/#4' -benchtime 1x.
func BenchmarkFFO40to59(b *testing.B) { benchFFO(b, readOBF(b, "fforum-40-59.obf", 40)) }

// BenchmarkFFO20to39 solves FFO #20-#39 (6-26 empties).
func BenchmarkFFO20to39(b *testing.B) { benchFFO(b, readOBF(b, "fforum-20-39.obf", 20)) }

func TestSolveConcurrent(t *testing.T) {
	ps := readOBF(t, "fforum-1-19.obf", 1)[:6]
	errs := make(chan error, 2*len(ps))
	for g := 0; g < 2; g++ {
		go func() {
			for i := range ps {
				p := ps[(i+3*g)%len(ps)]
				_, d, _, ok := SolveExact(context.Background(), p.board.Copy())
				if !ok || d != p.score {
					errs <- fmt.Errorf("FFO #%d: %+d %v, want %+d", p.num, d, ok, p.score)
					continue
				}
				errs <- nil
			}
		}()
	}
	for range 2 * len(ps) {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func TestSolveWLD(t *testing.T) {
	// On FFO #1-#19 (known exact scores) the WLD value has the sign of the
	// score and bounds it; a winning or drawing move keeps the result
	// (checked by an exact solve of the position after it). Knowledge.Solve
	// answers from the WLD solve above MaxSolveEmpties only when the side
	// to move does not lose (a fail-soft bound: it depends on what the
	// table holds from earlier solves).
	k := New()
	for _, p := range readOBF(t, "fforum-1-19.obf", 1) {
		before := p.board.Position()
		m, v, _, ok := SolveWLD(context.Background(), p.board)
		if !ok || ai.Sign(v) != ai.Sign(p.score) || v > 0 && v > p.score || v < 0 && v < p.score {
			t.Errorf("FFO #%d: WLD %+d ok %v, exact %+d", p.num, v, ok, p.score)
			continue
		}
		if p.board.Position() != before {
			t.Errorf("FFO #%d: SolveWLD changed the board", p.num)
		}
		if v >= 0 {
			child := p.board.Clone().(*othello.Board)
			child.Play(m)
			_, d, _, _ := SolveExact(context.Background(), child)
			if ai.Sign(-d) != ai.Sign(p.score) {
				t.Errorf("FFO #%d: WLD move %s leads to %+d, the position is %+d", p.num, p.board.MoveString(m), -d, p.score)
			}
		}
		k.MaxSolveEmpties, k.MaxWLDEmpties = p.board.Empties()-1, p.board.Empties()
		km, got, _, kok := k.Solve(context.Background(), p.board)
		switch {
		case p.score < 0 && kok:
			t.Errorf("FFO #%d: Solve answers a lost position (%s %d)", p.num, p.board.MoveString(km), got)
		case p.score >= 0 && (!kok || ai.Sign(got) != ai.Sign(p.score) || got > 100*p.score):
			t.Errorf("FFO #%d: Solve = %d %v, want a bound of %d with its sign", p.num, got, kok, 100*p.score)
		}
	}
}

func TestSolveStretch(t *testing.T) {
	// With Stretch and a deadline, Solve goes beyond MaxSolveEmpties when
	// the solve fits half the time left (here an hour: exact), and
	// declines at once when it does not (a deadline already past).
	p := readOBF(t, "fforum-1-19.obf", 1)[0]
	k := &Knowledge{MaxSolveEmpties: p.board.Empties() - 1, Stretch: true}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	m, score, _, ok := k.Solve(ctx, p.board)
	if !ok || score != 100*p.score || !slices.Contains(p.best, m) {
		t.Errorf("Solve(FFO #1) within an hour = %d %d %v, want %d", m, score, ok, 100*p.score)
	}
	past, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	if _, _, n, ok := k.Solve(past, p.board); ok || n != 0 {
		t.Errorf("Solve with no time left: ok %v nodes %d", ok, n)
	}
	if solveFits(20, false, time.Hour) != true || solveFits(40, false, time.Second) != false {
		t.Errorf("solveFits: 20 empties in an hour or 40 in a second misjudged")
	}
	if !solveFits(22, true, time.Hour) || solveFits(22, true, 0) {
		t.Errorf("solveFits: a WLD solve misjudged")
	}
}

func TestSolveWLDDeadline(t *testing.T) {
	// Up to MaxWLDEmpties, Solve runs a WLD solve without Stretch when the
	// deadline leaves time for it (FFO #1 is a win: a winning move with a
	// positive bound), and declines at once with a deadline already past.
	p := readOBF(t, "fforum-1-19.obf", 1)[0]
	e := p.board.Empties()
	k := &Knowledge{MaxSolveEmpties: e - 1, MaxWLDEmpties: e}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	m, v, _, ok := k.Solve(ctx, p.board)
	if !ok || v <= 0 || v > 100*p.score {
		t.Fatalf("Solve(FFO #1, %+d) within an hour = %d %d %v, want a win", p.score, m, v, ok)
	}
	child := p.board.Clone().(*othello.Board)
	child.Play(m)
	if _, d, _, _ := SolveExact(context.Background(), child); d >= 0 {
		t.Errorf("WLD move %s of FFO #1 leads to %+d for the opponent, want a win", p.board.MoveString(m), d)
	}
	past, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	if _, _, n, ok := k.Solve(past, p.board); ok || n != 0 {
		t.Errorf("WLD Solve with no time left: ok %v nodes %d", ok, n)
	}
	if !wldWorth(22, 10*time.Second) || wldWorth(22, time.Millisecond) || wldWorth(30, time.Second) {
		t.Errorf("wldWorth misjudged 22 empties in 10 s or 1 ms, or 30 empties in 1 s")
	}
}

func TestSolveWLDSelective(t *testing.T) {
	// On FFO #1-#19: with a margin no evaluation reaches, the selective
	// solve is the exact WLD solve (the same sign everywhere); with 12
	// discs it visits fewer nodes and keeps the sign in most positions,
	// its winning or drawing moves keep the result, and an exact solve
	// afterwards is still right (its table is kept apart).
	ps := readOBF(t, "fforum-1-19.obf", 1)
	var exactNodes, selNodes int64
	kept := 0
	for _, p := range ps {
		clearTables()
		_, v, _, ok := SolveWLDSelective(context.Background(), p.board, 5000)
		if !ok || ai.Sign(v) != ai.Sign(p.score) {
			t.Errorf("FFO #%d: selective WLD with no cut = %+d %v, exact %+d", p.num, v, ok, p.score)
		}
		clearTables()
		_, _, n, _ := SolveWLD(context.Background(), p.board)
		exactNodes += n
		m, v, n, ok := SolveWLDSelective(context.Background(), p.board, 12)
		selNodes += n
		if !ok {
			t.Fatalf("FFO #%d: selective WLD not finished", p.num)
		}
		if ai.Sign(v) == ai.Sign(p.score) {
			kept++
		}
		if v >= 0 && ai.Sign(v) == ai.Sign(p.score) {
			child := p.board.Clone().(*othello.Board)
			child.Play(m)
			if _, d, _, _ := SolveExact(context.Background(), child); ai.Sign(-d) != ai.Sign(p.score) {
				t.Errorf("FFO #%d: selective WLD move %s leads to %+d, the position is %+d", p.num, p.board.MoveString(m), -d, p.score)
			}
		}
	}
	t.Logf("selective WLD (12 discs): %d of %d signs kept, %d nodes against %d", kept, len(ps), selNodes, exactNodes)
	if kept < len(ps)*3/4 || selNodes >= exactNodes {
		t.Errorf("selective WLD (12 discs): %d of %d signs kept, %d nodes against the exact WLD's %d", kept, len(ps), selNodes, exactNodes)
	}
	checkFFO(t, ps[0])
	// Solve uses it above MaxWLDEmpties: FFO #1 is a win.
	p := ps[0]
	e := p.board.Empties()
	k := &Knowledge{MaxSolveEmpties: e - 2, MaxWLDEmpties: e - 1, MaxSelectiveEmpties: e, SelectiveMargin: 12}
	if m, v, _, ok := k.Solve(context.Background(), p.board); !ok || v <= 0 || !slices.Contains(p.board.Moves(nil), m) {
		t.Errorf("Solve(FFO #1) with a selective WLD = %d %d %v, want a win", m, v, ok)
	}
	k.SelectiveMargin = 0
	if _, _, n, ok := k.Solve(context.Background(), p.board); ok || n != 0 {
		t.Errorf("Solve with SelectiveMargin 0 above MaxWLDEmpties: ok %v nodes %d", ok, n)
	}
}
