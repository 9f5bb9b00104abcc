// Package alakline is Planiverse's line protocol for Alak, both sides: the
// engine mode's server (Serve) and the referee's client of an engine
// process (NewClient).
//
// It may import app/protocol/link, ai and rules; nothing else of app/.
package alakline
