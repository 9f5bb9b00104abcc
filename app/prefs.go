package main

import (
	"fyne.io/fyne/v2"

	"planiverse/ai"
	"planiverse/rules"
)

// Opponent says who sits at the other side of the board.
type Opponent string

// The three kinds of match the new-game dialog offers.
const (
	VsComputer Opponent = "computer" // the person against the computer at a level
	VsPerson   Opponent = "person"   // two people taking turns at the same screen
	Watch      Opponent = "watch"    // the computer against itself, to watch
)

// MatchSettings are every choice of the new-game dialog: the game, who plays
// it, and each game's options (kept for all four games, so switching game in
// the dialog keeps the others' choices). They are remembered in Fyne
// Preferences (LoadSettings, SaveSettings).
type MatchSettings struct {
	Game     string       // "dvonn", "othello", "gomoku" or "alak" (GameNames)
	Opponent Opponent     // VsComputer, VsPerson or Watch
	Level    int          // the computer's level, 1..ai.MaxLevel (ai.Levels)
	Side     rules.Player // the seat the person plays against the computer (0 moves first)

	GomokuSize    int    // 15, 19 or 20 intersections a side
	GomokuRules   string // "freestyle" (five or more wins) or "exact5"
	GomokuOpening string // "none" or "swap" (swap after the first move)

	AlakRules  string // "classic" (11 slots, sliding) or "modern" (placement on a line)
	AlakPoints int    // number of points of modern Alak, 7..26

	DvonnRandom bool // DVONN: fill the board with a random placement before play starts
}

// DefaultSettings are the choices of a first start: Othello against the
// computer at level 2 (Casual), the person playing Black, and each game's
// RULES.md defaults.
func DefaultSettings() MatchSettings {
	return MatchSettings{
		Game: "othello", Opponent: VsComputer, Level: 2, Side: rules.First,
		GomokuSize: 15, GomokuRules: "freestyle", GomokuOpening: "swap",
		AlakRules: "classic", AlakPoints: 11,
	}
}

// Options returns the GameOptions (app/games.go) that NewGame needs for the
// chosen game; options of the other games are left out.
func (s MatchSettings) Options() GameOptions {
	o := GameOptions{Game: s.Game}
	switch s.Game {
	case "gomoku":
		o.Size, o.Rules, o.Opening = s.GomokuSize, s.GomokuRules, s.GomokuOpening
	case "alak":
		o.Rules = s.AlakRules
		if s.AlakRules == "modern" {
			o.Size = s.AlakPoints
		}
	}
	return o
}

// normalized returns s with every out-of-range or unknown field replaced by
// its default, so that stale or hand-edited preferences never break a start.
func (s MatchSettings) normalized() MatchSettings {
	d := DefaultSettings()
	if !oneOf(s.Game, GameNames...) {
		s.Game = d.Game
	}
	if !oneOf(string(s.Opponent), string(VsComputer), string(VsPerson), string(Watch)) {
		s.Opponent = d.Opponent
	}
	if s.Level < 1 || s.Level > ai.MaxLevel {
		s.Level = d.Level
	}
	if s.Side > rules.Second {
		s.Side = d.Side
	}
	if s.GomokuSize != 15 && s.GomokuSize != 19 && s.GomokuSize != 20 {
		s.GomokuSize = d.GomokuSize
	}
	if !oneOf(s.GomokuRules, "freestyle", "exact5") {
		s.GomokuRules = d.GomokuRules
	}
	if !oneOf(s.GomokuOpening, "none", "swap") {
		s.GomokuOpening = d.GomokuOpening
	}
	if !oneOf(s.AlakRules, "classic", "modern") {
		s.AlakRules = d.AlakRules
	}
	if s.AlakPoints < 7 || s.AlakPoints > 26 {
		s.AlakPoints = d.AlakPoints
	}
	return s
}

func oneOf(s string, set ...string) bool {
	for _, x := range set {
		if s == x {
			return true
		}
	}
	return false
}

// Preference keys (stored under AppID by Fyne).
const (
	prefGame          = "game"
	prefOpponent      = "opponent"
	prefLevel         = "level"
	prefSide          = "side"
	prefGomokuSize    = "gomoku.size"
	prefGomokuRules   = "gomoku.rules"
	prefGomokuOpening = "gomoku.opening"
	prefAlakRules     = "alak.rules"
	prefAlakPoints    = "alak.points"
	prefDvonnRandom   = "dvonn.random"
	prefShowLegal     = "othello.showLegal"
)

// LoadSettings reads the last new-game choices from p; missing or invalid
// values fall back to DefaultSettings.
func LoadSettings(p fyne.Preferences) MatchSettings {
	d := DefaultSettings()
	s := MatchSettings{
		Game:          p.StringWithFallback(prefGame, d.Game),
		Opponent:      Opponent(p.StringWithFallback(prefOpponent, string(d.Opponent))),
		Level:         p.IntWithFallback(prefLevel, d.Level),
		Side:          rules.Player(p.IntWithFallback(prefSide, int(d.Side))),
		GomokuSize:    p.IntWithFallback(prefGomokuSize, d.GomokuSize),
		GomokuRules:   p.StringWithFallback(prefGomokuRules, d.GomokuRules),
		GomokuOpening: p.StringWithFallback(prefGomokuOpening, d.GomokuOpening),
		AlakRules:     p.StringWithFallback(prefAlakRules, d.AlakRules),
		AlakPoints:    p.IntWithFallback(prefAlakPoints, d.AlakPoints),
		DvonnRandom:   p.BoolWithFallback(prefDvonnRandom, d.DvonnRandom),
	}
	if side := p.IntWithFallback(prefSide, int(d.Side)); side < 0 || side > 1 {
		s.Side = d.Side
	}
	return s.normalized()
}

// SaveSettings stores s in p for the next start.
func SaveSettings(p fyne.Preferences, s MatchSettings) {
	p.SetString(prefGame, s.Game)
	p.SetString(prefOpponent, string(s.Opponent))
	p.SetInt(prefLevel, s.Level)
	p.SetInt(prefSide, int(s.Side))
	p.SetInt(prefGomokuSize, s.GomokuSize)
	p.SetString(prefGomokuRules, s.GomokuRules)
	p.SetString(prefGomokuOpening, s.GomokuOpening)
	p.SetString(prefAlakRules, s.AlakRules)
	p.SetInt(prefAlakPoints, s.AlakPoints)
	p.SetBool(prefDvonnRandom, s.DvonnRandom)
}

// LoadShowLegal reports whether Othello's legal-move marks are on (default
// on); SaveShowLegal stores the choice.
func LoadShowLegal(p fyne.Preferences) bool { return p.BoolWithFallback(prefShowLegal, true) }

// SaveShowLegal stores whether Othello's legal-move marks are shown.
func SaveShowLegal(p fyne.Preferences, on bool) { p.SetBool(prefShowLegal, on) }
