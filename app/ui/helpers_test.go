package ui

import (
	"strings"
	"testing"

	"planiverse/app/session"
)

func settings(game string, opp session.Opponent) session.MatchSettings {
	s := session.DefaultSettings()
	s.Game, s.Opponent, s.Level = game, opp, 1
	return s
}

func newTestController(t *testing.T, eng session.Searcher, post func(func()), set session.MatchSettings) *session.Controller {
	t.Helper()
	c := session.NewController(eng, post, 1)
	c.MinDelay, c.WatchDelay, c.ShowDelay = 0, 0, 0
	if err := c.NewGame(set); err != nil {
		t.Fatal(err)
	}
	return c
}

// playTexts plays moves (space separated) as the person between two
// people.
func playTexts(t *testing.T, c *session.Controller, moves string) {
	t.Helper()
	for _, text := range strings.Fields(moves) {
		m, err := c.State().ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Play(m); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
}
