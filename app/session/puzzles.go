package session

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"planiverse/app/i18n"
	"planiverse/app/puzzle"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// provisionalRD is the rating deviation above which a puzzle rating is
// shown as provisional, as lichess does.
const provisionalRD = 110

// puzzleHistoryShown is how many recent attempts the Puzzles window lists.
const puzzleHistoryShown = 8

// PuzzleTheme is one choice of the Puzzles window's theme filter: the
// theme (a puzzle.Theme constant, "" for all themes) and its name in the
// window's language.
type PuzzleTheme struct {
	ID, Name string
}

// PuzzleView is what the Puzzles window shows, every text in the
// window's language. Ratings are written without digit grouping, as
// rating lists write them (1420).
type PuzzleView struct {
	Task     string   // the puzzle's task, or why there is no puzzle
	Feedback string   // what the last try, hint or solution earned; the puzzle's id, rating and themes before
	Stats    string   // the rating (provisional or not), the streak and the solved attempts, on two lines
	History  []string // the recent attempts, the latest first, at most puzzleHistoryShown
	Playing  bool     // a puzzle is on the board and not finished: the board and Hint/Show solution take input
}

// Puzzles is the view-model of the Help → Puzzles window: the player's
// progress, the game and theme chosen, and the puzzle in play with its
// puzzle.Attempt. It runs no search (package puzzle checks a move against
// the stored solution) and is used on the UI goroutine.
type Puzzles struct {
	// OnProgress is called with the whole progress after an attempt was
	// recorded, for the window to save it.
	OnProgress func(*puzzle.Progress)

	progress *puzzle.Progress
	rng      *rand.Rand
	game     string
	theme    string // "" for all themes
	att      *puzzle.Attempt
	task     string
	feedback string
	// regionOf is the attempt whose region Hint has shown, at step
	// regionAt, nil when the next Hint shows a region.
	regionOf *puzzle.Attempt
	regionAt int
	region   []int
}

// PuzzleHint is what one press of Hint puts on the board: first the
// region the solution's next move lies in, then, on the next press, the
// move itself as well.
type PuzzleHint struct {
	// Region is the points to highlight, numbered as the board widgets
	// number them (widgets.RegionMarker); nil when none.
	Region []int
	// Move is the move to mark, rules.NoMove while only the region is
	// shown.
	Move rules.Move
}

// NewPuzzles returns the view-model on progress (nil: none yet) offering
// a first puzzle of game, or of the first game with puzzles when game has
// none; rng picks among the puzzles near the player's rating.
func NewPuzzles(progress *puzzle.Progress, game string, rng *rand.Rand) *Puzzles {
	if progress == nil {
		progress = puzzle.ParseProgress("")
	}
	p := &Puzzles{progress: progress, rng: rng}
	if !hasPuzzles(game) {
		game = puzzle.Games()[0]
	}
	p.SetGame(game)
	return p
}

// hasPuzzles reports whether game (registry name) has puzzles.
func hasPuzzles(game string) bool {
	for _, g := range puzzle.Games() {
		if g == game {
			return true
		}
	}
	return false
}

// Game is the name (registry name) of the game whose puzzles are offered.
func (p *Puzzles) Game() string { return p.game }

// SetGame offers game's puzzles of all themes, starting with a new one; a
// game without puzzles, or the game already chosen, changes nothing.
func (p *Puzzles) SetGame(game string) {
	if game == p.game || !hasPuzzles(game) {
		return
	}
	p.game, p.theme = game, ""
	p.Next()
}

// Themes are the choices of the theme filter: all themes first, then the
// game's themes.
func (p *Puzzles) Themes() []PuzzleTheme {
	out := []PuzzleTheme{{ID: "", Name: i18n.T("puzzle.all_themes", "All themes", nil)}}
	for _, t := range puzzle.Themes(p.game) {
		out = append(out, PuzzleTheme{ID: t, Name: puzzle.ThemeName(t)})
	}
	return out
}

// Theme is the theme chosen ("" for all themes).
func (p *Puzzles) Theme() string { return p.theme }

// SetTheme offers puzzles of theme ("" for all) only, starting with a new
// one; the theme already chosen changes nothing.
func (p *Puzzles) SetTheme(theme string) {
	if theme == p.theme {
		return
	}
	p.theme = theme
	p.Next()
}

// Attempt is the puzzle in play, nil when there is none.
func (p *Puzzles) Attempt() *puzzle.Attempt { return p.att }

// Next offers the next puzzle near the player's rating, of the theme
// chosen; without one, Attempt is nil and the task says so.
func (p *Puzzles) Next() {
	p.att, p.feedback, p.regionOf = nil, "", nil
	ps, err := puzzle.Shipped(p.game)
	var pz *puzzle.Puzzle
	if err == nil {
		pz = p.progress.Game(p.game).Next(ps, p.theme, p.rng)
	}
	if pz == nil {
		p.task = i18n.T("puzzle.none", "No puzzle to offer", nil)
		return
	}
	if p.att, err = puzzle.Start(pz); err != nil {
		p.Fail(err)
		return
	}
	p.task = pz.Task()
	p.feedback = i18n.T("puzzle.info", "Puzzle {{.ID}}, rated {{.Rating}} · {{.Themes}}", map[string]any{
		"ID": pz.ID, "Rating": strconv.Itoa(pz.Rating), "Themes": themeList(pz.Themes)})
}

// Fail drops the puzzle in play, which cannot be shown because of err
// (the window could not draw its position); the task says so.
func (p *Puzzles) Fail(err error) {
	p.att, p.feedback = nil, ""
	p.task = i18n.T("puzzle.unshowable", "This puzzle cannot be shown: {{.Error}}", map[string]any{"Error": err.Error()})
}

// themeList writes a puzzle's themes in the window's language.
func themeList(ts []string) string {
	if len(ts) == 0 {
		return i18n.T("puzzle.no_theme", "no theme", nil)
	}
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = puzzle.ThemeName(t)
	}
	return strings.Join(names, i18n.T("puzzle.theme_separator", ", ", nil))
}

// Try plays the player's move m and returns what it earned; a move when
// no puzzle is in play is puzzle.Wrong and changes nothing. Solving the
// puzzle or failing it records the attempt (OnProgress).
func (p *Puzzles) Try(m rules.Move) puzzle.Verdict {
	if p.att == nil || p.att.Done() {
		return puzzle.Wrong
	}
	verdict, _ := p.att.Try(m)
	p.regionOf = nil // the board drops the hint's marks after a try
	switch verdict {
	case puzzle.Wrong:
		p.feedback = i18n.T("puzzle.wrong", "Not quite — try again.", nil)
	case puzzle.Correct:
		p.feedback = i18n.T("puzzle.correct", "Correct — the reply is on the board; go on.", nil)
	case puzzle.Solved:
		if p.att.Clean() {
			p.feedback = i18n.T("puzzle.solved", "Correct! Puzzle solved.", nil)
		} else {
			p.feedback = i18n.T("puzzle.solved_with_help", "Solved, with help: it counts as failed and comes back later.", nil)
		}
		p.finish(p.att.Clean())
	}
	return verdict
}

// Hint returns what the board marks for a hint and says so in the
// feedback: on the first press at a step of the puzzle, the region of the
// solution's next move (puzzle.Attempt.Region), and on the next press the
// region and the move. A game without a region gets the move at once.
// The attempt no longer counts as solved. It returns no region and
// rules.NoMove when no puzzle is in play.
func (p *Puzzles) Hint() PuzzleHint {
	if p.att == nil || p.att.Done() {
		return PuzzleHint{Move: rules.NoMove}
	}
	if p.regionOf != p.att || p.regionAt != p.att.Step() {
		if r := p.att.Region(); r != nil {
			p.regionOf, p.regionAt, p.region = p.att, p.att.Step(), r
			p.feedback = i18n.T("puzzle.hint_region",
				"The move to play is in the highlighted region. Press Hint again to see it.", nil)
			return PuzzleHint{Region: r, Move: rules.NoMove}
		}
		p.region = nil
	}
	p.feedback = i18n.T("puzzle.hint", "The marked move is the one to play.", nil)
	return PuzzleHint{Region: p.region, Move: p.att.Hint()}
}

// ShowSolution plays the rest of the solution on the attempt's position,
// names its moves in the feedback and records the puzzle as failed.
func (p *Puzzles) ShowSolution() {
	if p.att == nil || p.att.Done() {
		return
	}
	rest := p.att.ShowSolution()
	p.feedback = i18n.T("puzzle.solution", "Solution: {{.Moves}}. It comes back later.",
		map[string]any{"Moves": strings.Join(rest, " ")})
	p.finish(false)
}

// finish records the attempt and hands the progress to OnProgress.
func (p *Puzzles) finish(solved bool) {
	p.progress.Game(p.game).Record(p.att.P, solved)
	if p.OnProgress != nil {
		p.OnProgress(p.progress)
	}
}

// View returns what the window shows now.
func (p *Puzzles) View() PuzzleView {
	v := PuzzleView{Task: p.task, Feedback: p.feedback, Playing: p.att != nil && !p.att.Done()}
	g := p.progress.Game(p.game)
	solved := 0
	for _, e := range g.History {
		if e.Solved {
			solved++
		}
	}
	title := p.game
	if d, err := registry.Lookup(p.game); err == nil {
		title = lessonGameTitle(d)
	}
	args := map[string]any{"Game": title, "Rating": strconv.Itoa(int(math.Round(g.Rating.R)))}
	rating := i18n.T("puzzle.rating", "Your {{.Game}} puzzle rating: {{.Rating}}", args)
	if g.Rating.RD > provisionalRD {
		rating = i18n.T("puzzle.rating_provisional", "Your {{.Game}} puzzle rating: {{.Rating}} (provisional)", args)
	}
	v.Stats = rating + "\n" +
		i18n.N("puzzle.streak", "Streak: {{.Count}} puzzles", g.Streak, nil) + " · " +
		i18n.N("puzzle.solved_of", "solved {{.Solved}} of {{.Count}} attempts", len(g.History),
			map[string]any{"Solved": i18n.Number(solved)})
	for i := len(g.History) - 1; i >= 0 && len(v.History) < puzzleHistoryShown; i-- {
		e := g.History[i]
		args := map[string]any{"ID": e.ID, "Rating": strconv.Itoa(e.Rating)}
		if e.Solved {
			v.History = append(v.History, i18n.T("puzzle.history.solved", "✓ {{.ID}} (rating {{.Rating}})", args))
		} else {
			v.History = append(v.History, i18n.T("puzzle.history.failed", "✗ {{.ID}} (rating {{.Rating}})", args))
		}
	}
	return v
}
