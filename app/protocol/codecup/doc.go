// Package codecup is the CodeCup 2011 DVONN protocol, both sides: the
// engine mode's server (Serve) and the referee's client of an engine
// process (NewClient).
//
// It may import app/protocol/link, ai and rules; nothing else of app/.
package codecup
