package dvonnai

import "planiverse/rules/dvonn"

// The engine-game model, Planiverse's default DVONN movement evaluation.
//
// It keeps the field evaluation's four terms (field.go: stacks, reach,
// moves onto DVONN stacks and onto enemy stacks, each weighed by the
// field value of its cell) and adds what the field evaluation is blind to:
// controlled height, the height that is safe (neither attacked nor cut off
// by one articulation cell emptying), the unweighted counts of moves onto
// enemy and DVONN stacks, the tallest stack each side can take next, and
// the best net height each side can cut off by moving an articulation
// stack (features.go). All weights, on a full board and at the end with
// the phase interpolating, are fitted Texel style (cmd/tunemodel): a
// logistic model of the result for the side to move over the movement
// positions of engine games (testdata/engine-games.txt.gz), every fifth
// game held out. It plays clearly better than the field evaluation; the
// fit and the matches are in EXPERIMENTS.md ("engine-game model").

// Model features: the field terms, then side differences and asymmetric
// features of features.go. NumModelFeatures is the length of a model
// feature vector; it, ModelFeatures, Features, PlacementFeatures and their
// lengths are exported for the fitting tools (cmd/tune, cmd/tunemodel).
const (
	mFieldStack   = iota // Σ field value of the cells of controlled stacks
	mFieldReach          // Σ field value of the occupied cells the controlled stacks reach
	mFieldToDvonn        // the same for mobile stacks landing on a DVONN stack
	mFieldToEnemy        // the same for mobile stacks landing on an enemy stack
	mHeight              // controlled height
	mToEnemy             // moves landing on an enemy stack
	mToDvonn             // moves landing on a stack holding a DVONN piece
	mSafe                // height neither attacked nor fragile
	mTempo               // 1: the side to move
	mCapMover            // tallest enemy stack the mover can land on
	mCapWaiting          // minus the tallest mover's stack the other side can land on
	mCutMover            // best net height the mover cuts off by moving an articulation stack
	mCutWaiting          // minus the same for the other side
	NumModelFeatures
)

// modelDiv turns the weighted feature sum into evaluation units: the
// weights are in 1/64 of 1/300 logit per feature unit, and one logit is
// 64*64*7/4/300 = 171 evaluation units (so a stack on a plain cell is
// about the field evaluation's 100).
const modelDiv = 64 * 64 * 7 / 4

// ModelFeatures fills x with the model features of g (not placing, not
// over) from the side to move's point of view and returns the phase
// (Features). It allocates nothing.
func ModelFeatures(g *dvonn.Game, x *[NumModelFeatures]int32) int {
	var f [NumFeatures]int32
	ph := Features(g, &f)
	side := fieldTerms(g)
	me := int(g.ToMove())
	for i := range 4 {
		x[mFieldStack+i] = side[me][i] - side[me^1][i]
	}
	x[mHeight] = f[fHeight]
	x[mToEnemy] = f[fToEnemy]
	x[mToDvonn] = f[fToDvonn]
	x[mSafe] = f[fSafe]
	x[mTempo] = 1
	x[mCapMover] = f[nSide+aCapMover]
	x[mCapWaiting] = f[nSide+aCapWaiting]
	x[mCutMover] = f[nSide+aCutMover]
	x[mCutWaiting] = f[nSide+aCutWaiting]
	return ph
}

// movementModel is the engine-game model's evaluation of a movement
// position (not over) from the side to move's point of view, in evaluation
// units. It allocates nothing.
func movementModel(g *dvonn.Game) int {
	var x [NumModelFeatures]int32
	ph := int64(ModelFeatures(g, &x))
	var v int64
	for j, f := range x {
		v += int64(f) * (int64(modelFull[j])*ph + int64(modelEnd[j])*(PhaseMax-ph))
	}
	return int(v / modelDiv)
}
