package ai

import "planiverse/rules"

// Mobility is a generic Knowledge (an evaluation) for a game with no knowledge package of
// its own, installed explicitly (Register, Engine.SetKnowledge) such as a
// test's toy game; no game falls back to it: 10 units per legal move of the side to move minus 10 per legal
// move of the opponent, the opponent's count taken after the first legal
// move when that move hands the turn over (so it is an estimate). It keeps
// a move buffer, so a Mobility value must not be shared between goroutines.
type Mobility struct {
	buf []rules.Move
}

// Evaluate returns the mobility difference of s from ToMove's side, in
// units of 10 per move; s is left unchanged. It allocates nothing once its
// buffer has grown.
func (m *Mobility) Evaluate(s rules.State) int {
	m.buf = s.Moves(m.buf[:0])
	own := len(m.buf)
	if own == 0 {
		return 0
	}
	side := s.ToMove()
	s.Play(m.buf[0])
	opp := 0
	if s.ToMove() != side {
		m.buf = s.Moves(m.buf[:0])
		opp = len(m.buf)
	}
	s.Undo()
	return 10 * (own - opp)
}
