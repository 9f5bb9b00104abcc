// Package dvonn implements the rules of DVONN (Kris Burm, GIPF project) as
// ../shared/RULES.md, "DVONN (official GIPF rules)", fixes them: a placement
// phase that fills the 49 spaces (three DVONN pieces first, White placing the
// 49th piece and then moving first), then stack moves of exactly the stack's
// height in a straight line onto an occupied space, removal of every stack cut
// off from the DVONN pieces after each move, forced passes, and a score equal
// to the total height of the stacks a player controls.
//
// Seat 0 (rules.First) is White, seat 1 (rules.Second) is Black. Moves are
// encoded as Placement(cell), Step(from, to) or rules.Pass; their text is the
// CodeCup 2011 notation: "E3", "E3G3", "PASS".
package dvonn

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Piece is the kind of a piece, or Empty for no piece (the top of an empty
// space).
type Piece uint8

// The pieces: Red is a DVONN piece.
const (
	Empty Piece = iota
	White
	Black
	Red
)

// String returns "empty", "white", "black" or "red".
func (p Piece) String() string {
	switch p {
	case White:
		return "white"
	case Black:
		return "black"
	case Red:
		return "red"
	}
	return "empty"
}

// PlayerPiece returns the color of a seat: White for rules.First, Black for
// rules.Second.
func PlayerPiece(p rules.Seat) Piece { return Piece(p) + White }

// Move codes. A stack move is from*64+to (from, to = 0..48, so below 0x1000);
// a placement is placementFlag|cell. rules.Pass is the forced pass.
const placementFlag = 0x1000

// Placement returns the move that places a piece on cell 0..48.
func Placement(cell int) rules.Move { return rules.Move(placementFlag | cell) }

// Step returns the move of the stack on cell from onto the stack on cell to
// (both 0..48): code from*64+to.
func Step(from, to int) rules.Move { return rules.Move(from<<6 | to) }

// Decode splits a move code: for a placement, to is the cell and from is -1;
// for a stack move, from and to are the cells. For rules.Pass, rules.NoMove
// and any other code outside both ranges it returns -1, -1, false.
func Decode(m rules.Move) (from, to int, placement bool) {
	switch {
	case m&^0x3F == placementFlag && int(m&0x3F) < NumCells:
		return -1, int(m & 0x3F), true
	case m < placementFlag && int(m>>6) < NumCells && int(m&0x3F) < NumCells:
		return int(m >> 6), int(m & 0x3F), false
	}
	return -1, -1, false
}

// stack is one space: its height (0 = empty), the color on top, and how many
// white pieces and DVONN pieces it holds (black = height - whites - dvonns).
// The order of pieces below the top never matters: stacks move whole, so only
// height, top color and DVONN presence shape future play and the score.
type stack struct {
	height, top, whites, dvonns uint8
}

// position is everything Undo restores; Play pushes a copy of it (about 250
// bytes: removals are irregular, so a snapshot is simpler and as fast as a
// diff).
type position struct {
	cells   [NumCells]stack
	occ     uint64    // occupied cells
	ctrl    [2]uint64 // stacks topped by White, by Black
	dvonn   uint64    // cells whose stack holds a DVONN piece
	hash    uint64
	removed uint64   // cells removed by the last move
	gone    [3]uint8 // white, black, DVONN pieces removed from the board so far
	placed  uint8    // pieces placed, 0..49
	toMove  rules.Seat
	last    rules.Move
}

// Game is a DVONN game: the position and its undo history. The zero value
// is not usable; call New.
type Game struct {
	position
	hist []position
}

var _ rules.State = (*Game)(nil)

// historyCap bounds the plies of a game: 49 placements, at most 48 stack
// moves (each leaves one stack fewer) and at most one pass before each stack
// move.
const historyCap = 160

// New returns an empty board in the placement phase, White to place the first
// DVONN piece.
func New() *Game {
	g := &Game{hist: make([]position, 0, historyCap)}
	g.last = rules.NoMove
	return g
}

// Zobrist keys: one per (cell, height), (cell, top color) and cell holding
// a DVONN piece, plus one for Black to move. A stack's key is the XOR of its
// three features; an empty space has key 0. Height, top color and DVONN
// presence are all of a stack that matters for future play and the score.
var (
	zHeight [NumCells][NumCells + 1]uint64
	zTop    [NumCells][4]uint64
	zDvonn  [NumCells]uint64
	zBlack  uint64
)

func init() {
	next := rand.New(rand.NewPCG(uint64(0x9E3779B97F4A7C15), 0)).Uint64 // Zobrist keys from a fixed seed
	for c := range NumCells {
		for h := 1; h <= NumCells; h++ {
			zHeight[c][h] = next()
		}
		for p := White; p <= Red; p++ {
			zTop[c][p] = next()
		}
		zDvonn[c] = next()
	}
	zBlack = next()
}

func stackKey(c int, s stack) uint64 {
	if s.height == 0 {
		return 0
	}
	k := zHeight[c][s.height] ^ zTop[c][s.top]
	if s.dvonns != 0 {
		k ^= zDvonn[c]
	}
	return k
}

// ScratchHash computes g's Zobrist hash from scratch: the XOR of every
// stack's key (height, top color, DVONN presence per cell) and the side key
// when Black is to move. It equals g.Hash() (tests check this).
func ScratchHash(g *Game) uint64 {
	var h uint64
	for c := range NumCells {
		h ^= stackKey(c, g.cells[c])
	}
	if g.toMove == rules.Second {
		h ^= zBlack
	}
	return h
}

// ToMove returns the side to move (or to place). It does not strictly
// alternate: White places the 49th piece and moves first, and passes are
// moves.
func (g *Game) ToMove() rules.Seat { return g.toMove }

// Hash returns the incrementally updated Zobrist key (see ScratchHash).
func (g *Game) Hash() uint64 { return g.hash }

// Placing reports whether the game is in the placement phase (fewer than 49
// pieces placed).
func (g *Game) Placing() bool { return g.placed < NumCells }

// Placed returns how many pieces have been placed, 0..49.
func (g *Game) Placed() int { return int(g.placed) }

// PieceToPlace returns the piece the side to move places next: Red for the
// first three placements, then the mover's color; Empty once placement is
// over.
func (g *Game) PieceToPlace() Piece {
	switch {
	case g.placed < 3:
		return Red
	case g.placed < NumCells:
		return PlayerPiece(g.toMove)
	}
	return Empty
}

// Stack returns the stack on cell 0..48: its height (0 for an empty space),
// the piece on top (Empty for an empty space, Red only for a lone DVONN
// piece) and how many DVONN pieces it holds (0..3). An index outside 0..48
// reads as an empty space.
func (g *Game) Stack(cell int) (height int, top Piece, dvonns int) {
	if uint(cell) >= NumCells {
		return 0, Empty, 0
	}
	s := g.cells[cell]
	return int(s.height), Piece(s.top), int(s.dvonns)
}

// Pieces returns how many white, black and DVONN pieces the stack on cell
// 0..48 holds (zeros for an index outside the board).
func (g *Game) Pieces(cell int) (white, black, dvonns int) {
	if uint(cell) >= NumCells {
		return 0, 0, 0
	}
	s := g.cells[cell]
	return int(s.whites), int(s.height - s.whites - s.dvonns), int(s.dvonns)
}

// Occupied returns the mask of occupied cells (bit c = cell c).
func (g *Game) Occupied() uint64 { return g.occ }

// Controlled returns the mask of the cells whose stack has p's color on top.
func (g *Game) Controlled(p rules.Seat) uint64 { return g.ctrl[p] }

// DvonnCells returns the mask of the cells whose stack holds a DVONN piece.
func (g *Game) DvonnCells() uint64 { return g.dvonn }

// Removed returns how many white, black and DVONN pieces have left the board
// (removed as disconnected) so far.
func (g *Game) Removed() (white, black, dvonns int) {
	return int(g.gone[0]), int(g.gone[1]), int(g.gone[2])
}

// LastRemoved returns the mask of the cells whose stacks the last move
// removed as cut off from the DVONN pieces (0 if none or no move yet).
func (g *Game) LastRemoved() uint64 { return g.removed }

// LastMove returns the last move played, or rules.NoMove at the start.
func (g *Game) LastMove() rules.Move { return g.last }

// Score returns the total height of the stacks each side controls (DVONN
// pieces inside them count; RULES.md, DVONN, score). It is meaningful at any
// time, final when the game is over.
func (g *Game) Score() (white, black int) {
	for m := g.ctrl[0]; m != 0; m &= m - 1 {
		white += int(g.cells[bits.TrailingZeros64(m)].height)
	}
	for m := g.ctrl[1]; m != 0; m &= m - 1 {
		black += int(g.cells[bits.TrailingZeros64(m)].height)
	}
	return white, black
}

// Mobile returns the mask of the cells whose stacks can move at all for
// their owner: not surrounded (RULES.md: all six neighbors occupied, never
// on the edge) and not a lone DVONN piece. Whether a move exists also needs
// an occupied target at the exact distance (see Moves).
func (g *Game) Mobile() uint64 {
	sur := uint64(0)
	for m := inner & g.occ; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		if neighborMask[c]&^g.occ == 0 {
			sur |= 1 << c
		}
	}
	return (g.ctrl[0] | g.ctrl[1]) &^ sur
}

// surrounded reports whether the stack on c has all six neighbors occupied.
func (g *Game) surrounded(c int) bool {
	return inner&(1<<c) != 0 && neighborMask[c]&^g.occ == 0
}

// targets returns the occupied cells the stack on c can move to (the stack
// must exist; ownership is not checked).
func (g *Game) targets(c int) uint64 {
	h := g.cells[c].height
	if h > maxDistance || g.surrounded(c) {
		return 0
	}
	return targetMask[c][h] & g.occ
}

// Targets returns the mask of the cells the stack on cell can move to, for
// whoever controls it (0 for an empty space, a lone DVONN piece, a
// surrounded stack or one with no occupied space at its exact distance, or
// an index outside 0..48).
func (g *Game) Targets(cell int) uint64 {
	if uint(cell) >= NumCells || g.occ&(1<<cell) == 0 || g.cells[cell].top == uint8(Red) {
		return 0
	}
	return g.targets(cell)
}

// canMove reports whether p has a stack move (movement phase).
func (g *Game) canMove(p rules.Seat) bool {
	for m := g.ctrl[p]; m != 0; m &= m - 1 {
		if g.targets(bits.TrailingZeros64(m)) != 0 {
			return true
		}
	}
	return false
}

// CountMoves returns the number of stack moves p has in the movement phase
// (passes excluded).
func (g *Game) CountMoves(p rules.Seat) int {
	n := 0
	for m := g.ctrl[p]; m != 0; m &= m - 1 {
		n += bits.OnesCount64(g.targets(bits.TrailingZeros64(m)))
	}
	return n
}

// Moves appends the legal moves: during placement a Placement for every
// empty space; then every stack move of the side to move (ordered by from
// cell, then to cell), or the single move rules.Pass when it has none but
// the opponent has one; nothing when the game is over.
func (g *Game) Moves(buf []rules.Move) []rules.Move {
	if g.placed < NumCells {
		for m := allCells &^ g.occ; m != 0; m &= m - 1 {
			buf = append(buf, Placement(bits.TrailingZeros64(m)))
		}
		return buf
	}
	start := len(buf)
	for m := g.ctrl[g.toMove]; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		for t := g.targets(c); t != 0; t &= t - 1 {
			buf = append(buf, Step(c, bits.TrailingZeros64(t)))
		}
	}
	if len(buf) == start && g.canMove(g.toMove.Opponent()) {
		buf = append(buf, rules.Pass)
	}
	return buf
}

// Play makes move m, which must be one of Moves (anything else is undefined:
// check input with ParseMove). After a stack move every stack no longer
// joined to a DVONN piece by adjacent occupied spaces is removed.
func (g *Game) Play(m rules.Move) {
	g.hist = append(g.hist, g.position)
	g.last = m
	g.removed = 0
	if m == rules.Pass {
		g.toMove ^= 1
		g.hash ^= zBlack
		return
	}
	if m >= placementFlag {
		c := int(m & 0x3F)
		s := stack{height: 1}
		if g.placed < 3 {
			s.top, s.dvonns = uint8(Red), 1
			g.dvonn |= 1 << c
		} else {
			s.top = uint8(PlayerPiece(g.toMove))
			g.ctrl[g.toMove] |= 1 << c
			if g.toMove == rules.First {
				s.whites = 1
			}
		}
		g.cells[c] = s
		g.occ |= 1 << c
		g.hash ^= stackKey(c, s)
		g.placed++
		next := rules.Seat(g.placed & 1)
		if g.placed == NumCells {
			next = rules.First
		}
		if next != g.toMove {
			g.toMove = next
			g.hash ^= zBlack
		}
		return
	}
	from, to := int(m>>6), int(m&0x3F)
	sf, st := g.cells[from], g.cells[to]
	ns := stack{
		height: sf.height + st.height,
		top:    sf.top,
		whites: sf.whites + st.whites,
		dvonns: sf.dvonns + st.dvonns,
	}
	g.hash ^= stackKey(from, sf) ^ stackKey(to, st) ^ stackKey(to, ns)
	g.cells[from] = stack{}
	g.cells[to] = ns
	fb, tb := uint64(1)<<from, uint64(1)<<to
	g.occ &^= fb
	g.ctrl[0] &^= fb | tb
	g.ctrl[1] &^= fb | tb
	g.ctrl[sf.top-uint8(White)] |= tb
	if sf.dvonns != 0 {
		g.dvonn = g.dvonn&^fb | tb
	}
	if cut := g.occ &^ Connected(g.occ, g.dvonn); cut != 0 {
		g.removed = cut
		g.occ &^= cut
		g.ctrl[0] &^= cut
		g.ctrl[1] &^= cut
		for ; cut != 0; cut &= cut - 1 {
			c := bits.TrailingZeros64(cut)
			s := g.cells[c]
			g.hash ^= stackKey(c, s)
			g.gone[0] += s.whites
			g.gone[1] += s.height - s.whites - s.dvonns
			g.cells[c] = stack{}
		}
	}
	g.toMove ^= 1
	g.hash ^= zBlack
}

// Undo unmakes the last Play. It panics when there is nothing to undo.
func (g *Game) Undo() {
	n := len(g.hist) - 1
	g.position = g.hist[n]
	g.hist = g.hist[:n]
}

// Plies returns the number of moves played (placements and passes included),
// the number of Undo calls available.
func (g *Game) Plies() int { return len(g.hist) }

// Outcome reports whether the game is over (placement done and neither side
// can move) and then the score difference (RULES.md: total controlled
// height) from ToMove's point of view.
func (g *Game) Outcome() (over bool, score int) {
	if g.placed < NumCells || g.canMove(g.toMove) || g.canMove(g.toMove^1) {
		return false, 0
	}
	w, b := g.Score()
	if g.toMove == rules.First {
		return true, w - b
	}
	return true, b - w
}

// Clone returns a deep copy, history included.
func (g *Game) Clone() rules.State { return g.Copy() }

// Copy returns a deep copy as a *Game, history included.
func (g *Game) Copy() *Game {
	c := &Game{position: g.position, hist: make([]position, len(g.hist), max(historyCap, cap(g.hist)))}
	copy(c.hist, g.hist)
	return c
}

// PlaceRandom plays the remaining placements, each uniformly at random among
// the empty spaces, drawing from r (reproducible for a seeded r). Each goes
// through Play, so Undo takes them back one by one. It does nothing after
// the placement phase.
func (g *Game) PlaceRandom(r *rand.Rand) {
	var buf [NumCells]rules.Move
	for g.placed < NumCells {
		moves := g.Moves(buf[:0])
		g.Play(moves[r.IntN(len(moves))])
	}
}

// MoveString returns the CodeCup 2011 text of m: "E3" for a placement,
// "E3G3" for a stack move, "PASS"; "?" for a code that is none of these.
func (g *Game) MoveString(m rules.Move) string { return MoveText(m) }

// MoveText is MoveString without a position.
func MoveText(m rules.Move) string {
	if m == rules.Pass {
		return "PASS"
	}
	from, to, placement := Decode(m)
	switch {
	case placement:
		return CellName(to)
	case to >= 0:
		return CellName(from) + CellName(to)
	}
	return "?"
}

// ParseMove reads CodeCup 2011 move text ("E3", "E3G3", "PASS", any case,
// surrounding spaces ignored) and checks it against the position. Errors
// wrap rules.ErrSyntax (unreadable text) or rules.ErrIllegal (a placement
// during movement or on an occupied space, a move of a stack the mover does
// not control, of a surrounded stack or a lone DVONN piece, of the wrong
// distance, onto an empty space, a pass when a move exists, any move once
// the game is over) and quote the text.
func (g *Game) ParseMove(s string) (rules.Move, error) {
	text := strings.ToUpper(strings.TrimSpace(s))
	var m rules.Move
	switch {
	case text == "PASS":
		m = rules.Pass
	case len(text) == 2:
		c, ok := CellIndex(text)
		if !ok {
			return rules.NoMove, rules.Errorp(rules.ErrSyntax, phrase.T("error.dvonn.no_space", "dvonn: {{.Move}}: no such space", map[string]any{"Move": rules.Quote(s)}))
		}
		m = Placement(c)
	case len(text) == 4:
		from, ok1 := CellIndex(text[:2])
		to, ok2 := CellIndex(text[2:])
		if !ok1 || !ok2 {
			return rules.NoMove, rules.Errorp(rules.ErrSyntax, phrase.T("error.dvonn.no_space", "dvonn: {{.Move}}: no such space", map[string]any{"Move": rules.Quote(s)}))
		}
		m = Step(from, to)
	default:
		return rules.NoMove, rules.Errorp(rules.ErrSyntax, phrase.T("error.dvonn.unreadable", "dvonn: {{.Move}}: want a space (E3), a move (E3G3) or PASS", map[string]any{"Move": rules.Quote(s)}))
	}
	if why := g.illegal(m); !why.IsZero() {
		return rules.NoMove, rules.Contextp(phrase.T("error.dvonn.move", "dvonn: {{.Move}}", map[string]any{"Move": rules.Quote(s)}), rules.Errorp(rules.ErrIllegal, why))
	}
	return m, nil
}

// illegal returns why m is not legal now, or the zero phrase when it is.
func (g *Game) illegal(m rules.Move) phrase.P {
	if m == rules.Pass {
		switch {
		case g.placed < NumCells:
			return phrase.T("error.dvonn.pass_placing", "no passing during placement", nil)
		case g.canMove(g.toMove):
			return phrase.T("error.dvonn.pass_forbidden", "a pass is only allowed with no move", nil)
		case !g.canMove(g.toMove ^ 1):
			return phrase.T("error.game_over", "the game is over", nil)
		}
		return phrase.P{}
	}
	from, to, placement := Decode(m)
	if placement {
		switch {
		case g.placed >= NumCells:
			return phrase.T("error.dvonn.placement_over", "the placement phase is over", nil)
		case g.occ&(1<<to) != 0:
			return phrase.T("error.dvonn.occupied", "the space is occupied", nil)
		}
		return phrase.P{}
	}
	if g.placed < NumCells {
		return phrase.T("error.dvonn.placing", "stacks move only after all 49 pieces are placed", nil)
	}
	s := g.cells[from]
	space := map[string]any{"Space": CellName(from)}
	switch {
	case s.height == 0:
		return phrase.T("error.dvonn.no_stack", "no stack on {{.Space}}", space)
	case s.top == uint8(Red):
		return phrase.T("error.dvonn.lone", "a lone DVONN piece never moves", nil)
	case g.ctrl[g.toMove]&(1<<from) == 0:
		owner := phrase.T("error.dvonn.black", "black", nil)
		if Piece(s.top) == White {
			owner = phrase.T("error.dvonn.white", "white", nil)
		}
		return phrase.T("error.dvonn.not_yours", "the stack on {{.Space}} belongs to {{.Owner}}", map[string]any{"Space": CellName(from), "Owner": owner})
	case g.surrounded(from):
		return phrase.T("error.dvonn.surrounded", "the stack on {{.Space}} is surrounded", space)
	case s.height > maxDistance || targetMask[from][s.height]&(1<<to) == 0:
		return phrase.N("error.dvonn.distance", "a stack of height {{.Count}} moves exactly {{.Count}} space in a straight line", "a stack of height {{.Count}} moves exactly {{.Count}} spaces in a straight line", int(s.height), nil)
	case g.occ&(1<<to) == 0:
		return phrase.T("error.dvonn.land", "a stack must land on an occupied space", nil)
	}
	return phrase.P{}
}

// String returns a diagram of the board, row 5 at the top, each row shifted
// half a space from the next to show the hexagonal grid (the column letters
// below line up with row 1): each space shows the top color (W, B, R) and the
// height, with "*" when the stack holds a DVONN piece under its top, "." for
// an empty space; then the side to move and the phase or score.
func (g *Game) String() string {
	var b strings.Builder
	for r := 4; r >= 0; r-- {
		fmt.Fprintf(&b, "%d ", r+1)
		b.WriteString(strings.Repeat("  ", 4-r))
		b.WriteString(strings.Repeat("    ", rowFirst[r]))
		for col := rowFirst[r]; col <= rowLast[r]; col++ {
			c, _ := CellAt(col, r)
			s := g.cells[c]
			cell := "."
			if s.height > 0 {
				cell = fmt.Sprintf("%c%d", "?WBR"[s.top], s.height)
				if s.dvonns > 0 && s.top != uint8(Red) {
					cell += "*"
				}
			}
			fmt.Fprintf(&b, "%-4s", cell)
		}
		b.WriteString("\n")
	}
	b.WriteString("          ")
	for col := 0; col <= 10; col++ {
		fmt.Fprintf(&b, "%c   ", 'A'+col)
	}
	b.WriteString("\n")
	side := [2]string{"White", "Black"}[g.toMove]
	w, bl := g.Score()
	switch over, _ := g.Outcome(); {
	case g.placed < NumCells:
		fmt.Fprintf(&b, "%s to place a %s piece (%d/49 placed)\n", side, g.PieceToPlace(), g.placed)
	case over:
		fmt.Fprintf(&b, "Game over: White %d, Black %d\n", w, bl)
	default:
		fmt.Fprintf(&b, "%s to move; White %d, Black %d\n", side, w, bl)
	}
	return b.String()
}
