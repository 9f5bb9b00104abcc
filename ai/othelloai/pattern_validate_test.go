package othelloai

import (
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"planiverse/rules/othello"
)

// TestValidatePatterns compares pattern weight files against exact values
// (run only when asked): the positions with OTHELLO_VALIDATE_EMPTIES
// empties (default 16-20, as "16-20") of the games in the directory
// OTHELLO_VALIDATE_GAMES (one game a file, moves like "f5 d6 ..." or
// "f5d6...", as planiverse match --records writes them) are solved
// exactly, and each file of OTHELLO_VALIDATE_WEIGHTS (comma-separated;
// "embedded" is patterns.bin) reports the root mean square error of its
// evaluation, in discs, against the exact final disc difference. Games
// played by other engines are independent of the self-play training data.
//
//	OTHELLO_VALIDATE_GAMES=DIR OTHELLO_VALIDATE_WEIGHTS=embedded,new.bin go test -run TestValidatePatterns -v ./ai/othelloai
func TestValidatePatterns(t *testing.T) {
	dir := os.Getenv("OTHELLO_VALIDATE_GAMES")
	if dir == "" {
		t.Skip("set OTHELLO_VALIDATE_GAMES (a records directory) and OTHELLO_VALIDATE_WEIGHTS")
	}
	lo, hi := 16, 20
	if r := os.Getenv("OTHELLO_VALIDATE_EMPTIES"); r != "" {
		a, b, _ := strings.Cut(r, "-")
		var err1, err2 error
		lo, err1 = strconv.Atoi(a)
		hi, err2 = strconv.Atoi(b)
		if err1 != nil || err2 != nil || lo > hi {
			t.Fatalf("OTHELLO_VALIDATE_EMPTIES %q: want like 16-20", r)
		}
	}
	var sets [][][]int16
	names := strings.Split(os.Getenv("OTHELLO_VALIDATE_WEIGHTS"), ",")
	for _, n := range names {
		if n == "embedded" {
			if ok, err := PatternWeightsLoaded(); !ok {
				t.Fatal(err)
			}
			sets = append(sets, patternWeights)
			continue
		}
		w, err := readPatternWeightsFile(n)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		sets = append(sets, w)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	se := make([]float64, len(sets))
	n := 0
	seen := map[[2]uint64]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(data)), "")
		own, opp := othello.New().Bitboards()
		for i := 0; i+2 <= len(text); i += 2 {
			if othello.MovesMask(own, opp) == 0 {
				own, opp = opp, own
			}
			e := bits.OnesCount64(^(own | opp))
			if e >= lo && e <= hi && othello.MovesMask(own, opp) != 0 && !seen[[2]uint64{own, opp}] {
				seen[[2]uint64{own, opp}] = true
				_, exact := solveMove(own, opp)
				for k, w := range sets {
					d := float64(evaluatePatternsWith(w, own, opp))/100 - float64(exact)
					se[k] += d * d
				}
				n++
			}
			sq, err := othello.ParseSquare(text[i : i+2])
			if err != nil {
				break // a pass or the end of the record
			}
			flips := othello.FlipsMask(sq, own, opp)
			if flips == 0 {
				t.Fatalf("%s: illegal move %s", f, text[i:i+2])
			}
			own, opp = opp&^flips, own|flips|1<<sq
		}
	}
	if n == 0 {
		t.Fatalf("no positions with %d-%d empties in %s", lo, hi, dir)
	}
	for k, name := range names {
		t.Logf("%s: RMSE %.2f discs against the exact value, %d positions with %d-%d empties", name, math.Sqrt(se[k]/float64(n)), n, lo, hi)
	}
}
