package widgets

import (
	"math/rand/v2"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// TestDarkShots lays out the four boards, mid-game, in the dark theme, on
// the theme's background as the app shows them, and checks the coordinates
// follow the theme. With -shots it paints them and writes
// testdata/<game>-dark.png.
func TestDarkShots(t *testing.T) {
	boards := []struct {
		name string
		make func() Board
		size fyne.Size
	}{
		{"othello", func() Board {
			b := othello.New()
			play(t, b, "f5", "d6", "c3", "d3", "c4", "f4", "c5", "b3", "c2", "e6", "c6", "b4")
			return NewOthelloBoard(b)
		}, fyne.NewSize(480, 480)},
		{"gomoku", func() Board {
			g, _ := gomoku.New(gomoku.Options{Size: 15})
			play(t, g, "H8", "I9", "G9", "G7", "I7", "J6", "H7", "H9", "J9", "F6", "H6")
			return NewGomokuBoard(g)
		}, fyne.NewSize(560, 560)},
		{"dvonn", func() Board {
			g := dvonn.New()
			play(t, g, strings.Fields(dvonnPlacement)...)
			play(t, g, strings.Fields(dvonnMoves)...)
			return NewDvonnBoard(g)
		}, fyne.NewSize(860, 400)},
		{"alak", func() Board {
			g := alak.NewClassic()
			rng := rand.New(rand.NewPCG(5, 6))
			for range 7 {
				ms := g.Moves(nil)
				g.Play(ms[rng.IntN(len(ms))])
			}
			return NewAlakBoard(g)
		}, fyne.NewSize(720, 170)},
	}
	for _, b := range boards {
		newAppVariant(t, theme.VariantDark)
		w := b.make()
		bg := canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
		win := show(t, container.NewStack(bg, w), b.size)
		if *shots { // the light shots already test painting
			shot(t, win, b.name+"-dark")
		}
		// Labels are drawn in the dark theme's (light) foreground color.
		fg := theme.Color(theme.ColorNameForeground)
		found := false
		for _, o := range rendererObjects(w) {
			if txt, ok := o.(*canvas.Text); ok && txt.Text != "" && len(txt.Text) <= 2 && !isDigitOnTop(w, txt) && !isKoMark(w, txt) {
				if !sameColor(txt.Color, fg) {
					t.Errorf("%s: label %q color %v, want the theme foreground %v", b.name, txt.Text, txt.Color, fg)
				}
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no coordinate labels", b.name)
		}
	}
}

// rendererObjects returns the canvas objects of a board's renderer.
func rendererObjects(w Board) []fyne.CanvasObject {
	return cacheRenderer(w).Objects()
}

// isDigitOnTop reports whether txt is a DVONN stack height (drawn in the
// piece's color, not the theme's).
func isDigitOnTop(w Board, txt *canvas.Text) bool {
	d, ok := w.(*DvonnBoard)
	if !ok {
		return false
	}
	r := cacheRenderer(d).(*dvonnRenderer)
	for c := range r.stacks {
		if r.stacks[c].height == txt {
			return true
		}
	}
	return false
}

// isKoMark reports whether txt is one of an Alak board's "ko" marks (drawn
// in the board's color, on a cup).
func isKoMark(w Board, txt *canvas.Text) bool {
	a, ok := w.(*AlakBoard)
	if !ok {
		return false
	}
	for _, k := range cacheRenderer(a).(*alakRenderer).ko {
		if k == txt {
			return true
		}
	}
	return false
}
