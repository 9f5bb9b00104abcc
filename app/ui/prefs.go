package ui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"

	"planiverse/app/i18n"
	"planiverse/app/internal/prefsfile"
	"planiverse/app/session"
	"planiverse/rules"
	"planiverse/rules/registry"
	"planiverse/widgets"
)

// repairPreferences checks the settings file path (Fyne's
// preferences.json) before Fyne reads it and repairs a damaged one
// (prefsfile.Check: the damaged file is kept beside it, every setting that
// reads is kept). It returns what it did, to say once in the window
// (repairNote); a failure to repair is said on stderr.
func repairPreferences(path string, now time.Time) prefsfile.Repair {
	if path == "" {
		return prefsfile.Repair{}
	}
	r, err := prefsfile.Check(path, now)
	if err != nil {
		fmt.Fprintf(os.Stderr, "planiverse: settings file %s: %v\n", path, err)
	}
	return r
}

// repairNote is the sentence the window shows once about r, in the
// window's language ("" for a sound file; prefsfile.Repair.Message in
// English).
func repairNote(r prefsfile.Repair) string {
	if !r.Damaged() {
		return ""
	}
	data := map[string]any{"Problem": r.Problem.Error(), "File": filepath.Base(r.Bad)}
	if r.Kept == 0 {
		return i18n.T("ui.prefs.damaged_none", "The settings file was damaged ({{.Problem}}). No setting could be read; the others are back to their defaults. The damaged file is kept as {{.File}}.", data)
	}
	return i18n.N("ui.prefs.damaged", "The settings file was damaged ({{.Problem}}). {{.Count}} settings that still read were kept; the others are back to their defaults. The damaged file is kept as {{.File}}.", r.Kept, data)
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
	prefHasLevel2 = "level2.set" // Level2 is set (before Novice, level2 0 meant unset)
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
func LoadSettings(p fyne.Preferences) session.MatchSettings {
	d := session.DefaultSettings()
	s := session.MatchSettings{
		Game:       p.StringWithFallback(prefGame, d.Game),
		Opponent:   session.Opponent(p.StringWithFallback(prefOpponent, string(d.Opponent))),
		Level:      p.IntWithFallback(prefLevel, d.Level),
		Side:       d.Side,
		Engine:     p.StringWithFallback(prefEngine, ""),
		Level2:     p.IntWithFallback(prefLevel2, 0),
		HasLevel2:  p.BoolWithFallback(prefHasLevel2, p.IntWithFallback(prefLevel2, 0) > 0),
		Clock:      p.StringWithFallback(prefClock, "off"),
		LoseOnTime: p.BoolWithFallback(prefLoseTime, true),
		Variants:   map[string]rules.Options{},
	}
	if side := p.IntWithFallback(prefSide, int(d.Side)); side == 0 || side == 1 {
		s.Side = rules.Seat(side)
	}
	for _, g := range registry.Games() {
		o := rules.Options{}
		for _, opt := range g.Options {
			o[opt.Key] = p.StringWithFallback(prefOption(g.Name, opt.Key), d.Variants[g.Name][opt.Key])
		}
		s.Variants[g.Name] = o
	}
	return s.Normalized()
}

// SaveSettings stores s in p for the next start.
func SaveSettings(p fyne.Preferences, s session.MatchSettings) {
	p.SetString(prefGame, s.Game)
	p.SetString(prefOpponent, string(s.Opponent))
	p.SetInt(prefLevel, s.Level)
	p.SetInt(prefSide, int(s.Side))
	p.SetString(prefEngine, s.Engine)
	p.SetInt(prefLevel2, s.Level2)
	p.SetBool(prefHasLevel2, s.HasLevel2)
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
	key   string
	label func() string // in the window's language
	speed widgets.AnimationSpeed
}{
	{"normal", func() string { return i18n.T("ui.animation.normal", "Normal", nil) }, widgets.AnimationNormal},
	{"slow", func() string { return i18n.T("ui.animation.slow", "Slow", nil) }, widgets.AnimationSlow},
	{"off", func() string { return i18n.T("ui.animation.off", "Off", nil) }, widgets.AnimationOff},
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

// prefEngines is the preference key of the engine list (JSON).
const prefEngines = "engines"

// LoadEngines reads the configured engines from p; an unreadable list
// reads as empty.
func LoadEngines(p fyne.Preferences) []session.EngineConfig {
	var out []session.EngineConfig
	if err := json.Unmarshal([]byte(p.StringWithFallback(prefEngines, "[]")), &out); err != nil {
		return nil
	}
	return out
}

// SaveEngines stores the engine list in p.
func SaveEngines(p fyne.Preferences, list []session.EngineConfig) {
	b, _ := json.Marshal(list)
	p.SetString(prefEngines, string(b))
}
