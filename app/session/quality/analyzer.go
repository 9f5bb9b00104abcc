package quality

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Options bound the analysis of one move.
type Options struct {
	// Time is the search time of each position searched: a move's
	// analysis searches its position and, when the move played is not the
	// best, the position after it, so it takes up to twice Time (less
	// where an exact solver decides). 0 with no Depth: DefaultTime.
	Time time.Duration
	// Depth, when above 0, searches to that many plies instead (the
	// position after the move played to one ply less), each search from
	// an empty transposition table: the analysis of a move then depends
	// on its position only, the same live and on a saved record.
	Depth int
	// TTMegabytes is the search's table size (0: 64).
	TTMegabytes int
}

// DefaultTime is Options.Time when neither Time nor Depth is set.
const DefaultTime = 300 * time.Millisecond

// Move is the analysis of one move. Its JSON form (the analyzed record's
// PQ property, sgf.go) names the fields in snake case ("best_value"),
// the class by its name and Reason as phrase.P writes it.
type Move struct {
	// Ply is the move's number in the game, 1 for the first.
	Ply int `json:"ply"`
	// Setup says the program made the move before play began (DVONN's
	// placement at random, rules.Descriptor.Setup): it is not judged
	// (Best is Move, the class Best, Forced) and no side's count or
	// accuracy includes it.
	Setup bool `json:"setup,omitempty"`
	// Seat is the side that played it; Color its color's name ("Black").
	Seat  rules.Seat `json:"seat"`
	Color string     `json:"color"`
	// Move and Best are the move played and the best move, in the game's
	// notation.
	Move string `json:"move"`
	Best string `json:"best"`
	// Value and BestValue are their values for the mover.
	Value     Value `json:"value"`
	BestValue Value `json:"best_value"`
	// Loss is what the move played lost against the best: in the game's
	// unit (Unit: discs in Othello), else in percent of expected score.
	Loss float64 `json:"loss"`
	// Unit is Loss's unit: the game's ("discs") or "%".
	Unit string `json:"unit"`
	// Drop is the drop of the mover's expected score, in percent.
	Drop float64 `json:"drop"`
	// Class is the move's quality.
	Class Class `json:"class"`
	// Forced says the move was the only legal one (its class is Best).
	Forced bool `json:"forced,omitempty"`
	// Why is one sentence on why a move of class Mistake or worse falls
	// short of the best, in the game's own terms where its knowledge
	// names a reason (ai.Explainer: "b2 gives White the corner a1."),
	// else what the best move keeps ("c4 keeps 16 more discs by the end
	// with best play."); "" for a better class.
	Why string `json:"why,omitempty"`
	// Reason is Why in a form the window translates (its String is Why);
	// the zero phrase for a better class.
	Reason phrase.P `json:"reason,omitzero"`
}

// exactEntry is a cached ai.Analyst.ExactValue answer.
type exactEntry struct {
	move  rules.Move
	score int
	ok    bool
}

// Analyzer judges moves of one game. It is not safe for concurrent use:
// use one per goroutine.
type Analyzer struct {
	d     *rules.Descriptor
	opts  Options
	eng   *ai.Engine
	an    ai.Analyst
	scale Scale
	ex    ai.Explainer // the game's, nil when it has none
	bound bool
	// last is the last ExactValue answer, for the position of hash
	// lastHash (when lastOK): the position after a move is the next
	// move's position. One entry, so that a value that depends on the
	// history (Alak's repetitions) is never taken for another game's.
	last     exactEntry
	lastHash uint64
	lastOK   bool
	buf      []rules.Move
}

// New returns an Analyzer of d's game with the options o.
func New(d *rules.Descriptor, o Options) *Analyzer {
	if o.Time <= 0 && o.Depth <= 0 {
		o.Time = DefaultTime
	}
	if o.TTMegabytes <= 0 {
		o.TTMegabytes = 64
	}
	return &Analyzer{d: d, opts: o}
}

// bind finds the game's Analyst and scale (ai.AnalysisFor) and starts
// preparing its knowledge (Alak's table).
func (a *Analyzer) bind(s rules.State) {
	if a.bound {
		return
	}
	a.bound = true
	an, sc := ai.AnalysisFor(s)
	a.an, a.scale = an, Scale{sc}
	a.ex = ai.ExplainerFor(s)
	ai.Prepare(s, false)
	a.eng = ai.NewEngine(a.opts.TTMegabytes)
}

// Scale returns the game's scale for judging moves (after the first
// analyzed move; before it, the default one).
func (a *Analyzer) Scale() Scale {
	if !a.bound {
		return Scale{ai.DefaultAnalysisScale(a.d.Name)}
	}
	return a.scale
}

// ScaleFor returns the scale of s's game.
func ScaleFor(s rules.State) Scale {
	_, sc := ai.AnalysisFor(s)
	return Scale{sc}
}

// Analyze judges move m, played as the game's ply-th move (1-based) in s,
// the position before it; s is not changed. It returns an error for a
// move that is not legal in s, and ctx's error when ctx is canceled.
func (a *Analyzer) Analyze(ctx context.Context, s rules.State, ply int, m rules.Move) (Move, error) {
	a.bind(s)
	a.buf = s.Moves(a.buf[:0])
	if !slices.Contains(a.buf, m) {
		return Move{}, fmt.Errorf("ply %d: %w", ply, rules.ErrIllegal)
	}
	mover := s.ToMove()
	res := Move{Ply: ply, Seat: mover, Color: a.d.SeatName(s, mover), Move: s.MoveString(m), Unit: a.scale.LossUnit()}
	child := s.Clone()
	child.Play(m)
	if len(a.buf) == 1 {
		v, err := a.childValue(ctx, child, mover)
		res.Best, res.Value, res.BestValue, res.Forced, res.Class = res.Move, v, v, true, Best
		return res, err
	}
	best, bv, err := a.value(ctx, s, a.opts.Depth)
	if err != nil {
		return res, err
	}
	res.Best, res.BestValue = s.MoveString(best), bv
	pv := bv
	if best != m {
		if pv, err = a.childValue(ctx, child, mover); err != nil {
			return res, err
		}
		if pv.Score > bv.Score || (pv.Exact && !bv.Exact && pv.Score == bv.Score) {
			// The move played proved better than the search's choice.
			res.Best, res.BestValue, bv, best = res.Move, pv, pv, m
		}
	}
	res.Value = pv
	res.Loss, res.Drop, res.Class = a.scale.judge(bv, pv, best == m)
	if res.Class >= Mistake {
		res.Reason = a.why(ctx, s, m, best, res)
		res.Why = res.Reason.String()
	}
	return res, nil
}

// why returns Move.Why of res, the judgment of move m of s whose best
// move is best: the game's reason (ai.Explainer), else what the best
// move keeps by the values (Keeps).
func (a *Analyzer) why(ctx context.Context, s rules.State, m, best rules.Move, res Move) phrase.P {
	if a.ex != nil {
		if w := a.ex.Explain(ctx, s, m, best); !w.IsZero() {
			return w
		}
	}
	return a.scale.KeepsPhrase(res)
}

// AnalyzeAgainst judges move m, tried in s as the game's ply-th move,
// against ref, an earlier judgment of a move of the same position (the
// game report's), so that both speak of one figure: m the move ref
// judged gets ref itself; m ref's best move is the best move with ref's
// best value; any other move is valued here (Options) and its loss
// measured from ref's best value (a move found better than it becomes
// the best). Errors as Analyze's.
func (a *Analyzer) AnalyzeAgainst(ctx context.Context, s rules.State, ply int, m rules.Move, ref Move) (Move, error) {
	a.bind(s)
	a.buf = s.Moves(a.buf[:0])
	if !slices.Contains(a.buf, m) {
		return Move{}, fmt.Errorf("ply %d: %w", ply, rules.ErrIllegal)
	}
	text := s.MoveString(m)
	switch text {
	case ref.Move:
		return ref, nil
	case ref.Best:
		q := ref
		q.Move, q.Value, q.Loss, q.Drop, q.Class, q.Why, q.Reason = ref.Best, ref.BestValue, 0, 0, Best, "", phrase.P{}
		return q, nil
	}
	mover := s.ToMove()
	res := Move{Ply: ply, Seat: mover, Color: a.d.SeatName(s, mover), Move: text, Unit: a.scale.LossUnit(),
		Best: ref.Best, BestValue: ref.BestValue}
	child := s.Clone()
	child.Play(m)
	pv, err := a.childValue(ctx, child, mover)
	if err != nil {
		return res, err
	}
	res.Value = pv
	bv := ref.BestValue
	if pv.Score > bv.Score || (pv.Exact && !bv.Exact && pv.Score == bv.Score) {
		res.Best, res.BestValue = text, pv
		return res, nil
	}
	res.Loss, res.Drop, res.Class = a.scale.judge(bv, pv, false)
	if res.Class >= Mistake {
		if best, err := s.ParseMove(ref.Best); err == nil {
			res.Reason = a.why(ctx, s, m, best, res)
			res.Why = res.Reason.String()
		}
	}
	return res, nil
}

// childValue returns the value for mover of child, the position after a
// move of mover's.
func (a *Analyzer) childValue(ctx context.Context, child rules.State, mover rules.Seat) (Value, error) {
	var v Value
	if over, out := child.Outcome(); over {
		v = Value{Score: ai.TerminalScore(out, 0), Exact: true}
		if e := a.exactValue(ctx, child); e.ok {
			v.Score = e.score
		}
	} else {
		var err error
		if _, v, err = a.value(ctx, child, a.opts.Depth-1); err != nil {
			return v, err
		}
	}
	if child.ToMove() == mover {
		if v.Score > ai.MateBound || v.Score < -ai.MateBound {
			v.Score -= ai.Sign(v.Score) // one ply further from mover
		}
		return v, nil
	}
	switch {
	case v.Score > ai.MateBound:
		return Value{Score: -v.Score + 1, Exact: v.Exact}, nil
	case v.Score < -ai.MateBound:
		return Value{Score: -v.Score - 1, Exact: v.Exact}, nil
	}
	return Value{Score: -v.Score, Exact: v.Exact}, nil
}

// value returns the best move of s (not over) and its value for the side
// to move: the exact one where the game's Analyst decides s, else a
// search's (to depth plies when the options set a Depth, at least 1).
func (a *Analyzer) value(ctx context.Context, s rules.State, depth int) (rules.Move, Value, error) {
	if e := a.exactValue(ctx, s); e.ok && e.move != rules.NoMove {
		return e.move, Value{Score: e.score, Exact: true}, nil
	}
	if err := ctx.Err(); err != nil {
		return rules.NoMove, Value{}, err
	}
	lim := ai.Limits{Time: a.opts.Time, Nodes: math.MaxInt64} // a node limit: no book, no root solver
	if a.opts.Depth > 0 {
		lim = ai.Limits{Depth: max(1, depth)}
		a.eng.ClearHash()
	}
	r := a.eng.Search(ctx, s, lim, nil)
	if err := ctx.Err(); err != nil {
		return rules.NoMove, Value{}, err
	}
	return r.Move, Value{Score: r.Score, Exact: r.Score > ai.MateBound || r.Score < -ai.MateBound}, nil
}

// exactValue asks the game's Analyst for s's exact value; the last
// answer is kept for the next call.
func (a *Analyzer) exactValue(ctx context.Context, s rules.State) exactEntry {
	if a.an == nil {
		return exactEntry{}
	}
	h := s.Hash()
	if a.lastOK && h == a.lastHash {
		return a.last
	}
	m, score, ok := a.an.ExactValue(ctx, s)
	e := exactEntry{m, score, ok}
	a.last, a.lastHash, a.lastOK = e, h, ctx.Err() == nil
	return e
}
