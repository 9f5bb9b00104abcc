package ai

import (
	"context"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Explainer is optional knowledge for the game analysis: why a move is
// worse than the best one, in the game's own terms (a corner given away,
// a four left unblocked, a stack cut off from the DVONN pieces, a capture
// allowed). All four games implement it.
//
// Explain returns one sentence, with its full stop, on why played is
// worse than best in s, the position before them (both legal there, not
// equal), computed from s and the positions after each move, as a phrase
// that the window translates (its String is English: "b2 gives White the
// corner a1."; keys "explain.<game>.<reason>"). It returns the zero
// phrase when none of the game's reasons applies (the caller then says what the better move keeps, from the
// values). It leaves s unchanged and returns promptly (the zero phrase) when ctx is
// canceled; a game that needs a search for a reason (Gomoku's VCF)
// bounds it to a few milliseconds.
type Explainer interface {
	Explain(ctx context.Context, s rules.State, played, best rules.Move) phrase.P
}

// ExplainerFor returns the Explainer of s's game knowledge (KnowledgeFor:
// a fresh value, for one goroutine), or nil when it has none.
func ExplainerFor(s rules.State) Explainer {
	e, _ := KnowledgeFor(s).(Explainer)
	return e
}
