package session

import (
	"slices"
	"strings"
	"testing"

	"planiverse/app/internal/sessiontest"
	"planiverse/rules"
)

// playOthello plays moves (space separated) as the person between two
// people.
func playTexts(t *testing.T, c *Controller, moves string) {
	t.Helper()
	for _, text := range strings.Fields(moves) {
		m, err := c.State().ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Play(m); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
}

// TestReview walks back and forth through a game: the position on view is
// the one after that many moves, the game itself never changes, no move is
// taken while reviewing, and End returns to the game.
func TestReview(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	playTexts(t, c, "f5 d6 c3 d3 c4")
	live := c.State().Hash()
	hashes := []uint64{}
	_, fresh, _ := NewGame("othello", settings("othello", VsPerson).Options())
	hashes = append(hashes, fresh.Hash())
	for _, m := range strings.Fields("f5 d6 c3 d3 c4") {
		if err := rules.PlayMoves(fresh, m); err != nil {
			t.Fatal(err)
		}
		hashes = append(hashes, fresh.Hash())
	}
	changes := 0
	c.OnChange = func() { changes++ }
	for _, ply := range []int{2, 0, 4, 3, 1} {
		c.Review(ply)
		got, on := c.Reviewing()
		if !on || got != ply {
			t.Fatalf("Review(%d): Reviewing = %d, %v", ply, got, on)
		}
		if h := c.ViewState().Hash(); h != hashes[ply] {
			t.Fatalf("Review(%d) shows another position", ply)
		}
		if c.State().Hash() != live {
			t.Fatal("reviewing changed the game")
		}
		if c.PersonToMove() {
			t.Fatal("a move may be played while reviewing")
		}
	}
	if changes != 5 {
		t.Errorf("OnChange called %d times for 5 review steps", changes)
	}
	c.ReviewStep(-1)
	c.ReviewStep(-1)
	if ply, _ := c.Reviewing(); ply != 0 {
		t.Errorf("stepping back past the start: ply %d", ply)
	}
	m, _ := c.State().ParseMove("c5")
	if err := c.Play(m); err == nil {
		t.Fatal("Play accepted a move while reviewing")
	}
	c.Review(99)
	if _, on := c.Reviewing(); on || c.ViewState() != c.State() || !c.PersonToMove() {
		t.Fatal("Review past the end did not return to the game")
	}
	c.ReviewStep(-1)
	if ply, on := c.Reviewing(); !on || ply != 4 {
		t.Fatalf("ReviewStep(-1) from the game: %d %v", ply, on)
	}
	c.ReviewStep(1)
	if _, on := c.Reviewing(); on {
		t.Fatal("ReviewStep(1) from the last move did not return to the game")
	}
}

// TestContinueFromHere plays on from an earlier position: the later moves
// go to Redo, and Redo brings the game back.
func TestContinueFromHere(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	if c.CanContinue() {
		t.Fatal("CanContinue without review")
	}
	playTexts(t, c, "f5 d6 c3 d3 c4")
	end := c.State().Hash()
	c.Review(2)
	at2 := c.ViewState().Hash()
	if !c.ContinueFromHere() {
		t.Fatal("ContinueFromHere refused")
	}
	if _, on := c.Reviewing(); on {
		t.Fatal("still reviewing after Continue")
	}
	if texts, _, _ := c.History(); len(texts) != 2 || c.State().Hash() != at2 {
		t.Fatalf("after Continue from move 2: %d moves", len(texts))
	}
	if !c.PersonToMove() {
		t.Fatal("the person cannot move after Continue")
	}
	for c.CanRedo() {
		c.Redo()
	}
	if c.State().Hash() != end {
		t.Fatal("Redo did not bring back the game")
	}
	// A new move after Continue drops the old line.
	c.Review(1)
	c.ContinueFromHere()
	playTexts(t, c, "f6")
	if c.CanRedo() {
		t.Fatal("Redo after a new move")
	}
}

// TestReviewWhileComputerMoves: the computer's reply arrives while the
// person looks back; the view stays, the game goes on.
func TestReviewWhileComputerMoves(t *testing.T) {
	q := sessiontest.NewQueue()
	eng := sessiontest.NewScripted(true)
	c := newTestController(t, eng, q.Post, settings("othello", VsComputer))
	c.Start()
	playTexts(t, c, "f5")
	eng.WaitStarted(t)
	c.Review(0)
	close(eng.Release)
	q.RunUntil(t, "the computer's move", func() bool { texts, _, _ := c.History(); return len(texts) == 2 })
	if ply, on := c.Reviewing(); !on || ply != 0 {
		t.Fatalf("the view moved: %d %v", ply, on)
	}
	if c.PersonToMove() {
		t.Fatal("the board takes moves while reviewing")
	}
	c.Review(2)
	if !c.PersonToMove() {
		t.Fatal("back at the game, the person cannot move")
	}
}

// TestAnalysis computes the evaluation graph of a short Gomoku game that
// Black wins: every ply gets a score in −1..+1, the last one +1 (won for
// the dark color); taking a move back drops its score only.
func TestAnalysis(t *testing.T) {
	q := sessiontest.NewQueue()
	set := settings("gomoku", VsPerson).WithOption("gomoku", "opening", "none")
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, set)
	c.Start()
	playTexts(t, c, "H8 A1 H9 A2 H10 A3 H11 A4 H12")
	if !c.Over() {
		t.Fatal("the game should be over")
	}
	c.SetAnalysis(true)
	defer c.SetAnalysis(false)
	allKnown := func() bool {
		_, known := c.Analysis()
		return len(known) == 9 && !slices.Contains(known, false)
	}
	q.RunUntil(t, "the analysis", allKnown)
	scores, _ := c.Analysis()
	for i, v := range scores {
		if v < -1 || v > 1 {
			t.Errorf("ply %d: score %v out of range", i+1, v)
		}
	}
	if scores[8] != 1 {
		t.Errorf("Black has five: score %v, want 1", scores[8])
	}
	if scores[6] < 0.5 {
		t.Errorf("Black with an open four after move 7: score %v", scores[6])
	}
	c.Undo()
	if _, known := c.Analysis(); len(known) != 8 {
		t.Fatalf("after Undo: %d scores", len(known))
	}
	q.RunUntil(t, "the analysis after Undo", func() bool {
		_, known := c.Analysis()
		return !slices.Contains(known, false) && c.an.cancel == nil
	})
}

// TestAnalysisWhileWatching checks that the evaluation graph fills in
// during computer against computer, where the computer is always
// searching: the positions already played are analyzed while the next
// move is being searched.
func TestAnalysisWhileWatching(t *testing.T) {
	q := sessiontest.NewQueue()
	eng := sessiontest.NewScripted(true) // the computer's search never ends
	c := newTestController(t, eng, q.Post, settings("othello", Watch))
	if err := c.LoadMoves(settings("othello", Watch), "f5 d6 c3"); err != nil {
		t.Fatal(err)
	}
	c.SetAnalysis(true)
	defer c.SetAnalysis(false)
	c.Start()
	eng.WaitStarted(t)
	if on, _, _ := c.Thinking(); !on {
		t.Fatal("the computer should be searching")
	}
	q.RunUntil(t, "the analysis while the computer searches", func() bool {
		_, known := c.Analysis()
		return len(known) == 3 && !slices.Contains(known, false)
	})
	c.Close()
	close(eng.Release)
}
