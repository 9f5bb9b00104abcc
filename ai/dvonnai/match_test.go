package dvonnai_test

import (
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/ai/dvonnai"
	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// material is the plain evaluation of Hoyte's DVONN program (seeds/004):
// controlled height difference, 100 per piece.
type material struct{}

func (material) Evaluate(s rules.State) int {
	g := s.(*dvonn.Game)
	w, b := g.Score()
	v := 100 * (w - b)
	if g.ToMove() == rules.Second {
		v = -v
	}
	return v
}

// playGame plays one game from a random placement (seed) between two
// engines at a fixed depth; it returns White's final margin.
func playGame(t *testing.T, white, black ai.Knowledge, depth int, seed uint64) int {
	g := dvonn.New()
	if os.Getenv("DVONN_PLACE") != "" {
		// The engines place too, after a random first DVONN piece.
		ms := g.Moves(nil)
		g.Play(ms[rand.New(rand.NewPCG(seed, 0)).IntN(len(ms))])
	} else {
		g.PlaceRandom(rand.New(rand.NewPCG(seed, 0)))
	}
	engines := [2]*ai.Engine{ai.NewEngine(8), ai.NewEngine(8)}
	engines[0].SetKnowledge(white)
	engines[1].SetKnowledge(black)
	for {
		if over, _ := g.Outcome(); over {
			w, b := g.Score()
			return w - b
		}
		res := engines[g.ToMove()].Search(context.Background(), g, ai.Limits{Depth: depth}, nil)
		g.Play(res.Move)
	}
}

// TestMatch (set DVONN_MATCH=<games>) plays dvonnai against the material
// evaluation at equal depth (DVONN_DEPTH, default 3), each random placement
// twice with colours exchanged, and logs the results. With DVONN_PLACE set
// the engines also place the pieces (after a random first DVONN piece). It checks nothing
// about strength (that would depend on tuning), only that games finish.
func TestMatch(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("DVONN_MATCH"))
	if n <= 0 {
		t.Skip("set DVONN_MATCH=<games> to play a match")
	}
	depth := 3
	if d, err := strconv.Atoi(os.Getenv("DVONN_DEPTH")); err == nil && d > 0 {
		depth = d
	}
	wins, losses, draws, margin := 0, 0, 0, 0
	for i := range n {
		for colour := range 2 {
			var m int
			if colour == 0 {
				m = playGame(t, dvonnai.New(), material{}, depth, uint64(i))
			} else {
				m = -playGame(t, material{}, dvonnai.New(), depth, uint64(i))
			}
			margin += m
			switch {
			case m > 0:
				wins++
			case m < 0:
				losses++
			default:
				draws++
			}
		}
	}
	t.Logf("dvonnai vs material at depth %d: +%d -%d =%d, total margin %+d", depth, wins, losses, draws, margin)
}

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
