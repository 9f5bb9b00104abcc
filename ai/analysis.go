package ai

import (
	"context"

	"planiverse/rules"
)

// Analyst is optional knowledge for judging the moves of a finished or
// running game (the game analysis, app/session/quality): the game's scale
// for a move's loss and its exact values. All four games implement it.
//   - AnalysisScale returns the game's numbers for judging moves (see
//     AnalysisScale). It must keep no state.
//   - ExactValue returns the value of s for its side to move with perfect
//     play, and a move that keeps it, when the game's exact solver or
//     perfect table decides s (Othello's endgame solver, Alak's retrograde
//     table, Gomoku's VCF); ok false when it cannot (then nothing is
//     proven). The score is on the search's scale: a game with a unit
//     (AnalysisScale.Unit) its final margin times UnitScore, else a win in
//     n plies WinScore - n, a loss the negation, a draw 0. A finished game
//     gives its final value with rules.NoMove, or ok false when the game
//     has no unit (the caller then uses TerminalScore). It leaves s
//     unchanged and returns promptly (ok false) when ctx is canceled.
type Analyst interface {
	AnalysisScale() AnalysisScale
	ExactValue(ctx context.Context, s rules.State) (m rules.Move, score int, ok bool)
}

// AnalysisScale is how a game judges a move: the drop in the mover's
// expected score (win probability, draws counting half) between the best
// move and the move played, or in the game's own unit where it has one.
type AnalysisScale struct {
	// Logit is the evaluation units of one logit of the expected score: a
	// score v (side to move's view, not a proven result) is worth
	// 1 / (1 + exp(-v/Logit)) to the side to move.
	Logit float64
	// Unit names the game's own unit of a loss ("discs"), or "" when the
	// game has none and losses are drops of expected score in percent.
	Unit string
	// UnitScore is the evaluation units of one Unit (100 for a disc).
	UnitScore int
	// Inaccuracy, Mistake and Blunder are the least losses (in Unit, else
	// in percent of expected score) of those classes; a smaller non-zero
	// loss is a good move.
	Inaccuracy, Mistake, Blunder float64
	// Advantage is the score, in evaluation units, that marks a clear
	// advantage in the game, for displays (AdvantageScale); 0 keeps the
	// default 600.
	Advantage int
}

// DefaultAnalysisScale is the scale of a game whose knowledge is no
// Analyst: a logit of the game's AdvantageScale, losses in expected score
// with lichess's thresholds (10, 20 and 30 points of winning chances, that
// is 5, 10 and 15 percent of expected score).
func DefaultAnalysisScale(game string) AnalysisScale {
	return AnalysisScale{Logit: float64(AdvantageScale(game)), Inaccuracy: 5, Mistake: 10, Blunder: 15}
}

// AnalysisFor returns the analysis of s's game: a fresh value of its
// knowledge's Analyst (KnowledgeFor: for one goroutine) and its scale, or
// nil and DefaultAnalysisScale when the game's knowledge is no Analyst.
func AnalysisFor(s rules.State) (Analyst, AnalysisScale) {
	if a, ok := KnowledgeFor(s).(Analyst); ok {
		return a, a.AnalysisScale()
	}
	return nil, DefaultAnalysisScale(rules.GameName(s))
}
