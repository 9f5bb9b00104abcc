package othelloai_test

import (
	"bufio"
	"context"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// labelRecordSize is the size of one output record (label_fit_test.go).
const labelRecordSize = othelloai.LabelRecordSize

// TestLabelPositions generates training positions for the pattern
// weights (run only when asked): games from random openings (4-16 random
// plies) continued by the engine's own depth-D search (the pattern
// evaluation with multi-ProbCut, no book), a tenth of the moves above
// OTHELLO_LABEL_EXACT empties replaced by a random move so the games
// spread; every position is labelled with the search's score, or with its
// exact value when it has at most OTHELLO_LABEL_EXACT empties (default
// 18). It runs OTHELLO_LABEL_WORKERS goroutines (default 2) for
// OTHELLO_LABEL_SECONDS (default 600) and appends records (labelRecordSize
// bytes) to OTHELLO_LABEL_OUT. The search evaluates with the embedded
// weights, or with the weights file OTHELLO_LABEL_WEIGHTS when it is set:
//
//	OTHELLO_LABEL_OUT=labels.bin OTHELLO_LABEL_DEPTH=8 OTHELLO_LABEL_SECONDS=2700 \
//	OTHELLO_LABEL_SEED=7 go test -run TestLabelPositions -timeout 0 ./ai/othelloai
func TestLabelPositions(t *testing.T) {
	out := os.Getenv("OTHELLO_LABEL_OUT")
	if out == "" {
		t.Skip("set OTHELLO_LABEL_OUT to generate labelled positions")
	}
	depth := envInt("OTHELLO_LABEL_DEPTH", 8)
	exact := envInt("OTHELLO_LABEL_EXACT", 18)
	workers := envInt("OTHELLO_LABEL_WORKERS", 2)
	seconds := envInt("OTHELLO_LABEL_SECONDS", 600)
	seed := uint64(envInt("OTHELLO_LABEL_SEED", 1))
	if wf := os.Getenv("OTHELLO_LABEL_WEIGHTS"); wf != "" {
		if err := othelloai.UsePatternWeightsFile(wf); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.OpenFile(out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	var mu sync.Mutex
	var positions, games atomic.Int64
	deadline := time.Now().Add(time.Duration(seconds) * time.Second)
	var wg sync.WaitGroup
	for wk := range workers {
		wg.Go(func() {
			eng := ai.NewEngine(64)
			k := othelloai.New()
			k.NoBook = true
			k.MaxSolveEmpties = exact
			eng.SetKnowledge(k)
			r := rand.New(rand.NewPCG(seed, uint64(wk)))
			for g := 0; time.Now().Before(deadline); g++ {
				recs := labelGame(eng, r, depth, exact)
				mu.Lock()
				for _, rec := range recs {
					w.Write(rec[:])
				}
				mu.Unlock()
				positions.Add(int64(len(recs)))
				if n := games.Add(1); n%200 == 0 {
					t.Logf("%d games, %d positions, %v left", n, positions.Load(), time.Until(deadline).Round(time.Second))
				}
			}
		})
	}
	wg.Wait()
	t.Logf("done: %d games, %d positions", games.Load(), positions.Load())
}

// labelGame plays one game (see TestLabelPositions) and returns its
// records with the final result filled in.
func labelGame(eng *ai.Engine, r *rand.Rand, depth, exact int) [][labelRecordSize]byte {
	b := othello.New()
	eng.ClearHash()
	var recs [][labelRecordSize]byte
	var sides []rules.Player
	nRandom := 4 + r.IntN(13)
	buf := make([]rules.Move, 0, 32)
	ctx := context.Background()
	for ply := 0; ; ply++ {
		if over, _ := b.Outcome(); over {
			break
		}
		own, opp := b.Bitboards()
		moves := othello.MovesMask(own, opp)
		if moves == 0 {
			b.Play(rules.Pass)
			continue
		}
		e := b.Empties()
		var rec [labelRecordSize]byte
		binary.LittleEndian.PutUint64(rec[0:], own)
		binary.LittleEndian.PutUint64(rec[8:], opp)
		var best rules.Move
		var label int
		if e <= exact {
			m, d, _, _ := othelloai.SolveExact(ctx, b)
			best, label = m, 100*d
			rec[18] = 1
		} else {
			res := eng.Search(ctx, b, ai.Limits{Depth: depth}, nil)
			best, label = res.Move, max(-6400, min(6400, res.Score))
		}
		binary.LittleEndian.PutUint16(rec[16:], uint16(int16(label)))
		recs = append(recs, rec)
		sides = append(sides, b.ToMove())
		if ply < nRandom || e > exact && r.IntN(10) == 0 {
			buf = b.Moves(buf[:0])
			best = buf[r.IntN(len(buf))]
		}
		b.Play(best)
	}
	fs := othello.FinalScore(b.Bitboards()) // for the side to move at the end
	for i := range recs {
		d := fs
		if sides[i] != b.ToMove() {
			d = -d
		}
		recs[i][19] = byte(int8(d))
	}
	return recs
}

// TestLabelGame checks the records of labelGame on a few short games: the
// bitboards are disjoint, a position's label is in discs times 100 within
// ±64 discs, and from the first exactly labelled position on (where both
// sides play the solver's best move) every exact label equals the game's
// final result from that side's view, which also checks the sides of the
// final-result field.
func TestLabelGame(t *testing.T) {
	eng := ai.NewEngine(4)
	k := othelloai.New()
	k.NoBook = true
	eng.SetKnowledge(k)
	r := rand.New(rand.NewPCG(5, 6))
	for range 3 {
		recs := labelGame(eng, r, 2, 10)
		if len(recs) < 40 {
			t.Fatalf("%d records", len(recs))
		}
		exact := 0
		for i, rec := range recs {
			own, opp := binary.LittleEndian.Uint64(rec[0:]), binary.LittleEndian.Uint64(rec[8:])
			label := int(int16(binary.LittleEndian.Uint16(rec[16:])))
			final := int(int8(rec[19]))
			if own&opp != 0 || label < -6400 || label > 6400 {
				t.Fatalf("record %d: own %x opp %x label %d", i, own, opp, label)
			}
			if rec[18] == 1 {
				exact++
				if label != 100*final {
					t.Fatalf("record %d: exact label %d, final result %d", i, label, final)
				}
			}
		}
		if exact == 0 {
			t.Fatal("no exactly labelled position")
		}
	}
}
