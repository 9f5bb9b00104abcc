package ai

// LevelFigure is how often one difficulty level errs in a game, found
// by analyzing its moves with a strong fixed analysis (the tool
// app/cmd/levelquality writes these tables).
type LevelFigure struct {
	// Level is the level's number, MinLevel..MaxLevel.
	Level int
	// Moves is the number of the level's moves analyzed (those with a
	// choice of move): the sample behind the other figures.
	Moves int
	// MistakeEvery is the number of moves per mistake or worse (mistake,
	// blunder, missed win or losing move): 12 means about one in 12
	// moves; 0 means none was seen in Moves moves.
	MistakeEvery float64
	// MeanLoss is the mean loss per move, in Unit.
	MeanLoss float64
	// Unit is MeanLoss's unit: the game's own ("discs"), or "%" for
	// percentage points of expected score.
	Unit string
}

// LevelFiguresOf returns the figures of the named game's levels (registry
// name; LevelTable.LevelFigures), or nil for a game whose knowledge is no
// LevelTable. It
// panics for a game without knowledge (ErrNoKnowledge).
func LevelFiguresOf(game string) []LevelFigure {
	if f, ok := sharedKnowledge(game).(LevelTable); ok {
		return f.LevelFigures()
	}
	return nil
}

// LevelFigureOf returns the figure of level n (MinLevel..MaxLevel) of the
// named game, and false when the game has none for that level.
func LevelFigureOf(game string, n int) (LevelFigure, bool) {
	for _, f := range LevelFiguresOf(game) {
		if f.Level == n {
			return f, true
		}
	}
	return LevelFigure{}, false
}
