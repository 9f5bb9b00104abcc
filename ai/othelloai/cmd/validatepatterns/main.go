// Command validatepatterns compares Othello pattern weight files against
// exact values: the positions with -empties empty squares of the games in
// the folder -games (one game a file, moves like "f5 d6 ..." or "f5d6...",
// as planiverse match --records writes them) are solved exactly, and each
// weights file reports the root mean square error of its evaluation, in
// discs, against the exact final disc difference. Games played by other
// engines are independent of the self-play training data.
//
//	go run ./ai/othelloai/cmd/validatepatterns -games DIR -weights embedded,new.bin
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"planiverse/ai/othelloai"
	"planiverse/ai/othelloai/internal/patfit"
	"planiverse/rules/othello"
)

func main() {
	dir := flag.String("games", "", "folder of game records (required)")
	weights := flag.String("weights", "embedded", `weights files, comma-separated ("embedded": patterns.bin)`)
	empties := flag.String("empties", "16-20", "range of empty squares of the positions, as 16-20")
	flag.Parse()
	if *dir == "" {
		flag.Usage()
		os.Exit(2)
	}
	lo, hi, err := parseRange(*empties)
	if err != nil {
		log.Fatal(err)
	}
	names := strings.Split(*weights, ",")
	sets, err := loadSets(names)
	if err != nil {
		log.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(*dir, "*"))
	se := make([]float64, len(sets))
	n := 0
	seen := map[[2]uint64]bool{}
	for _, f := range files {
		err := replay(f, func(own, opp uint64) {
			e := bits.OnesCount64(^(own | opp))
			if e < lo || e > hi || othello.MovesMask(own, opp) == 0 || seen[[2]uint64{own, opp}] {
				return
			}
			seen[[2]uint64{own, opp}] = true
			_, exact, _, _ := othelloai.SolveExact(context.Background(), patfit.Board(own, opp))
			for k, w := range sets {
				d := float64(othelloai.EvaluatePatternsWith(w, own, opp))/100 - float64(exact)
				se[k] += d * d
			}
			n++
		})
		if err != nil {
			log.Fatal(err)
		}
	}
	if n == 0 {
		log.Fatalf("no positions with %d-%d empties in %s", lo, hi, *dir)
	}
	for k, name := range names {
		fmt.Printf("%s: RMSE %.2f discs against the exact value, %d positions with %d-%d empties\n", name, math.Sqrt(se[k]/float64(n)), n, lo, hi)
	}
}

// parseRange reads a range of empties written as "16-20".
func parseRange(r string) (lo, hi int, err error) {
	a, b, _ := strings.Cut(r, "-")
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || lo > hi {
		return 0, 0, fmt.Errorf("empties %q: want like 16-20", r)
	}
	return lo, hi, nil
}

// loadSets reads the weights files names ("embedded": patterns.bin).
func loadSets(names []string) ([][][]int16, error) {
	var sets [][][]int16
	for _, n := range names {
		if n == "embedded" {
			w, err := othelloai.PatternWeights()
			if err != nil {
				return nil, err
			}
			sets = append(sets, w)
			continue
		}
		data, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		w, err := othelloai.DecodePatternWeights(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", n, err)
		}
		sets = append(sets, w)
	}
	return sets, nil
}

// replay plays the game of the record file f, calling visit with every
// position before a move (own to move, passes applied).
func replay(f string, visit func(own, opp uint64)) error {
	data, err := os.ReadFile(f)
	if err != nil {
		return err
	}
	text := strings.Join(strings.Fields(string(data)), "")
	own, opp := othello.New().Bitboards()
	for i := 0; i+2 <= len(text); i += 2 {
		if othello.MovesMask(own, opp) == 0 {
			own, opp = opp, own
		}
		visit(own, opp)
		sq, err := othello.ParseSquare(text[i : i+2])
		if err != nil {
			return nil // a pass or the end of the record
		}
		flips := othello.FlipsMask(sq, own, opp)
		if flips == 0 {
			return fmt.Errorf("%s: illegal move %s", f, text[i:i+2])
		}
		own, opp = opp&^flips, own|flips|1<<sq
	}
	return nil
}
