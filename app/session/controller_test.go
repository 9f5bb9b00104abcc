package session

import (
	"errors"
	"strings"
	"testing"
	"time"

	"planiverse/app/internal/sessiontest"
	"planiverse/rules"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

func settings(game string, opp Opponent) MatchSettings {
	s := DefaultSettings()
	s.Game, s.Opponent, s.Level = game, opp, 1
	return s
}

func newTestController(t *testing.T, eng Searcher, post func(func()), set MatchSettings) *Controller {
	t.Helper()
	c := NewController(eng, post, 1)
	c.MinDelay, c.WatchDelay, c.ShowDelay = 0, 0, 0
	if err := c.NewGame(set); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCanceledSearchIsDropped checks that a computer search overtaken by
// New game or Undo never changes the new position, whether it is still
// running (canceled) or its reply is already waiting to be run (dropped by
// the generation counter).
func TestCanceledSearchIsDropped(t *testing.T) {
	for _, posted := range []bool{false, true} {
		for _, by := range []string{"newgame", "undo"} {
			name := by
			if posted {
				name += "/reply-already-posted"
			}
			t.Run(name, func(t *testing.T) {
				q := sessiontest.NewQueue()
				eng := sessiontest.NewScripted(!posted)
				set := settings("othello", VsComputer)
				c := newTestController(t, eng, q.Post, set)
				c.Start()
				start := c.State().Hash()
				if err := c.Play(19); err != nil { // d3
					t.Fatal(err)
				}
				eng.WaitStarted(t)
				if on, hint, _ := c.Thinking(); !on || hint || c.PersonToMove() {
					t.Fatalf("thinking=%v hint=%v personToMove=%v while the computer searches", on, hint, c.PersonToMove())
				}
				if posted {
					q.WaitPosted(t) // the reply waits in the queue
				}
				var want uint64
				switch by {
				case "newgame":
					if err := c.NewGame(settings("othello", VsComputer)); err != nil {
						t.Fatal(err)
					}
					c.Start()
					want = c.State().Hash()
				case "undo":
					if !c.Undo() {
						t.Fatal("Undo refused")
					}
					want = start
				}
				if !posted {
					close(eng.Release)
				}
				time.Sleep(50 * time.Millisecond)
				q.Drain()
				if c.State().Hash() != want || c.State().ToMove() != rules.First {
					t.Fatal("a stale reply changed the position")
				}
				if texts, _, _ := c.History(); len(texts) != 0 {
					t.Fatalf("history %v, want empty", texts)
				}
				if on, _, _ := c.Thinking(); on || !c.PersonToMove() {
					t.Fatalf("thinking=%v personToMove=%v after the stale reply", on, c.PersonToMove())
				}
			})
		}
	}
}

// TestUndoRedo checks that Undo goes back to the person's previous turn
// (taking back the computer's reply too) and Redo restores the positions.
func TestUndoRedo(t *testing.T) {
	q := sessiontest.NewQueue()
	eng := sessiontest.NewScripted(false)
	c := newTestController(t, eng, q.Post, settings("othello", VsComputer))
	c.Start()
	if c.CanUndo() || c.CanRedo() {
		t.Fatal("undo or redo offered at the start")
	}
	var hashes []uint64 // positions at the person's turns
	for range 4 {
		q.RunUntil(t, "the person's turn", c.PersonToMove)
		hashes = append(hashes, c.State().Hash())
		c.buf = c.State().Moves(c.buf[:0])
		if err := c.Play(c.buf[len(c.buf)-1]); err != nil {
			t.Fatal(err)
		}
	}
	q.RunUntil(t, "the person's turn", c.PersonToMove)
	final := c.State().Hash()
	for i := len(hashes) - 1; i >= 0; i-- {
		if !c.Undo() {
			t.Fatalf("Undo %d refused", i)
		}
		if c.State().Hash() != hashes[i] || !c.PersonToMove() {
			t.Fatalf("after undo to turn %d: wrong position or not the person's turn", i)
		}
	}
	if c.CanUndo() || c.Undo() {
		t.Fatal("undo beyond the start")
	}
	for i := 1; i < len(hashes); i++ {
		if !c.Redo() {
			t.Fatalf("Redo %d refused", i)
		}
		if c.State().Hash() != hashes[i] || !c.PersonToMove() {
			t.Fatalf("after redo to turn %d: wrong position", i)
		}
	}
	calls := eng.Calls.Load()
	if !c.Redo() || c.State().Hash() != final || c.CanRedo() {
		t.Fatal("the last redo does not restore the final position")
	}
	if eng.Calls.Load() != calls {
		t.Fatal("redo searched instead of replaying")
	}
	// A new move after an undo clears the redo list.
	c.Undo()
	c.buf = c.State().Moves(c.buf[:0])
	if err := c.Play(c.buf[0]); err != nil {
		t.Fatal(err)
	}
	if c.CanRedo() {
		t.Fatal("redo still offered after a new move")
	}
}

// TestUndoTwoPeople checks that between two people Undo takes back one move.
func TestUndoTwoPeople(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	h0 := c.State().Hash()
	for _, m := range []string{"d3", "c5"} {
		mv, err := c.State().ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	c.Undo()
	if texts, _, _ := c.History(); len(texts) != 1 || texts[0] != "d3" {
		t.Fatalf("history after one undo: %v", texts)
	}
	c.Undo()
	if c.State().Hash() != h0 || c.CanUndo() {
		t.Fatal("two undos do not reach the start")
	}
}

// TestIllegalMoveChangesNothing checks that an illegal move or a move out of
// turn is refused with an error and changes nothing.
func TestIllegalMoveChangesNothing(t *testing.T) {
	q := sessiontest.NewQueue()
	eng := sessiontest.NewScripted(true)
	set := settings("othello", VsComputer)
	c := newTestController(t, eng, q.Post, set)
	if err := c.Play(19); !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("a move before Start: %v, want ErrNotYourTurn", err)
	}
	c.Start()
	h := c.State().Hash()
	for _, m := range []rules.Move{0, 27, 63, rules.Pass, rules.Swap, rules.NoMove} {
		if err := c.Play(m); !errors.Is(err, rules.ErrIllegal) {
			t.Fatalf("move %d: error %v, want ErrIllegal", m, err)
		}
	}
	if c.State().Hash() != h || c.Plies() != 0 || len(c.Messages()) != 0 {
		t.Fatal("an illegal move changed the game")
	}
	if err := c.Play(19); err != nil {
		t.Fatal(err)
	}
	eng.WaitStarted(t)
	h = c.State().Hash()
	if err := c.Play(18); !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("a move while the computer thinks: %v, want ErrNotYourTurn", err)
	}
	if c.State().Hash() != h {
		t.Fatal("a move out of turn changed the position")
	}
	close(eng.Release)
	q.RunUntil(t, "the computer's reply", c.PersonToMove)
	c.Close()
}

// TestComputerFirst checks that the computer opens when the person plays the
// second seat, and only after Start.
func TestComputerFirst(t *testing.T) {
	q := sessiontest.NewQueue()
	eng := sessiontest.NewScripted(false)
	set := settings("gomoku", VsComputer)
	set.Side = rules.Second
	c := newTestController(t, eng, q.Post, set)
	time.Sleep(20 * time.Millisecond)
	if eng.Calls.Load() != 0 {
		t.Fatal("the computer moved before Start")
	}
	c.Start()
	q.RunUntil(t, "the computer's first move", c.PersonToMove)
	if texts, movers, _ := c.History(); len(texts) != 1 || movers[0] != rules.First {
		t.Fatalf("history %v %v", texts, movers)
	}
	if c.PlayerName(rules.Second) != "You" || c.PlayerName(rules.First) != "Computer" {
		t.Fatal("wrong player names")
	}
}

// TestGomokuSwap checks the swap choice: offered to the person at the second
// ply only, and exchanging the seats' colors.
func TestGomokuSwap(t *testing.T) {
	q := sessiontest.NewQueue()
	set := settings("gomoku", VsPerson)
	set = set.WithOption("gomoku", "opening", "swap")
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, set)
	c.Start()
	if c.CanSwap() {
		t.Fatal("swap offered before the first stone")
	}
	m, _ := c.State().ParseMove("H8")
	if err := c.Play(m); err != nil {
		t.Fatal(err)
	}
	if !c.CanSwap() {
		t.Fatal("swap not offered at the second ply")
	}
	if err := c.Play(rules.Swap); err != nil {
		t.Fatal(err)
	}
	if c.SeatName(rules.First) != "White" || c.SeatName(rules.Second) != "Black" || c.State().ToMove() != rules.First {
		t.Fatal("swap did not exchange colors")
	}
	if c.CanSwap() {
		t.Fatal("swap offered twice")
	}
	msgs := c.Messages()
	if texts, _, sides := c.History(); sides[0] != "Black" || sides[1] != "White" || texts[1] != "swap" {
		t.Fatalf("history %v %v: Black placed, White swapped", texts, sides)
	}
	if !strings.Contains(msgs[len(msgs)-1], "Colors swapped: Black is now played by player 2, White by player 1.") {
		t.Fatalf("no swap message: %q", msgs)
	}
	if n, _ := c.Score(rules.Second); n != 1 {
		t.Fatalf("the swapping seat owns %d stones, want 1", n)
	}
	_ = c.State().(*gomoku.Game)
}

// TestDvonnRandomPlacement checks the random placement: 49 placements, not
// undoable, movement phase with White to move.
func TestDvonnRandomPlacement(t *testing.T) {
	q := sessiontest.NewQueue()
	set := settings("dvonn", VsPerson)
	set = set.WithOption("dvonn", "placement", "random")
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, set)
	c.Start()
	g := c.State().(*dvonn.Game)
	if g.Placing() || g.Placed() != dvonn.NumCells {
		t.Fatal("the board is not full")
	}
	if texts, _, _ := c.History(); len(texts) != dvonn.NumCells {
		t.Fatalf("%d placements recorded, want 49", len(texts))
	}
	if c.CanUndo() || g.ToMove() != rules.First {
		t.Fatal("random placement undoable, or White not to move")
	}
	if !strings.Contains(c.TurnText(), "White to move") {
		t.Fatalf("turn text %q", c.TurnText())
	}
}

// TestDvonnForcedPlacement checks that the 49th placement plays itself.
func TestDvonnForcedPlacement(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("dvonn", VsPerson))
	c.Start()
	g := c.State().(*dvonn.Game)
	for g.Placed() < dvonn.NumCells-1 {
		c.buf = g.Moves(c.buf[:0])
		if err := c.Play(c.buf[0]); err != nil {
			t.Fatal(err)
		}
	}
	if g.Placing() {
		t.Fatal("the forced 49th placement did not play itself")
	}
	if !c.hist[c.Plies()-1].auto {
		t.Fatal("the 49th placement is not marked automatic")
	}
	// The placement help belongs to the placement phase.
	msgs := strings.Join(c.Messages(), "\n")
	if strings.Contains(msgs, "Placement:") || !strings.Contains(msgs, "places the last piece") {
		t.Fatalf("messages in the movement phase: %q", msgs)
	}
	// Undo takes back Black's 48th placement together with the forced one
	// (the placement help of the Intro went with the first placement).
	c.Undo()
	if g.Placed() != dvonn.NumCells-2 {
		t.Fatalf("after undo %d placed, want 47", g.Placed())
	}
	if msgs := strings.Join(c.Messages(), "\n"); strings.Contains(msgs, "Placement:") || strings.Contains(msgs, "last piece") {
		t.Fatalf("messages after undoing into the placement phase: %q", msgs)
	}
}

// TestOthelloPassIsAutomatic checks that a forced pass is played with a
// message.
func TestOthelloPassIsAutomatic(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	// A known game in which White must pass after Black's 9th move... find
	// one by playing first moves until a pass occurs.
	for i := 0; i < 200 && !c.Over(); i++ {
		c.buf = c.State().Moves(c.buf[:0])
		if err := c.Play(c.buf[0]); err != nil {
			t.Fatal(err)
		}
		for _, e := range c.hist {
			if e.move == rules.Pass {
				if !e.auto {
					t.Fatal("a pass not marked automatic")
				}
				found := false
				for _, m := range c.Messages() {
					found = found || strings.Contains(m, "passes")
				}
				if !found {
					t.Fatal("no pass message")
				}
				return
			}
		}
	}
	t.Skip("no pass in this line of play")
}

// TestHint checks that a hint is a legal move, shown until the next move.
func TestHint(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsComputer))
	c.Start()
	c.RequestHint()
	if on, hint, _ := c.Thinking(); !on || !hint {
		t.Fatal("no hint search running")
	}
	q.RunUntil(t, "the hint", func() bool { return c.Hint() != rules.NoMove })
	if !c.isLegal(c.Hint()) {
		t.Fatal("illegal hint")
	}
	if err := c.Play(c.Hint()); err != nil {
		t.Fatal(err)
	}
	if c.Hint() != rules.NoMove {
		t.Fatal("hint kept after a move")
	}
	q.RunUntil(t, "the reply", c.PersonToMove)
	_ = c.State().(*othello.Board)
}

// TestHintFromBook: a hint answered by the opening book says so until the
// next move; a searched hint does not.
func TestHintFromBook(t *testing.T) {
	q := sessiontest.NewQueue()
	f := sessiontest.NewScripted(false)
	f.Book = true
	c := newTestController(t, f, q.Post, settings("othello", VsComputer))
	c.Start()
	c.RequestHint()
	q.RunUntil(t, "the hint", func() bool { return c.Hint() != rules.NoMove })
	if !c.HintFromBook() {
		t.Fatal("a book hint is not marked as one")
	}
	if err := c.Play(c.Hint()); err != nil {
		t.Fatal(err)
	}
	if c.HintFromBook() {
		t.Fatal("the book mark outlived its hint")
	}
	q.RunUntil(t, "the reply", c.PersonToMove)
	f.Book = false
	c.RequestHint()
	q.RunUntil(t, "the second hint", func() bool { return c.Hint() != rules.NoMove })
	if c.HintFromBook() {
		t.Fatal("a searched hint is marked as a book move")
	}
}

// TestSummaries checks result texts of finished games.
func TestSummaries(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsComputer))
	c.Start()
	// Fool's mate of Othello: Black wipes out White in 9 moves.
	// (f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 ... ) — use a position text instead.
	b, err := othello.ParsePosition(strings.Repeat("X", 60) + "---- O")
	if err != nil {
		t.Fatal(err)
	}
	c.state = b
	c.advance()
	if !c.Over() || !strings.HasPrefix(c.Result(), "Black wins 60–0") || !strings.Contains(c.Result(), "you win") {
		t.Fatalf("result %q", c.Result())
	}
}

// TestLoadMovesAfterRandomPlacement: a pasted DVONN move list replaces the
// random placement and starts from the empty board.
func TestLoadMovesAfterRandomPlacement(t *testing.T) {
	q := sessiontest.NewQueue()
	set := settings("dvonn", VsPerson).WithOption("dvonn", "placement", "random")
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, set)
	if err := c.LoadMoves(set, "F3 B3 J3 A1"); err != nil {
		t.Fatal(err)
	}
	if c.MoveList() != "F3 B3 J3 A1" || c.floor != 0 || !c.CanUndo() {
		t.Fatalf("moves %q floor %d", c.MoveList(), c.floor)
	}
	if err := c.LoadMoves(set, "F3 F3"); err == nil || !strings.Contains(err.Error(), "ply 2") || c.MoveList() != "F3 B3 J3 A1" {
		t.Fatalf("bad list: %v, moves %q", err, c.MoveList())
	}
}

// TestResign: the person's side resigns against the computer; between two
// people the side to move does; a finished game cannot be resigned.
func TestResign(t *testing.T) {
	q := sessiontest.NewQueue()
	var over string
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsComputer))
	c.OnGameOver = func(s string) { over = s }
	if c.Resign() {
		t.Fatal("resigned before the game started")
	}
	c.Start()
	if !c.Resign() || over != "Black resigns: White wins — the computer wins." || !c.Over() || c.CanResign() || c.Resign() {
		t.Fatalf("result %q", over)
	}
	c = newTestController(t, sessiontest.NewScripted(false), q.Post, settings("gomoku", VsPerson))
	c.Start()
	m, _ := c.State().ParseMove("H8")
	c.Play(m)
	if !c.Resign() || c.Result() != "White resigns: Black wins." {
		t.Fatalf("two people: %q", c.Result())
	}
}
