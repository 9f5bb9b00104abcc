//go:build !amd64 || purego

package othello

// hasAVX2 is false: MovesMask has an AVX2 path on amd64 only.
const hasAVX2 = false

// MovesMask returns the bitboard of the legal placements of the player whose
// discs are own against the discs opp (bit i = square i may be played). It is
// 0 when the player must pass or the game is over. own and opp must be
// disjoint.
//
// Outside amd64 (or with the purego build tag) it is movesMaskGeneric.
func MovesMask(own, opp uint64) uint64 { return movesMaskGeneric(own, opp) }

// FlipsMask returns the bitboard of the opponent discs that a disc placed on
// square sq (0..63, taken modulo 64) by the player owning own would flip, opp
// being the opponent's discs. The result is 0 exactly when the placement is
// illegal (sq occupied is not checked: callers test it or use MovesMask).
//
// Outside amd64 (or with the purego build tag) it is flipsMaskGeneric.
func FlipsMask(sq int, own, opp uint64) uint64 { return flipsMaskGeneric(sq, own, opp) }
