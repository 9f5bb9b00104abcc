package othelloai

import (
	"math/bits"

	"planiverse/ai"
	"planiverse/rules/othello"
)

// Folded weights: the evaluation sums each pattern kind over the board's
// eight symmetric images, but most kinds are symmetric themselves, so
// several images read the same instance (the same squares) in another
// order: a row is read forwards and backwards, the main diagonals four
// times. Of the 88 lookups, 46 are distinct instances (Edax's count).
// Folding adds, for each index of a kind, the weights of every reading of
// the same squares into one entry (foldPatternWeights), and
// evaluateFolded then looks up each instance once: the same value from
// half the memory reads. Which images are kept (the first of each group
// reading the same squares) is fixed in evaluateFolded; TestFoldedEqual
// checks it against evaluatePatternsWith.

// digitSquares returns, for pattern kind k read on symmetric image s of
// the board, the square read as each digit of the index (digit j is the
// j-th bit of patternBits' output).
func digitSquares(k, s int) []int {
	sq := make([]int, patternSquares[k])
	for q := 0; q < 64; q++ {
		var out [numPatterns]uint64
		patternBits(symmetryImages(1 << q)[s], &out)
		for j := range sq {
			if out[k]>>j&1 != 0 {
				sq[j] = q
			}
		}
	}
	return sq
}

// foldPermutations returns, for pattern kind k, one digit permutation
// per image that reads the same squares as image 0: perm[j] is the digit
// position, in that image's index, of the square that is digit j of image
// 0's index.
func foldPermutations(k int) [][]int {
	base := digitSquares(k, 0)
	var perms [][]int
	for s := 0; s < 8; s++ {
		sq := digitSquares(k, s)
		pos := map[int]int{}
		for j, q := range sq {
			pos[q] = j
		}
		perm := make([]int, len(base))
		same := true
		for j, q := range base {
			p, ok := pos[q]
			if !ok {
				same = false
				break
			}
			perm[j] = p
		}
		if same {
			perms = append(perms, perm)
		}
	}
	return perms
}

// foldPatternWeights returns the folded copy of the weight tables w (one
// per stage, stageTableSize each): entry i of each kind's table holds the
// sum of the weights of i read in every order that reads the same
// squares; the scalar weights are copied. ok is false when a sum does
// not fit an int16 (the caller then keeps the unfolded evaluation).
func foldPatternWeights(w [][]int16) (folded [][]int16, ok bool) {
	// maps[k][g][i]: index i of kind k as read by image 0, read in the
	// order of the g-th image that reads the same squares.
	var maps [numPatterns][][]int32
	for k := range maps {
		for _, perm := range foldPermutations(k) {
			maps[k] = append(maps[k], permuteIndices(perm))
		}
	}
	folded = make([][]int16, len(w))
	for st, ws := range w {
		if len(ws) != stageTableSize {
			return nil, false
		}
		fs := make([]int16, stageTableSize)
		fs[mobilityWeight], fs[biasWeight], fs[parityWeight] = ws[mobilityWeight], ws[biasWeight], ws[parityWeight]
		for k := 0; k < numPatterns; k++ {
			off := patternOffset[k]
			if len(maps[k]) == 1 { // read once (corner 2x5): the identity
				copy(fs[off:off+len(maps[k][0])], ws[off:])
				continue
			}
			for i := range maps[k][0] {
				sum := 0
				for _, m := range maps[k] {
					sum += int(ws[off+int(m[i])])
				}
				if sum < -32768 || sum > 32767 {
					return nil, false
				}
				fs[off+i] = int16(sum)
			}
		}
		folded[st] = fs
	}
	return folded, true
}

// permuteIndices returns, for every base-3 index i of len(perm) digits,
// the index whose digit perm[j] is digit j of i. It counts through the
// indices like an odometer, so each costs O(1) on average.
func permuteIndices(perm []int) []int32 {
	n := len(perm)
	pow3 := make([]int32, n+1)
	pow3[0] = 1
	for j := 1; j <= n; j++ {
		pow3[j] = 3 * pow3[j-1]
	}
	out := make([]int32, pow3[n])
	digits := make([]int8, n)
	idx := int32(0)
	for i := range out {
		out[i] = idx
		for j := 0; j < n; j++ { // add one to digit 0, carrying
			if digits[j] < 2 {
				digits[j]++
				idx += pow3[perm[j]]
				break
			}
			digits[j] = 0
			idx -= 2 * pow3[perm[j]]
		}
	}
	return out
}

// evaluateFolded is evaluatePatternsWith on folded tables fw
// (foldPatternWeights): each distinct pattern instance looked up once.
// Images 0 and 1 (the board and its vertical mirror) read every kind;
// images 2 and 3 (their horizontal mirrors) the kinds not symmetric under
// that mirror: corner 2x5, corner 3x3 and the short diagonals; images 4
// and 5 (the transposes) edge+2X, corner 2x5 and the rows; images 6 and 7
// only corner 2x5.
func evaluateFolded(fw [][]int16, own, opp uint64) int {
	return evaluateFoldedMoves(fw, own, opp, othello.MovesMask(own, opp), othello.MovesMask(opp, own))
}

// evaluateFoldedMoves is evaluateFolded given both sides' legal moves m1
// (MovesMask(own, opp)) and m2 (MovesMask(opp, own)).
func evaluateFoldedMoves(fw [][]int16, own, opp, m1, m2 uint64) int {
	if m1|m2 == 0 {
		return 100 * othello.FinalScore(own, opp)
	}
	mob := bits.OnesCount64(m1) - bits.OnesCount64(m2)
	e := bits.OnesCount64(^(own | opp))
	ws := fw[stageOf(e)]
	so, sp := symmetryImages(own), symmetryImages(opp)
	v := int(ws[biasWeight]) + mob*int(ws[mobilityWeight]) + int(ws[parityWeight])*(e&1)
	v += imageSum(ws, so[0], sp[0]) + imageSum(ws, so[1], sp[1])
	for i := 2; i < 4; i++ {
		v += corner25Weight(ws, so[i], sp[i]) + corner33Weight(ws, so[i], sp[i]) + shortDiagsWeight(ws, so[i], sp[i])
	}
	for i := 4; i < 6; i++ {
		v += edge2XWeight(ws, so[i], sp[i]) + corner25Weight(ws, so[i], sp[i]) + rowsWeight(ws, so[i], sp[i])
	}
	v += corner25Weight(ws, so[6], sp[6]) + corner25Weight(ws, so[7], sp[7])
	return max(-ai.MaxEval+1, min(ai.MaxEval-1, v))
}

// Incremental pattern indices. A node one ply from the horizon evaluates
// all its children, which differ from it by a few squares: the placed
// disc and its flips. Instead of extracting the 46 folded instances of
// each child afresh, the frontier (shallow.go) computes their indices
// once for the node, from the point of view of the side that moves in
// the children (foldedIndices), and adds to them, for each child, the
// place values of the squares that changed (squareDigits); only the
// instances those squares touch are looked up again. This is the
// incremental feature update of Buro's Logistello and of Edax, confined
// to the last ply. Half the frontier nodes are cut off by their first
// child, so the first child is still evaluated afresh and the indices are
// set up at the second. The search visits the same nodes, faster
// (BenchmarkMidgameSearch; EXPERIMENTS.md, "Shallow search").

// numFoldedInstances is the number of pattern instances evaluateFoldedMoves
// reads.
const numFoldedInstances = 46

// foldedInstances lists the (pattern kind, symmetric image) of each
// instance in the order of foldedIndices, which is evaluateFoldedMoves'
// order; instanceOffset is each one's kind offset in a stage table.
var foldedInstances, instanceOffset = func() (list [numFoldedInstances][2]int, off [numFoldedInstances]int32) {
	n := 0
	add := func(s int, kinds ...int) {
		for _, k := range kinds {
			list[n] = [2]int{k, s}
			off[n] = int32(patternOffset[k])
			n++
		}
	}
	all := []int{patEdge2X, patCorner25, patCorner33, patRow2, patRow3, patRow4, patDiag8, patDiag7, patDiag6, patDiag5, patDiag4}
	add(0, all...)
	add(1, all...)
	for s := 2; s < 4; s++ {
		add(s, patCorner25, patCorner33, patDiag7, patDiag6, patDiag5, patDiag4)
	}
	for s := 4; s < 6; s++ {
		add(s, patEdge2X, patCorner25, patRow2, patRow3, patRow4)
	}
	add(6, patCorner25)
	add(7, patCorner25)
	return list, off
}()

// squareDigit is one instance reading a square: the instance (index into
// foldedInstances) and the place value (a power of 3) of the square's
// digit in that instance's index.
type squareDigit struct {
	inst uint8
	pow  uint16
}

// maxSquareDigits bounds the instances reading one square (squareDigits'
// initialisation fails with an index out of range if a square had more).
const maxSquareDigits = 8

// squareDigits[q] lists the instances reading square q (a1 = 0), the first
// squareDigitCount[q] entries.
var squareDigits, squareDigitCount = func() (d [64][maxSquareDigits]squareDigit, n [64]uint8) {
	for i, ks := range foldedInstances {
		pow := 1
		for _, q := range digitSquares(ks[0], ks[1]) {
			d[q][n[q]] = squareDigit{inst: uint8(i), pow: uint16(pow)}
			n[q]++
			pow *= 3
		}
	}
	return d, n
}()

// foldedIndices fills idx with the base-3 indices, each within its kind's
// table, of the 46 instances evaluateFoldedMoves reads, for the position
// where a's squares count 1 and b's 2 (a the side to move). The kinds of
// each image are written out, as in evaluateFoldedMoves: a loop over
// foldedInstances with patternBits is slower (EXPERIMENTS.md, "Shallow
// search").
func foldedIndices(a, b uint64, idx *[numFoldedInstances]uint16) {
	sa, sb := symmetryImages(a), symmetryImages(b)
	n := 0
	put := func(x, y uint64) {
		idx[n] = uint16(pairIndex(x, y))
		n++
	}
	for s := 0; s < 2; s++ {
		o, p := sa[s], sb[s]
		put(edge2XBits(o), edge2XBits(p))
		put(corner25Bits(o), corner25Bits(p))
		put(corner33Bits(o), corner33Bits(p))
		put(o>>8&0xFF, p>>8&0xFF)
		put(o>>16&0xFF, p>>16&0xFF)
		put(o>>24&0xFF, p>>24&0xFF)
		put(diag8Bits(o), diag8Bits(p))
		put(diag7Bits(o), diag7Bits(p))
		put(diag6Bits(o), diag6Bits(p))
		put(diag5Bits(o), diag5Bits(p))
		put(diag4Bits(o), diag4Bits(p))
	}
	for s := 2; s < 4; s++ {
		o, p := sa[s], sb[s]
		put(corner25Bits(o), corner25Bits(p))
		put(corner33Bits(o), corner33Bits(p))
		put(diag7Bits(o), diag7Bits(p))
		put(diag6Bits(o), diag6Bits(p))
		put(diag5Bits(o), diag5Bits(p))
		put(diag4Bits(o), diag4Bits(p))
	}
	for s := 4; s < 6; s++ {
		o, p := sa[s], sb[s]
		put(edge2XBits(o), edge2XBits(p))
		put(corner25Bits(o), corner25Bits(p))
		put(o>>8&0xFF, p>>8&0xFF)
		put(o>>16&0xFF, p>>16&0xFF)
		put(o>>24&0xFF, p>>24&0xFF)
	}
	put(corner25Bits(sa[6]), corner25Bits(sb[6]))
	put(corner25Bits(sa[7]), corner25Bits(sb[7]))
}

// childEvaluator evaluates the children of one position (own to move,
// opp the other side) from its incremental indices: the children's side
// to move is opp, so in their indices opp's squares count 1 and own's 2.
type childEvaluator struct {
	ws    []int16                    // the children's stage table (folded)
	base  [numFoldedInstances]uint16 // indices of the position, children's point of view
	baseW [numFoldedInstances]int16  // ws at those indices
	sum   int                        // bias, parity and every baseW
}

// init sets c up for the children of (own, opp) with the folded tables
// fw; the children have one empty square fewer.
func (c *childEvaluator) init(fw [][]int16, own, opp uint64) {
	e := bits.OnesCount64(^(own | opp)) - 1
	c.ws = fw[stageOf(e)]
	foldedIndices(opp, own, &c.base)
	c.sum = int(c.ws[biasWeight]) + int(c.ws[parityWeight])*(e&1)
	for i, x := range c.base {
		w := c.ws[int(instanceOffset[i])+int(x)]
		c.baseW[i] = w
		c.sum += int(w)
	}
}

// evaluate is evaluateFoldedMoves of the child in which own played sq
// flipping f, with m1 and m2 the child's side to move's legal moves and
// the other side's (not both empty).
func (c *childEvaluator) evaluate(sq int, f, m1, m2 uint64) int {
	idx := c.base
	var touched uint64
	for _, d := range squareDigits[sq][:squareDigitCount[sq]] {
		idx[d.inst] += 2 * d.pow // empty to the opponent's (own's)
		touched |= 1 << d.inst
	}
	for ; f != 0; f &= f - 1 {
		q := bits.TrailingZeros64(f)
		for _, d := range squareDigits[q][:squareDigitCount[q]] {
			idx[d.inst] += d.pow // the side to move's to the opponent's
			touched |= 1 << d.inst
		}
	}
	v := c.sum + (bits.OnesCount64(m1)-bits.OnesCount64(m2))*int(c.ws[mobilityWeight])
	for ; touched != 0; touched &= touched - 1 {
		i := bits.TrailingZeros64(touched)
		v += int(c.ws[int(instanceOffset[i])+int(idx[i])]) - int(c.baseW[i])
	}
	return max(-ai.MaxEval+1, min(ai.MaxEval-1, v))
}
