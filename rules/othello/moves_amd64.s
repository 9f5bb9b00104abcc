//go:build !purego

#include "textflag.h"

// Per-lane constants of MovesMask's AVX2 path, one 64-bit lane per axis
// in the order d = 1, 8, 7, 9 (horizontal, vertical, the two diagonals).

// movesShift: the shift d of each lane.
DATA movesShift<>+0(SB)/8, $1
DATA movesShift<>+8(SB)/8, $8
DATA movesShift<>+16(SB)/8, $7
DATA movesShift<>+24(SB)/8, $9
GLOBL movesShift<>(SB), RODATA|NOPTR, $32

// movesShift2: 2d, the step of the doubling fill.
DATA movesShift2<>+0(SB)/8, $2
DATA movesShift2<>+8(SB)/8, $16
DATA movesShift2<>+16(SB)/8, $14
DATA movesShift2<>+24(SB)/8, $18
GLOBL movesShift2<>(SB), RODATA|NOPTR, $32

// movesEdge: the opponent discs a run may cross, notEdgeCols except
// vertically where nothing wraps.
DATA movesEdge<>+0(SB)/8, $0x7E7E7E7E7E7E7E7E
DATA movesEdge<>+8(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA movesEdge<>+16(SB)/8, $0x7E7E7E7E7E7E7E7E
DATA movesEdge<>+24(SB)/8, $0x7E7E7E7E7E7E7E7E
GLOBL movesEdge<>(SB), RODATA|NOPTR, $32

// FILL is the parallel-prefix fill both functions share, in every lane
// (axis) at once: from the discs Y0 across the runs of M = Y4 (the
// opponent discs a run may cross) with the shifts d = Y2 and 2d = Y3,
// towards higher squares into Y5 (fl) and towards lower ones into Y6 (fr):
// fl = M & (Y0 << d), fl |= M & (fl << d), then with pl = M & (M << d)
// (Y7) twice fl |= pl & (fl << 2d); fr the same with >> and
// pr = pl >> d (Y8). Y9 and Y10 are clobbered. Runs of up to six discs
// are filled, as in movesMaskGeneric.
#define FILL \
	VPSLLVQ Y2, Y0, Y5;  \
	VPSRLVQ Y2, Y0, Y6;  \
	VPAND   Y4, Y5, Y5;  \
	VPAND   Y4, Y6, Y6;  \
	VPSLLVQ Y2, Y5, Y9;  \
	VPSRLVQ Y2, Y6, Y10; \
	VPAND   Y4, Y9, Y9;  \
	VPAND   Y4, Y10, Y10; \
	VPOR    Y9, Y5, Y5;  \
	VPOR    Y10, Y6, Y6; \
	VPSLLVQ Y2, Y4, Y7;  \
	VPAND   Y4, Y7, Y7;  \
	VPSRLVQ Y2, Y7, Y8;  \
	VPSLLVQ Y3, Y5, Y9;  \
	VPSRLVQ Y3, Y6, Y10; \
	VPAND   Y7, Y9, Y9;  \
	VPAND   Y8, Y10, Y10; \
	VPOR    Y9, Y5, Y5;  \
	VPOR    Y10, Y6, Y6; \
	VPSLLVQ Y3, Y5, Y9;  \
	VPSRLVQ Y3, Y6, Y10; \
	VPAND   Y7, Y9, Y9;  \
	VPAND   Y8, Y10, Y10; \
	VPOR    Y9, Y5, Y5;  \
	VPOR    Y10, Y6, Y6

// OR_LANES ORs the four 64-bit lanes of Y5 into its lowest (X5), using X6.
#define OR_LANES \
	VEXTRACTI128 $1, Y5, X6; \
	VPOR         X6, X5, X5; \
	VPUNPCKHQDQ  X5, X5, X6; \
	VPOR         X6, X5, X5

// func MovesMask(own, opp uint64) uint64
//
// Without AVX2 (hasAVX2 false) it tail-jumps to movesMaskGeneric, whose
// ABI0 wrapper takes the same arguments. With AVX2 it is
// movesMaskGeneric's fill with the four axes side by side in the lanes of
// YMM registers: Y5 fills from own towards higher squares (<< d), Y6
// towards lower ones (>> d). Y0 = own, Y1 = opp, Y2 = d, Y3 = 2d, Y4 = M
// (opp & movesEdge), Y7 = pl, Y8 = pr, Y9 and Y10 temporaries.
TEXT ·MovesMask(SB), NOSPLIT, $0-24
	CMPB ·hasAVX2(SB), $0
	JEQ  generic

	VPBROADCASTQ own+0(FP), Y0 // P
	VPBROADCASTQ opp+8(FP), Y1
	VMOVDQU      movesShift<>(SB), Y2
	VMOVDQU      movesShift2<>(SB), Y3
	VPAND        movesEdge<>(SB), Y1, Y4 // M = opp & edge mask

	FILL

	// One square further: fl << d | fr >> d, in each lane.
	VPSLLVQ Y2, Y5, Y5
	VPSRLVQ Y2, Y6, Y6
	VPOR    Y6, Y5, Y5

	OR_LANES
	VMOVQ X5, AX

	// Empty squares only.
	MOVQ own+0(FP), BX
	ORQ  opp+8(FP), BX
	NOTQ BX
	ANDQ BX, AX
	MOVQ AX, ret+16(FP)
	VZEROUPPER
	RET

generic:
	JMP ·movesMaskGeneric(SB)

// func FlipsMask(sq int, own, opp uint64) uint64
//
// Without AVX2 it tail-jumps to flipsMaskGeneric. With AVX2 it fills from
// the placed disc X across the opponent discs as MovesMask fills from own,
// in the eight directions at once (Y5 towards higher squares, Y6 towards
// lower ones), and keeps a direction's run when the square after it is own.
// Y0 = X, Y1 = own, Y2 = d, Y3 = 2d, Y4 = M (opp & movesEdge), Y7 = pl,
// Y8 = pr, Y9 to Y11 temporaries.
TEXT ·FlipsMask(SB), NOSPLIT, $0-32
	CMPB ·hasAVX2(SB), $0
	JEQ  generic

	MOVQ         sq+0(FP), CX
	MOVL         $1, AX
	SHLQ         CX, AX // X = 1 << (sq & 63)
	VMOVQ        AX, X0
	VPBROADCASTQ X0, Y0
	VPBROADCASTQ own+8(FP), Y1
	VPBROADCASTQ opp+16(FP), Y4
	VMOVDQU      movesShift<>(SB), Y2
	VMOVDQU      movesShift2<>(SB), Y3
	VPAND        movesEdge<>(SB), Y4, Y4

	FILL

	// A run flips when the square after it is own: clear the lanes where
	// (fl << d) & own, (fr >> d) & own are 0 (an empty run gives 0 too).
	VPXOR    Y11, Y11, Y11
	VPSLLVQ  Y2, Y5, Y9
	VPSRLVQ  Y2, Y6, Y10
	VPAND    Y1, Y9, Y9
	VPAND    Y1, Y10, Y10
	VPCMPEQQ Y11, Y9, Y9
	VPCMPEQQ Y11, Y10, Y10
	VPANDN   Y5, Y9, Y5
	VPANDN   Y6, Y10, Y6
	VPOR     Y6, Y5, Y5

	OR_LANES
	VMOVQ X5, ret+24(FP)
	VZEROUPPER
	RET

generic:
	JMP ·flipsMaskGeneric(SB)
