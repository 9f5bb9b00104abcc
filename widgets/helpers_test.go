package widgets

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"planiverse/rules"
)

// variantTheme is the default theme fixed to one variant (light or dark),
// for screenshots as a user would see them.
type variantTheme struct {
	fyne.Theme
	v fyne.ThemeVariant
}

func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.v)
}

// newApp starts a test app with the light default theme.
func newApp(t *testing.T) fyne.App { return newAppVariant(t, theme.VariantLight) }

// newAppVariant starts a test app with the default theme in variant v.
func newAppVariant(t *testing.T, v fyne.ThemeVariant) fyne.App {
	a := test.NewTempApp(t)
	a.Settings().SetTheme(variantTheme{theme.DefaultTheme(), v})
	return a
}

// show puts w in an unpadded test window of the given size.
func show(t *testing.T, w fyne.CanvasObject, size fyne.Size) fyne.Window {
	win := test.NewTempWindow(t, w)
	win.SetPadded(false)
	win.Resize(size)
	w.Resize(size)
	return win
}

// recorder collects the moves a board reports.
type recorder struct{ moves []rules.Move }

func (r *recorder) on(m rules.Move) { r.moves = append(r.moves, m) }

// tapAt taps the widget at p.
func tapAt(w fyne.Tappable, p fyne.Position) {
	w.Tapped(&fyne.PointEvent{Position: p})
}

// play plays the space-separated moves on s, failing the test on an error.
func play(t *testing.T, s rules.State, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatalf("move %s: %v", text, err)
		}
		s.Play(m)
	}
}

// shots is the -shots test flag: write the boards' screenshots to
// testdata (go test ./widgets -run Shot -args -shots).
var shots = flag.Bool("shots", false, "write the board screenshots to testdata/<name>.png")

// shot captures the window and, with -shots, writes it to
// testdata/<name>.png. It checks that the board area is not blank.
func shot(t *testing.T, win fyne.Window, name string) image.Image {
	t.Helper()
	img := win.Canvas().Capture()
	b := img.Bounds()
	if b.Dx() < 100 || b.Dy() < 100 {
		t.Fatalf("%s: capture is only %v", name, b)
	}
	colors := map[color.RGBA]bool{}
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			r, g, bl, a := img.At(x, y).RGBA()
			colors[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), uint8(a >> 8)}] = true
		}
	}
	if len(colors) < 8 {
		t.Errorf("%s: capture has only %d colors: nothing drawn?", name, len(colors))
	}
	if *shots {
		f, err := os.Create(filepath.Join("testdata", name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
	}
	return img
}

// near reports whether color c is within tol (per channel, 0..255) of want.
func near(c color.Color, want color.NRGBA, tol int) bool {
	r, g, b, _ := c.RGBA()
	d := func(x uint32, y uint8) bool {
		v := int(x>>8) - int(y)
		return v <= tol && v >= -tol
	}
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// cacheRenderer returns the renderer the test driver made for w.
func cacheRenderer(w fyne.Widget) fyne.WidgetRenderer { return test.WidgetRenderer(w) }
