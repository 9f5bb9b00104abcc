package main

import (
	"maps"

	"fyne.io/fyne/v2"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/registry"
	"planiverse/widgets"
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
// it, and each game's option values (kept for every registered game, so
// that switching game in the dialog keeps the others' choices). They are
// remembered in Fyne Preferences (LoadSettings, SaveSettings). Variants is
// shared by copies of a MatchSettings: change it only through WithOption.
type MatchSettings struct {
	Game     string       // a registered game's name (registry.Names)
	Opponent Opponent     // VsComputer, VsPerson or Watch
	Level    int          // the computer's level, 1..ai.MaxLevel (ai.Levels)
	Side     rules.Player // the seat the person plays against the computer (0 moves first)
	// Engine names a configured external engine (EngineConfig.Name) that
	// plays the computer's seat instead of Planiverse (in computer against
	// computer, the second seat); "" for none.
	Engine string
	// Level2 is the second seat's level in computer against computer
	// (Level plays the first), 1..ai.MaxLevel; 0 means Level.
	Level2 int
	// Clock is the time control's key (clockPresets: "off", "move2m",
	// "game5"...); LoseOnTime makes running out of time lose the game.
	Clock      string
	LoseOnTime bool

	// Variants holds the option values of each game by game name and
	// option key (rules.Option.Key), including options that do not apply
	// to the variant chosen now (Alak's points while classic is chosen).
	Variants map[string]rules.Options
}

// DefaultSettings are the choices of a first start: Othello against the
// computer at level 2 (Casual), the person playing the first seat, and for
// every game the options' preferred values (rules.Option.Preferred, else
// Default).
func DefaultSettings() MatchSettings {
	s := MatchSettings{Game: "othello", Opponent: VsComputer, Level: 2, Side: rules.First,
		Clock: "off", LoseOnTime: true, Variants: map[string]rules.Options{}}
	for _, d := range registry.Games() {
		s.Variants[d.Name] = preferredOptions(d)
	}
	return s
}

// preferredOptions are d's options as a first start shows them.
func preferredOptions(d *rules.Descriptor) rules.Options {
	o := d.Defaults()
	for _, opt := range d.Options {
		if opt.Preferred != "" {
			o[opt.Key] = opt.Preferred
		}
	}
	return o
}

// Descriptor returns the chosen game's descriptor (the settings are
// normalized, so the game is registered; nil otherwise).
func (s MatchSettings) Descriptor() *rules.Descriptor {
	d, _ := registry.Lookup(s.Game)
	return d
}

// Options returns the chosen game's option values that apply to the chosen
// variant (rules.Option.Applies), as the game's New wants them.
func (s MatchSettings) Options() rules.Options {
	d := s.Descriptor()
	if d == nil {
		return rules.Options{}
	}
	return applying(d, s.Variants[s.Game])
}

// applying returns the values of o that apply to the variant o describes,
// with defaults for missing ones.
func applying(d *rules.Descriptor, o rules.Options) rules.Options {
	full := d.Defaults()
	for k, v := range o {
		if opt := d.Option(k); opt != nil && opt.Valid(v) {
			full[k] = v
		}
	}
	out := rules.Options{}
	for _, opt := range d.Options {
		if opt.Applies == nil || opt.Applies(full) {
			out[opt.Key] = full[opt.Key]
		}
	}
	return out
}

// Option returns the value of the chosen game's option key ("" when it has
// none).
func (s MatchSettings) Option(key string) string { return s.Variants[s.Game][key] }

// WithOption returns s with game's option key set to value; s itself and
// its copies are unchanged.
func (s MatchSettings) WithOption(game, key, value string) MatchSettings {
	v := make(map[string]rules.Options, len(s.Variants))
	for g, o := range s.Variants {
		v[g] = maps.Clone(o)
	}
	if v[game] == nil {
		v[game] = rules.Options{}
	}
	v[game][key] = value
	s.Variants = v
	return s
}

// normalized returns s with every out-of-range or unknown field replaced by
// its default, so that stale or hand-edited preferences never break a start:
// an unknown game or opponent, a level or side out of range, an option
// value its game does not allow. It always returns a fresh Variants map.
func (s MatchSettings) normalized() MatchSettings {
	d := DefaultSettings()
	if _, err := registry.Lookup(s.Game); err != nil {
		s.Game = d.Game
	}
	if !oneOf(string(s.Opponent), string(VsComputer), string(VsPerson), string(Watch)) {
		s.Opponent = d.Opponent
	}
	if s.Level < 1 || s.Level > ai.MaxLevel {
		s.Level = d.Level
	}
	if s.Level2 < 0 || s.Level2 > ai.MaxLevel {
		s.Level2 = 0
	}
	s.Clock = clockPreset(s.Clock).Key
	if s.Side > rules.Second {
		s.Side = d.Side
	}
	for _, g := range registry.Games() {
		o := d.Variants[g.Name]
		for k, v := range s.Variants[g.Name] {
			if opt := g.Option(k); opt != nil && opt.Valid(v) {
				o[k] = v
			}
		}
	}
	s.Variants = d.Variants
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

// Preference keys (stored under AppID by Fyne). A game's option is kept
// under "<game>.<option key>", such as "gomoku.rules".
const (
	prefGame      = "game"
	prefOpponent  = "opponent"
	prefLevel     = "level"
	prefSide      = "side"
	prefShowLegal = "othello.showLegal"
	prefEngine    = "engine"
	prefLevel2    = "level2"
	prefSound     = "sound"
	prefAnimation = "animation"
	prefClock     = "clock"
	prefLoseTime  = "clock.loseOnTime"
	prefWidth     = "window.width"
	prefHeight    = "window.height"
)

// prefOption is the preference key of game's option key.
func prefOption(game, key string) string { return game + "." + key }

// LoadSettings reads the last new-game choices from p; missing or invalid
// values fall back to DefaultSettings.
func LoadSettings(p fyne.Preferences) MatchSettings {
	d := DefaultSettings()
	s := MatchSettings{
		Game:       p.StringWithFallback(prefGame, d.Game),
		Opponent:   Opponent(p.StringWithFallback(prefOpponent, string(d.Opponent))),
		Level:      p.IntWithFallback(prefLevel, d.Level),
		Side:       d.Side,
		Engine:     p.StringWithFallback(prefEngine, ""),
		Level2:     p.IntWithFallback(prefLevel2, 0),
		Clock:      p.StringWithFallback(prefClock, "off"),
		LoseOnTime: p.BoolWithFallback(prefLoseTime, true),
		Variants:   map[string]rules.Options{},
	}
	if side := p.IntWithFallback(prefSide, int(d.Side)); side == 0 || side == 1 {
		s.Side = rules.Player(side)
	}
	for _, g := range registry.Games() {
		o := rules.Options{}
		for _, opt := range g.Options {
			o[opt.Key] = p.StringWithFallback(prefOption(g.Name, opt.Key), d.Variants[g.Name][opt.Key])
		}
		s.Variants[g.Name] = o
	}
	return s.normalized()
}

// SaveSettings stores s in p for the next start.
func SaveSettings(p fyne.Preferences, s MatchSettings) {
	p.SetString(prefGame, s.Game)
	p.SetString(prefOpponent, string(s.Opponent))
	p.SetInt(prefLevel, s.Level)
	p.SetInt(prefSide, int(s.Side))
	p.SetString(prefEngine, s.Engine)
	p.SetInt(prefLevel2, s.Level2)
	p.SetString(prefClock, s.Clock)
	p.SetBool(prefLoseTime, s.LoseOnTime)
	for game, o := range s.Variants {
		for k, v := range o {
			p.SetString(prefOption(game, k), v)
		}
	}
}

// LoadShowLegal reports whether Othello's legal-move marks are on (default
// on); SaveShowLegal stores the choice.
func LoadShowLegal(p fyne.Preferences) bool { return p.BoolWithFallback(prefShowLegal, true) }

// SaveShowLegal stores whether Othello's legal-move marks are shown.
func SaveShowLegal(p fyne.Preferences, on bool) { p.SetBool(prefShowLegal, on) }

// loadSoundOn reports whether the sounds are on (default on).
func loadSoundOn(p fyne.Preferences) bool { return p.BoolWithFallback(prefSound, true) }

// animationSpeeds are the choices of Game → Animation.
var animationSpeeds = []struct {
	key, label string
	speed      widgets.AnimationSpeed
}{
	{"normal", "Normal", widgets.AnimationNormal},
	{"slow", "Slow", widgets.AnimationSlow},
	{"off", "Off", widgets.AnimationOff},
}

// loadAnimation returns the remembered animation speed (default normal).
func loadAnimation(p fyne.Preferences) widgets.AnimationSpeed {
	key := p.StringWithFallback(prefAnimation, "normal")
	for _, sp := range animationSpeeds {
		if sp.key == key {
			return sp.speed
		}
	}
	return widgets.AnimationNormal
}
