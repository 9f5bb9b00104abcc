package selfplay

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// TestMain installs the games' AI knowledge (ai.Use).
func TestMain(m *testing.M) {
	ai.Use(games.Knowledge())
	os.Exit(m.Run())
}

// TestPlayPinsOthelloGame pins the moves of one short self-play game:
// Othello, level 1 (Black) against level 2 (White), seed 7, game 0. The
// moves are those that `planiverse selfplay` and levelquality played
// before they shared this package; any change to the opening's or the
// engines' random streams, or to the order of the steps, changes them.
func TestPlayPinsOthelloGame(t *testing.T) {
	d, err := registry.Lookup("othello")
	if err != nil {
		t.Fatal(err)
	}
	s, err := d.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	Open(d, s, 7, 0)
	engines := []*ai.Engine{ai.NewEngine(4), ai.NewEngine(4)}
	for _, e := range engines {
		e.SetMoveTime(10 * time.Millisecond)
	}
	player := func(seat rules.Seat) (*ai.Engine, int) {
		return engines[seat&1], 1 + int(seat&1)
	}
	var moves []rules.Move
	var seats []rules.Seat
	moved := func(seat rules.Seat, m rules.Move) {
		moves = append(moves, m)
		seats = append(seats, seat)
	}
	if err := Play(context.Background(), s, engines, player, 7, 0, moved); err != nil {
		t.Fatal(err)
	}
	want := []rules.Move{43, 45, 21, 44, 52, 51, 34, 50, 59, 58, 38, 20, 22, 53, 60, 61, 11, 46, 49, 57, 30, 33, 19, 56, 32, 25, 17, 26, 41, 39, 48, 23, 31, 40, 24, 13, 12, 47, 5, 4, 3, 2, 10, 6, 14, 7, 62, 15, 54, 55, 63, 1, 9, 0, 8, 16}
	if !slices.Equal(moves, want) {
		t.Errorf("moves = %v\nwant    %v", moves, want)
	}
	if over, _ := s.Outcome(); !over {
		t.Error("the game is not over after Play")
	}
	if len(seats) > 0 && seats[0] != 0 {
		t.Errorf("the first move after the opening is seat %d's, want seat 0's", seats[0])
	}
}

// TestOpenSharesOpeningByStream checks that games with the same seed and
// stream get the same opening and that the stream changes it (Othello
// has few 4-ply openings, so two streams may share one: some of ten differ).
func TestOpenSharesOpeningByStream(t *testing.T) {
	d, err := registry.Lookup("othello")
	if err != nil {
		t.Fatal(err)
	}
	open := func(stream uint64) string {
		s, err := d.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		Open(d, s, 5, stream)
		return s.String()
	}
	if a, b := open(3), open(3); a != b {
		t.Errorf("stream 3 opened twice differs:\n%s\n%s", a, b)
	}
	differs := false
	for stream := range uint64(10) {
		differs = differs || open(stream) != open(3)
	}
	if !differs {
		t.Error("streams 0 to 9 all open like stream 3")
	}
}

// TestPlayStopsWhenCanceled checks that Play returns the context's error
// and plays no move when the context has ended.
func TestPlayStopsWhenCanceled(t *testing.T) {
	d, err := registry.Lookup("othello")
	if err != nil {
		t.Fatal(err)
	}
	s, err := d.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e := ai.NewEngine(1)
	n := 0
	err = Play(ctx, s, []*ai.Engine{e}, func(rules.Seat) (*ai.Engine, int) { return e, 1 }, 1, 0, func(rules.Seat, rules.Move) { n++ })
	if err != context.Canceled {
		t.Errorf("Play = %v, want context.Canceled", err)
	}
	if n != 0 {
		t.Errorf("%d moves played after cancellation, want 0", n)
	}
}
