// Command tune fits the weights of dvonnai's model of human games
// (features.go; written to weights.go) on the boardspace games, Texel
// style: every position of a finished game is labeled with the game's
// result for the side to move (1 win, ½ draw, 0 loss; with -label score,
// the final margin squashed by a logistic of 1/4 per piece), and a logistic
// model of the features, tapered between a full board and the end by the
// phase, is fitted by full-batch Adam on the log-loss, for the movement and
// the placement phase. Every fifth game (index 4 mod 5) is validation, the
// rest training. It prints the validation log-loss and accuracy of the
// fitted model, of the old hand-set evaluation (oldeval.go) and of the bare
// height difference (each with its logistic scale fitted on the training
// positions), and writes the weights in evaluation units: one logit is the
// old evaluation's scale, so 100 stays about one piece.
//
// Run from the repository root:
//
//	go run ./ai/dvonnai/cmd/tune -games /work/shared/data/dvonn-boardspace-games.txt.gz
//
// Record the fit in ai/dvonnai/EXPERIMENTS.md.
package main

import (
	"flag"
	"fmt"
	"go/format"
	"log"
	"math"
	"os"
	"strconv"
	"strings"

	"planiverse/ai/dvonnai"
	"planiverse/ai/dvonnai/internal/gzlines"
)

// featureNames and placementFeatureNames name dvonnai's movement and
// placement features, in the order of its feature constants (features.go).
var (
	featureNames = [dvonnai.NumFeatures]string{
		"height", "stacks", "moves", "toEnemy", "toDvonn", "dvonnStacks",
		"nearDvonn", "chainRisk", "stuck", "dead", "attacked", "fragile", "safe",
		"tempo", "capMover", "capWaiting", "cutMover", "cutWaiting",
	}
	placementFeatureNames = [dvonnai.NumPlacementFeatures]string{
		"dist1", "dist2", "dist3", "distFar", "totDist", "edge", "crowded", "contact", "under", "tempo",
	}
)

// indexOf returns the position of name in names.
func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	log.Fatalf("no feature %q", name)
	return -1
}

func main() {
	path := flag.String("games", "/work/shared/data/dvonn-boardspace-games.txt.gz", "the gzipped boardspace games")
	labelFlag := flag.String("label", "result", "label of a position: result (1, ½, 0) or score (the squashed final margin)")
	out := flag.String("out", "ai/dvonnai/weights.go", "the Go file to write")
	flag.Parse()
	scoreLabel := *labelFlag == "score"
	lines, err := gzlines.Read(*path)
	if err != nil {
		log.Fatal(err)
	}
	train, val := dataset{dim: dvonnai.NumFeatures}, dataset{dim: dvonnai.NumFeatures}
	ptrain, pval := dataset{dim: dvonnai.NumPlacementFeatures}, dataset{dim: dvonnai.NumPlacementFeatures}
	games, skipped := readGames(lines, scoreLabel, [2]*dataset{&train, &ptrain}, [2]*dataset{&val, &pval})
	fmt.Printf("%d finished games (%d unreadable), training %d positions from %d games, validation %d positions from %d games\n",
		games, skipped, len(train.y), train.games, len(val.y), val.games)

	// The old evaluation and the bare height difference, each with a
	// logistic scale fitted on the training positions.
	kOld := fitScale(train.old, train.y)
	kMat := fitScale(train.mat, train.y)
	report("height only, validation", &val, func(i int) float64 { return kMat * val.mat[i] })
	// Evaluation units: 1 logit is 1/kOld old movement-evaluation units,
	// for both phases (both predict the result, so the scales agree).
	fmt.Printf("movement phase (%d features)\n", dvonnai.NumFeatures)
	mFull, mEnd := tuneSet(&train, &val, kOld, 1/kOld, indexOf(featureNames[:], "tempo"))
	fmt.Printf("placement phase (%d features)\n", dvonnai.NumPlacementFeatures)
	pFull, pEnd := tuneSet(&ptrain, &pval, fitScale(ptrain.old, ptrain.y), 1/kOld, indexOf(placementFeatureNames[:], "tempo"))

	src := weightsSource(games, scoreLabel, [4][]int32{mFull, mEnd, pFull, pEnd})
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("wrote %s\n%s", *out, src)
}

// readGames adds the positions of the finished games of lines to the
// training sets (movement, placement) or, every fifth game, to the
// validation sets; it returns the number of finished games and of those
// whose moves did not parse.
func readGames(lines []string, scoreLabel bool, train, val [2]*dataset) (games, skipped int) {
	for _, line := range lines {
		head, moves, ok := strings.Cut(line, " : ")
		fs := strings.Fields(head)
		if !ok || len(fs) != 4 || fs[1] != "over" {
			continue
		}
		w, err1 := strconv.Atoi(strings.TrimPrefix(fs[2], "W"))
		b, err2 := strconv.Atoi(strings.TrimPrefix(fs[3], "B"))
		if err1 != nil || err2 != nil {
			log.Fatalf("bad result %q", head)
		}
		d := train
		if games%5 == 4 {
			d = val
		}
		if !d[0].addGame(d[1], strings.Fields(moves), w-b, scoreLabel) {
			skipped++
		}
		games++
	}
	return games, skipped
}

// weightsSource returns the formatted Go source of weights.go holding the
// tables w: movement full and end, placement full and end.
func weightsSource(games int, scoreLabel bool, w [4][]int32) []byte {
	var sb strings.Builder
	fmt.Fprintf(&sb, "// Code generated by cmd/tune from %d boardspace games; DO NOT EDIT.\n\n", games)
	sb.WriteString("package dvonnai\n\n")
	label := map[bool]string{false: "the result", true: "the squashed final margin"}[scoreLabel]
	for k, tab := range []struct {
		name, comment, size string
		names               []string
	}{
		{"weightsFull", fmt.Sprintf("weightsFull and weightsEnd are the movement-phase weights, in evaluation units\n// per feature unit, on a full board (phase %d) and at the end (phase 0); the\n// evaluation interpolates by the phase. Fitted on %s.", dvonnai.PhaseMax, label), "NumFeatures", featureNames[:]},
		{"weightsEnd", "", "NumFeatures", featureNames[:]},
		{"placementFull", "placementFull and placementEnd are the placement-phase weights, with three\n// pieces placed (phase 64) and with 49 (phase 0), in the same units.", "NumPlacementFeatures", placementFeatureNames[:]},
		{"placementEnd", "", "NumPlacementFeatures", placementFeatureNames[:]},
	} {
		if tab.comment != "" {
			fmt.Fprintf(&sb, "// %s\n", tab.comment)
		}
		fmt.Fprintf(&sb, "var %s = [%s]int32{\n", tab.name, tab.size)
		for j, x := range w[k] {
			fmt.Fprintf(&sb, "\t%d, // %s\n", x, tab.names[j])
		}
		sb.WriteString("}\n\n")
	}
	src, err := format.Source([]byte(sb.String()))
	if err != nil {
		log.Fatal(err)
	}
	return src
}

// report prints the log-loss and accuracy of logits z on d.
func report(name string, d *dataset, z func(i int) float64) {
	loss, acc := evaluate(d, z)
	fmt.Printf("%-30s log-loss %.4f accuracy %.2f%% (%d positions)\n", name, loss, 100*acc, len(d.y))
}

// tuneSet reports the old evaluation (logit scale kOld) on train and val,
// fits the tapered model on train, reports it on both, and returns its
// weights in evaluation units (scale per logit), as integers, reporting
// those on val too.
func tuneSet(train, val *dataset, kOld, scale float64, tempo int) (full, end []int32) {
	report("old evaluation, training", train, func(i int) float64 { return kOld * train.old[i] })
	report("old evaluation, validation", val, func(i int) float64 { return kOld * val.old[i] })
	wf, we := fit(train, 600, tempo)
	logit := func(d *dataset) func(i int) float64 {
		return func(i int) float64 {
			ph, z := d.phase[i], 0.0
			for j, x := range d.row(i) {
				z += float64(x) * (wf[j]*ph + we[j]*(1-ph))
			}
			return z
		}
	}
	report("fitted, training", train, logit(train))
	report("fitted, validation", val, logit(val))
	full, end = make([]int32, len(wf)), make([]int32, len(wf))
	for j := range wf {
		full[j] = int32(math.Round(wf[j] * scale))
		end[j] = int32(math.Round(we[j] * scale))
	}
	// The integer weights as the evaluation uses them.
	report("fitted (integer), validation", val, func(i int) float64 {
		ph := int32(math.Round(val.phase[i] * dvonnai.PhaseMax))
		var v int32
		for j, x := range val.row(i) {
			v += x * (full[j]*ph + end[j]*(dvonnai.PhaseMax-ph)) / dvonnai.PhaseMax
		}
		return float64(v) / scale
	})
	return full, end
}
