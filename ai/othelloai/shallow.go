package othelloai

import (
	"math/bits"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// The shallow search: the last plies of the midgame search on raw
// bitboards (planiverse/ai's Hooks.ShallowSearch). Near the leaves the generic
// node's work (the game-over test, a move list, the table probe, scoring
// every move's reply mobility, Play and Undo through the rules.State
// interface) costs more than the evaluation; here a node at one ply from
// the horizon evaluates its children straight from the flips, in a fixed
// square order, and a deeper node orders its moves as OrderMoves does,
// keeping the opponent's reply mask its child needs anyway.

// ShallowDepth is planiverse/ai's Hooks.ShallowDepth: the search hands
// nodes with at most ShallowPlies plies left to ShallowSearch.
func (k *Knowledge) ShallowDepth() int { return k.ShallowPlies }

// ShallowSearch is planiverse/ai's Hooks.ShallowSearch for s, an
// *othello.Board (ok = false for any other state): the fail-soft negamax
// score of s to depth plies within (alpha, beta), a pass counting as a
// ply, the pattern evaluation (EvaluatePatterns) at depth 0 and
// ai.TerminalScore of the final disc difference at ply for a finished game;
// the best move (a square, rules.Pass, or rules.NoMove at depth 0 and for
// a finished game), the positions visited and whether any score came from
// the evaluation. It does not allocate and leaves s unchanged.
func (k *Knowledge) ShallowSearch(s rules.State, depth, ply, alpha, beta int) (v int, move rules.Move, nodes int64, horizon, ok bool) {
	b, isBoard := s.(*othello.Board)
	if !isBoard {
		return 0, rules.NoMove, 0, false, false
	}
	own, opp := b.Bitboards()
	sh := shallowSearch{root: ply, move: rules.NoMove}
	v = sh.search(own, opp, othello.MovesMask(own, opp), depth, ply, alpha, beta)
	return v, sh.move, sh.nodes, sh.horizon, true
}

// shallowSearch is one ShallowSearch's counters and its best move.
type shallowSearch struct {
	nodes   int64
	horizon bool
	root    int        // the ply of the searched position
	move    rules.Move // its best move so far
}

// leafOrder is the order in which a node one ply from the horizon tries
// its moves: corners, then the squares that are neither X- nor C-squares,
// then C-squares, then X-squares.
var leafOrder = [4]uint64{
	cornerMask,
	^(cornerMask | xSquares | cSquares),
	cSquares,
	xSquares,
}

// xSquares and cSquares are the squares diagonally and orthogonally next
// to a corner.
const (
	xSquares uint64 = 0x0042000000004200
	cSquares uint64 = 0x4281000000008142
)

// search is the negamax of (own, opp), own to move with legal moves moves
// (MovesMask(own, opp)), to depth plies at ply.
func (sh *shallowSearch) search(own, opp, moves uint64, depth, ply, alpha, beta int) int {
	sh.nodes++
	if moves == 0 {
		replies := othello.MovesMask(opp, own)
		if replies == 0 {
			return ai.TerminalScore(othello.FinalScore(own, opp), ply)
		}
		if depth <= 0 {
			sh.horizon = true
			return evaluateWithMoves(own, opp, moves, replies)
		}
		if ply == sh.root {
			sh.move = rules.Pass
		}
		return -sh.search(opp, own, replies, depth-1, ply+1, -beta, -alpha)
	}
	if depth <= 0 {
		sh.horizon = true
		return evaluateWithMoves(own, opp, moves, othello.MovesMask(opp, own))
	}
	if depth == 1 {
		return sh.frontier(own, opp, moves, ply, alpha, beta)
	}

	// Order as OrderMoves does (movePriority: square, the opponent's
	// replies, corners left open), keeping each child's reply mask for its
	// search.
	var list [32]struct {
		key     int16
		sq      int8
		own     uint64 // the child's side to move (the opponent)
		opp     uint64
		replies uint64
	}
	n := 0
	empt := ^(own | opp)
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := othello.FlipsMask(sq, own, opp)
		o2, p2 := opp&^f, own|f|1<<sq
		r := othello.MovesMask(o2, p2)
		key := int16(movePriority(sq, empt, r))
		// Insertion by key, highest first.
		i := n
		for i > 0 && list[i-1].key < key {
			list[i] = list[i-1]
			i--
		}
		list[i].key, list[i].sq, list[i].own, list[i].opp, list[i].replies = key, int8(sq), o2, p2, r
		n++
	}
	best := -ai.WinScore - 1
	for i := 0; i < n; i++ {
		c := &list[i]
		v := -sh.search(c.own, c.opp, c.replies, depth-1, ply+1, -beta, -alpha)
		if v > best {
			best = v
			if ply == sh.root {
				sh.move = rules.Move(c.sq)
			}
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

// frontier is search at depth 1: each child is evaluated (or valued as a
// finished game) straight from its flips, the moves tried in leafOrder,
// the pattern indices updated from the node's (childEvaluator).
func (sh *shallowSearch) frontier(own, opp, moves uint64, ply, alpha, beta int) int {
	best := -ai.WinScore - 1
	patternOnce.Do(loadPatterns)
	fw := foldedWeights
	var ce childEvaluator // set up at the second child evaluated
	evaluated := 0
	for _, class := range leafOrder {
		for m := moves & class; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			f := othello.FlipsMask(sq, own, opp)
			o2, p2 := opp&^f, own|f|1<<sq
			sh.nodes++
			r := othello.MovesMask(o2, p2)
			rr := othello.MovesMask(p2, o2)
			var v int
			if r|rr == 0 {
				v = -ai.TerminalScore(othello.FinalScore(o2, p2), ply+1)
			} else {
				sh.horizon = true
				switch {
				case fw == nil || evaluated == 0:
					v = -evaluateWithMoves(o2, p2, r, rr)
				case evaluated == 1:
					ce.init(fw, own, opp)
					fallthrough
				default:
					v = -ce.evaluate(sq, f, r, rr)
				}
				evaluated++
			}
			if v > best {
				best = v
				if ply == sh.root {
					sh.move = rules.Move(sq)
				}
				if v > alpha {
					alpha = v
					if v >= beta {
						return best
					}
				}
			}
		}
	}
	return best
}

// evaluateWithMoves is EvaluatePatterns(own, opp) given both sides' legal
// moves (MovesMask(own, opp) and MovesMask(opp, own), not both empty),
// clamped to ai.MaxEval either way like the search's evaluation.
func evaluateWithMoves(own, opp, m1, m2 uint64) int {
	patternOnce.Do(loadPatterns)
	var v int
	if foldedWeights != nil {
		v = evaluateFoldedMoves(foldedWeights, own, opp, m1, m2)
	} else {
		v = EvaluatePatterns(own, opp)
	}
	return max(-ai.MaxEval, min(ai.MaxEval, v))
}
