package puzzle

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/bits"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"planiverse/ai/gomokuai"
	"planiverse/rules"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
	"planiverse/rules/registry"
)

// MaxPlayerMoves is the most moves of the player a generated puzzle asks
// for: the line stops earlier where the player's next move is not the
// only good one.
const MaxPlayerMoves = 3

// othelloMistake is the least loss, in discs, of an Othello move that
// Generate counts as a mistake when it keeps the result.
const othelloMistake = 4

// generateOthelloEmpties is the most empty squares of an Othello position
// Generate solves: the exact solver's time grows steeply with them
// (EXPERIMENTS.md, the Othello rows at 16 and 20 empties).
const generateOthelloEmpties = 16

// minOthelloEmpties is the fewest empty squares of an Othello position
// Generate makes a puzzle of: fewer are too easy to be worth one.
const minOthelloEmpties = 5

// dvonnMaxMobile is the most mobile stacks of a DVONN position Generate
// tries: the most dvonnai's exact solver takes on (ExactValue).
const dvonnMaxMobile = 14

// GenerateConfig configures Generate.
type GenerateConfig struct {
	// Jobs is the number of goroutines (0: GOMAXPROCS).
	Jobs int
	// Max stops the generation after this many puzzles (0: no limit).
	Max int
	// Progress, when not nil, is called after each record with the
	// records done and the puzzles found so far (from several
	// goroutines, one call at a time).
	Progress func(records, puzzles int)
}

// GenerateStats says what a generation did.
type GenerateStats struct {
	Records  int   // records examined
	Bad      int   // records that did not replay (an illegal or unreadable move)
	FirstBad error // the first such record's error
}

// Generate finds puzzles of game in srcs: positions right after a
// mistake (the previous move lost the result or, in Othello, at least
// othelloMistake discs) where exactly one move keeps the best result,
// proven by Verify, with the line extended by the solver's best replies
// while the player's next move is again the only good one (at most
// MaxPlayerMoves). Each puzzle gets its themes and InitialRating. The
// puzzles come in the order of srcs and of the plies; duplicates (same id)
// are dropped. It returns ctx's error when ctx ends, with the puzzles found
// so far.
func Generate(ctx context.Context, game string, srcs []Source, cfg GenerateConfig) ([]Puzzle, GenerateStats, error) {
	d, err := registry.Lookup(game)
	if err != nil {
		return nil, GenerateStats{}, err
	}
	if Themes(game) == nil {
		return nil, GenerateStats{}, rules.Errorf(ErrPuzzle, "%s has no puzzles (want %s)", game, strings.Join(Games(), ", "))
	}
	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	found := make([][]Puzzle, len(srcs))
	var (
		mu      sync.Mutex
		stats   GenerateStats
		total   int
		next    atomic.Int64
		wg      sync.WaitGroup
		records int
	)
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f := newFinder(game)
			for {
				i := int(next.Add(1) - 1)
				if i >= len(srcs) || ctx.Err() != nil {
					return
				}
				ps, err := f.find(ctx, d, &srcs[i])
				mu.Lock()
				if err != nil && ctx.Err() == nil {
					stats.Bad++
					if stats.FirstBad == nil {
						stats.FirstBad = err
					}
				}
				found[i] = ps
				total += len(ps)
				records++
				if cfg.Progress != nil {
					cfg.Progress(records, total)
				}
				if cfg.Max > 0 && total >= cfg.Max {
					cancel()
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	stats.Records = records
	var out []Puzzle
	seen := map[string]bool{}
	for _, ps := range found {
		for _, p := range ps {
			if !seen[p.ID] && (cfg.Max == 0 || len(out) < cfg.Max) {
				seen[p.ID] = true
				out = append(out, p)
			}
		}
	}
	return out, stats, parent.Err()
}

// finder finds the puzzles of one record; one goroutine's own.
type finder struct {
	game string
	j    judge // nil for Gomoku, whose puzzles are VCF lines
}

func newFinder(game string) *finder {
	f := &finder{game: game}
	if k := kinds[game]; k.judge != nil {
		f.j = k.judge()
	}
	return f
}

// find returns the puzzles of record src, or an error when it does not
// replay.
func (f *finder) find(ctx context.Context, d *rules.Descriptor, src *Source) ([]Puzzle, error) {
	s, err := d.Start(src.Options)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src.Name, err)
	}
	played, err := rules.PlayMoveList(s, strings.Join(src.Moves, " "))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src.Name, err)
	}
	for range played {
		s.Undo()
	}
	texts := make([]string, len(played))
	for i, m := range played {
		texts[i] = s.MoveString(m)
		s.Play(m)
	}
	for range played {
		s.Undo()
	}
	if f.j == nil {
		return f.findGomoku(ctx, d, s, src, played, texts)
	}
	return f.findExact(ctx, d, s, src, played, texts)
}

// eligible reports whether the exact solver of the game can prove every
// move of s.
func (f *finder) eligible(s rules.State) bool {
	if over, _ := s.Outcome(); over {
		return false
	}
	switch g := s.(type) {
	case *othello.Board:
		return g.Empties() <= generateOthelloEmpties
	case *dvonn.Game:
		return !g.Placing() && bits.OnesCount64(g.Mobile()) <= dvonnMaxMobile
	}
	return true
}

// worth reports whether s is not too small to make a puzzle of.
func (f *finder) worth(s rules.State) bool {
	if b, ok := s.(*othello.Board); ok {
		return b.Empties() >= minOthelloEmpties
	}
	return true
}

// findExact walks a record of Othello, DVONN or Alak: it solves each
// position the solver can prove; a position after a move that was a
// mistake (it lost the result, or in Othello at least othelloMistake
// discs) gets every move solved, and with one move standing out (goalOf)
// it becomes a puzzle.
func (f *finder) findExact(ctx context.Context, d *rules.Descriptor, s rules.State, src *Source, played []rules.Move, texts []string) ([]Puzzle, error) {
	var out []Puzzle
	prevOK, prevV, prevSeat := false, 0, rules.First
	for k := 0; k <= len(played) && ctx.Err() == nil; k++ {
		ok, v := false, 0
		if f.eligible(s) {
			var err error
			v, _, err = f.j.value(ctx, s)
			ok = err == nil
		}
		if ok && prevOK && f.worth(s) && mistake(prevV, childValue(s, prevSeat, v), f.j.margin() > 0) {
			moves, vals, _, err := values(ctx, f.j, s)
			if err == nil {
				if goal, only, ok := goalOf(moves, vals, f.j.margin()); ok && moves[0] != rules.Pass {
					if p, ok := f.line(ctx, d, s, src, texts[:k], goal, only, moves, vals); ok {
						out = append(out, p)
					}
				}
			}
		}
		prevOK, prevV, prevSeat = ok, v, s.ToMove()
		if k < len(played) {
			s.Play(played[k])
		}
	}
	return out, nil
}

// mistake reports whether a move of value got, where the best was best
// (both for the side that moved), was a mistake: it gave up the result,
// or (discs) at least othelloMistake discs.
func mistake(best, got int, discs bool) bool {
	sign := func(v int) int { return min(1, max(-1, v)) }
	return sign(got) < sign(best) || (discs && best-got >= othelloMistake)
}

// line builds the puzzle of s (its moves texts, goal, the only move)
// with the line extended by best replies while the player's next move is
// again the only good one, then proves it with Verify.
func (f *finder) line(ctx context.Context, d *rules.Descriptor, s rules.State, src *Source, texts []string, goal Goal, first rules.Move, moves []rules.Move, vals []int) (Puzzle, bool) {
	p := Puzzle{Game: f.game, Moves: slices.Clone(texts), Side: strings.ToLower(d.SeatName(s, s.ToMove())), Goal: goal}
	if o, err := d.Resolve(src.Options); err == nil && !sameOptions(o, d.Defaults()) {
		p.Options = o
	}
	best := slices.Max(vals)
	p.Themes = kinds[f.game].themesOf(s, first, best)
	h := s.Clone()
	player := h.ToMove()
	m := first
	var sol []string
	for {
		sol = append(sol, h.MoveString(m))
		h.Play(m)
		if over, _ := h.Outcome(); over || len(sol) >= 2*MaxPlayerMoves-1 {
			break
		}
		// The reply: the solver's best.
		rm, rv, _, err := values(ctx, f.j, h)
		if err != nil || h.ToMove() == player {
			break
		}
		reply := rm[slices.Index(rv, slices.Max(rv))]
		h.Play(reply)
		if over, _ := h.Outcome(); over || h.ToMove() != player {
			h.Undo()
			break
		}
		pm, pv, _, err := values(ctx, f.j, h)
		if err != nil {
			h.Undo()
			break
		}
		g2, next, ok := goalOf(pm, pv, f.j.margin())
		if !ok || g2 != goal || next == rules.Pass || (goal == Best && slices.Max(pv) != best) {
			h.Undo()
			break
		}
		h.Undo()
		sol = append(sol, h.MoveString(reply))
		h.Play(reply)
		m = next
	}
	p.Solution = sol
	return f.finish(ctx, p)
}

// finish gives p its id, proves it and rates it; ok is false when it does
// not verify.
func (f *finder) finish(ctx context.Context, p Puzzle) (Puzzle, bool) {
	h := fnv.New64a()
	h.Write([]byte(strings.Join(p.Moves, " ") + "|" + strings.Join(p.Solution, " ")))
	p.ID = fmt.Sprintf("%s-%08x", p.Game, h.Sum64()&0xFFFFFFFF)
	p.Rating = MinRating
	pr, err := Verify(ctx, &p)
	if err != nil {
		return Puzzle{}, false
	}
	p.Rating = InitialRating(pr)
	if p.Themes == nil {
		p.Themes = []string{}
	}
	return p, true
}

// minGomokuStones is the fewest stones of a Gomoku position Generate
// tries.
const minGomokuStones = 7

// maxGomokuPerRecord bounds the puzzles Generate takes from one Gomoku
// record, most of which come from the opponent's other moves.
const maxGomokuPerRecord = 4

// findGomoku walks a Gomoku record: a position where the side to move
// has a victory by continuous fours (at least one four before the five),
// left to it by the opponent's last move, becomes a puzzle when Verify
// proves that no other four wins. Besides the moves played, it tries
// each other move of the opponent near the stones (a different mistake
// at the same point of the game), keeping at most maxGomokuPerRecord
// puzzles of different lines.
func (f *finder) findGomoku(ctx context.Context, d *rules.Descriptor, s rules.State, src *Source, played []rules.Move, texts []string) ([]Puzzle, error) {
	g := s.(*gomoku.Game)
	var out []Puzzle
	lines := map[string]bool{}
	try := func(moves []string) {
		if g.Stones() < minGomokuStones || g.Deciding() != gomoku.PhaseNone || len(out) >= maxGomokuPerRecord {
			return
		}
		if over, _ := g.Outcome(); over {
			return
		}
		seq, ok := gomokuai.VCF(g, vcfDepth)
		if !ok || len(seq) < 3 || slices.Contains(seq, rules.NoMove) {
			return
		}
		if p, ok := f.gomokuPuzzle(ctx, d, g, src, moves, seq); ok && !lines[strings.Join(p.Solution, " ")] {
			lines[strings.Join(p.Solution, " ")] = true
			out = append(out, p)
		}
	}
	for k, m := range played {
		if ctx.Err() != nil || len(out) >= maxGomokuPerRecord {
			return out, nil
		}
		if over, _ := g.Outcome(); over {
			break
		}
		try(texts[:k])
		if g.Stones() >= minGomokuStones-1 {
			for _, q := range gomokuai.Near(g, nil) {
				if q == m || !g.Legal(q) {
					continue
				}
				text := g.MoveString(q)
				g.Play(q)
				try(append(slices.Clone(texts[:k]), text))
				g.Undo()
			}
		}
		g.Play(m)
	}
	return out, nil
}

// gomokuPuzzle builds and proves the puzzle of g with the VCF line seq.
func (f *finder) gomokuPuzzle(ctx context.Context, d *rules.Descriptor, g *gomoku.Game, src *Source, texts []string, seq []rules.Move) (Puzzle, bool) {
	p := Puzzle{Game: f.game, Moves: slices.Clone(texts), Side: strings.ToLower(d.SeatName(g, g.ToMove())), Goal: Win}
	if o, err := d.Resolve(src.Options); err == nil && !sameOptions(o, d.Defaults()) {
		p.Options = o
	}
	h := g.Clone().(*gomoku.Game)
	own, opp := gomokuColors(h)
	p.Themes = []string{ThemeVCF}
	if len(fivePoints(h, opp, nil)) > 0 {
		p.Themes = append(p.Themes, ThemeDefense)
	}
	prevSingle := false
	for i, m := range seq {
		p.Solution = append(p.Solution, h.MoveString(m))
		h.Play(m)
		if i%2 == 0 && i < len(seq)-1 {
			n := len(fivePoints(h, own, nil))
			if prevSingle && n >= 2 && !slices.Contains(p.Themes, ThemeFourThree) {
				p.Themes = append(p.Themes, ThemeFourThree)
			}
			prevSingle = n == 1
		}
	}
	return f.finish(ctx, p)
}
