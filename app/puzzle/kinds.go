package puzzle

import (
	"context"

	"planiverse/ai/dvonnai"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/othello"
)

// kind is what the package knows of one game's puzzles: the themes, how
// a puzzle is proven and how its themes are tagged. kinds holds one per
// game with puzzles, by the game's Descriptor.Name; the provers are the
// game's exact solvers in its ai knowledge package.
type kind struct {
	themes []string
	// judge returns a new judge (one per goroutine) for a game whose
	// puzzles are proven move by move; nil when verify proves them.
	judge func() judge
	// verify proves a puzzle of a game with no judge (p's position s).
	verify func(ctx context.Context, p *Puzzle, s rules.State) (Proof, error)
	// best: the game has goal Best (a score to keep).
	best bool
	// themesOf tags a puzzle of a game with a judge from its position s,
	// its first move m and the best value.
	themesOf func(s rules.State, m rules.Move, best int) []string
	// area is the board's geometry for hint regions (Region).
	area area
}

var kinds = map[string]kind{
	"othello": {
		themes: []string{ThemeCorner, ThemeEdge, ThemeParity, ThemeWipeOut},
		judge:  func() judge { return othelloJudge{} },
		best:   true,
		themesOf: func(s rules.State, m rules.Move, best int) []string {
			return othelloThemes(s.(*othello.Board), m, best)
		},
		area: othelloArea,
	},
	"gomoku": {
		themes: []string{ThemeVCF, ThemeFourThree, ThemeDefense},
		verify: verifyGomoku,
		area:   gomokuArea,
	},
	"dvonn": {
		themes:   []string{ThemeIsolation, ThemeCapture, ThemeEndgame},
		judge:    func() judge { return &dvonnJudge{k: dvonnai.New()} },
		themesOf: func(s rules.State, m rules.Move, _ int) []string { return dvonnThemes(s.(*dvonn.Game), m) },
		area:     dvonnArea,
	},
	"alak": {
		themes:   []string{ThemeCapture, ThemeDefense},
		judge:    func() judge { return alakJudge{} },
		themesOf: func(s rules.State, m rules.Move, _ int) []string { return alakThemes(s.(*alak.Game), m) },
		area:     alakArea,
	},
}
