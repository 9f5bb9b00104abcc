package gomokuai

import (
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// The evaluation's features: the quantities evaluateForced weighs, for
// tools that fit its weights (evalweights.go) to a teacher's labels. A
// feature vector (Features) holds, for the side to move:
//
//   - FeatureWindow: the live-window sum (analyzer score) from the side to
//     move's view, in evaluation units; the evaluation adds w percent of
//     it, w = Weights()[FeatureWindow] (evalWindowShare), rounded toward 0;
//   - FeatureTempo: 1 (evalTempo, the side to move's bonus);
//   - FeatureClass+c: the number of empty points of pattern class c
//     (classes.go) for the side to move, FeatureOppClass+c for the
//     opponent (classValue[0][c] and classValue[1][c]);
//   - FeatureThreats+(m<<3|o): 1 for the side to move's threat mask m and
//     the opponent's o (threatMask, threatValue), 0 for the other masks.
//
// The features' sum weighted by Weights() (the window's weight read as a
// percent) is evaluateForced's value before its threat terms
// (evalWinNext, evalLost, evalOpenFourNext, evalDoubleThree), the forced
// blocks and the clamp.
const (
	NumClasses     = numClasses                // pattern classes
	NumThreatMasks = 1 << (2 * evalThreatBits) // pairs of threat masks (side to move's, opponent's)

	FeatureWindow   = 0
	FeatureTempo    = 1
	FeatureClass    = 2
	FeatureOppClass = FeatureClass + NumClasses
	FeatureThreats  = FeatureOppClass + NumClasses

	// NumFeatures is the length of a feature vector.
	NumFeatures = FeatureThreats + NumThreatMasks
)

// threatValue holds one value per pair of threat masks (this does not
// compile otherwise).
const _ = uint(len(threatValue)-NumThreatMasks) + uint(NumThreatMasks-len(threatValue))

// Features fills x with the evaluation features of g (not over) for its
// side to move (see NumFeatures). It allocates nothing and leaves g
// unchanged.
func (k *Knowledge) Features(g *gomoku.Game, x *[NumFeatures]int32) {
	*x = [NumFeatures]int32{}
	a := &k.a
	a.refreshAll(g)
	me := g.ColorToMove()
	w := a.score
	if me == 1 {
		w = -w
	}
	x[FeatureWindow] = int32(w)
	x[FeatureTempo] = 1
	for pt := 0; pt < g.Size()*g.Size(); pt++ {
		if g.Point(pt) == 0 {
			x[FeatureClass+int(classOfSet[a.sets[me][pt]&setMask])]++
			x[FeatureOppClass+int(classOfSet[a.sets[me^1][pt]&setMask])]++
		}
	}
	x[FeatureThreats+(a.threatMask(me)<<3|a.threatMask(me^1))] = 1
}

// Weights returns the evaluation's weights (evalweights.go) per feature
// of Features, in evaluation units (the window's as a percent).
func Weights() (w [NumFeatures]int32) {
	w[FeatureWindow] = evalWindowShare
	w[FeatureTempo] = evalTempo
	for c := range NumClasses {
		w[FeatureClass+c] = classValue[0][c]
		w[FeatureOppClass+c] = classValue[1][c]
	}
	for t, v := range threatValue {
		w[FeatureThreats+t] = v
	}
	return w
}

// DecisiveClass reports whether a stone of the side to move on a point of
// pattern class c makes a five, an open four or two fours: a position
// holding such a point is won, and the evaluation's threat terms score it,
// whatever the class's weight.
func DecisiveClass(c int) bool {
	var ps patternSet
	for dir, code := range classCodes[c] {
		ps |= patternSet(code) << (3 * dir)
	}
	cb := comboOf(ps)
	return cb == comboFive || cb == comboOpen4
}

// Threats is what one color threatens in a position (Knowledge.Threats).
type Threats struct {
	Wins   int        // distinct win points (a stone there makes five), counting at most 2
	Win    rules.Move // the first win point, rules.NoMove when none
	Fours  int        // four points summed over the lines (a point in two lines counts twice)
	Threes int        // lines holding a three (a point there makes an open four)
}

// Threats returns color c's threats in g. It allocates nothing and
// leaves g unchanged.
func (k *Knowledge) Threats(g *gomoku.Game, c rules.Seat) Threats {
	a := &k.a
	a.refreshAll(g)
	n, first, _ := a.distinctWins(c)
	return Threats{Wins: n, Win: first, Fours: a.nFour[c&1], Threes: a.nThree[c&1]}
}

// StaticEval is Evaluate of g (not over) for its color to move without
// the forced blocks: facing a single four of the opponent's, the value is
// that of the position as it stands. It allocates nothing and leaves g
// unchanged.
func (k *Knowledge) StaticEval(g *gomoku.Game) int { return k.evaluateForced(g, 0) }

// CandidateCap is the most moves Candidates returns when no threat forces
// the choice: the best of Near's points by OrderMoves.
func CandidateCap() int { return params.candidateCap }
