package session

import (
	"os"
	"testing"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/app/cli"
	"planiverse/app/internal/fakeengine"
)

// TestMain lets the test binary stand in for an engine process
// (fakeengine.Command).
func TestMain(m *testing.M) {
	ai.Use(games.Knowledge())
	if mode, args, ok := fakeengine.Requested(); ok {
		os.Exit(fakeengine.Run(mode, args, cli.ServeEngine))
	}
	os.Exit(m.Run())
}

// fake returns the command line that runs the test binary as an engine.
func fake(mode string, args ...string) string { return fakeengine.Command(mode, args...) }
