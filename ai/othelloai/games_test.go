package othelloai_test

import (
	"os"
	"testing"

	"planiverse/ai"
	"planiverse/ai/games"
)

// TestMain installs the four games' AI knowledge: the search finds each
// game's knowledge in the installed set.
func TestMain(m *testing.M) {
	ai.Use(games.Knowledge())
	os.Exit(m.Run())
}
