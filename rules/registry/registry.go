// Package registry lists the games Planiverse plays: one rules.Descriptor
// per game, looked up by name. The app, the command line and the AI find a
// game here instead of switching on its type; the widget and the AI
// knowledge of a game are registered under the same name in packages
// widgets and ai.
//
// The four games are listed explicitly below (no registration from init
// functions of other packages); Register adds another, such as a toy game
// in a test.
package registry

import (
	"strings"
	"sync"

	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
	"planiverse/rules/phrase"
)

var (
	mu    sync.RWMutex
	games = []*rules.Descriptor{dvonn.Descriptor, othello.Descriptor, gomoku.Descriptor, alak.Descriptor}
)

// Register adds the game d, after the others. It panics when d has no Name,
// Title or New, or when a game of that name is registered already (a
// programming error).
func Register(d *rules.Descriptor) {
	if d == nil || d.Name == "" || d.Title == "" || d.New == nil {
		panic("registry: a game needs a Name, a Title and New")
	}
	mu.Lock()
	defer mu.Unlock()
	for _, g := range games {
		if g.Name == d.Name {
			panic("registry: game " + d.Name + " registered twice")
		}
	}
	games = append(games, d)
}

// Unregister removes the game of that name, if any (for tests that
// register a toy game).
func Unregister(name string) {
	mu.Lock()
	defer mu.Unlock()
	for i, g := range games {
		if g.Name == name {
			games = append(games[:i:i], games[i+1:]...)
			return
		}
	}
}

// Games returns the registered games in the order the app shows them:
// DVONN, Othello, Gomoku, Alak, then any registered later. The slice is a
// fresh copy.
func Games() []*rules.Descriptor {
	mu.RLock()
	defer mu.RUnlock()
	return append([]*rules.Descriptor(nil), games...)
}

// Names returns the registered games' names in the order of Games.
func Names() []string {
	var out []string
	for _, g := range Games() {
		out = append(out, g.Name)
	}
	return out
}

// Lookup returns the game of that name, or an error wrapping
// rules.ErrOption that lists the known names.
func Lookup(name string) (*rules.Descriptor, error) {
	mu.RLock()
	defer mu.RUnlock()
	for _, g := range games {
		if g.Name == name {
			return g, nil
		}
	}
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = g.Name
	}
	return nil, rules.Errorp(rules.ErrOption, phrase.T("error.unknown_game", "unknown game {{.Name}} (want one of {{.Games}})", map[string]any{"Name": rules.Quote(name), "Games": strings.Join(names, ", ")}))
}

// Of returns the game of position s (rules.GameName), or nil when s does
// not name a registered game.
func Of(s rules.State) *rules.Descriptor {
	d, err := Lookup(rules.GameName(s))
	if err != nil {
		return nil
	}
	return d
}
