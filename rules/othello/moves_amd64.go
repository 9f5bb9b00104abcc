//go:build !purego

package othello

import "golang.org/x/sys/cpu"

// hasAVX2 reports whether MovesMask may take its AVX2 path; it is set once
// at start-up (moves_amd64.s reads it on every call; tests clear it to
// exercise the fallback).
var hasAVX2 = cpu.X86.HasAVX2

// MovesMask returns the bitboard of the legal placements of the player whose
// discs are own against the discs opp (bit i = square i may be played). It is
// 0 when the player must pass or the game is over. own and opp must be
// disjoint.
//
// On amd64 it is written in assembly (moves_amd64.s): with AVX2 it runs
// movesMaskGeneric's fill with the four axes in the four 64-bit lanes of a
// YMM register; without AVX2 it jumps to movesMaskGeneric. Go cannot
// vectorise the fill, and MovesMask is most of perft's time. The CPU test
// is a flag checked inside the assembly, so callers make one direct call:
// a Go MovesMask testing the flag and calling an assembly function cannot
// be inlined (two calls a move generation), and a function variable goes
// through an ABI wrapper (two calls too).
//
//go:noescape
func MovesMask(own, opp uint64) uint64

// FlipsMask returns the bitboard of the opponent discs that a disc placed on
// square sq (0..63, taken modulo 64) by the player owning own would flip, opp
// being the opponent's discs. The result is 0 exactly when the placement is
// illegal (sq occupied is not checked: callers test it or use MovesMask).
//
// On amd64 it is written in assembly (moves_amd64.s) like MovesMask.
//
//go:noescape
func FlipsMask(sq int, own, opp uint64) uint64
