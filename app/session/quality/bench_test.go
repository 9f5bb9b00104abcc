package quality_test

import (
	"context"
	"testing"

	"planiverse/app/session/quality"
)

// benchGame analyses a self-played game of the named game at the default
// time per position (quality.DefaultTime), and reports its plies and the
// seconds the whole analysis took.
func benchGame(b *testing.B, game string, levels [2]int, maxPlies int) {
	d := lookup(b, game)
	rec := selfPlay(b, d, levels, 21, maxPlies)
	b.ResetTimer()
	for range b.N {
		rep, err := quality.New(d, quality.Options{}).Game(context.Background(), rec, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(rep.Moves)), "plies")
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/game")
}

// BenchmarkOthelloGame: a whole Othello game, exact from 20 empty squares
// and searched before (target: at most 30 s of one core).
func BenchmarkOthelloGame(b *testing.B) { benchGame(b, "othello", [2]int{3, 4}, 200) }

// BenchmarkGomokuGame: the first 40 plies of a Gomoku game (target: at
// most 30 s of one core).
func BenchmarkGomokuGame(b *testing.B) { benchGame(b, "gomoku", [2]int{3, 4}, 40) }
