// Command endgamechoice measures how often a timed move near the end
// changes the game's result: every distinct position with -empties empty
// squares and a choice of moves in the transcripts -in (comma-separated
// globs of planiverse match --records files) is solved for win, loss or
// draw, searched by the engine at -ms milliseconds a move with the
// knowledge's defaults (or -wld, -selective and -margin for
// MaxWLDEmpties, MaxSelectiveEmpties and SelectiveMargin), and its move
// solved in turn. It prints the number of positions whose result the move
// changed and the mean time a move.
//
//	go run ./ai/othelloai/cmd/endgamechoice -in 'rec-D/*.txt' -empties 23
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
	"time"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/ai/othelloai"
	"planiverse/ai/othelloai/internal/patfit"
	"planiverse/rules/othello"
)

func main() {
	ai.Use(games.Knowledge())
	k := othelloai.New()
	in := flag.String("in", "", "transcript globs, comma-separated (required)")
	empties := flag.Int("empties", 0, "empty squares of the positions (required)")
	ms := flag.Int("ms", 1000, "move time in milliseconds")
	flag.IntVar(&k.MaxWLDEmpties, "wld", k.MaxWLDEmpties, "Knowledge.MaxWLDEmpties")
	flag.IntVar(&k.MaxSelectiveEmpties, "selective", k.MaxSelectiveEmpties, "Knowledge.MaxSelectiveEmpties")
	flag.IntVar(&k.SelectiveMargin, "margin", k.SelectiveMargin, "Knowledge.SelectiveMargin")
	flag.Parse()
	if *in == "" || *empties <= 0 {
		flag.Usage()
		os.Exit(2)
	}
	moveTime := time.Duration(*ms) * time.Millisecond
	boards, err := positions(strings.Split(*in, ","), *empties)
	if err != nil {
		log.Fatal(err)
	}
	if len(boards) == 0 {
		log.Fatalf("no position with %d empties in %s", *empties, *in)
	}
	eng := ai.NewEngine(64)
	eng.SetKnowledge(k)
	changed := 0
	var spent time.Duration
	for _, b := range boards {
		_, want, _, _ := othelloai.SolveWLD(context.Background(), b)
		eng.ClearHash()
		start := time.Now()
		r := eng.Search(context.Background(), b, ai.Limits{Time: moveTime}, nil)
		spent += time.Since(start)
		child := b.Clone().(*othello.Board)
		child.Play(r.Move)
		_, got, _, _ := othelloai.SolveWLD(context.Background(), child)
		if ai.Sign(-got) != ai.Sign(want) {
			changed++
		}
	}
	fmt.Printf("%d positions at %d empties, %v a move: the move changed the result in %d, %v a move on average\n",
		len(boards), *empties, moveTime, changed, spent/time.Duration(len(boards)))
}

// positions returns every distinct position with empties empty squares
// and more than one move in the transcripts matching globs.
func positions(globs []string, empties int) ([]*othello.Board, error) {
	files, err := patfit.Glob(globs)
	if err != nil {
		return nil, err
	}
	games, err := patfit.ReadTranscripts(files)
	if err != nil {
		return nil, err
	}
	var boards []*othello.Board
	seen := map[[2]uint64]bool{}
	for _, g := range games {
		b := othello.New()
		for _, m := range g.Moves {
			if b.Empties() == empties {
				own, opp := b.Bitboards()
				if !seen[[2]uint64{own, opp}] && len(b.Moves(nil)) > 1 {
					seen[[2]uint64{own, opp}] = true
					boards = append(boards, b)
				}
				break
			}
			b.Play(m)
		}
	}
	return boards, nil
}
