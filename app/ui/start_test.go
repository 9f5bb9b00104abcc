package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
	"planiverse/app/session/startopts"
	"planiverse/rules"
)

// startRecord is a five-move Othello record, the one .ci/smoke.sh opens.
const startRecord = "../session/startopts/testdata/othello-short.sgf"

// withAutosave gives app a a temporary autosave folder holding an
// Othello game in progress between two people (f5 d6 c3), and returns the
// autosave's path and contents.
func withAutosave(t *testing.T, a fyne.App) (path string, data []byte) {
	t.Helper()
	dir := t.TempDir()
	old := autosaveRoot
	autosaveRoot = func(fyne.App) string { return dir }
	t.Cleanup(func() { autosaveRoot = old })
	g := newGUI(a, sessiontest.NewScripted(false), sessiontest.NewQueue().Post, 1)
	g.startGame(settings("othello", session.VsPerson))
	playTexts(t, g.ctl, "f5 d6 c3")
	path = filepath.Join(dir, autosaveBase+".sgf")
	data, err := os.ReadFile(path)
	if err != nil || !bytes.Contains(data, []byte("c3")) {
		t.Fatalf("no autosave of the game in progress: %q %v", data, err)
	}
	g.autosaver.Release() // that session ends
	return path, data
}

// parseStart parses the window's arguments and fails the test on an error.
func parseStart(t *testing.T, args ...string) startopts.Start {
	t.Helper()
	st, err := startopts.Parse(args)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestStartFile: "planiverse FILE" opens the record in the window for
// review, between two people so that the computer does not play on,
// without the New game dialog and instead of the autosaved game, which
// stays on disk untouched and comes back at the next plain start.
func TestStartFile(t *testing.T) {
	a := test.NewTempApp(t)
	saved, before := withAutosave(t, a)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 2)
	g.beginWith(parseStart(t, startRecord))
	if g.ctl.Plies() != 5 || !g.ctl.Started() || !strings.Contains(g.ctl.MoveList(), "c4") {
		t.Fatalf("opened %d plies %q, started %v", g.ctl.Plies(), g.ctl.MoveList(), g.ctl.Started())
	}
	if text, _ := overlayTexts(g); text != "" {
		t.Fatalf("a dialog over the opened record: %q", text)
	}
	// For review: nothing plays on by itself.
	time.Sleep(50 * time.Millisecond)
	q.Drain()
	if g.ctl.Plies() != 5 || g.ctl.Settings().Opponent != session.VsPerson || g.ctl.IsComputer(g.ctl.State().ToMove()) {
		t.Fatalf("after opening: %d plies, opponent %s", g.ctl.Plies(), g.ctl.Settings().Opponent)
	}
	if msgs := strings.Join(g.ctl.Messages(), "\n"); !strings.Contains(msgs, "othello-short.sgf") {
		t.Errorf("the panel does not name the file: %q", msgs)
	}
	g.refresh()
	if after, _ := os.ReadFile(saved); !bytes.Equal(after, before) {
		t.Fatalf("the autosave was overwritten by the opened record: %q", after)
	}
	// The next plain start restores the autosaved game.
	h := newGUI(a, sessiontest.NewScripted(false), q.Post, 3)
	h.begin()
	if got := h.ctl.MoveList(); !strings.Contains(got, "c3") || h.ctl.Plies() != 3 {
		t.Fatalf("the next start restored %q", got)
	}
}

// TestStartFileAnalyzed: a record that carries its own analysis (made by
// planiverse analyze --sgf) opens with it, as File → Open does.
func TestStartFileAnalyzed(t *testing.T) {
	a := test.NewTempApp(t)
	g := newGUI(a, sessiontest.NewScripted(false), sessiontest.NewQueue().Post, 1)
	g.beginWith(parseStart(t, "../session/startopts/testdata/othello-short-analyzed.sgf"))
	if g.ctl.Plies() != 5 {
		t.Fatalf("opened %d plies", g.ctl.Plies())
	}
	if msgs := strings.Join(g.ctl.Messages(), "\n"); !strings.Contains(msgs, "The record holds an analysis") {
		t.Fatalf("the record's analysis is not shown: %q", msgs)
	}
}

// TestStartOptions: the start options open the window on their new game
// without the New game dialog, remember the choices, and leave the
// autosaved game in progress untouched: the new game is autosaved beside
// it.
func TestStartOptions(t *testing.T) {
	a := test.NewTempApp(t)
	saved, before := withAutosave(t, a)
	g := newGUI(a, sessiontest.NewScripted(false), sessiontest.NewQueue().Post, 2)
	g.beginWith(parseStart(t, "--game", "gomoku", "--you", "both", "--size", "19", "--opening", "none", "--clock", "5+3"))
	set := g.ctl.Settings()
	if set.Game != "gomoku" || set.Opponent != session.VsPerson || set.Options()["size"] != "19" || set.Clock != "game5" ||
		!g.ctl.Started() || g.ctl.Plies() != 0 {
		t.Fatalf("started %v with %+v, %d plies", g.ctl.Started(), set, g.ctl.Plies())
	}
	if text, _ := overlayTexts(g); text != "" {
		t.Fatalf("a dialog over the new game: %q", text)
	}
	if got := LoadSettings(a.Preferences()); got.Game != "gomoku" || got.Option("size") != "19" {
		t.Errorf("remembered %s size %s", got.Game, got.Option("size"))
	}
	g.refresh()
	if after, _ := os.ReadFile(saved); !bytes.Equal(after, before) {
		t.Fatalf("the autosave was overwritten before a move: %q", after)
	}
	playTexts(t, g.ctl, "j10")
	if after, _ := os.ReadFile(saved); !bytes.Equal(after, before) {
		t.Fatalf("the autosave of the earlier game was overwritten: %q", after)
	}
	if beside, err := os.ReadFile(filepath.Join(filepath.Dir(saved), autosaveBase+"-2.sgf")); err != nil || !bytes.Contains(beside, []byte("B[jj]")) {
		t.Fatalf("the new game's move was not autosaved beside the earlier game: %q %v", beside, err)
	}
}

// TestStartOptionsComputerFirst: with --you white the computer, Black,
// makes the first move by itself.
func TestStartOptionsComputerFirst(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.ctl.MinDelay, g.ctl.WatchDelay, g.ctl.ShowDelay = 0, 0, 0
	g.beginWith(parseStart(t, "--game", "othello", "--level", "1", "--you", "white", "--clock", "none"))
	if set := g.ctl.Settings(); set.Side != rules.Second || set.Level != 1 || set.Opponent != session.VsComputer {
		t.Fatalf("settings %+v", set)
	}
	q.RunUntil(t, "the computer's first move", func() bool { return g.ctl.Plies() == 1 })
	if !g.ctl.PersonToMove() {
		t.Fatal("the person is not to move after the computer's first move")
	}
}
