// Package othello implements Othello (RULES.md "Othello") on bitboards: the
// rules.State contract for the search and widgets, the checked move API the
// Games::Othello seed asks for (placements with their flips, placing, passing,
// layout and score), and raw-bitboard helpers (MovesMask, FlipsMask) for the
// endgame solver.
//
// Squares are indices 0..63, sq = row*8 + col, with a1 = 0 top-left, h1 = 7,
// a8 = 56 and h8 = 63 (columns a–h left to right, rows 1–8 top to bottom).
// A move is the square index of a placement, or rules.Pass. Seat 0
// (rules.First) is black (X) and moves first; player 1 is white (O).
package othello

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"

	"planiverse/rules"
)

// Squares of the start position (RULES.md: white d4 e5, black d5 e4).
const (
	sqD4 = 3*8 + 3
	sqE4 = 3*8 + 4
	sqD5 = 4*8 + 3
	sqE5 = 4*8 + 4
)

// maxHistory bounds the plies a game can last from any position: at most 60
// placements, and a pass is always followed by a placement, so at most 120.
const maxHistory = 128

// histEntry is one played move, enough to undo it.
type histEntry struct {
	flips uint64     // discs flipped (0 for a pass)
	hash  uint64     // Hash before the move
	move  rules.Move // square or rules.Pass
}

// Board is an Othello position with its history. The zero value is not a
// valid position: use New or ParsePosition. It implements rules.State; it is
// not safe for concurrent use (hand other goroutines a Clone).
type Board struct {
	discs  [2]uint64 // discs[p]: bitboard of player p's discs (0 black, 1 white)
	toMove rules.Seat
	hash   uint64
	n      int // number of plies in hist
	hist   [maxHistory]histEntry
}

var _ rules.State = (*Board)(nil)

// Zobrist keys: one per color and square, and one for white to move.
var zobrist, zobristWhite = func() (k [2][64]uint64, w uint64) {
	next := rand.New(rand.NewPCG(uint64(0x0BE11E5EED5EED01), 0)).Uint64 // Zobrist keys from a fixed seed
	for p := range k {
		for sq := range k[p] {
			k[p][sq] = next()
		}
	}
	return k, next()
}()

// New returns the start position (RULES.md): white on d4 and e5, black on d5
// and e4, black to move.
func New() *Board {
	b := &Board{}
	b.discs[rules.First] = 1<<sqD5 | 1<<sqE4
	b.discs[rules.Second] = 1<<sqD4 | 1<<sqE5
	b.hash = ScratchHash(b)
	return b
}

// ScratchHash returns the Zobrist hash of b computed from scratch: the XOR of
// one key per (color, occupied square) and a key when white is to move.
// Board.Hash keeps the same value incrementally; tests compare the two.
func ScratchHash(b *Board) uint64 {
	var h uint64
	for p := 0; p < 2; p++ {
		for m := b.discs[p]; m != 0; m &= m - 1 {
			h ^= zobrist[p][bits.TrailingZeros64(m)]
		}
	}
	if b.toMove == rules.Second {
		h ^= zobristWhite
	}
	return h
}

// ParsePosition reads a position in the text of RULES.md "Othello": 64
// characters for a1, b1, ..., h1, a2, ..., h8 ('X' black, 'O' white, '-'
// empty; lower case x/o and '.' are accepted too), then white space and the
// side to move ('X' or 'O'). Any text after the side is ignored, so lines of
// FFO/OBF test files (`<board> X; G8:+18; ...`) parse. The position has no
// history (LastMove is rules.NoMove). Errors wrap rules.ErrSyntax.
func ParsePosition(s string) (*Board, error) {
	t := strings.TrimLeft(s, " \t\r\n")
	if len(t) < 64 {
		return nil, rules.Errorf(rules.ErrSyntax, "othello position %s: want 64 squares and the side to move", rules.Quote(s))
	}
	b := &Board{}
	for sq := 0; sq < 64; sq++ {
		switch t[sq] {
		case 'X', 'x':
			b.discs[rules.First] |= 1 << sq
		case 'O', 'o':
			b.discs[rules.Second] |= 1 << sq
		case '-', '.':
		default:
			return nil, rules.Errorf(rules.ErrSyntax, "othello position %s: square %s is %q, want X, O or -",
				rules.Quote(s), squareName(sq), t[sq])
		}
	}
	rest := t[64:]
	side := strings.TrimLeft(rest, " \t")
	if len(side) == len(rest) || side == "" {
		return nil, rules.Errorf(rules.ErrSyntax, "othello position %s: want a space and the side to move (X or O) after the 64 squares", rules.Quote(s))
	}
	switch side[0] {
	case 'X', 'x':
		b.toMove = rules.First
	case 'O', 'o':
		b.toMove = rules.Second
	default:
		return nil, rules.Errorf(rules.ErrSyntax, "othello position %s: side to move is %q, want X or O", rules.Quote(s), side[0])
	}
	b.hash = ScratchHash(b)
	return b, nil
}

// Position returns the position text of RULES.md: 64 squares a1..h8 ('X',
// 'O', '-'), a space and the side to move ('X' or 'O'). ParsePosition reads
// it back.
func (b *Board) Position() string {
	var sb strings.Builder
	sb.Grow(66)
	for sq := 0; sq < 64; sq++ {
		sb.WriteByte(b.squareChar(sq, '-'))
	}
	sb.WriteByte(' ')
	if b.toMove == rules.First {
		sb.WriteByte('X')
	} else {
		sb.WriteByte('O')
	}
	return sb.String()
}

func (b *Board) squareChar(sq int, empty byte) byte {
	switch {
	case b.discs[rules.First]>>sq&1 != 0:
		return 'X'
	case b.discs[rules.Second]>>sq&1 != 0:
		return 'O'
	}
	return empty
}

// String returns a diagram of the board for the command line: a header row
// of columns, one line per row with X (black), O (white) and '.' (empty),
// then the disc counts and the side to move.
func (b *Board) String() string {
	var sb strings.Builder
	sb.WriteString("  a b c d e f g h\n")
	for row := 0; row < 8; row++ {
		sb.WriteByte(byte('1' + row))
		for col := 0; col < 8; col++ {
			sb.WriteByte(' ')
			sb.WriteByte(b.squareChar(row*8+col, '.'))
		}
		sb.WriteByte('\n')
	}
	black, white := b.Count()
	side := "X (black)"
	if b.toMove == rules.Second {
		side = "O (white)"
	}
	fmt.Fprintf(&sb, "X %d, O %d; %s to move\n", black, white, side)
	return sb.String()
}

// ToMove returns the side to move: rules.First is black, rules.Second white.
func (b *Board) ToMove() rules.Seat { return b.toMove }

// Bitboards returns the discs of the side to move (own) and of the other side
// (opp); bit i is square i.
func (b *Board) Bitboards() (own, opp uint64) {
	return b.discs[b.toMove], b.discs[b.toMove^1]
}

// Disc returns the owner of square sq (0..63): rules.First (black) or
// rules.Second (white), with ok = false when the square is empty or sq is out
// of range.
func (b *Board) Disc(sq int) (p rules.Seat, ok bool) {
	if sq < 0 || sq >= 64 {
		return 0, false
	}
	switch {
	case b.discs[rules.First]>>sq&1 != 0:
		return rules.First, true
	case b.discs[rules.Second]>>sq&1 != 0:
		return rules.Second, true
	}
	return 0, false
}

// Count returns the number of black and white discs on the board.
func (b *Board) Count() (black, white int) {
	return bits.OnesCount64(b.discs[rules.First]), bits.OnesCount64(b.discs[rules.Second])
}

// Empties returns the number of empty squares (0..60 in a real game).
func (b *Board) Empties() int {
	return 64 - bits.OnesCount64(b.discs[0]|b.discs[1])
}

// Hash returns the incrementally maintained Zobrist hash of the discs and the
// side to move (equal to ScratchHash(b)).
func (b *Board) Hash() uint64 { return b.hash }

// Moves appends the legal moves of the side to move to buf: the square of
// every legal placement in increasing order, or rules.Pass alone when there is
// none but the opponent can move. It appends nothing when the game is over.
func (b *Board) Moves(buf []rules.Move) []rules.Move {
	own, opp := b.Bitboards()
	m := MovesMask(own, opp)
	if m == 0 {
		if MovesMask(opp, own) != 0 {
			buf = append(buf, rules.Pass)
		}
		return buf
	}
	for ; m != 0; m &= m - 1 {
		buf = append(buf, rules.Move(bits.TrailingZeros64(m)))
	}
	return buf
}

// Play makes move m, a square from Moves or rules.Pass; any other move is
// undefined (use PlaceDisc, PassTurn or ParseMove to check input).
func (b *Board) Play(m rules.Move) {
	e := &b.hist[b.n]
	b.n++
	e.move = m
	e.hash = b.hash
	p := b.toMove
	if m == rules.Pass {
		e.flips = 0
	} else {
		own, opp := b.discs[p], b.discs[p^1]
		sq := int(m) & 63
		f := FlipsMask(sq, own, opp)
		e.flips = f
		b.discs[p] = own | f | 1<<sq
		b.discs[p^1] = opp &^ f
		h := b.hash ^ zobrist[p][sq]
		for ; f != 0; f &= f - 1 {
			i := bits.TrailingZeros64(f)
			h ^= zobrist[0][i] ^ zobrist[1][i]
		}
		b.hash = h
	}
	b.hash ^= zobristWhite
	b.toMove = p ^ 1
}

// Undo unmakes the last Play. It panics when there is nothing to undo (the
// start of the game or of a parsed position).
func (b *Board) Undo() {
	if b.n == 0 {
		panic("othello: Undo with no move to undo")
	}
	b.n--
	e := &b.hist[b.n]
	p := b.toMove ^ 1 // the side that made the move
	if e.move != rules.Pass {
		b.discs[p] &^= e.flips | 1<<(uint(e.move)&63)
		b.discs[p^1] |= e.flips
	}
	b.toMove = p
	b.hash = e.hash
}

// Outcome reports whether the game is over (neither side can place a disc)
// and, if so, the final score from the side to move's point of view: its
// disc count minus the opponent's, the empty squares going to the winner
// (RULES.md; the convention of endgame solvers), 0 for a draw.
func (b *Board) Outcome() (over bool, score int) {
	own, opp := b.Bitboards()
	if MovesMask(own, opp) != 0 || MovesMask(opp, own) != 0 {
		return false, 0
	}
	return true, FinalScore(own, opp)
}

// FinalScore returns the final disc difference of a finished game from the
// point of view of the player owning own: own discs minus opp discs, with
// the empty squares added to the winner's count (RULES.md). Range -64..64.
func FinalScore(own, opp uint64) int {
	o, p := bits.OnesCount64(own), bits.OnesCount64(opp)
	d := o - p
	switch e := 64 - o - p; {
	case d > 0:
		d += e
	case d < 0:
		d -= e
	}
	return d
}

// Clone returns a deep copy of b, history included.
func (b *Board) Clone() rules.State { return b.Copy() }

// Copy returns a deep copy of b as a *Board, history included.
func (b *Board) Copy() *Board {
	c := *b
	return &c
}

// LastMove returns the last move played (a square or rules.Pass), or
// rules.NoMove at the start of the game or of a parsed position.
func (b *Board) LastMove() rules.Move {
	if b.n == 0 {
		return rules.NoMove
	}
	return b.hist[b.n-1].move
}

// LastFlips returns the bitboard of the discs flipped by the last move: 0 at
// the start and after a pass. The widgets animate these discs.
func (b *Board) LastFlips() uint64 {
	if b.n == 0 {
		return 0
	}
	return b.hist[b.n-1].flips
}

// Plies returns the number of moves (passes included) that Undo can take
// back.
func (b *Board) Plies() int { return b.n }
