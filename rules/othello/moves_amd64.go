//go:build !purego

package othello

import "golang.org/x/sys/cpu"

// hasAVX2 reports whether MovesMask and FlipsMask may take their AVX2
// paths; it is set once at start-up (moves_amd64.s reads it on every call;
// tests clear it to exercise the fallback).
var hasAVX2 = cpu.X86.HasAVX2

// MovesMask returns the bitboard of the legal placements of the player whose
// discs are own against the discs opp (bit i = square i may be played). It is
// 0 when the player must pass or the game is over. own and opp must be
// disjoint.
//
// On amd64 it is written in assembly (moves_amd64.s): with AVX2 it runs
// movesMaskGeneric's fill with the four axes in the four 64-bit lanes of a
// YMM register; without AVX2 it jumps to movesMaskGeneric. Go cannot
// vectorise the fill, and MovesMask and FlipsMask are most of perft's time:
// perft(11) from the start took 0.66 s with the Go versions, 0.42 s with
// this one, 0.37 s with FlipsMask's too (medians of 10 interleaved runs on
// a shared 2-core AMD EPYC VM; Edax's AVX2 build 0.49 s there).
//
// The CPU test is a flag read inside the assembly, so callers make one
// direct call. A Go MovesMask testing the flag and then calling the
// assembly is not inlined (two calls), nor is a function variable's call
// (through an ABI wrapper): over the positions of a perft(6) tree they took
// 4.6 and 4.7 ns a call against 4.2 ns, perft(11) 0.42 CPU-s against 0.40.
//
//go:noescape
func MovesMask(own, opp uint64) uint64

// FlipsMask returns the bitboard of the opponent discs that a disc placed on
// square sq (0..63, taken modulo 64) by the player owning own would flip, opp
// being the opponent's discs. The result is 0 exactly when the placement is
// illegal (sq occupied is not checked: callers test it or use MovesMask).
//
// On amd64 it is written in assembly (moves_amd64.s) and chosen like
// MovesMask: with AVX2 it fills from the placed disc across the opponent
// discs in the eight directions at once (two YMM registers), as MovesMask
// fills from own; without AVX2 it jumps to flipsMaskGeneric. That halved
// its time (BenchmarkFlipsMask 81 -> 37 ns) and took perft(11) from 0.42
// to 0.37 s.
//
//go:noescape
func FlipsMask(sq int, own, opp uint64) uint64
