package puzzle

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// Attempt is one try at a puzzle as the window's puzzle player drives it:
// the player's moves are checked against the solution and the replies
// played. It holds no Fyne type.
type Attempt struct {
	P    *Puzzle
	D    *rules.Descriptor
	s    rules.State
	step int // index in P.Solution of the player's next move
	// Tries counts the wrong moves tried; Hinted is set once a hint was
	// asked for, Shown once the solution was shown. A puzzle counts as
	// solved when it ends with none of them.
	Tries  int
	Hinted bool
	Shown  bool
}

// Verdict is what Try says of a move.
type Verdict int

// The verdicts.
const (
	Wrong   Verdict = iota // not the solution's move: "Not quite — try again"
	Correct                // right, and the puzzle goes on after the reply
	Solved                 // right, and the puzzle is done
)

// Start begins an attempt at p. Errors wrap ErrPuzzle.
func Start(p *Puzzle) (*Attempt, error) {
	d, s, err := p.Position()
	if err != nil {
		return nil, err
	}
	return &Attempt{P: p, D: d, s: s}, nil
}

// State returns the position on the board; the caller must not change it.
func (a *Attempt) State() rules.State { return a.s }

// Step returns the index in P.Solution of the player's next move.
func (a *Attempt) Step() int { return a.step }

// Done reports whether the puzzle's line has been played to its end.
func (a *Attempt) Done() bool { return a.step >= len(a.P.Solution) }

// Clean reports whether the attempt so far counts as solved: no wrong
// try, no hint, the solution not shown.
func (a *Attempt) Clean() bool { return a.Tries == 0 && !a.Hinted && !a.Shown }

// accepts reports whether m is a right move for the player now: the
// solution's move, or (Gomoku, last move) any move that makes five.
func (a *Attempt) accepts(m rules.Move) bool {
	want, err := a.s.ParseMove(a.P.Solution[a.step])
	if err == nil && m == want {
		return true
	}
	if g, ok := a.s.(*gomoku.Game); ok && a.step == len(a.P.Solution)-1 && g.Legal(m) {
		g.Play(m)
		won := g.Won()
		g.Undo()
		return won
	}
	return false
}

// Try plays the player's move m when it is right and then the reply,
// which it returns (rules.NoMove when the puzzle is solved); a wrong
// move is not played and counts a try. m must be legal.
func (a *Attempt) Try(m rules.Move) (Verdict, rules.Move) {
	if a.Done() {
		return Solved, rules.NoMove
	}
	if !a.accepts(m) {
		a.Tries++
		return Wrong, rules.NoMove
	}
	a.s.Play(m)
	a.step++
	if a.Done() {
		return Solved, rules.NoMove
	}
	reply, _ := a.s.ParseMove(a.P.Solution[a.step]) // Check has replayed the line
	a.s.Play(reply)
	a.step++
	return Correct, reply
}

// Hint returns the solution's next move, for the window to mark; the
// attempt no longer counts as solved.
func (a *Attempt) Hint() rules.Move {
	if a.Done() {
		return rules.NoMove
	}
	a.Hinted = true
	m, _ := a.s.ParseMove(a.P.Solution[a.step])
	return m
}

// ShowSolution plays the rest of the line and returns its moves' texts;
// the attempt no longer counts as solved.
func (a *Attempt) ShowSolution() []string {
	rest := a.P.Solution[a.step:]
	for _, text := range rest {
		m, _ := a.s.ParseMove(text)
		a.s.Play(m)
	}
	a.step = len(a.P.Solution)
	a.Shown = true
	return rest
}

// Progress is the player's puzzle progress, kept in the preferences as
// JSON (Marshal, ParseProgress): per game a rating, a streak, a history
// and the puzzles to retry.
type Progress struct {
	Games map[string]*GameProgress `json:"games"`
}

// GameProgress is the progress in one game's puzzles.
type GameProgress struct {
	Rating  Rating   `json:"rating"`
	Streak  int      `json:"streak"`  // puzzles solved in a row
	History []Entry  `json:"history"` // the attempts, oldest first, at most MaxHistory
	Retry   []string `json:"retry"`   // ids of failed puzzles to offer again
}

// Entry is one attempt of the history.
type Entry struct {
	ID     string `json:"id"`
	Solved bool   `json:"solved"`
	Rating int    `json:"rating"` // the player's rating after it
}

// MaxHistory is the most attempts a game's history keeps.
const MaxHistory = 200

// retryAfter is how many other attempts come before a failed puzzle is
// offered again.
const retryAfter = 5

// Game returns the progress of game, made when missing.
func (p *Progress) Game(game string) *GameProgress {
	if p.Games == nil {
		p.Games = map[string]*GameProgress{}
	}
	g := p.Games[game]
	if g == nil {
		g = &GameProgress{Rating: NewPlayer}
		p.Games[game] = g
	}
	return g
}

// Marshal returns the progress as JSON for the preferences.
func (p *Progress) Marshal() string {
	data, _ := json.Marshal(p)
	return string(data)
}

// ParseProgress reads progress written by Marshal; empty or unreadable
// text gives a new progress (the preferences may hold anything).
func ParseProgress(text string) *Progress {
	p := &Progress{}
	if json.Unmarshal([]byte(text), p) != nil {
		return &Progress{}
	}
	return p
}

// Record enters the end of an attempt at puzzle pz: the rating moves
// (Glicko-2), the streak grows or ends, a failed puzzle is kept to retry
// and a solved one leaves the retry list. It returns the puzzle's new
// rating.
func (g *GameProgress) Record(pz *Puzzle, solved bool) int {
	var pr int
	g.Rating, pr = Rate(g.Rating, pz.Rating, solved)
	if solved {
		g.Streak++
	} else {
		g.Streak = 0
	}
	g.Retry = slices.DeleteFunc(g.Retry, func(id string) bool { return id == pz.ID })
	if !solved {
		g.Retry = append(g.Retry, pz.ID)
	}
	g.History = append(g.History, Entry{ID: pz.ID, Solved: solved, Rating: int(math.Round(g.Rating.R))})
	if n := len(g.History); n > MaxHistory {
		g.History = slices.Delete(g.History, 0, n-MaxHistory)
	}
	return pr
}

// nearest is how many puzzles nearest the player's rating Next draws
// from.
const nearest = 10

// Next offers a puzzle of ps (with theme t, "" any): a failed puzzle
// when retryAfter attempts have passed since it failed, else one of the
// nearest puzzles to the player's rating not tried yet (any when all
// were), drawn with r. It returns nil when no puzzle has the theme.
func (g *GameProgress) Next(ps []Puzzle, t string, r *rand.Rand) *Puzzle {
	ps = Filter(ps, t, 0, 0)
	if len(ps) == 0 {
		return nil
	}
	byID := map[string]*Puzzle{}
	for i := range ps {
		byID[ps[i].ID] = &ps[i]
	}
	for _, id := range g.Retry {
		if p := byID[id]; p != nil && g.since(id) >= retryAfter {
			return p
		}
	}
	tried := map[string]bool{}
	for _, e := range g.History {
		tried[e.ID] = true
	}
	var fresh []*Puzzle
	for i := range ps {
		if !tried[ps[i].ID] {
			fresh = append(fresh, &ps[i])
		}
	}
	if len(fresh) == 0 {
		for i := range ps {
			fresh = append(fresh, &ps[i])
		}
	}
	target := g.Rating.R
	sort.SliceStable(fresh, func(i, j int) bool {
		return math.Abs(float64(fresh[i].Rating)-target) < math.Abs(float64(fresh[j].Rating)-target)
	})
	return fresh[r.IntN(min(nearest, len(fresh)))]
}

// since returns how many attempts came after the last one at id.
func (g *GameProgress) since(id string) int {
	for i := len(g.History) - 1; i >= 0; i-- {
		if g.History[i].ID == id {
			return len(g.History) - 1 - i
		}
	}
	return len(g.History)
}
