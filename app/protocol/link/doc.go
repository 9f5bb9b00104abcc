// Package link holds what every engine protocol shares: the engine mode's
// server state (Server: the engine, its levels and its game clock), the
// line reader both sides use, and the referee's side of an engine process
// (Proc, Client, Game). Proc is the one engine-process type: the referee
// (planiverse match) and the window's external engines both start their
// engines with StartProc (its own process group, killed as a group;
// bounded output; deadlines on every read and write; the last stderr
// lines in its errors).
//
// It may import ai and rules; it imports no protocol, no Fyne and nothing
// else of app/ (its tests use app/internal/fakeengine).
package link
