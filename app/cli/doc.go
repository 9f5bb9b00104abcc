// Package cli is Planiverse's command line: the headless commands (show,
// convert, analyze, perft, bestmove, solve, selfplay, match, puzzles, wpi,
// engine), their flags, and the help and usage texts made from one command
// table.
//
// It may import app/protocol (and its sub-packages), app/referee,
// app/puzzle, app/internal, ai and rules; no Fyne.
package cli
