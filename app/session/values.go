package session

import (
	"context"
	"maps"
	"math"
	"slices"
	"sort"
	"sync"
	"time"

	"planiverse/ai"
	"planiverse/app/session/quality"
	"planiverse/rules"
)

// Values on the board: the value of every legal move of the position on
// view (quality.Analyzer.MoveValue, the exact value where the game's
// solver or table decides), searched deeper and deeper in the background
// on an engine of its own, each depth's values shown as soon as they are
// all known. A new position on view cancels the search and starts over.
// Where a position has more than valuesAllMoves legal moves (Gomoku), the
// game's knowledge picks the valuesCandidates most promising ones
// (candidates), and only those are valued.

const (
	// valuesAllMoves is the most legal moves that are all valued.
	valuesAllMoves = 40
	// valuesCandidates is how many moves are valued beyond that.
	valuesCandidates = 6
	// valuesMaxDepth bounds the deepening.
	valuesMaxDepth = 30
	// valuesMaxTime bounds the time spent on one position.
	valuesMaxTime = 20 * time.Second
	// valuesTTMegabytes is the values engine's table size (cleared before
	// each search of a fixed depth: small, so that clearing is quick).
	valuesTTMegabytes = 4
)

// valuesRun is the values on the board, running or done.
type valuesRun struct {
	on     bool
	key    valuesKey // the position the values belong to
	gen    uint64
	cancel context.CancelFunc
	values map[rules.Move]quality.Value
	depth  int // the depth of values (plies below each move)
	done   bool
	// MaxDepth, when above 0, stops the deepening at that depth (tests).
	maxDepth int
	// mu is held by the values goroutine for a whole run: a new run
	// waits for a canceled one to return.
	mu *sync.Mutex
}

// valuesKey names a position on view: the object, its hash and ply.
type valuesKey struct {
	s    rules.State
	hash uint64
	ply  int
}

// SetValues turns the values on the board on or off.
func (c *Controller) SetValues(on bool) {
	v := &c.xa.val
	if v.on == on {
		return
	}
	v.on = on
	if !on {
		c.stopValues()
	}
	c.changed()
}

// SetValuesMaxDepth stops the values' deepening at depth plies (0: the
// default bound), for tests.
func (c *Controller) SetValuesMaxDepth(depth int) { c.xa.val.maxDepth = depth }

// ValuesOn reports whether the values on the board are on.
func (c *Controller) ValuesOn() bool { return c.xa.val.on }

// Values returns the values of the legal moves of the position on view
// found so far, for its side to move, with the depth they were searched
// to and whether the deepening has ended; nil while none is known or the
// values are off.
func (c *Controller) Values() (vals map[rules.Move]quality.Value, depth int, done bool) {
	v := &c.xa.val
	if !v.on || v.key != c.viewKey() {
		return nil, 0, false
	}
	return v.values, v.depth, v.done
}

// stopValues cancels the values' search and forgets the values.
func (c *Controller) stopValues() {
	v := &c.xa.val
	if v.cancel != nil {
		v.cancel()
	}
	v.gen++
	v.cancel, v.values, v.depth, v.done, v.key = nil, nil, 0, false, valuesKey{}
}

// viewKey names the position on view.
func (c *Controller) viewKey() valuesKey {
	s := c.ViewState()
	if s == nil {
		return valuesKey{}
	}
	ply, _ := c.Reviewing()
	return valuesKey{s, s.Hash(), ply}
}

// checkValues starts the values of the position on view when it changed.
func (c *Controller) checkValues() {
	v := &c.xa.val
	if !v.on || c.state == nil {
		return
	}
	key := c.viewKey()
	if key == v.key {
		return
	}
	c.stopValues()
	v.key = key
	s := key.s
	if over, _ := s.Outcome(); over {
		v.done = true
		return
	}
	if v.mu == nil {
		v.mu = new(sync.Mutex)
	}
	ctx, cancel := context.WithTimeout(context.Background(), valuesMaxTime)
	v.cancel = cancel
	gen, post, d, mu := v.gen, c.w.post, c.desc, v.mu
	maxDepth := valuesMaxDepth
	if v.maxDepth > 0 {
		maxDepth = v.maxDepth
	}
	pos := s.Clone()
	c.w.spawn(func() {
		mu.Lock()
		defer mu.Unlock()
		MoveValues(ctx, d, pos, maxDepth, func(vals map[rules.Move]quality.Value, depth int, done bool) {
			post(func() {
				if gen != c.xa.val.gen || c.closed {
					return
				}
				v := &c.xa.val
				v.values, v.depth, v.done = vals, depth, done
				if done {
					v.cancel = nil
					cancel()
				}
				c.changed()
			})
		})
	})
}

// MoveValues values the legal moves of s (a private copy, not over) of
// d's game deeper and deeper, to maxDepth plies, calling report with a
// fresh map after each depth (done true with the last one). Moves whose
// value is exact are not searched again. It returns when ctx is canceled
// (without a report of the unfinished depth) or the deepening ends.
func MoveValues(ctx context.Context, d *rules.Descriptor, s rules.State, maxDepth int,
	report func(vals map[rules.Move]quality.Value, depth int, done bool)) {
	an := quality.New(d, quality.Options{Depth: 1, TTMegabytes: valuesTTMegabytes})
	moves := candidates(ctx, s)
	vals := make(map[rules.Move]quality.Value, len(moves))
	for depth := 1; depth <= maxDepth; depth++ {
		exact := true
		for _, m := range moves {
			if old, ok := vals[m]; ok && old.Exact {
				continue
			}
			v, err := an.MoveValue(ctx, s, m, depth)
			if err != nil {
				return
			}
			vals[m] = v
			exact = exact && v.Exact
		}
		done := exact || depth == maxDepth
		report(maps.Clone(vals), depth, done)
		if done {
			return
		}
	}
}

// candidates returns the moves of s to value: all of them, or where there
// are more than valuesAllMoves the valuesCandidates best. A game whose
// knowledge generates candidates (ai.CandidateGenerator: Gomoku) picks
// them without a search: the moves it finds worth searching (the center
// alone on an empty board; never a Renju forbidden point), ranked by its
// ai.MoveOrderer. Other games (DVONN's placements) rank every move by a
// one-ply search of it.
func candidates(ctx context.Context, s rules.State) []rules.Move {
	moves := s.Moves(nil)
	moves = slices.DeleteFunc(moves, func(m rules.Move) bool { return m == rules.Swap })
	if len(moves) <= valuesAllMoves {
		return moves
	}
	k := ai.KnowledgeFor(s)
	cg, ok := k.(ai.CandidateGenerator)
	if !ok {
		return searchedCandidates(ctx, s, moves)
	}
	legal := make(map[rules.Move]bool, len(moves))
	for _, m := range moves {
		legal[m] = true
	}
	// Swap and the game's other special moves are not points.
	if cands := slices.DeleteFunc(cg.Candidates(s, nil), func(m rules.Move) bool { return !legal[m] }); len(cands) > 0 {
		moves = cands
	}
	if mo, ok := k.(ai.MoveOrderer); ok && len(moves) > valuesCandidates {
		scores := make([]int32, len(moves))
		mo.OrderMoves(s, moves, scores)
		order := make([]int, len(moves))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(i, j int) bool { return scores[order[i]] > scores[order[j]] })
		ranked := make([]rules.Move, len(moves))
		for i, o := range order {
			ranked[i] = moves[o]
		}
		moves = ranked
	}
	return moves[:min(len(moves), valuesCandidates)]
}

// searchedCandidates returns the valuesCandidates best of moves (legal in
// s) by a one-ply search of each, for a game without an
// ai.CandidateGenerator.
func searchedCandidates(ctx context.Context, s rules.State, moves []rules.Move) []rules.Move {
	eng := ai.NewEngine(1)
	score := make(map[rules.Move]int, len(moves))
	for _, m := range moves {
		if ctx.Err() != nil {
			break
		}
		child := s.Clone()
		child.Play(m)
		sc := math.MinInt32
		if over, out := child.Outcome(); over {
			sc = ai.TerminalScore(out, 0)
			if child.ToMove() != s.ToMove() {
				sc = -sc
			}
		} else {
			r := eng.Search(ctx, child, ai.Limits{Depth: 1}, nil)
			sc = r.Score
			if child.ToMove() != s.ToMove() {
				sc = -sc
			}
		}
		score[m] = sc
	}
	sort.SliceStable(moves, func(i, j int) bool { return score[moves[i]] > score[moves[j]] })
	return moves[:valuesCandidates]
}

// ValueLabels returns the labels of the values on the board (Scale.Label,
// in the window's language), by move, with the game's scale; nil while
// there are none. Where the game
// report judged the move played from the position on view, that move and
// its best move show the report's values (reportValues).
func (c *Controller) ValueLabels() map[rules.Move]string {
	vals, _, _ := c.Values()
	if len(vals) == 0 {
		return nil
	}
	sc := quality.ScaleFor(c.ViewState())
	out := make(map[rules.Move]string, len(vals))
	for m, v := range vals {
		out[m] = local(sc.LabelPhrase(v))
	}
	for m, v := range c.reportValues() {
		out[m] = local(sc.LabelPhrase(v))
	}
	return out
}

// BoardLabels returns the texts the board writes on its points, by move:
// with the values on, the values of the position on view (ValueLabels);
// in review of a move the game report judged, that move's labels
// (ReportLabels: the move played and the best), which take the point
// where both exist, since they are what the person steps through the
// mistakes to see. nil when there is nothing to write.
func (c *Controller) BoardLabels() map[rules.Move]string {
	var report map[rules.Move]string
	if _, on := c.Reviewing(); on {
		report = c.ReportLabels()
	}
	vals := c.ValueLabels()
	if len(vals) == 0 {
		return report
	}
	out := maps.Clone(vals)
	maps.Copy(out, report)
	return out
}
