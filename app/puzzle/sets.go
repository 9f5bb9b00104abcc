package puzzle

import (
	"bytes"
	"embed"
	"sync"

	"planiverse/rules"
)

// sets holds the shipped puzzles: sets/GAME.jsonl, one puzzle a line, made
// by planiverse puzzles generate and checked by the tests (every puzzle
// verifies).
//
//go:embed sets/*.jsonl
var sets embed.FS

// shipped caches each game's parsed set.
var shipped sync.Map // game -> shippedSet

type shippedSet struct {
	ps  []Puzzle
	err error
}

// Shipped returns the shipped puzzles of game (Games), in the set's order.
// The slice is shared: do not change it. Errors wrap ErrPuzzle.
func Shipped(game string) ([]Puzzle, error) {
	if v, ok := shipped.Load(game); ok {
		s := v.(shippedSet)
		return s.ps, s.err
	}
	if Themes(game) == nil {
		return nil, rules.Errorf(ErrPuzzle, "%s has no puzzles", rules.Quote(game))
	}
	name := "sets/" + game + ".jsonl"
	data, err := sets.ReadFile(name)
	var ps []Puzzle
	if err == nil {
		ps, err = Read(bytes.NewReader(data), name)
	}
	shipped.Store(game, shippedSet{ps, err})
	return ps, err
}
