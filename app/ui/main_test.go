package ui

import (
	"os"
	"testing"

	"fyne.io/fyne/v2"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/app/cli"
	"planiverse/app/internal/fakeengine"
)

// TestMain lets the test binary stand in for an engine process
// (fakeengine.Command) and keeps the tests' autosaves apart.
func TestMain(m *testing.M) {
	ai.Use(games.Knowledge())
	if mode, args, ok := fakeengine.Requested(); ok {
		os.Exit(fakeengine.Run(mode, args, cli.ServeEngine))
	}
	// Fyne's test apps share one storage folder: no test restores
	// another's autosave unless it sets its own folder (TestAutosave).
	autosaveRoot = func(fyne.App) string { return "" }
	os.Exit(m.Run())
}

// fake returns the command line that runs the test binary as an engine.
func fake(mode string, args ...string) string { return fakeengine.Command(mode, args...) }
