package alakai

import (
	"math"
	"math/rand/v2"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/alak"
)

// Play from the retrograde table (ai.ExactTable): where a table covers the
// board, every level plays from the table's values, so that the ladder
// does not end in draws: classic Alak is a draw with perfect play, and a
// stronger level can only win when the weaker one has walked into a lost
// position.
//
// Levels ai.MinLevel-5 make a softened choice (softTableMove): each root
// move m gets the utility
//
//	u(m) = clamp(h(m), -hCap, hCap) + result(m) * weight * min(1, horizon/d(m)) - repPenalty * earlier(m)
//
// where h is the move's score in a search of the level's depth (the
// engine's, ai.Engine.Play; evaluation units, about 100 per piece), result
// is +1, 0 or -1 for a win, draw or loss with perfect play (Value) reached
// in d plies, and earlier is how often the resulting position occurred
// before. A loss beyond the level's horizon looks less bad the farther it
// is, which is how the levels err: seldom, and in deep lines. The move is
// then drawn by a softmax with the level's temperature among the moves
// within its cap of the best utility.
//
// Level 6 (ai.MaxLevel) plays perfectly (bestTableMove): a move of the
// best value (the shortest win, else a draw, else the longest loss, as a
// perfect solver) and, among drawing moves, the one that sets the most
// traps: a position not seen before, then the largest share of the
// opponent's replies that lose, then the best static evaluation.

const (
	hCap       = 1000 // clamp of the search score in a table level's utility
	repPenalty = 150  // utility per earlier occurrence of the position reached
)

// tableLevel is how one level plays from the table: the search depth that
// scores the root moves (plies, the move included), the softmax's
// temperature and cap (evaluation units), the weight of a perfect-play
// result (evaluation units) and the distance in plies within which a
// result weighs fully.
type tableLevel struct {
	depth, temp, cap int
	weight           float64
	horizon          int
}

// tableLevelOf is the table play of level (ai.MinLevel..ai.MaxLevel-1):
// Novice plays its search level's softened choice with no weight on the
// table, levels 1-5 by tableLevels.
func tableLevelOf(level int) tableLevel {
	if level < 1 {
		return tableLevel{depth: noviceLevel.Depth, temp: noviceLevel.Temp, cap: noviceLevel.Cap}
	}
	return tableLevels[min(level, ai.MaxLevel-1)-1]
}

// TableDepth is the depth in plies of the engine's search that scores each
// root move before ChooseMove at level (ai.ExactTable): the level's own
// below ai.MaxLevel; 0 (the static evaluation) at ai.MaxLevel, which only
// breaks ties between drawing moves with it.
func (k *Knowledge) TableDepth(level int) int {
	if level >= ai.MaxLevel {
		return 0
	}
	return tableLevelOf(level).depth
}

// ChooseMove picks level's move in s from the table (ai.ExactTable):
// moves are s's legal moves and scores their search scores from the
// mover's view (TableDepth). It returns the index of the move and its score
// on the search's scale (ai.WinScore - plies for a win with perfect play,
// the negation for a loss, 0 for a draw). r may be nil only at
// ai.MaxLevel. s is left unchanged.
func (k *Knowledge) ChooseMove(s rules.State, level int, moves []rules.Move, scores []int, r *rand.Rand) (pick, score int) {
	g, ok := s.(*alak.Game)
	if !ok {
		return 0, 0
	}
	tm := make([]tableMove, len(moves))
	for i, m := range moves {
		g.Play(m)
		tm[i] = tableMove{m: m, reps: g.Repetitions()}
		tm[i].result, tm[i].dist = tableValue(g)
		if level < ai.MaxLevel {
			tm[i].u = float64(max(-hCap, min(hCap, scores[i])))
		} else {
			tm[i].u = trapShare(g) + float64(max(-hCap, min(hCap, scores[i])))/(100*hCap)
		}
		g.Undo()
	}
	if level >= ai.MaxLevel {
		pick = bestTableMove(tm)
	} else {
		pick = softTableMove(tm, tableLevelOf(level), r)
	}
	if c := tm[pick]; c.result != 0 {
		score = c.result * (ai.WinScore - c.dist)
	}
	return pick, score
}

// tableMove is one root move of a table level with its exact value and
// utility.
type tableMove struct {
	m      rules.Move
	result int // +1 win, 0 draw, -1 loss for the mover (perfect play)
	dist   int // plies to the end with perfect play
	reps   int // occurrences of the reached position, itself included
	u      float64
}

// tableValue is the value of the position g reached by a move, for the
// player who made it: result +1/0/-1 and the distance in plies from before
// the move (1 for a move that ends the game, or where no table covers g).
func tableValue(g *alak.Game) (result, dist int) {
	if over, sc := g.Outcome(); over {
		if sc == 0 {
			return 0, 1
		}
		return -ai.Sign(sc), 1
	}
	res, d, ok := Value(g)
	if !ok {
		return 0, 1
	}
	return -res, d + 1
}

// trapShare is the share (0..1) of the side to move's replies in g that
// lose with perfect play.
func trapShare(g *alak.Game) float64 {
	replies := g.Moves(nil)
	losing := 0
	for _, m := range replies {
		g.Play(m)
		if res, _ := tableValue(g); res < 0 {
			losing++
		}
		g.Undo()
	}
	if len(replies) == 0 {
		return 0
	}
	return float64(losing) / float64(len(replies))
}

// bestTableMove is level 6's choice: the best value (the shortest win, a
// draw, the longest loss); among draws, the fewest repetitions, then the
// highest utility (trap share, then evaluation).
func bestTableMove(tm []tableMove) int {
	key := func(t tableMove) int {
		switch {
		case t.result > 0:
			return 2*ai.WinScore - t.dist
		case t.result < 0:
			return -2*ai.WinScore + t.dist
		}
		return -t.reps
	}
	best := 0
	for i := 1; i < len(tm); i++ {
		if k, kb := key(tm[i]), key(tm[best]); k > kb || k == kb && tm[i].u > tm[best].u {
			best = i
		}
	}
	return best
}

// softTableMove is the softened choice of levels ai.MinLevel-5 with the
// settings sp (see above).
func softTableMove(tm []tableMove, sp tableLevel, r *rand.Rand) int {
	top := math.Inf(-1)
	for i := range tm {
		t := &tm[i]
		if t.result != 0 {
			w := sp.weight * min(1, float64(sp.horizon)/float64(t.dist))
			t.u += float64(t.result) * w
		}
		t.u -= repPenalty * float64(t.reps-1)
		top = max(top, t.u)
	}
	total := 0.0
	w := make([]float64, len(tm))
	for i, t := range tm {
		if t.u >= top-float64(sp.cap) {
			w[i] = math.Exp((t.u - top) / float64(sp.temp))
			total += w[i]
		}
	}
	return ai.WeightedPick(r, w, total)
}
