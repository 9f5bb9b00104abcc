// Package session is a game in the window without the window: the
// controller (moves, undo and redo, hints, the computer's and external
// engines' turns), the clocks, review, records, analysis, the
// background search worker, the lessons' view-model (lessons.go, over
// app/lesson) and the puzzles' view-model (puzzles.go, over app/puzzle).
// The window (app/ui) drives it and draws what it reports.
//
// It may import ai, rules, app/lesson, app/puzzle, app/protocol (external engines)
// and app/internal; never Fyne (`go list -deps ./app/session | grep fyne`
// lists nothing).
package session
