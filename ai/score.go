package ai

// The score scale. Scores are from the point of view of the side to move.
// Static evaluations stay within [-MaxEval, MaxEval], about 100 units per disc, stone
// or piece. A forced win found in n plies scores WinScore - n, a forced loss
// -(WinScore - n); scores beyond MateBound either way are such proven results.
const (
	// WinScore is the score of a won game at the root; a win n plies away
	// scores WinScore - n.
	WinScore = 1_000_000
	// MaxEval bounds every static evaluation, either way.
	MaxEval = 100_000
	// MateBound separates evaluations from proven wins and losses: scores
	// above it are wins, below its negation losses.
	MateBound = WinScore - 10_000
)

// Sign returns -1, 0 or +1 by the sign of x.
func Sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// TerminalScore converts a finished game's outcome (rules.State.Outcome:
// > 0 a win for the side to move, < 0 a loss, 0 a draw) at distance ply
// from the root into a score: WinScore - ply, its negation, or 0.
func TerminalScore(outcome, ply int) int {
	switch {
	case outcome > 0:
		return WinScore - ply
	case outcome < 0:
		return -(WinScore - ply)
	}
	return 0
}
