package session

import (
	"os"
	"testing"

	_ "planiverse/ai/games" // the games' AI knowledge
	"planiverse/app/cli"
	"planiverse/app/internal/fakeengine"
)

// TestMain lets the test binary stand in for an engine process
// (fakeengine.Command).
func TestMain(m *testing.M) {
	if mode, args, ok := fakeengine.Requested(); ok {
		os.Exit(fakeengine.Run(mode, args, cli.ServeEngine))
	}
	os.Exit(m.Run())
}

// fake returns the command line that runs the test binary as an engine.
func fake(mode string, args ...string) string { return fakeengine.Command(mode, args...) }
