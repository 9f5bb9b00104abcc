package dvonnai_test

import (
	"context"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/ai/dvonnai"
	"planiverse/rules/dvonn"
)

// BenchmarkSearch searches the first RULES.md movement position (after the
// listed placement) to depth 6 with a fresh engine, reporting nodes/s.
func BenchmarkSearch(b *testing.B) {
	g := dvonn.New()
	for _, mv := range strings.Fields("C3 B3 C4 C1 B2 F4 D5 H4 E5 G1 C2 C5 B4 F1 A3 F2 A2 F3 D4 K4 D3 J4 E4 I3 D2 " +
		"E2 D1 G2 E3 I5 A1 H5 F5 H2 E1 B1 G5 G3 G4 K3 H1 J3 J5 K5 I1 I2 H3 J2 I4") {
		m, err := g.ParseMove(mv)
		if err != nil {
			b.Fatal(err)
		}
		g.Play(m)
	}
	var nodes int64
	for b.Loop() {
		e := ai.NewEngine(16)
		e.SetKnowledge(dvonnai.New())
		nodes += e.Search(context.Background(), g, ai.Limits{Depth: 6}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
