// Package referee plays matches between two engine processes that speak
// their game's engine protocol (Planiverse's own engine mode or any
// external program), one game at a time, colors swapped per opening, and
// reports each game and the score.
//
// It may import app/protocol (and its sub-packages) and rules; no Fyne.
package referee
