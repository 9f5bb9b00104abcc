package ai

import (
	"fmt"
	"strings"

	"planiverse/rules"
)

// tictac is tic-tac-toe as a rules.State, for the search tests.
type tictac struct {
	cell [9]int8 // 0 empty, 1 first, 2 second
	turn rules.Seat
	hist []rules.Move
	hash uint64
}

var tttZobrist = func() (z [9][3]uint64) {
	x := uint64(0x9E3779B97F4A7C15)
	for i := range z {
		for j := range z[i] {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			z[i][j] = x
		}
	}
	return
}()

var tttLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (t *tictac) ToMove() rules.Seat { return t.turn }
func (t *tictac) winner() int8 {
	for _, l := range tttLines {
		if c := t.cell[l[0]]; c != 0 && c == t.cell[l[1]] && c == t.cell[l[2]] {
			return c
		}
	}
	return 0
}
func (t *tictac) Moves(buf []rules.Move) []rules.Move {
	if t.winner() != 0 {
		return buf
	}
	for i, c := range t.cell {
		if c == 0 {
			buf = append(buf, rules.Move(i))
		}
	}
	return buf
}
func (t *tictac) Play(m rules.Move) {
	t.cell[m] = int8(t.turn) + 1
	t.hash ^= tttZobrist[m][t.turn+1] ^ 1
	t.turn ^= 1
	t.hist = append(t.hist, m)
}
func (t *tictac) Undo() {
	m := t.hist[len(t.hist)-1]
	t.hist = t.hist[:len(t.hist)-1]
	t.turn ^= 1
	t.hash ^= tttZobrist[m][t.turn+1] ^ 1
	t.cell[m] = 0
}
func (t *tictac) Hash() uint64 { return t.hash }
func (t *tictac) Outcome() (bool, int) {
	if w := t.winner(); w != 0 {
		if w == int8(t.turn)+1 {
			return true, 1
		}
		return true, -1
	}
	return len(t.hist) == 9, 0
}
func (t *tictac) Clone() rules.State {
	c := *t
	c.hist = append(make([]rules.Move, 0, 9), t.hist...)
	return &c
}
func (t *tictac) MoveString(m rules.Move) string { return fmt.Sprint(int(m)) }
func (t *tictac) ParseMove(s string) (rules.Move, error) {
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil || n < 0 || n > 8 {
		return 0, fmt.Errorf("%q: %w", s, rules.ErrSyntax)
	}
	if t.cell[n] != 0 || t.winner() != 0 {
		return 0, fmt.Errorf("%q: %w", s, rules.ErrIllegal)
	}
	return rules.Move(n), nil
}
func (t *tictac) String() string {
	var b strings.Builder
	for i, c := range t.cell {
		b.WriteByte(".XO"[c])
		if i%3 == 2 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// takeGame is a subtraction game with a non-alternating turn: take 1, 2 or
// 3 tokens from a heap; whoever takes the last token wins; taking exactly 3
// (leaving tokens) gives the same player another move.
type takeGame struct {
	heap  int
	turn  rules.Seat
	hist  []takeUndo
	extra bool // the last move was a 3 (the mover keeps the turn)
}

type takeUndo struct {
	m     rules.Move
	turn  rules.Seat
	extra bool
}

func newTake(n int) *takeGame { return &takeGame{heap: n, hist: make([]takeUndo, 0, n)} }

func (g *takeGame) ToMove() rules.Seat { return g.turn }
func (g *takeGame) Moves(buf []rules.Move) []rules.Move {
	for k := 1; k <= 3 && k <= g.heap; k++ {
		buf = append(buf, rules.Move(k))
	}
	return buf
}
func (g *takeGame) Play(m rules.Move) {
	g.hist = append(g.hist, takeUndo{m, g.turn, g.extra})
	g.heap -= int(m)
	g.extra = m == 3
	if !(m == 3 && g.heap > 0) {
		g.turn ^= 1
	}
}
func (g *takeGame) Undo() {
	u := g.hist[len(g.hist)-1]
	g.hist = g.hist[:len(g.hist)-1]
	g.heap += int(u.m)
	g.turn, g.extra = u.turn, u.extra
}
func (g *takeGame) Hash() uint64 {
	return (uint64(g.heap)*0x9E3779B97F4A7C15 ^ uint64(g.turn)*0xC2B2AE3D27D4EB4F) * 0x165667B19E3779F9
}
func (g *takeGame) Outcome() (bool, int) {
	if g.heap > 0 {
		return false, 0
	}
	return true, -1 // the side to move did not take the last token
}
func (g *takeGame) Clone() rules.State {
	c := *g
	c.hist = append(make([]takeUndo, 0, cap(g.hist)), g.hist...)
	return &c
}
func (g *takeGame) MoveString(m rules.Move) string { return fmt.Sprint(int(m)) }
func (g *takeGame) ParseMove(s string) (rules.Move, error) {
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil {
		return 0, fmt.Errorf("%q: %w", s, rules.ErrSyntax)
	}
	if n < 1 || n > 3 || n > g.heap {
		return 0, fmt.Errorf("%q: %w", s, rules.ErrIllegal)
	}
	return rules.Move(n), nil
}
func (g *takeGame) String() string { return fmt.Sprintf("heap %d, side %d", g.heap, g.turn) }

// wideGame is an endless tree: 8 moves everywhere, no transpositions (the
// hash is of the path), over after 200 plies; for cancellation and
// allocation tests.
type wideGame struct {
	path []rules.Move
	hash []uint64
}

func newWide() *wideGame {
	return &wideGame{path: make([]rules.Move, 0, 256), hash: append(make([]uint64, 0, 257), 12345)}
}

func (g *wideGame) ToMove() rules.Seat { return rules.Seat(len(g.path) & 1) }
func (g *wideGame) Moves(buf []rules.Move) []rules.Move {
	if len(g.path) >= 200 {
		return buf
	}
	for k := rules.Move(0); k < 8; k++ {
		buf = append(buf, k)
	}
	return buf
}
func (g *wideGame) Play(m rules.Move) {
	h := g.hash[len(g.hash)-1]
	h = (h ^ uint64(m+1)) * 0x9E3779B97F4A7C15
	h ^= h >> 29
	g.path = append(g.path, m)
	g.hash = append(g.hash, h)
}
func (g *wideGame) Undo() {
	g.path = g.path[:len(g.path)-1]
	g.hash = g.hash[:len(g.hash)-1]
}
func (g *wideGame) Hash() uint64         { return g.hash[len(g.hash)-1] }
func (g *wideGame) Outcome() (bool, int) { return len(g.path) >= 200, 0 }
func (g *wideGame) Clone() rules.State {
	return &wideGame{path: append(make([]rules.Move, 0, 256), g.path...), hash: append(make([]uint64, 0, 257), g.hash...)}
}
func (g *wideGame) MoveString(m rules.Move) string { return fmt.Sprint(int(m)) }
func (g *wideGame) ParseMove(s string) (rules.Move, error) {
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil {
		return 0, fmt.Errorf("%q: %w", s, rules.ErrSyntax)
	}
	if n < 0 || n > 7 || len(g.path) >= 200 {
		return 0, fmt.Errorf("%q: %w", s, rules.ErrIllegal)
	}
	return rules.Move(n), nil
}
func (g *wideGame) String() string { return fmt.Sprint(g.path) }

// hashEval is a deterministic pseudo-random evaluation in ±1000 derived
// from the Zobrist hash: any consistent evaluation will do for checking
// that alpha-beta with the table returns the minimax value.
type hashEval struct{}

func (hashEval) Evaluate(s rules.State) int {
	h := s.Hash() * 0xD6E8FEB86659FD93
	h ^= h >> 32
	return int(h%2001) - 1000
}

// minimax is the plain negamax reference (no pruning, no table), with the
// same terminal scores and the same rule for a non-alternating turn, over
// the same tree: the knowledge's candidates when it generates them.
func minimax(s rules.State, ev Knowledge, depth, ply int) int {
	var h Hooks
	if x, ok := ev.(SearchHooks); ok {
		h = x.SearchHooks()
	}
	if over, sc := s.Outcome(); over {
		return TerminalScore(sc, ply)
	}
	if depth == 0 {
		if h.Quiesce != nil && ply > 0 {
			v, _ := h.Quiesce(s, ply, -infinity, infinity)
			return v
		}
		return max(-MaxEval, min(MaxEval, ev.Evaluate(s)))
	}
	side := s.ToMove()
	best := -infinity
	moves := s.Moves(nil)
	if cg, ok := ev.(CandidateGenerator); ok {
		// The search's tree: the knowledge's candidates (Gomoku caps them).
		if c := cg.Candidates(s, nil); len(c) > 0 {
			moves = c
		}
	}
	childDepth := depth - 1
	if h.ExtendSingleReply && len(moves) == 1 && ply > 0 {
		childDepth = depth // the single-reply extension
	}
	for _, m := range moves {
		s.Play(m)
		v := minimax(s, ev, childDepth, ply+1)
		if s.ToMove() != side {
			v = -v
		}
		s.Undo()
		best = max(best, v)
	}
	return best
}
