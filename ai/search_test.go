package ai

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"planiverse/rules"
)

func TestTicTacToeDraw(t *testing.T) {
	e := NewEngine(1)
	e.SetKnowledge(&Mobility{}) // toy games have no installed knowledge
	s := &tictac{}
	r := e.Search(context.Background(), s, Limits{}, nil)
	if r.Score != 0 || r.Move == rules.NoMove || len(s.hist) != 0 {
		t.Fatalf("empty board: %+v, want a draw and s untouched", r)
	}
	// X to move with a win in one (X at 0,1; O at 3,4): 2 wins at once.
	for _, m := range []rules.Move{0, 3, 1, 4} {
		s.Play(m)
	}
	r = e.Search(context.Background(), s, Limits{Depth: 5}, nil)
	if r.Move != 2 || r.Score != WinScore-1 {
		t.Fatalf("win in one: got %+v, want move 2 score %d", r, WinScore-1)
	}
}

// takeTheory is the solved take game: the side to move loses when the heap
// is a multiple of 4... except that a take of 3 repeats the turn, so we
// compute it by plain recursion.
func takeTheory(heap int) bool {
	if heap == 0 {
		return false
	}
	for k := 1; k <= 3 && k <= heap; k++ {
		if k == heap {
			return true
		}
		if k == 3 {
			if takeTheory(heap - 3) {
				return true
			}
		} else if !takeTheory(heap - k) {
			return true
		}
	}
	return false
}

func TestTakeGameNonAlternating(t *testing.T) {
	e := NewEngine(1)
	e.SetKnowledge(hashEval{})
	for n := 1; n <= 25; n++ {
		r := e.Search(context.Background(), newTake(n), Limits{}, nil)
		win := takeTheory(n)
		if win != (r.Score > MateBound) || !win && r.Score > -MateBound {
			t.Errorf("heap %d: score %d, theory says win=%v", n, r.Score, win)
		}
		if win {
			g := newTake(n)
			g.Play(r.Move)
			over, _ := g.Outcome()
			if !over && takeTheory(g.heap) == (g.turn != 0) {
				t.Errorf("heap %d: winning score but move %d does not keep the win", n, r.Move)
			}
		}
	}
}

// randomWalk plays up to plies random moves on s (stopping before the end).
func randomWalk(s rules.State, r *rand.Rand, plies int) {
	var buf []rules.Move
	for range plies {
		buf = s.Moves(buf[:0])
		if len(buf) == 0 {
			return
		}
		m := buf[r.IntN(len(buf))]
		s.Play(m)
		if over, _ := s.Outcome(); over {
			s.Undo()
			return
		}
	}
}

// checkMinimax compares Search's score at each depth 1..maxD with the plain
// minimax value, over n random positions from newState.
func checkMinimax(t *testing.T, name string, newState func() rules.State, ev Knowledge, n, walk, maxD int) {
	t.Helper()
	r := rand.New(rand.NewPCG(1, uint64(len(name))))
	e := NewEngine(1)
	e.SetKnowledge(ev)
	e.setExactDepth(true)
	for i := range n {
		s := newState()
		randomWalk(s, r, r.IntN(walk+1))
		for d := 1; d <= maxD; d++ {
			e.ClearHash()
			res := e.search(context.Background(), s, Limits{Depth: d}, nil, false)
			want := minimax(s, ev, d, 0)
			if over, _ := s.Outcome(); over {
				continue
			}
			if res.Score != want {
				t.Fatalf("%s position %d depth %d: search %d, minimax %d\n%s", name, i, d, res.Score, want, s)
			}
			// The move must achieve the score.
			side := s.ToMove()
			s.Play(res.Move)
			v := minimax(s, ev, d-1, 1)
			if s.ToMove() != side {
				v = -v
			}
			s.Undo()
			if v != want && res.Depth == d {
				t.Fatalf("%s position %d depth %d: move %d scores %d, not the minimax %d", name, i, d, res.Move, v, want)
			}
		}
	}
}

func TestSearchEqualsMinimaxToys(t *testing.T) {
	checkMinimax(t, "tictactoe", func() rules.State { return &tictac{} }, hashEval{}, 60, 5, 6)
	checkMinimax(t, "take", func() rules.State { return newTake(23) }, hashEval{}, 60, 8, 9)
	checkMinimax(t, "wide", func() rules.State { return newWide() }, hashEval{}, 15, 10, 4)
}

func TestCancelPrompt(t *testing.T) {
	e := NewEngine(4)
	e.SetKnowledge(hashEval{})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	begin := time.Now()
	res := e.Search(ctx, newWide(), Limits{}, nil)
	if el := time.Since(begin); el > time.Second {
		t.Fatalf("search took %v after a 20 ms cancel", el)
	}
	if res.Move > 7 || res.Depth < 1 {
		t.Fatalf("canceled search: %+v, want a legal move from a finished iteration", res)
	}
	// Already canceled: still a legal move.
	res = e.Search(ctx, newWide(), Limits{}, nil)
	if res.Move > 7 {
		t.Fatalf("pre-canceled search: %+v", res)
	}
}

func TestLimits(t *testing.T) {
	e := NewEngine(1)
	e.SetKnowledge(hashEval{})
	res := e.Search(context.Background(), newWide(), Limits{Nodes: 5000}, nil)
	if res.Nodes > 5000+1024 || res.Move > 7 {
		t.Errorf("node limit 5000: %+v", res)
	}
	res = e.Search(context.Background(), newWide(), Limits{Depth: 3}, nil)
	if res.Depth != 3 || len(res.PV) != 3 || res.PV[0] != res.Move {
		t.Errorf("depth 3: %+v, want depth 3 and a 3-move PV", res)
	}
	// Time by a test clock that advances 1 ms at every reading.
	clock := time.Now()
	e.now = func() time.Time { clock = clock.Add(time.Millisecond); return clock }
	res = e.Search(context.Background(), newWide(), Limits{Time: 30 * time.Millisecond}, nil)
	if res.Elapsed > 33*time.Millisecond || res.Depth < 1 || res.Move > 7 {
		t.Errorf("time limit 30 ms: %+v", res)
	}
	e.now = nil
	var infos []Info
	e = NewEngine(1) // a fresh table: no cutoffs shorten the PV
	e.SetKnowledge(hashEval{})
	e.Search(context.Background(), newWide(), Limits{Depth: 4}, func(i Info) { infos = append(infos, i) })
	if len(infos) != 4 || infos[3].Depth != 4 || len(infos[3].PV) != 4 {
		t.Errorf("reports for depth 4: %+v", infos)
	}
}

func TestSearchDoesNotMutate(t *testing.T) {
	e := NewEngine(1)
	e.SetKnowledge(&Mobility{}) // toy games have no installed knowledge
	s := newTake(17)
	s.Play(2)
	h, n := s.Hash(), len(s.hist)
	e.Search(context.Background(), s, Limits{Depth: 6}, nil)
	e.Play(context.Background(), s, 1, rand.New(rand.NewPCG(1, 2)), nil)
	if s.Hash() != h || len(s.hist) != n {
		t.Fatal("search changed the caller's state")
	}
}

func TestSearchAllocs(t *testing.T) {
	e := NewEngine(1)
	e.SetKnowledge(hashEval{})
	s := newWide()
	allocs := func(d int) float64 {
		return testing.AllocsPerRun(5, func() {
			e.Search(context.Background(), s, Limits{Depth: d}, nil)
		})
	}
	a2, a5 := allocs(2), allocs(5)
	// Per call: the Clone and the result's PV; nothing per node.
	if a5 != a2 || a5 > 6 {
		t.Fatalf("allocations per search: depth 2 %v, depth 5 %v; want equal and small", a2, a5)
	}
}

func TestLevels(t *testing.T) {
	ls := Levels()
	if len(ls) != MaxLevel || ls[0].Name != "Beginner" || ls[MaxLevel-1].Name != "Master" {
		t.Fatalf("levels: %+v", ls)
	}
	for i, l := range ls {
		if l.Number != i+1 || l.Description == "" {
			t.Errorf("level %d: %+v", i+1, l)
		}
	}
	e := NewEngine(1)
	e.SetKnowledge(&Mobility{}) // toy games have no installed knowledge
	e.SetMoveTime(20 * time.Millisecond)
	r := rand.New(rand.NewPCG(3, 4))
	for lv := 0; lv <= MaxLevel+1; lv++ {
		s := &tictac{}
		for {
			if over, _ := s.Outcome(); over {
				break
			}
			res := e.Play(context.Background(), s, lv, r, nil)
			if _, err := s.ParseMove(s.MoveString(res.Move)); err != nil {
				t.Fatalf("level %d: illegal move %d: %v", lv, res.Move, err)
			}
			s.Play(res.Move)
		}
	}
}

// deepReducer is the hash evaluation with hooks that reduce every late
// move as far as the search lets it, counting the calls, and reduce
// internally from 2 plies.
type deepReducer struct {
	hashEval
	calls *int
}

func (d deepReducer) LateReduction(depth, index int) int {
	*d.calls++
	return 100
}

func (d deepReducer) SearchHooks() Hooks {
	return Hooks{LateReduction: d.LateReduction, InternalReductionDepth: 2}
}

// TestReducerKeepsProvenResults checks that the hooks' reductions, however
// large (the search clamps them), and internal iterative reduction from 2
// plies leave the take game's proven results right: a reduced move that
// fails high, or returns a proven loss, is searched again at full depth.
func TestReducerKeepsProvenResults(t *testing.T) {
	calls := 0
	e := NewEngine(1)
	e.SetKnowledge(deepReducer{calls: &calls})
	for n := 1; n <= 25; n++ {
		e.ClearHash()
		r := e.Search(context.Background(), newTake(n), Limits{}, nil)
		win := takeTheory(n)
		if win != (r.Score > MateBound) || !win && r.Score > -MateBound {
			t.Errorf("heap %d: score %d, theory says win=%v", n, r.Score, win)
		}
	}
	if calls == 0 {
		t.Error("LateReduction was never asked")
	}
}

// takeChecker hooks a QuickWin for the take game into the search: a heap
// of 1 or 2 is taken whole, a win in 1 ply.
type takeChecker struct {
	hashEval
	calls, proofs *int
}

func (c takeChecker) QuickWin(s rules.State, ply int) (int, bool) {
	*c.calls++
	if h := s.(*takeGame).heap; h == 1 || h == 2 {
		*c.proofs++
		return WinScore - (ply + 1), true
	}
	return 0, false
}

func (c takeChecker) SearchHooks() Hooks { return Hooks{QuickWin: c.QuickWin} }

// TestQuickWinEndsNodes checks that the search takes the hooks' QuickWin
// proven results below the root: the same scores as without it where the
// search reaches the end, and a win it could not see at its horizon.
func TestQuickWinEndsNodes(t *testing.T) {
	calls, proofs := 0, 0
	e := NewEngine(1)
	e.SetKnowledge(takeChecker{calls: &calls, proofs: &proofs})
	plain := NewEngine(1)
	plain.SetKnowledge(hashEval{})
	for n := 1; n <= 25; n++ {
		e.ClearHash()
		plain.ClearHash()
		r := e.Search(context.Background(), newTake(n), Limits{Depth: 12}, nil)
		p := plain.Search(context.Background(), newTake(n), Limits{Depth: 12}, nil)
		win := takeTheory(n)
		if win != (r.Score > MateBound) || !win && r.Score > -MateBound {
			t.Errorf("heap %d: score %d, theory says win=%v", n, r.Score, win)
		}
		if r.Score != p.Score {
			t.Errorf("heap %d: score %d with the checker, %d without", n, r.Score, p.Score)
		}
	}
	if proofs == 0 || calls == proofs {
		t.Errorf("the checker proved %d of %d nodes", proofs, calls)
	}
	// Beyond the horizon: from a heap of 5, taking 3 leaves 2 and the same
	// side to move, which a search of 1 ply sees as won only by the check.
	e.ClearHash()
	plain.ClearHash()
	r := e.Search(context.Background(), newTake(5), Limits{Depth: 1}, nil)
	p := plain.Search(context.Background(), newTake(5), Limits{Depth: 1}, nil)
	if r.Move != 3 || r.Score != WinScore-2 {
		t.Errorf("heap 5, 1 ply: move %d score %d with the checker, want 3 and %d", r.Move, r.Score, WinScore-2)
	}
	if p.Score > MateBound {
		t.Errorf("heap 5, 1 ply: score %d without the checker, want no proven win", p.Score)
	}
}
