package othelloai

import (
	"math/bits"

	"planiverse/ai/score"
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
	return max(-score.MaxEval+1, min(score.MaxEval-1, v))
}
