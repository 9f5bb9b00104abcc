// Package evalfit holds what the Gomoku evaluation's fitting tools
// (ai/gomokuai/cmd/fitteacher, fitcompare, orderteacher) share: reading a
// teacher's label files, the feature vectors of gomokuai.Features as
// sparse rows over float weights, the starting weights and the generated
// source of evalweights.go.
//
// A label file holds one position a line, "moves|eval|best": the moves
// from the empty 15x15 freestyle board (planiverse notation, "H8 H9
// ..."), the teacher's evaluation for the side to move in its own units
// (a number, or +Mn / -Mn for a win / loss in n plies; "None" when it gave
// none) and its move. The number v is read as a win probability
// 1/(1+exp(-v/200)) (the teacher's scale), a win or loss as 0.97 or 0.03.
package evalfit

import (
	"bufio"
	"fmt"
	"go/format"
	"math"
	"os"
	"strconv"
	"strings"

	"planiverse/ai/gomokuai"
	"planiverse/rules/gomoku"
)

// TeacherProb reads a teacher's evaluation as the side to move's win
// probability.
func TeacherProb(ev string) (float64, bool) {
	switch {
	case strings.HasPrefix(ev, "+M"):
		return 0.97, true
	case strings.HasPrefix(ev, "-M"):
		return 0.03, true
	}
	v, err := strconv.ParseFloat(ev, 64)
	if err != nil {
		return 0, false
	}
	return 1 / (1 + math.Exp(-v/200)), true
}

// Position is a labeled position of a label file: the game after its
// moves, the teacher's win probability for the side to move, the moves
// and the teacher's move.
type Position struct {
	G      *gomoku.Game
	Target float64
	Moves  string
	Best   string
}

// ReadLabels reads the label files of the comma-separated list paths,
// replaying each line's moves; lines that do not parse, hold an illegal
// move or end the game are left out.
func ReadLabels(paths string) ([]Position, error) {
	var out []Position
	for _, name := range strings.Split(paths, ",") {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			if p, ok := parseLabel(sc.Text()); ok {
				out = append(out, p)
			}
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// parseLabel parses one line of a label file, with ok false when it is
// left out (see ReadLabels).
func parseLabel(line string) (Position, bool) {
	parts := strings.Split(line, "|")
	if len(parts) != 3 {
		return Position{}, false
	}
	p, ok := TeacherProb(parts[1])
	if !ok {
		return Position{}, false
	}
	g, _ := gomoku.New(gomoku.Options{Size: 15})
	for _, s := range strings.Fields(parts[0]) {
		m, err := g.ParseMove(s)
		if err != nil || !g.Legal(m) {
			return Position{}, false
		}
		g.Play(m)
	}
	if over, _ := g.Outcome(); over {
		return Position{}, false
	}
	return Position{g, p, parts[0], parts[2]}, true
}

// Quiet reports whether no threat term of the evaluation applies to g
// with its side to move: no win point for either side, no three of the
// side to move's, no double three of the opponent's against no four.
func Quiet(k *gomokuai.Knowledge, g *gomoku.Game) bool {
	me := g.ColorToMove()
	t, o := k.Threats(g, me), k.Threats(g, me^1)
	return t.Wins == 0 && o.Wins == 0 && t.Threes == 0 && (o.Threes < 2 || t.Fours > 0)
}

// Prior returns the weights in evalweights.go as a vector over
// gomokuai.Features (the window's as a percent) and the features a fit
// keeps fixed: the empty class, the decisive classes (a quiet position
// holds none for the side to move; the threat terms take over) of both
// sides, and the pair of empty threat masks (the tempo covers it).
func Prior() (prior []float64, fixed []bool) {
	w := gomokuai.Weights()
	prior = make([]float64, gomokuai.NumFeatures)
	fixed = make([]bool, gomokuai.NumFeatures)
	for i, v := range w {
		prior[i] = float64(v)
	}
	fixed[gomokuai.FeatureThreats] = true
	for c := range gomokuai.NumClasses {
		if c == 0 || gomokuai.DecisiveClass(c) {
			fixed[gomokuai.FeatureClass+c], fixed[gomokuai.FeatureOppClass+c] = true, true
		}
	}
	return prior, fixed
}

// Features returns gomokuai.Features of g as (index, value) pairs of its
// non-zero features, the window sum divided by 100 (so that its weight is
// a percent).
func Features(k *gomokuai.Knowledge, g *gomoku.Game) ([]int16, []float32) {
	var x [gomokuai.NumFeatures]int32
	k.Features(g, &x)
	var idx []int16
	var val []float32
	for i, v := range x {
		if v == 0 {
			continue
		}
		f := float32(v)
		if i == gomokuai.FeatureWindow {
			f /= 100
		}
		idx = append(idx, int16(i))
		val = append(val, f)
	}
	return idx, val
}

// Row is a labeled position's features as (index, value) pairs, the
// teacher's target, the current evaluation and the moves.
type Row struct {
	Idx    []int
	Val    []float64
	Target float64
	Cur    float64
	Moves  string
}

// NewRow is the Row of Features' pairs (idx, val).
func NewRow(idx []int16, val []float32) Row {
	var r Row
	for j, i := range idx {
		r.Idx = append(r.Idx, int(i))
		r.Val = append(r.Val, float64(val[j]))
	}
	return r
}

// Dot is the weights b applied to r's features.
func (r *Row) Dot(b []float64) float64 {
	v := 0.0
	for j, i := range r.Idx {
		v += b[i] * r.Val[j]
	}
	return v
}

// WriteWeights writes Source(b, generator), formatted, to the file out.
func WriteWeights(out string, b []float64, generator string) error {
	src, err := format.Source(Source(b, generator))
	if err != nil {
		return err
	}
	return os.WriteFile(out, src, 0o644)
}

// Source is the Go source of evalweights.go for the fitted vector b over
// gomokuai.Features, written by the program generator.
func Source(b []float64, generator string) []byte {
	var sb strings.Builder
	fmt.Fprintf(&sb, "// Code generated by %s; DO NOT EDIT.\n", generator)
	sb.WriteString(`
package gomokuai

// The evaluation's fitted weights (evaluateForced), in evaluation units:
// evalWindowShare is the percent of the live-window sum, evalTempo the
// side to move's bonus, classValue[0][c] a point's value for the side to
// move when its pattern class is c and classValue[1][c] for the opponent
// (classes: classes.go), threatValue[m<<3|o] the value of the side to
// move's threats m and the opponent's o (analyzer.threatMask).
`)
	fmt.Fprintf(&sb, "const (\n\tevalWindowShare = %d\n\tevalTempo = %d\n)\n\n",
		int(math.Round(b[gomokuai.FeatureWindow])), int(math.Round(b[gomokuai.FeatureTempo])))
	sb.WriteString("var classValue = [2][numClasses]int32{\n")
	for _, base := range []int{gomokuai.FeatureClass, gomokuai.FeatureOppClass} {
		sb.WriteString("\t{")
		for c := range gomokuai.NumClasses {
			if c%10 == 0 {
				sb.WriteString("\n\t\t")
			} else {
				sb.WriteString(" ")
			}
			fmt.Fprintf(&sb, "%d,", int(math.Round(b[base+c])))
		}
		sb.WriteString("\n\t},\n")
	}
	fmt.Fprintf(&sb, "}\n\nvar threatValue = [%d]int32{", gomokuai.NumThreatMasks)
	for t := range gomokuai.NumThreatMasks {
		if t%8 == 0 {
			sb.WriteString("\n\t")
		} else {
			sb.WriteString(" ")
		}
		fmt.Fprintf(&sb, "%d,", int(math.Round(b[gomokuai.FeatureThreats+t])))
	}
	sb.WriteString("\n}\n")
	return []byte(sb.String())
}
