package puzzle

import (
	"math/rand/v2"
	"testing"
)

// firstShipped returns the first shipped puzzle of game with at least n
// player moves; it fails the test when there is none.
func firstShipped(t *testing.T, game string, n int) *Puzzle {
	t.Helper()
	ps, err := Shipped(game)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ps {
		if ps[i].PlayerMoves() >= n {
			return &ps[i]
		}
	}
	t.Fatalf("%s: no shipped puzzle of %d player moves", game, n)
	return nil
}

// TestAttemptPlaysLine checks an attempt: a wrong move is refused and
// counted, the right ones are answered by the line's replies, and the
// last solves the puzzle.
func TestAttemptPlaysLine(t *testing.T) {
	p := firstShipped(t, "othello", 2)
	a, err := Start(p)
	if err != nil {
		t.Fatal(err)
	}
	right, _ := a.State().ParseMove(p.Solution[0])
	for _, m := range a.State().Moves(nil) {
		if m != right {
			if v, _ := a.Try(m); v != Wrong {
				t.Fatalf("wrong move %s: verdict %d, want Wrong", a.State().MoveString(m), v)
			}
			break
		}
	}
	if a.Tries != 1 || a.Clean() {
		t.Errorf("tries %d clean %v after a wrong move, want 1 false", a.Tries, a.Clean())
	}
	if h := a.Hint(); h != right || !a.Hinted {
		t.Errorf("hint %v hinted %v, want the solution's move %v and hinted", h, a.Hinted, right)
	}
	for i := 0; i < len(p.Solution); i += 2 {
		m, err := a.State().ParseMove(p.Solution[i])
		if err != nil {
			t.Fatal(err)
		}
		v, reply := a.Try(m)
		last := i == len(p.Solution)-1
		switch {
		case last && v != Solved:
			t.Errorf("last move: verdict %d, want Solved", v)
		case !last && (v != Correct || a.State().MoveString(reply) == ""):
			t.Errorf("move %d: verdict %d, want Correct with a reply", i+1, v)
		}
	}
	if !a.Done() {
		t.Error("not done after the whole line")
	}
}

// TestShowSolution checks that showing the solution ends the attempt
// and spoils it.
func TestShowSolution(t *testing.T) {
	p := firstShipped(t, "dvonn", 1)
	a, err := Start(p)
	if err != nil {
		t.Fatal(err)
	}
	rest := a.ShowSolution()
	if len(rest) != len(p.Solution) || !a.Done() || a.Clean() {
		t.Errorf("shown %v done %v clean %v; want the whole line, done, not clean", rest, a.Done(), a.Clean())
	}
}

// TestProgressRecord checks rating, streak, history and retry list.
func TestProgressRecord(t *testing.T) {
	var pr Progress
	g := pr.Game("alak")
	p := Puzzle{ID: "a", Rating: 1500}
	g.Record(&p, true)
	g.Record(&Puzzle{ID: "b", Rating: 1500}, true)
	if g.Streak != 2 || g.Rating.R <= 1500 || len(g.History) != 2 {
		t.Errorf("after two solved: streak %d rating %.0f history %d", g.Streak, g.Rating.R, len(g.History))
	}
	g.Record(&Puzzle{ID: "c", Rating: 1500}, false)
	if g.Streak != 0 || len(g.Retry) != 1 || g.Retry[0] != "c" {
		t.Errorf("after a failure: streak %d retry %v, want 0 [c]", g.Streak, g.Retry)
	}
	g.Record(&Puzzle{ID: "c", Rating: 1500}, true)
	if len(g.Retry) != 0 {
		t.Errorf("retry %v after solving it, want none", g.Retry)
	}
	back := ParseProgress(pr.Marshal())
	if bg := back.Game("alak"); bg.Streak != 1 || len(bg.History) != 4 || bg.Rating != g.Rating {
		t.Errorf("read back %+v, want %+v", bg, g)
	}
	if got := ParseProgress("not json"); len(got.Games) != 0 {
		t.Errorf("unreadable preferences gave %+v, want a new progress", got)
	}
}

// TestNextOffersNearRatingAndRetries checks that Next offers untried
// puzzles near the player's rating and a failed one again later.
func TestNextOffersNearRatingAndRetries(t *testing.T) {
	var ps []Puzzle
	for i := range 40 {
		ps = append(ps, Puzzle{ID: string(rune('A' + i)), Rating: 800 + 50*i, Themes: []string{ThemeCapture}})
	}
	var pr Progress
	g := pr.Game("alak")
	g.Rating.R = 1600
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		p := g.Next(ps, "", r)
		if p.Rating < 1600-5*50 || p.Rating > 1600+5*50 {
			t.Fatalf("offered %s rated %d, want within the 10 nearest to 1600", p.ID, p.Rating)
		}
	}
	failed := g.Next(ps, "", r)
	g.Record(failed, false)
	for i := range retryAfter {
		if p := g.Next(ps, ThemeCapture, r); p.ID == failed.ID && i < retryAfter {
			t.Fatalf("failed puzzle offered again after %d attempts, want %d", i, retryAfter)
		} else {
			g.Record(p, true)
		}
	}
	if p := g.Next(ps, "", r); p.ID != failed.ID {
		t.Errorf("after %d attempts offered %s, want the failed %s", retryAfter, p.ID, failed.ID)
	}
	if g.Next(ps, ThemeEndgame, r) != nil {
		t.Error("a theme no puzzle has offered one")
	}
}
