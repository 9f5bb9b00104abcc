package session

import (
	"context"
	"testing"
	"time"

	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// benchValues reports the time until the values of every candidate move
// of the position after moves reach depth.
func benchValues(b *testing.B, game, moves string, depth int) {
	d, err := registry.Lookup(game)
	if err != nil {
		b.Fatal(err)
	}
	s, err := d.Start(d.Defaults())
	if err != nil {
		b.Fatal(err)
	}
	if _, err := rules.PlayMoveList(s, moves); err != nil {
		b.Fatal(err)
	}
	if e, ok := s.(interface{ Empties() int }); ok && moves == "" {
		for e.Empties() > 36 { // a midgame: the middle legal move each ply
			ms := s.Moves(nil)
			s.Play(ms[len(ms)/2])
		}
	}
	for b.Loop() {
		begin := time.Now()
		var at time.Duration
		MoveValues(context.Background(), d, s.Clone(), depth, func(_ map[rules.Move]quality.Value, dd int, _ bool) {
			b.Logf("depth %d after %v", dd, time.Since(begin).Round(time.Millisecond))
			if dd == depth {
				at = time.Since(begin)
			}
		})
		b.ReportMetric(float64(at.Milliseconds()), "ms/depth")
	}
}

// BenchmarkValuesOthello: a midgame position (36 empty squares), depth 10.
func BenchmarkValuesOthello(b *testing.B) {
	benchValues(b, "othello", "", 10)
}

// BenchmarkValuesGomoku: a middle position, depth 8.
func BenchmarkValuesGomoku(b *testing.B) {
	benchValues(b, "gomoku", "h8 h9 i9 g7 j10 k11 i8 i10 g8 j8", 8)
}
