// Command fitlabels refits the Othello pattern weights on labeled
// positions (the records of cmd/labelgames and cmd/labelteacher). Each
// stage starts from the embedded weights (or the weights file -init) and
// is fitted by stochastic gradient descent on the samples of its stage and
// its two neighbors; every tenth block of 64 records is held out, the
// epoch with the least held-out error is kept, and the log gives the
// held-out root mean square error, in discs, before and after, stage by
// stage.
//
//	go run ./ai/othelloai/cmd/fitlabels -labels labels.bin -out new.bin
//
// ai/othelloai/EXPERIMENTS.md ("Pattern weights") has the runs behind patterns.bin.
package main

import (
	"flag"
	"log"
	"os"
	"strings"

	"planiverse/ai/othelloai"
	"planiverse/ai/othelloai/internal/patfit"
)

func main() {
	labels := flag.String("labels", "", "record files, comma-separated (required)")
	out := flag.String("out", "", "weights file to write (required)")
	init := flag.String("init", "", "weights file to start from (default: the embedded weights)")
	epochs := flag.Int("epochs", 8, "passes of gradient descent a stage")
	lr := flag.Float64("lr", 0.001, "first step; it falls to a fifth of it")
	alpha := flag.Float64("result", 0, "share of the game's final result in the target (0..1)")
	flag.Parse()
	if *labels == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	w, err := othelloai.PatternWeights()
	if err != nil {
		log.Fatal(err)
	}
	if *init != "" {
		data, err := os.ReadFile(*init)
		if err != nil {
			log.Fatal(err)
		}
		if w, err = othelloai.DecodePatternWeights(data); err != nil {
			log.Fatal(err)
		}
	}
	all, err := patfit.ReadLabeled(strings.Split(*labels, ","))
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("%d positions", len(all))
	fitted := patfit.FitLabeled(w, all, patfit.FitOptions{Epochs: *epochs, LR: *lr, Alpha: *alpha, Log: log.Printf})
	data, err := othelloai.EncodePatternWeights(fitted)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		log.Fatal(err)
	}
}
