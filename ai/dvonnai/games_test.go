package dvonnai_test

// The search finds each game's knowledge through the wiring package.
import _ "planiverse/ai/games"
