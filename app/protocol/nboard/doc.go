// Package nboard is the NBoard protocol for Othello, both sides: the
// engine mode's server (Serve) and the referee's client of an engine
// process (NewClient), with the GGF game text they exchange.
//
// It may import app/protocol/link, ai and rules; nothing else of app/.
package nboard
