package session

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"planiverse/app/puzzle"
	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// newTestPuzzles returns the view-model of game's puzzles with a fixed
// random source and no progress, and the progress it saved last.
func newTestPuzzles(t *testing.T, game string) (*Puzzles, *string) {
	t.Helper()
	saved := new(string)
	p := NewPuzzles(nil, game, rand.New(rand.NewPCG(1, 2)))
	p.OnProgress = func(pr *puzzle.Progress) { *saved = pr.Marshal() }
	if p.Attempt() == nil {
		t.Fatalf("%s: no puzzle offered: %+v", game, p.View())
	}
	return p, saved
}

// solutionStep returns the next move of the puzzle in play's solution.
func solutionStep(t *testing.T, p *Puzzles) rules.Move {
	t.Helper()
	a := p.Attempt()
	return move(t, a.State(), a.P.Solution[a.Step()])
}

// wrongMove returns a legal move of the puzzle in play that is not its
// solution's next move.
func wrongMove(t *testing.T, p *Puzzles) rules.Move {
	t.Helper()
	right := solutionStep(t, p)
	for _, m := range p.Attempt().State().Moves(nil) {
		if m != right {
			return m
		}
	}
	t.Fatal("the puzzle has one legal move")
	return rules.NoMove
}

// TestPuzzlesViewAnswersTries: the view-model's task, the feedback after
// a wrong try, a solve with help and a clean solve, the stats with their
// plural forms and the provisional mark, and the history with the latest
// attempt first; each finished attempt is handed to OnProgress.
func TestPuzzlesViewAnswersTries(t *testing.T) {
	p, saved := newTestPuzzles(t, "othello")
	v := p.View()
	if v.Task != p.Attempt().P.Task() || !strings.Contains(v.Task, "to play and") || !v.Playing {
		t.Errorf("first view %+v", v)
	}
	if want := "Puzzle " + p.Attempt().P.ID + ", rated "; !strings.HasPrefix(v.Feedback, want) {
		t.Errorf("feedback %q, want it to start with %q", v.Feedback, want)
	}
	if want := "Streak: 0 puzzles · solved 0 of 0 attempts"; !strings.HasSuffix(v.Stats, want) ||
		!strings.HasPrefix(v.Stats, "Your Othello puzzle rating: 1500 (provisional)\n") {
		t.Errorf("stats %q, want a provisional 1500 and %q", v.Stats, want)
	}
	if p.Try(wrongMove(t, p)) != puzzle.Wrong || p.View().Feedback != "Not quite — try again." {
		t.Errorf("wrong try: %q", p.View().Feedback)
	}
	if *saved != "" {
		t.Error("a wrong try saved the progress")
	}
	for p.View().Playing {
		p.Try(solutionStep(t, p))
	}
	if v := p.View(); !strings.HasPrefix(v.Feedback, "Solved, with help") || !strings.HasSuffix(v.Stats, "Streak: 0 puzzles · solved 0 of 1 attempt") {
		t.Errorf("after a solve with help: %+v", v)
	}
	first := p.Attempt().P.ID
	p.Next()
	for p.View().Playing {
		p.Try(solutionStep(t, p))
	}
	v = p.View()
	if v.Feedback != "Correct! Puzzle solved." || !strings.HasSuffix(v.Stats, "Streak: 1 puzzle · solved 1 of 2 attempts") {
		t.Errorf("after a clean solve: %+v", v)
	}
	if len(v.History) != 2 || !strings.HasPrefix(v.History[0], "✓ "+p.Attempt().P.ID+" (rating ") ||
		!strings.HasPrefix(v.History[1], "✗ "+first+" (rating ") {
		t.Errorf("history %q", v.History)
	}
	if g := puzzle.ParseProgress(*saved).Game("othello"); len(g.History) != 2 || g.Streak != 1 {
		t.Errorf("saved %q", *saved)
	}
}

// TestPuzzlesHintAndSolution: the first Hint highlights a region holding
// the solution's move (DVONN: its stack) and says to press again, the
// second marks the move too; a try starts the hints over. Show solution
// names the line, records a failure and ends play.
func TestPuzzlesHintAndSolution(t *testing.T) {
	p, saved := newTestPuzzles(t, "dvonn")
	right := solutionStep(t, p)
	from, _, _ := dvonn.Decode(right)
	h := p.Hint()
	if h.Move != rules.NoMove || len(h.Region) < 2 || !slices.Contains(h.Region, from) ||
		p.View().Feedback != "The move to play is in the highlighted region. Press Hint again to see it." {
		t.Errorf("first hint %+v (the move's stack %d), feedback %q", h, from, p.View().Feedback)
	}
	if !p.Attempt().Hinted {
		t.Error("a region shown, but the attempt still counts as clean")
	}
	if h2 := p.Hint(); h2.Move != right || !slices.Equal(h2.Region, h.Region) ||
		p.View().Feedback != "The marked move is the one to play." {
		t.Errorf("second hint %+v, feedback %q", h2, p.View().Feedback)
	}
	p.Try(wrongMove(t, p))
	if h3 := p.Hint(); h3.Move != rules.NoMove || !slices.Equal(h3.Region, h.Region) {
		t.Errorf("hint after a try %+v, want the region again", h3)
	}
	line := strings.Join(p.Attempt().P.Solution[p.Attempt().Step():], " ")
	p.ShowSolution()
	v := p.View()
	if v.Playing || v.Feedback != "Solution: "+line+". It comes back later." {
		t.Errorf("after Show solution: %+v", v)
	}
	if g := puzzle.ParseProgress(*saved).Game("dvonn"); len(g.History) != 1 || g.History[0].Solved {
		t.Errorf("saved %q, want one failure", *saved)
	}
	if h := p.Hint(); h.Move != rules.NoMove || h.Region != nil || p.Try(right) != puzzle.Wrong {
		t.Error("a finished puzzle still answers hints or tries")
	}
}

// TestPuzzlesThemeFilter: the filter lists all themes then the game's, a
// theme chosen offers only its puzzles, and a new game resets it.
func TestPuzzlesThemeFilter(t *testing.T) {
	p, _ := newTestPuzzles(t, "gomoku")
	var ids, names []string
	for _, th := range p.Themes() {
		ids, names = append(ids, th.ID), append(names, th.Name)
	}
	if !slices.Equal(ids, []string{"", puzzle.ThemeVCF, puzzle.ThemeFourThree, puzzle.ThemeDefense}) ||
		!slices.Equal(names, []string{"All themes", "VCF", "four-three", "defense"}) {
		t.Errorf("themes %q %q", ids, names)
	}
	p.SetTheme(puzzle.ThemeDefense)
	for range 5 {
		if a := p.Attempt(); a == nil || !slices.Contains(a.P.Themes, puzzle.ThemeDefense) {
			t.Fatalf("theme defense offered %+v", a)
		}
		if !strings.Contains(p.View().Feedback, "defense") {
			t.Errorf("feedback %q does not name the theme", p.View().Feedback)
		}
		p.Next()
	}
	p.SetGame("alak")
	if p.Game() != "alak" || p.Theme() != "" || p.Attempt() == nil || p.Attempt().P.Game != "alak" {
		t.Errorf("after SetGame(alak): game %s theme %q", p.Game(), p.Theme())
	}
	p.SetGame("no-such-game")
	if p.Game() != "alak" {
		t.Errorf("a game without puzzles was chosen: %s", p.Game())
	}
	p.SetTheme("no-such-theme")
	if v := p.View(); p.Attempt() != nil || v.Playing || v.Task != "No puzzle to offer" {
		t.Errorf("a theme without puzzles: %+v", v)
	}
	p.SetTheme("")
	p.Fail(errors.New("no board"))
	if v := p.View(); p.Attempt() != nil || v.Task != "This puzzle cannot be shown: no board" {
		t.Errorf("after Fail: %+v", v)
	}
}

// TestPuzzleTextsComeThroughI18n: with a marking backend, every text of
// the Puzzles view-model (the task, the puzzle's line with its themes,
// the feedback of each try, hint and solution, the rating and provisional
// mark, streak and solved counts, the history, the filter's names, the no
// puzzle and cannot-show texts) came through i18n, and so did every word
// argument of its templates but the notation (moves, puzzle ids) and an
// error's text.
func TestPuzzleTextsComeThroughI18n(t *testing.T) {
	m, check := installMarking(t)
	views := func(what string, p *Puzzles) {
		t.Helper()
		v := p.View()
		check(what+" task", v.Task)
		check(what+" feedback", v.Feedback)
		for i, line := range strings.Split(v.Stats, "\n") {
			for _, part := range strings.Split(line, " · ") {
				check(what+" stats line "+string(rune('1'+i)), part)
			}
		}
		for _, h := range v.History {
			check(what+" history", h)
		}
	}
	for _, game := range puzzle.Games() {
		p, _ := newTestPuzzles(t, game)
		for _, th := range p.Themes() {
			check(game+" theme", th.Name)
		}
		views(game+" first view", p)
		p.Try(wrongMove(t, p))
		views(game+" wrong try", p)
		p.Hint()
		views(game+" hint region", p)
		p.Hint()
		views(game+" hint", p)
		for p.View().Playing && p.Attempt().Step()+1 < len(p.Attempt().P.Solution) {
			p.Try(solutionStep(t, p))
			views(game+" correct", p)
		}
		p.ShowSolution()
		views(game+" solution", p)
		p.Next()
		for p.View().Playing {
			p.Try(solutionStep(t, p))
		}
		views(game+" solved", p)
		p.SetTheme("no-such-theme")
		check(game+" no puzzle", p.View().Task)
		p.Fail(errors.New("no board"))
		check(game+" cannot show", p.View().Task)
	}
	for _, pl := range m.plain {
		if arg := strings.Fields(pl)[1]; arg != "Moves" && arg != "ID" && arg != "Error" {
			t.Errorf("argument did not come through i18n: %s", pl)
		}
	}
}
