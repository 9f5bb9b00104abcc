package session

import (
	"fmt"
	"math"

	"planiverse/ai"
	"planiverse/rules"
)

// rareMistakes is the number of moves per mistake from which a level is
// said to rarely make one.
const rareMistakes = 100

// LevelWords describes in a player's words how often the difficulty level
// (ai.MinLevel..ai.MaxLevel) of game d makes a mistake or worse, from the
// game's measured level figures (ai.LevelFigureOf): "about one mistake in
// 12 moves", "rarely makes a mistake (about one in 400 moves)", "rarely
// makes a mistake (none in 1900 moves)". It returns "" for a game or level
// without figures. The New game dialog writes it after the level's name.
func LevelWords(d *rules.Descriptor, level int) string {
	if d == nil {
		return ""
	}
	f, ok := ai.LevelFigureOf(d.Name, level)
	if !ok {
		return ""
	}
	return levelFigureWords(f)
}

// levelFigureWords is LevelWords for the figure f.
func levelFigureWords(f ai.LevelFigure) string {
	switch {
	case f.Moves <= 0:
		return ""
	case f.MistakeEvery <= 0:
		return fmt.Sprintf("rarely makes a mistake (none in %d moves)", roundMoves(float64(f.Moves)))
	case f.MistakeEvery < 1.5:
		return "makes a mistake nearly every move"
	case f.MistakeEvery >= rareMistakes:
		return fmt.Sprintf("rarely makes a mistake (about one in %d moves)", roundMoves(f.MistakeEvery))
	}
	return fmt.Sprintf("about one mistake in %d moves", roundMoves(f.MistakeEvery))
}

// roundMoves rounds a number of moves as a person would say it: exactly
// below 20, to 5 below 100, to 10 below 1000, then to 100.
func roundMoves(x float64) int {
	step := 1.0
	switch {
	case x >= 1000:
		step = 100
	case x >= 100:
		step = 10
	case x >= 20:
		step = 5
	}
	return int(math.Round(x/step) * step)
}
