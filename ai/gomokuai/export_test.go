package gomokuai

// Knobs for the external tests (package gomokuai_test).
var (
	RefuteDepth   = params.refuteDepth
	SolveVCTDepth = params.solveVCTDepth
)
