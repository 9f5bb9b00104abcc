package ai_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"planiverse/ai"
)

// BenchmarkSearch searches a fixed middle-game position of each game to a
// fixed depth with a cleared table; ns/op is one whole search.
func BenchmarkSearch(b *testing.B) {
	depth := map[string]int{"othello": 8, "gomoku": 5, "gomoku-swap-exact5": 5, "dvonn": 5, "alak": 10, "alak-modern": 10}
	walk := map[string]int{"othello": 20, "gomoku": 10, "gomoku-swap-exact5": 10, "dvonn": 60, "alak": 10, "alak-modern": 4}
	for _, g := range realGames {
		b.Run(g.name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(11, 12))
			s := g.new()
			ai.RandomWalk(s, r, walk[g.name])
			e := ai.NewEngine(16)
			var nodes int64
			for b.Loop() {
				e.ClearHash()
				nodes = e.Search(context.Background(), s, ai.Limits{Depth: depth[g.name]}, nil).Nodes
			}
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}
