// Command labelgames generates training positions for the Othello pattern
// weights: games from random openings (4-16 random plies) continued by the
// engine's own search of -depth plies (the pattern evaluation with
// multi-ProbCut, no book), a tenth of the moves above -exact empties
// replaced by a random move so the games spread; every position is
// labeled with the search's score, or with its exact value at -exact
// empties or fewer. It runs -workers goroutines for -seconds and appends
// records (internal/patfit.RecordSize bytes each) to -out. The search
// evaluates with the embedded weights, or with the weights file -weights.
//
//	go run ./ai/othelloai/cmd/labelgames -out labels.bin -depth 8 -seconds 2700 -seed 7
package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"flag"
	"log"
	"math/rand/v2"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/ai/othelloai"
	"planiverse/ai/othelloai/internal/patfit"
	"planiverse/rules"
	"planiverse/rules/othello"
)

func main() {
	ai.Use(games.Knowledge())
	out := flag.String("out", "", "record file to append to (required)")
	depth := flag.Int("depth", 8, "search depth of the labels, in plies")
	exact := flag.Int("exact", 18, "empties from which positions are solved exactly")
	workers := flag.Int("workers", 2, "goroutines playing games")
	seconds := flag.Int("seconds", 600, "how long to run")
	seed := flag.Uint64("seed", 1, "seed of the random openings and moves")
	weights := flag.String("weights", "", "weights file the search evaluates with (default: the embedded weights)")
	flag.Parse()
	if *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	if *weights != "" {
		data, err := os.ReadFile(*weights)
		if err != nil {
			log.Fatal(err)
		}
		w, err := othelloai.DecodePatternWeights(data)
		if err != nil {
			log.Fatal(err)
		}
		othelloai.UsePatternWeights(w)
	}
	f, err := os.OpenFile(*out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	var mu sync.Mutex
	var positions, games atomic.Int64
	deadline := time.Now().Add(time.Duration(*seconds) * time.Second)
	var wg sync.WaitGroup
	for wk := range *workers {
		wg.Go(func() {
			eng := ai.NewEngine(64)
			k := othelloai.New()
			k.NoBook = true
			k.MaxSolveEmpties = *exact
			eng.SetKnowledge(k)
			r := rand.New(rand.NewPCG(*seed, uint64(wk)))
			for g := 0; time.Now().Before(deadline); g++ {
				recs := labelGame(eng, r, *depth, *exact)
				mu.Lock()
				for _, rec := range recs {
					w.Write(rec[:])
				}
				mu.Unlock()
				positions.Add(int64(len(recs)))
				if n := games.Add(1); n%200 == 0 {
					log.Printf("%d games, %d positions, %v left", n, positions.Load(), time.Until(deadline).Round(time.Second))
				}
			}
		})
	}
	wg.Wait()
	log.Printf("done: %d games, %d positions", games.Load(), positions.Load())
}

// labelGame plays one game (see the command's doc) and returns its
// records with the final result filled in.
func labelGame(eng *ai.Engine, r *rand.Rand, depth, exact int) [][patfit.RecordSize]byte {
	b := othello.New()
	eng.ClearHash()
	var recs [][patfit.RecordSize]byte
	var sides []rules.Seat
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
		var rec [patfit.RecordSize]byte
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
