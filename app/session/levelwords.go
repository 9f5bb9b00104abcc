package session

import (
	"fmt"
	"math"

	"planiverse/ai"
	"planiverse/rules"
)

// LevelName returns the name of difficulty level n ("Casual";
// ai.LevelOf) in the window's language (key "level.<n>.name").
func LevelName(n int) string {
	l := ai.LevelOf(n)
	return tr(fmt.Sprintf("level.%d.name", l.Number), l.Name, nil)
}

// LevelDescription returns the one-line description of difficulty level
// n (ai.LevelOf) in the window's language (key "level.<n>.description").
func LevelDescription(n int) string {
	l := ai.LevelOf(n)
	return tr(fmt.Sprintf("level.%d.description", l.Number), l.Description, nil)
}

// rareMistakes is the number of moves per mistake from which a level is
// said to rarely make one.
const rareMistakes = 100

// LevelWords describes in a player's words how often the difficulty level
// (ai.MinLevel..ai.MaxLevel) of game d makes a mistake or worse, from the
// game's measured level figures (ai.LevelFigureOf): "about one mistake in
// 12 moves", "rarely makes a mistake (about one in 400 moves)", "rarely
// makes a mistake (none in 1900 moves)". It returns "" for a game or level
// without figures. The New game dialog writes it after the level's name.
//
// The figures come from self-play samples, where a level's rate also
// depends on how sharp its own games were, so a higher level can come out
// erring more often than the one below it. The words never say that: the
// rates are made non-increasing with the level first by pooling adjacent
// levels that are out of order, weighted by their moves (the
// pool-adjacent-violators fit). The measured figures stay as they are in
// the game's level table and the README.
func LevelWords(d *rules.Descriptor, level int) string {
	if d == nil {
		return ""
	}
	figs := orderedFigures(ai.LevelFiguresOf(d.Name))
	for _, f := range figs {
		if f.Level == level {
			return levelFigureWords(f)
		}
	}
	return ""
}

// orderedFigures returns a copy of figs (in level order) whose mistake
// rates (1/MistakeEvery; 0 when none was seen) do not increase with the
// level, by pooling adjacent out-of-order levels weighted by Moves.
func orderedFigures(figs []ai.LevelFigure) []ai.LevelFigure {
	type block struct {
		rate, moves float64
		n           int
	}
	var blocks []block
	for _, f := range figs {
		b := block{moves: float64(max(f.Moves, 1)), n: 1}
		if f.MistakeEvery > 0 {
			b.rate = 1 / f.MistakeEvery
		}
		blocks = append(blocks, b)
		for len(blocks) > 1 && blocks[len(blocks)-2].rate < blocks[len(blocks)-1].rate {
			x, y := blocks[len(blocks)-2], blocks[len(blocks)-1]
			m := x.moves + y.moves
			blocks = append(blocks[:len(blocks)-2], block{(x.rate*x.moves + y.rate*y.moves) / m, m, x.n + y.n})
		}
	}
	out := make([]ai.LevelFigure, 0, len(figs))
	for _, b := range blocks {
		for range b.n {
			f := figs[len(out)]
			switch {
			case b.rate > 0:
				f.MistakeEvery = 1 / b.rate
			default:
				f.MistakeEvery = 0
			}
			out = append(out, f)
		}
	}
	return out
}

// levelFigureWords is LevelWords for the figure f.
func levelFigureWords(f ai.LevelFigure) string {
	switch {
	case f.Moves <= 0:
		return ""
	case f.MistakeEvery <= 0:
		return movesWords("session.level.none", "rarely makes a mistake (none in {{.Moves}} move)", "rarely makes a mistake (none in {{.Moves}} moves)",
			roundMoves(float64(f.Moves)))
	case f.MistakeEvery < 1.5:
		return tr("session.level.every", "makes a mistake nearly every move", nil)
	case f.MistakeEvery >= rareMistakes:
		return movesWords("session.level.rare", "rarely makes a mistake (about one in {{.Moves}} move)", "rarely makes a mistake (about one in {{.Moves}} moves)",
			roundMoves(f.MistakeEvery))
	}
	return movesWords("session.level.oneIn", "about one mistake in {{.Moves}} move", "about one mistake in {{.Moves}} moves", roundMoves(f.MistakeEvery))
}

// movesWords is trn with the count n also as the argument Moves, written
// without digit grouping ("1900", as the level tables write it; Count is
// grouped by the language).
func movesWords(key, one, other string, n int) string {
	return trn(key, one, other, n, map[string]any{"Moves": n})
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
