package othelloai

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"sync"

	"planiverse/ai"
	"planiverse/rules/othello"
)

// The pattern evaluation, after Buro's Logistello and Edax: the board is
// cut into patterns (groups of squares), each configuration of a pattern
// (base-3 index: 0 empty, 1 side to move, 2 opponent over its squares) has
// a learned weight, and the evaluation is the sum of the weights of every
// pattern instance plus a mobility term and a bias, with one set of
// weights per game stage. The eight images of each pattern under the
// board's symmetries share one table, so symmetric positions evaluate
// equally by construction: the evaluation applies each pattern's canonical
// square extraction to the eight symmetric images of the board.
//
// The weights (patterns.bin, gzip, about 1.3 MB) were made by this
// package's own tools (cmd/trainpatterns, cmd/labelgames,
// cmd/labelteacher, cmd/fitlabels): self-play games labeled with their
// result and TD(λ) targets, then refitted on the scores of the engine's
// own depth-8 search, of a stronger engine's search (at 19 empties and
// more) and on exact values near the end. EXPERIMENTS.md ("Pattern weights") has each
// step, its data, its fit errors and the commands.

// Pattern kinds (canonical squares on the board with a1 = bit 0):
//
//	edge2X   a1-h1 with b2 and g2 (10 squares)
//	corner25 a1-e1 and a2-e2 (10)
//	corner33 a1-c3 (9)
//	row2..4  the 2nd, 3rd and 4th rows (8 each)
//	diag8..4 the diagonals a1-h8, b1-h7, c1-h6, d1-h5, e1-h4 (8 to 4)
const (
	patEdge2X = iota
	patCorner25
	patCorner33
	patRow2
	patRow3
	patRow4
	patDiag8
	patDiag7
	patDiag6
	patDiag5
	patDiag4
	numPatterns
)

// patternSquares is the number of squares of each pattern kind.
var patternSquares = [numPatterns]int{10, 10, 9, 8, 8, 8, 8, 7, 6, 5, 4}

// Layout of one stage's weight table: the tables of the pattern kinds one
// after the other (3^squares entries each, at patternOffset[k]), then the
// mobility weight, the bias and the parity weight.
var patternOffset, stageTableSize = func() (off [numPatterns]int, size int) {
	for k, n := range patternSquares {
		off[k] = size
		p := 1
		for range n {
			p *= 3
		}
		size += p
	}
	return off, size + 3
}()

// Indices of the scalar weights within a stage's table.
var (
	mobilityWeight = stageTableSize - 3 // per legal move more than the opponent
	biasWeight     = stageTableSize - 2 // constant of the stage
	// parityWeight is added when the number of empty squares is odd: the
	// side to move then plays the last move if nobody passes (parity).
	parityWeight = stageTableSize - 1
)

// numFeatures is the number of pattern instances summed per position: each
// pattern kind on each of the 8 symmetric images of the board.
const numFeatures = 8 * numPatterns

// Game stages: stage (empties-1)/stageWidth, so 10 stages of 6 empties
// (stage 0: 1-6 empties ... stage 9: 55-60 empties).
const (
	stageWidth = 6
	numStages  = (60 + stageWidth - 1) / stageWidth
)

// stageOf returns the stage of a position with e empty squares (1..60).
func stageOf(e int) int { return max(0, min(numStages-1, (e-1)/stageWidth)) }

// ternary[b] reads the bits of b as base-3 digits: the index contribution
// of the squares set in b when each counts 1 (doubled for the opponent).
var ternary = func() (t [1 << 10]uint16) {
	for b := range t {
		v, p := 0, 1
		for i := 0; i < 10; i++ {
			if b>>i&1 != 0 {
				v += p
			}
			p *= 3
		}
		t[b] = uint16(v)
	}
	return t
}()

// flipVertical mirrors x top to bottom (row r to row 7-r).
func flipVertical(x uint64) uint64 { return bits.ReverseBytes64(x) }

// flipHorizontal mirrors x left to right (column c to column 7-c).
func flipHorizontal(x uint64) uint64 {
	x = x>>1&0x5555555555555555 | x&0x5555555555555555<<1
	x = x>>2&0x3333333333333333 | x&0x3333333333333333<<2
	return x>>4&0x0F0F0F0F0F0F0F0F | x&0x0F0F0F0F0F0F0F0F<<4
}

// transpose mirrors x in the a1-h8 diagonal (square (r, c) to (c, r)).
func transpose(x uint64) uint64 {
	t := 0x0F0F0F0F00000000 & (x ^ x<<28)
	x ^= t ^ t>>28
	t = 0x3333000033330000 & (x ^ x<<14)
	x ^= t ^ t>>14
	t = 0x5500550055005500 & (x ^ x<<7)
	return x ^ t ^ t>>7
}

// symmetryImages returns the 8 images of x under the board's symmetries.
func symmetryImages(x uint64) [8]uint64 {
	v := flipVertical(x)
	t := transpose(x)
	tv := flipVertical(t)
	return [8]uint64{x, v, flipHorizontal(x), flipHorizontal(v), t, tv, flipHorizontal(t), flipHorizontal(tv)}
}

// diagonalBits returns the squares of x on the diagonal mask m (one
// square per column) packed by column: bit c is column c's square.
func diagonalBits(x, m uint64) uint64 { return (x & m) * 0x0101010101010101 >> 56 }

// patternBits extracts, for each pattern kind, the squares of x (one
// color's bitboard) in the kind's canonical place, packed into the low
// bits.
func patternBits(x uint64, out *[numPatterns]uint64) {
	out[patEdge2X] = edge2XBits(x)
	out[patCorner25] = corner25Bits(x)
	out[patCorner33] = corner33Bits(x)
	out[patRow2] = x >> 8 & 0xFF
	out[patRow3] = x >> 16 & 0xFF
	out[patRow4] = x >> 24 & 0xFF
	out[patDiag8] = diag8Bits(x)
	out[patDiag7] = diag7Bits(x)
	out[patDiag6] = diag6Bits(x)
	out[patDiag5] = diag5Bits(x)
	out[patDiag4] = diag4Bits(x)
}

// patternFeatures fills f with the indices, within a stage's weight table,
// of the numFeatures pattern instances of the position (own: side to
// move, opp: the other side). It does not allocate.
func patternFeatures(own, opp uint64, f *[numFeatures]int32) {
	so, sp := symmetryImages(own), symmetryImages(opp)
	var bo, bp [numPatterns]uint64
	for s := 0; s < 8; s++ {
		patternBits(so[s], &bo)
		patternBits(sp[s], &bp)
		for k := 0; k < numPatterns; k++ {
			f[s*numPatterns+k] = int32(patternOffset[k] + int(ternary[bo[k]]) + 2*int(ternary[bp[k]]))
		}
	}
}

// Table offsets of the pattern kinds (patternOffset as constants, for
// imageSum; a test checks they agree).
const (
	offEdge2X   = 0
	offCorner25 = offEdge2X + 59049
	offCorner33 = offCorner25 + 59049
	offRow2     = offCorner33 + 19683
	offRow3     = offRow2 + 6561
	offRow4     = offRow3 + 6561
	offDiag8    = offRow4 + 6561
	offDiag7    = offDiag8 + 6561
	offDiag6    = offDiag7 + 2187
	offDiag5    = offDiag6 + 729
	offDiag4    = offDiag5 + 243
)

// imageSum returns the sum of the weights ws (one stage's table) of the
// pattern instances of one symmetric image of the position (o: side to
// move, p: opponent): the same indices as patternFeatures, computed inline
// for speed.
func imageSum(ws []int16, o, p uint64) int {
	return edge2XWeight(ws, o, p) + corner25Weight(ws, o, p) + corner33Weight(ws, o, p) +
		rowsWeight(ws, o, p) + diag8Weight(ws, o, p) + shortDiagsWeight(ws, o, p)
}

// pairIndex is the base-3 index of a pattern whose squares are set in a
// for the side to move and in b for the opponent (packed low bits).
func pairIndex(a, b uint64) int { return int(ternary[a&1023]) + 2*int(ternary[b&1023]) }

// The weight of one pattern kind (or group of kinds) on one symmetric
// image (o: side to move, p: opponent) in the stage table ws, for
// imageSum and the folded sums of fold.go.

func edge2XWeight(ws []int16, o, p uint64) int {
	return int(ws[offEdge2X+pairIndex(edge2XBits(o), edge2XBits(p))])
}

func corner25Weight(ws []int16, o, p uint64) int {
	return int(ws[offCorner25+pairIndex(corner25Bits(o), corner25Bits(p))])
}

func corner33Weight(ws []int16, o, p uint64) int {
	return int(ws[offCorner33+pairIndex(corner33Bits(o), corner33Bits(p))])
}

// rowsWeight is rows 2, 3 and 4.
func rowsWeight(ws []int16, o, p uint64) int {
	return int(ws[offRow2+pairIndex(o>>8&0xFF, p>>8&0xFF)]) +
		int(ws[offRow3+pairIndex(o>>16&0xFF, p>>16&0xFF)]) +
		int(ws[offRow4+pairIndex(o>>24&0xFF, p>>24&0xFF)])
}

func diag8Weight(ws []int16, o, p uint64) int {
	return int(ws[offDiag8+pairIndex(diag8Bits(o), diag8Bits(p))])
}

// shortDiagsWeight is the diagonals of 7, 6, 5 and 4 squares.
func shortDiagsWeight(ws []int16, o, p uint64) int {
	return int(ws[offDiag7+pairIndex(diag7Bits(o), diag7Bits(p))]) +
		int(ws[offDiag6+pairIndex(diag6Bits(o), diag6Bits(p))]) +
		int(ws[offDiag5+pairIndex(diag5Bits(o), diag5Bits(p))]) +
		int(ws[offDiag4+pairIndex(diag4Bits(o), diag4Bits(p))])
}

// The squares of one color's bitboard x read by each pattern kind in its
// canonical place, packed into the low bits (patternBits' entries, one
// kind each, for the inlined sums).

func edge2XBits(x uint64) uint64   { return x&0xFF | x>>9&1<<8 | x>>14&1<<9 }
func corner25Bits(x uint64) uint64 { return x&0x1F | x>>8&0x1F<<5 }
func corner33Bits(x uint64) uint64 { return x&7 | x>>8&7<<3 | x>>16&7<<6 }
func diag8Bits(x uint64) uint64    { return diagonalBits(x, 0x8040201008040201) }
func diag7Bits(x uint64) uint64    { return diagonalBits(x, 0x0080402010080402) >> 1 }
func diag6Bits(x uint64) uint64    { return diagonalBits(x, 0x0000804020100804) >> 2 }
func diag5Bits(x uint64) uint64    { return diagonalBits(x, 0x0000008040201008) >> 3 }
func diag4Bits(x uint64) uint64    { return diagonalBits(x, 0x0000000080402010) >> 4 }

// mobilityFeature returns the side to move's legal moves minus the
// opponent's.
func mobilityFeature(own, opp uint64) int {
	return bits.OnesCount64(othello.MovesMask(own, opp)) - bits.OnesCount64(othello.MovesMask(opp, own))
}

// patternWeights holds one table of stageTableSize weights per stage, in
// evaluation units (1/100 disc), decoded from patterns.bin on first use
// (loadPatterns, ~20-40 ms); nil when the file is unusable (patternLoadErr
// says why).
var (
	patternWeights [][]int16
	patternLoadErr error
	patternOnce    sync.Once
	// foldedWeights is patternWeights folded (fold.go) for
	// EvaluatePatterns, or nil when they do not fold.
	foldedWeights [][]int16
)

// loadPatterns decodes the embedded weights into patternWeights and folds
// them into foldedWeights.
func loadPatterns() {
	patternWeights, patternLoadErr = decodePatternWeights(patternsFile)
	if patternWeights != nil {
		if fw, ok := foldPatternWeights(patternWeights); ok {
			foldedWeights = fw
		}
	}
}

//go:embed patterns.bin
var patternsFile []byte

// patternsMagic starts patterns.bin (after gunzip): format name and version.
const patternsMagic = "PLANIVERSE-OTHELLO-PATTERNS-1\n"

// decodePatternWeights reads the weights file: gzip of patternsMagic, then
// little-endian uint32 stage count, stage width and stage table size, then
// the int16 weights stage by stage. Errors describe a missing, truncated
// or mismatched file.
func decodePatternWeights(data []byte) ([][]int16, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("othello pattern weights: %w", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("othello pattern weights: %w", err)
	}
	if !bytes.HasPrefix(raw, []byte(patternsMagic)) || len(raw) < len(patternsMagic)+12 {
		return nil, errors.New("othello pattern weights: not a weights file")
	}
	raw = raw[len(patternsMagic):]
	ns, sw, ts := binary.LittleEndian.Uint32(raw), binary.LittleEndian.Uint32(raw[4:]), binary.LittleEndian.Uint32(raw[8:])
	// stored is the weights a stage in the file: files of the previous
	// layout (format 1 without the parity weight, one fewer) still load,
	// with a parity weight of 0.
	stored := int(ts)
	if ns != numStages || sw != stageWidth || (stored != stageTableSize && stored != stageTableSize-1) {
		return nil, fmt.Errorf("othello pattern weights: layout %d stages × %d empties × %d weights, want %d × %d × %d",
			ns, sw, ts, numStages, stageWidth, stageTableSize)
	}
	raw = raw[12:]
	if len(raw) != 2*numStages*stored {
		return nil, fmt.Errorf("othello pattern weights: %d bytes of weights, want %d", len(raw), 2*numStages*stored)
	}
	w := make([][]int16, numStages)
	for s := range w {
		w[s] = make([]int16, stageTableSize)
		for i := range stored {
			w[s][i] = int16(binary.LittleEndian.Uint16(raw[2*(s*stored+i):]))
		}
	}
	return w, nil
}

// encodePatternWeights is the inverse of decodePatternWeights.
func encodePatternWeights(w [][]int16) ([]byte, error) {
	var raw bytes.Buffer
	raw.WriteString(patternsMagic)
	for _, v := range []uint32{numStages, stageWidth, uint32(stageTableSize)} {
		raw.Write(binary.LittleEndian.AppendUint32(nil, v))
	}
	for _, st := range w {
		for _, v := range st {
			raw.Write(binary.LittleEndian.AppendUint16(nil, uint16(v)))
		}
	}
	var out bytes.Buffer
	zw, err := gzip.NewWriterLevel(&out, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(raw.Bytes()); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// PatternWeightsLoaded reports whether the embedded pattern weights
// (patterns.bin) decode, decoding them if not yet done; when not, EvaluatePatterns falls back to
// EvaluateBitboards and the error says why.
func PatternWeightsLoaded() (bool, error) {
	patternOnce.Do(loadPatterns)
	return patternWeights != nil, patternLoadErr
}

// EvaluatePatterns is the pattern evaluation of the position where the side
// to move owns own and the other side opp: from the side to move's point of
// view, about 100 units per disc, strictly inside ai.MaxEval either way.
// A finished game scores its final disc difference (empties to the winner)
// times 100. Otherwise it is the sum, with the weights of the position's
// stage (10 stages of 6 empties), of 88 pattern instances (edge + 2
// X-squares, 2×5 and 3×3 corners, rows 2-4, diagonals of 4-8 squares, each
// on the 8 symmetric images of the board), a mobility term, a bias and a
// parity term (odd empties). The weights come from the embedded
// patterns.bin (see the top of pattern.go). Without usable weights it
// returns EvaluateBitboards. It does not allocate.
func EvaluatePatterns(own, opp uint64) int {
	patternOnce.Do(loadPatterns)
	if foldedWeights != nil {
		return evaluateFolded(foldedWeights, own, opp)
	}
	if patternWeights == nil {
		return EvaluateBitboards(own, opp)
	}
	return evaluatePatternsWith(patternWeights, own, opp)
}

// evaluatePatternsWith is EvaluatePatterns with the weight tables w (one
// per stage).
func evaluatePatternsWith(w [][]int16, own, opp uint64) int {
	mob := mobilityFeature(own, opp)
	e := bits.OnesCount64(^(own | opp))
	if mob == 0 && othello.MovesMask(own, opp)|othello.MovesMask(opp, own) == 0 {
		return 100 * othello.FinalScore(own, opp)
	}
	ws := w[stageOf(e)]
	if len(ws) != stageTableSize {
		return EvaluateBitboards(own, opp)
	}
	so, sp := symmetryImages(own), symmetryImages(opp)
	v := int(ws[biasWeight]) + mob*int(ws[mobilityWeight]) + int(ws[parityWeight])*(e&1)
	for s := 0; s < 8; s++ {
		v += imageSum(ws, so[s], sp[s])
	}
	return max(-ai.MaxEval+1, min(ai.MaxEval-1, v))
}
