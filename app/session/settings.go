package session

import (
	"maps"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/registry"
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
	Game     string     // a registered game's name (registry.Names)
	Opponent Opponent   // VsComputer, VsPerson or Watch
	Level    int        // the computer's level, ai.MinLevel..ai.MaxLevel (ai.AllLevels)
	Side     rules.Seat // the seat the person plays against the computer (0 moves first)
	// Engine names a configured external engine (EngineConfig.Name) that
	// plays the computer's seat instead of Planiverse (in computer against
	// computer, the second seat); "" for none.
	Engine string
	// Level2 is the second seat's level in computer against computer
	// (Level plays the first), ai.MinLevel..ai.MaxLevel, when HasLevel2;
	// without it both seats play at Level.
	Level2    int
	HasLevel2 bool
	// Clock is the time control's key (ClockPresets: "off", "move2m",
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

// Normalized returns s with every out-of-range or unknown field replaced by
// its default, so that stale or hand-edited preferences never break a start:
// an unknown game or opponent, a level or side out of range, an option
// value its game does not allow. It always returns a fresh Variants map.
func (s MatchSettings) Normalized() MatchSettings {
	d := DefaultSettings()
	if _, err := registry.Lookup(s.Game); err != nil {
		s.Game = d.Game
	}
	if !oneOf(string(s.Opponent), string(VsComputer), string(VsPerson), string(Watch)) {
		s.Opponent = d.Opponent
	}
	if s.Level < ai.MinLevel || s.Level > ai.MaxLevel {
		s.Level = d.Level
	}
	if !s.HasLevel2 || s.Level2 < ai.MinLevel || s.Level2 > ai.MaxLevel {
		s.Level2, s.HasLevel2 = 0, false
	}
	s.Clock = ClockPresetFor(s.Clock).Key
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
