package link

// The clock plans come from the games' AI knowledge, registered by the
// wiring package.
import _ "planiverse/ai/games"
