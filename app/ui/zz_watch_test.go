package ui

import (
	"testing"

	"planiverse/app/session"
)

func TestZZWatch(t *testing.T) {
	g, q := newTestGUI(t)
	g.begin()
	set := settings("othello", session.Watch)
	g.startGame(set)
	q.RunUntil(t, "4 plies", func() bool { return g.ctl.Plies() >= 4 })
}
