package quality

import (
	"context"
	"math/rand/v2"

	"planiverse/rules"
)

// Report is the analysis of a game: every move, and per side the count of
// each class and an accuracy.
type Report struct {
	// Game is the game's registry name; Scale its scale for judging.
	Game  string
	Scale Scale
	// Moves are the analyzed moves, in order (Moves[i].Ply == i+1).
	Moves []Move
	// Sides are the two sides' summaries, by seat.
	Sides [2]Side
}

// Side sums up one side's moves.
type Side struct {
	// Color is the side's color name at the end of the game.
	Color string
	// Counts is the number of its moves of each class.
	Counts [NumClasses]int
	// Moves counts its moves that had a choice (not Forced).
	Moves int
	// Accuracy is the mean of MoveAccuracy over its moves that had a
	// choice (lichess's move accuracy from the drop of expected score),
	// 0..100; 100 for a side without such moves.
	Accuracy float64
	// MeanLoss is the mean Loss of those moves, in the report's unit.
	MeanLoss float64
}

// Summarize returns the report of the analyzed moves of a game of d whose
// final position is final (for the sides' color names).
func Summarize(d *rules.Descriptor, sc Scale, final rules.State, moves []Move) *Report {
	r := &Report{Game: d.Name, Scale: sc, Moves: moves}
	var acc, loss [2]float64
	for _, m := range moves {
		if m.Setup {
			continue
		}
		s := &r.Sides[m.Seat&1]
		s.Counts[m.Class]++
		if m.Forced {
			continue
		}
		s.Moves++
		acc[m.Seat&1] += MoveAccuracy(m.Drop)
		loss[m.Seat&1] += m.Loss
	}
	for i := range r.Sides {
		s := &r.Sides[i]
		s.Color = d.Colors[i]
		if final != nil {
			s.Color = d.SeatName(final, rules.Seat(i))
		}
		s.Accuracy = 100
		if s.Moves > 0 {
			s.Accuracy = acc[i] / float64(s.Moves)
			s.MeanLoss = loss[i] / float64(s.Moves)
		}
	}
	return r
}

// Game analyses every move of the record r of d's game with a, calling
// progress (if not nil) after each move with the moves done and the
// total. On an error (a move that does not replay, a canceled ctx) it
// returns the report of the moves analyzed so far with the error.
func (a *Analyzer) Game(ctx context.Context, r *rules.Record, progress func(done, total int)) (*Report, error) {
	_, played, err := a.d.Replay(r)
	if err != nil {
		return nil, err
	}
	s, err := a.d.Start(r.Options)
	if err != nil {
		return nil, err
	}
	moves := make([]Move, 0, len(played))
	setup := a.setupPlies(r.Options)
	for i, m := range played {
		var mv Move
		if i < setup {
			mv = a.placed(s, i+1, m)
		} else if mv, err = a.Analyze(ctx, s, i+1, m); err != nil {
			return Summarize(a.d, a.Scale(), s, moves), err
		}
		moves = append(moves, mv)
		s.Play(m)
		if progress != nil {
			progress(i+1, len(played))
		}
	}
	return Summarize(a.d, a.Scale(), s, moves), nil
}

// setupPlies returns how many plies at the start of a game of the variant
// o the program plays before the match begins (the moves of the
// descriptor's Setup: DVONN's 49 placements at random), 0 when none.
func (a *Analyzer) setupPlies(o rules.Options) int {
	if a.d.Setup == nil {
		return 0
	}
	s, err := a.d.Start(o)
	if err != nil {
		return 0
	}
	return len(a.d.Setup(s, o, rand.New(rand.NewPCG(1, 2))))
}

// placed is the Move of the setup move m, the ply-th, played in s: not
// judged (Move.Setup).
func (a *Analyzer) placed(s rules.State, ply int, m rules.Move) Move {
	mover := s.ToMove()
	text := s.MoveString(m)
	return Move{Ply: ply, Setup: true, Seat: mover, Color: a.d.SeatName(s, mover), Move: text, Best: text,
		Unit: a.scale.LossUnit(), Class: Best, Forced: true}
}
