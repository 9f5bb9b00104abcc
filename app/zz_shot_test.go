package main

import (
	"image/png"
	"os"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

func TestZZShot(t *testing.T) {
	if os.Getenv("SHOT") == "" {
		t.Skip()
	}
	a := test.NewTempApp(t)
	q := newUIQueue()
	g := newGUI(a, newScripted(false), q.post, 1)
	g.win.Resize(fyne.NewSize(1040, 660))
	set := settings("othello", VsPerson)
	set.Clock = "game5"
	g.startGame(set)
	playTexts(t, g.ctl, "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7")
	g.ctl.Review(6)
	save := func(name string) {
		img := g.win.Canvas().Capture()
		f, _ := os.Create(name)
		png.Encode(f, img)
		f.Close()
	}
	save("/tmp/shot-review.png")
	g.ctl.Review(99)
	g.showRules()
	save("/tmp/shot-help.png")
}
