// Package pbrain is the Gomocup "pbrain" protocol for Gomoku, both sides:
// the engine mode's server (Serve) and the referee's client of an engine
// process (NewClient).
//
// It may import app/protocol/link, ai and rules; nothing else of app/.
package pbrain
