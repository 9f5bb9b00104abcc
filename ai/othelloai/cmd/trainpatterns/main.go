// Command trainpatterns trains the Othello pattern weights from scratch
// by self-play (minutes to hours of CPU): games of a shallow alpha-beta
// search played perfectly near the end, a least-squares fit stage by stage
// on their results, then TD(λ) targets and a second fit, over one or more
// generations (internal/patfit.Train).
//
//	nice -n 10 go run ./ai/othelloai/cmd/trainpatterns -out gen2.bin
//	go run ./ai/othelloai/cmd/trainpatterns -games 360000 -workers 1 \
//	    -generations 1 -seed 3031 -init gen2.bin -out gen3.bin
//
// The defaults are those of the first two generations of patterns.bin;
// ai/othelloai/EXPERIMENTS.md ("Pattern weights") has the runs.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"time"

	"planiverse/ai/othelloai"
	"planiverse/ai/othelloai/internal/patfit"
)

func main() {
	cfg := patfit.DefaultConfig
	flag.IntVar(&cfg.Games, "games", cfg.Games, "self-play games a generation")
	flag.IntVar(&cfg.Depth, "depth", cfg.Depth, "alpha-beta depth of the self-play moves")
	flag.IntVar(&cfg.Generations, "generations", cfg.Generations, "generations of self-play and fitting")
	flag.IntVar(&cfg.Workers, "workers", cfg.Workers, "goroutines playing games")
	flag.IntVar(&cfg.Epochs, "epochs", cfg.Epochs, "passes of gradient descent a stage")
	flag.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "seed of every random choice")
	flag.Float64Var(&cfg.Lambda, "lambda", cfg.Lambda, "TD(λ) of the backed-up targets (1: game results only)")
	init := flag.String("init", "", "weights file the first generation plays with and continues from")
	pass1 := flag.String("pass1", "", "also write the first fit (game results as targets) to this file")
	genOut := flag.String("genout", "", "also write each generation's weights to FILE.N")
	out := flag.String("out", "patterns.bin", "weights file to write")
	flag.Parse()
	cfg.Log = os.Stderr
	if *pass1 != "" {
		cfg.Pass1Out = func(data []byte) error { return os.WriteFile(*pass1, data, 0o644) }
	}
	if *genOut != "" {
		cfg.GenOut = func(gen int, data []byte) error { return os.WriteFile(fmt.Sprintf("%s.%d", *genOut, gen), data, 0o644) }
	}
	if *init != "" {
		data, err := os.ReadFile(*init)
		if err != nil {
			log.Fatal(err)
		}
		if cfg.Init, err = othelloai.DecodePatternWeights(data); err != nil {
			log.Fatal(err)
		}
	}
	start := time.Now()
	data, err := patfit.Train(&cfg)
	if err != nil {
		log.Fatal(err)
	}
	if _, err := othelloai.DecodePatternWeights(data); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s: %d bytes in %v", *out, len(data), time.Since(start))
}
