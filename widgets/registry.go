package widgets

import (
	"fmt"
	"sync"

	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// Constructor builds the board widget of one game for the position s, which
// the widget then reads (never plays on). It returns an error when s is not
// a position of that game.
type Constructor func(s rules.State) (Board, error)

// LegalMarker is implemented by boards that can mark the legal moves
// (Othello's points, DVONN's stacks that can move): the app offers a
// toggle for it when the board has it.
type LegalMarker interface {
	ShowLegal(on bool)
}

// RegionMarker is implemented by boards that can wash a region of their
// points (the Puzzles window's first hint: where to look, not the move).
// Points are numbered as the game's rules number them: Othello's
// squares and Gomoku's points as their move codes, DVONN's cells 0..48,
// Alak's slots 0-based. SetRegion(nil) clears the wash.
type RegionMarker interface {
	SetRegion(points []int)
}

// The four boards mark regions.
var (
	_ RegionMarker = (*OthelloBoard)(nil)
	_ RegionMarker = (*GomokuBoard)(nil)
	_ RegionMarker = (*DvonnBoard)(nil)
	_ RegionMarker = (*AlakBoard)(nil)
)

var (
	boardsMu sync.RWMutex
	// boards maps a game's registry name (rules.Descriptor.Name) to its
	// board widget's constructor.
	boards = map[string]Constructor{
		othello.Descriptor.Name: typed(NewOthelloBoard),
		gomoku.Descriptor.Name:  typed(NewGomokuBoard),
		dvonn.Descriptor.Name:   typed(NewDvonnBoard),
		alak.Descriptor.Name:    typed(NewAlakBoard),
	}
)

// typed adapts a board constructor for the concrete position type S.
func typed[S rules.State, B Board](f func(S) B) Constructor {
	return func(s rules.State) (Board, error) {
		p, ok := s.(S)
		if !ok {
			return nil, fmt.Errorf("widgets: a %T is not a position of this game", s)
		}
		return f(p), nil
	}
}

// Register makes c the board widget constructor of the game registered
// under that name in rules/registry. It panics when c is nil or the name
// has a constructor already (a programming error).
func Register(game string, c Constructor) {
	boardsMu.Lock()
	defer boardsMu.Unlock()
	if c == nil {
		panic("widgets: nil board constructor for " + game)
	}
	if _, dup := boards[game]; dup {
		panic("widgets: board of " + game + " registered twice")
	}
	boards[game] = c
}

// New returns the board widget of the game of that name for position s, or
// an error naming the game when it has no board widget or s is not one of
// its positions.
func New(game string, s rules.State) (Board, error) {
	boardsMu.RLock()
	c := boards[game]
	boardsMu.RUnlock()
	if c == nil {
		return nil, fmt.Errorf("widgets: no board widget for the game %q", game)
	}
	b, err := c(s)
	if err != nil {
		return nil, fmt.Errorf("%w (game %q)", err, game)
	}
	return b, nil
}
