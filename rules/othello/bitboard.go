package othello

import "math/bits"

// Low-level bitboard helpers. A bitboard is a uint64 whose bit i is square
// i = row*8 + col (0 = a1, 7 = h1, 56 = a8, 63 = h8; RULES.md "Othello").
// They work on raw bitboards so that the endgame solver in ai/othelloai can
// search without a Board.

// notEdgeCols masks out columns a and h: a run of opponent discs between the
// placed disc and the bracketing own disc never touches them along a
// horizontal or diagonal line, and masking them stops shifts from wrapping
// around the board edge.
const notEdgeCols = 0x7E7E7E7E7E7E7E7E

// notEdgeColsVar is notEdgeCols held in a variable (never written) for
// movesMaskGeneric: with the constant, the compiler re-associates each
// M & x into opp & const & x and so spends an extra AND (and a
// constant load) on every use of M; from a variable it computes M once.
// Perft(11): 0.73 -> 0.68 CPU-s.
var notEdgeColsVar uint64 = notEdgeCols

// movesMaskGeneric is MovesMask in Go: the implementation on other
// architectures and on amd64 CPUs without AVX2 (moves_amd64.go).
//
// For each axis (shift d = 1, 7, 8, 9 bits) it fills from own across runs of
// 1..6 opponent discs in both directions with a parallel-prefix
// (Kogge-Stone style) fill, then steps one square further: the idea of
// Edax's generic move generator, written out here with constant shifts so
// the compiler keeps everything in registers.
func movesMaskGeneric(own, opp uint64) uint64 {
	P := own
	M := opp & notEdgeColsVar
	// Horizontal, d = 1.
	fl := M & (P << 1)
	fr := M & (P >> 1)
	fl |= M & (fl << 1)
	fr |= M & (fr >> 1)
	pl := M & (M << 1)
	pr := pl >> 1
	fl |= pl & (fl << 2)
	fr |= pr & (fr >> 2)
	fl |= pl & (fl << 2)
	fr |= pr & (fr >> 2)
	moves := fl<<1 | fr>>1
	// Vertical, d = 8: no wrap, the full opponent set.
	fl = opp & (P << 8)
	fr = opp & (P >> 8)
	fl |= opp & (fl << 8)
	fr |= opp & (fr >> 8)
	pl = opp & (opp << 8)
	pr = pl >> 8
	fl |= pl & (fl << 16)
	fr |= pr & (fr >> 16)
	fl |= pl & (fl << 16)
	fr |= pr & (fr >> 16)
	moves |= fl<<8 | fr>>8
	// Diagonal, d = 7.
	fl = M & (P << 7)
	fr = M & (P >> 7)
	fl |= M & (fl << 7)
	fr |= M & (fr >> 7)
	pl = M & (M << 7)
	pr = pl >> 7
	fl |= pl & (fl << 14)
	fr |= pr & (fr >> 14)
	fl |= pl & (fl << 14)
	fr |= pr & (fr >> 14)
	moves |= fl<<7 | fr>>7
	// Diagonal, d = 9.
	fl = M & (P << 9)
	fr = M & (P >> 9)
	fl |= M & (fl << 9)
	fr |= M & (fr >> 9)
	pl = M & (M << 9)
	pr = pl >> 9
	fl |= pl & (fl << 18)
	fr |= pr & (fr >> 18)
	fl |= pl & (fl << 18)
	fr |= pr & (fr >> 18)
	moves |= fl<<9 | fr>>9
	return moves &^ (own | opp)
}

// rays[sq] holds the eight rays leaving square sq (the square itself
// excluded): indices 0..3 go towards higher square indices (east, south-west,
// south, south-east), 4..7 towards lower ones (west, north-east, north,
// north-west).
var rays = func() (r [64][8]uint64) {
	dirs := [8][2]int{{0, 1}, {1, -1}, {1, 0}, {1, 1}, {0, -1}, {-1, 1}, {-1, 0}, {-1, -1}}
	for sq := 0; sq < 64; sq++ {
		for d, dir := range dirs {
			row, col := sq/8+dir[0], sq%8+dir[1]
			for row >= 0 && row < 8 && col >= 0 && col < 8 {
				r[sq][d] |= 1 << (row*8 + col)
				row += dir[0]
				col += dir[1]
			}
		}
	}
	return r
}()

// flipsMaskGeneric is FlipsMask in Go: the implementation on other
// architectures and on amd64 CPUs without AVX2 (moves_amd64.go). It scans
// the eight rays leaving sq.
func flipsMaskGeneric(sq int, own, opp uint64) uint64 {
	r := &rays[sq&63]
	// Towards higher indices the first non-opponent square is the lowest set
	// bit of ray &^ opp; if it is own (x != 0), the ray squares below it
	// flip. Sub64's borrow masks out x == 0 without a branch.
	b := r[0] &^ opp
	x := b & -b & own
	d, borrow := bits.Sub64(x, 1, 0)
	f := d & r[0] & (borrow - 1)
	b = r[1] &^ opp
	x = b & -b & own
	d, borrow = bits.Sub64(x, 1, 0)
	f |= d & r[1] & (borrow - 1)
	b = r[2] &^ opp
	x = b & -b & own
	d, borrow = bits.Sub64(x, 1, 0)
	f |= d & r[2] & (borrow - 1)
	b = r[3] &^ opp
	x = b & -b & own
	d, borrow = bits.Sub64(x, 1, 0)
	f |= d & r[3] & (borrow - 1)
	// Towards lower indices: the highest set bit of ray &^ opp; if it is
	// own, the ray squares above it flip. b|1 avoids a zero test: when b is
	// 0, bit 0 is either an opponent square of the ray or masked off by the
	// ray, so x is 0. The bit is 1 << (Len64-1), the index BSR gives
	// directly (1<<63 >> LeadingZeros64 cost 8 more instructions a call;
	// perft(11) 0.69 -> 0.62 CPU-s).
	b = r[4] &^ opp
	x = 1 << (uint(bits.Len64(b|1)-1) & 63) & own & r[4]
	f |= -(x << 1) & r[4]
	b = r[5] &^ opp
	x = 1 << (uint(bits.Len64(b|1)-1) & 63) & own & r[5]
	f |= -(x << 1) & r[5]
	b = r[6] &^ opp
	x = 1 << (uint(bits.Len64(b|1)-1) & 63) & own & r[6]
	f |= -(x << 1) & r[6]
	b = r[7] &^ opp
	x = 1 << (uint(bits.Len64(b|1)-1) & 63) & own & r[7]
	f |= -(x << 1) & r[7]
	return f
}

// PerftBitboards is perft (RULES.md "Othello" counts) on raw bitboards,
// without a Board or history: the number of leaves of the move tree of depth
// plies from the position where the side to move owns own and the other side
// opp. A forced pass counts as one ply and a finished game as one leaf at the
// depth where it ends. It is the fast path of the perft benchmarks; Board
// and rules.Perft give the same counts.
func PerftBitboards(own, opp uint64, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perftBB(own, opp, depth, false)
}

func perftBB(own, opp uint64, depth int, passed bool) uint64 {
	moves := MovesMask(own, opp)
	if depth == 1 {
		if moves == 0 {
			return 1 // a pass or a finished game: one leaf either way
		}
		return uint64(bits.OnesCount64(moves))
	}
	if moves == 0 {
		if passed {
			return 1 // neither side can move: the game is over
		}
		return perftBB(opp, own, depth-1, true)
	}
	if depth == 2 {
		// Bulk-count the last ply: each child contributes its number of
		// placements, or one leaf for a pass or a finished game.
		return perftBulk2(own, opp, moves)
	}
	var n uint64
	for moves != 0 {
		bit := moves & -moves
		moves ^= bit
		f := FlipsMask(bits.TrailingZeros64(bit), own, opp)
		n += perftBB(opp&^f, own|f|bit, depth-1, false)
	}
	return n
}

// perftBulk2 is perft's last two plies from own to move with its legal
// placements moves (non-zero): the sum over the placements of the
// opponent's number of replies, a pass or a finished game counting one
// leaf.
func perftBulk2(own, opp, moves uint64) uint64 {
	var n uint64
	for moves != 0 {
		bit := moves & -moves
		moves ^= bit
		f := FlipsMask(bits.TrailingZeros64(bit), own, opp)
		n += max(uint64(bits.OnesCount64(MovesMask(opp&^f, own|f|bit))), 1)
	}
	return n
}

// lastFlipCount[pos][line] is the number of discs flipped along one line
// of eight squares by a disc placed at pos (0..7) when the bits of line are
// the mover's discs and every other square of the line but pos belongs to
// the opponent.
var lastFlipCount = func() (t [8][256]uint8) {
	for pos := 0; pos < 8; pos++ {
		for line := 0; line < 256; line++ {
			if line>>pos&1 != 0 {
				continue // the move's own square is empty
			}
			n := 0
			for _, d := range [2]int{-1, 1} {
				k := pos + d
				for k >= 0 && k < 8 && line>>k&1 == 0 {
					k += d
				}
				if k >= 0 && k < 8 {
					n += (k-pos)*d - 1
				}
			}
			t[pos][line] = uint8(n)
		}
	}
	return t
}()

// diagonal masks through each square: diagUp[sq] the line of constant
// row+col, diagDown[sq] that of constant row-col.
var diagUp, diagDown = func() (u, d [64]uint64) {
	for sq := 0; sq < 64; sq++ {
		for t := 0; t < 64; t++ {
			if t/8+t%8 == sq/8+sq%8 {
				u[sq] |= 1 << t
			}
			if t/8-t%8 == sq/8-sq%8 {
				d[sq] |= 1 << t
			}
		}
	}
	return u, d
}()

// CountLastFlips returns the number of discs that a disc placed on square
// sq (0..63) by the player owning own would flip when every other square
// holds a disc: the last move of a game, whose flips need not be known,
// only counted. It equals popcount(FlipsMask(sq, own, ^own&^(1<<sq))),
// from four table lookups (one per line through sq) instead of eight ray
// scans.
func CountLastFlips(sq int, own uint64) int {
	sq &= 63
	row, col := sq>>3, sq&7
	// Each line's squares gathered into a byte, indexed by column (rows,
	// diagonals) or by row (columns): a multiplication moves the bits of a
	// line to the top byte without carries, one bit per column or row.
	r := own >> (sq &^ 7) & 0xFF
	c := (own >> col & 0x0101010101010101) * 0x0102040810204080 >> 56
	u := (own & diagUp[sq]) * 0x0101010101010101 >> 56
	d := (own & diagDown[sq]) * 0x0101010101010101 >> 56
	t := &lastFlipCount
	return int(t[col][r]) + int(t[row][c]) + int(t[col][u]) + int(t[col][d])
}
