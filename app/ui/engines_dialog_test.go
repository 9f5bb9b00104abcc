package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"planiverse/app/session"
)

func TestEnginesForm(t *testing.T) {
	a := test.NewTempApp(t)
	p := a.Preferences()
	f := newEnginesForm(LoadEngines(p), "Othello", func(l []session.EngineConfig) { SaveEngines(p, l) })
	if f.game.Selected != "Othello" {
		t.Fatalf("game select shows %q, want the current game", f.game.Selected)
	}
	if err := f.addEngine(session.EngineConfig{Name: "AIWine", Game: "gomoku", Command: "/opt/aiwine"}); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []session.EngineConfig{
		{Name: "AIWine", Game: "gomoku", Command: "x"},
		{Name: "", Game: "gomoku", Command: "x"},
		{Name: "X", Game: "gomoku"},
		{Name: planiverseEngine, Game: "gomoku", Command: "x"},
	} {
		if err := f.addEngine(bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	f.addEngine(session.EngineConfig{Name: "Zebra", Game: "othello", Command: "/opt/zebra-nboard"})
	if got := LoadEngines(p); len(got) != 2 || got[0].Name != "AIWine" {
		t.Fatalf("stored %+v", got)
	}
	// The new-game dialog offers an engine for its game only.
	set := settings("gomoku", session.VsComputer)
	form := newNewGameForm(set, LoadEngines(p))
	if !form.engineRow.Visible() || len(form.engine.Options) != 2 {
		t.Fatalf("engine choices %v", form.engine.Options)
	}
	form.engine.SetSelected("AIWine")
	if form.Settings().Engine != "AIWine" {
		t.Fatal("engine choice not read")
	}
	form.game.SetSelected("DVONN")
	if form.engineRow.Visible() || form.Settings().Engine != "" {
		t.Fatal("a Gomoku engine offered for DVONN")
	}
	f.remove(0)
	if got := LoadEngines(p); len(got) != 1 || got[0].Name != "Zebra" {
		t.Fatalf("after remove %+v", got)
	}
}
