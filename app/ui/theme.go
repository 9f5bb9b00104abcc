package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// appTheme is Fyne's default theme with darker input borders in the light
// variant, so that unselected radio buttons and check boxes (drawn in the
// input border color) stand out from the light background.
type appTheme struct{ fyne.Theme }

// lightInputBorder is the light variant's input border: mid gray, about
// 3:1 against white.
var lightInputBorder = color.NRGBA{0x8a, 0x8a, 0x8a, 0xff}

func newAppTheme() fyne.Theme { return &appTheme{theme.DefaultTheme()} }

// Color returns the default theme's color, but the light variant's input
// border is lightInputBorder.
func (t *appTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if n == theme.ColorNameInputBorder && v == theme.VariantLight {
		return lightInputBorder
	}
	return t.Theme.Color(n, v)
}
