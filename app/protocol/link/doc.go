// Package link holds what every engine protocol shares: the engine mode's
// server state (Server: the engine, its levels and its game clock), the
// line reader both sides use, and the referee's side of an engine process
// (Proc, Client, Game).
//
// It may import ai and rules; it imports no protocol, no Fyne and nothing
// else of app/.
package link
