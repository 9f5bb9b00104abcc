package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"planiverse/ai"
	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// TestSwap2Buttons: in a Swap2 game between two people, the second player
// gets the Swap colors button and a Balance button after the first three
// stones; Balance hands two more stones and the choice back.
func TestSwap2Buttons(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.startGame(settings("gomoku", session.VsPerson).WithOption("gomoku", "opening", "swap2").WithOption("gomoku", "rules", "renju"))
	if len(g.panel.specials.Objects) != 0 {
		t.Fatal("special buttons before the choice")
	}
	playTexts(t, g.ctl, "H8 H9 J8")
	if !g.ctl.CanSwap() || len(g.panel.specials.Objects) != 1 || !g.panel.swap.Visible() {
		t.Fatalf("at the choice: swap %v, %d special buttons", g.ctl.CanSwap(), len(g.panel.specials.Objects))
	}
	g.panel.onSpecial(g.panel.specialMoves[0].Move)
	if texts, _, _ := g.ctl.History(); len(texts) != 4 || texts[3] != "balance" {
		t.Fatalf("after Balance: %v", texts)
	}
	if len(g.panel.specials.Objects) != 0 {
		t.Fatal("the Balance button stayed")
	}
	playTexts(t, g.ctl, "G9 K8")
	if !g.ctl.CanSwap() {
		t.Fatal("the first player has no choice after two more stones")
	}
	if g.ctl.State().(*gomoku.Game).CanBalance() {
		t.Fatal("balance offered twice")
	}
}

// TestRenjuSwap2Game plays a whole Renju game with the Swap2 opening,
// computer against computer at level 1.
func TestRenjuSwap2Game(t *testing.T) {
	test.NewTempApp(t)
	q := sessiontest.NewQueue()
	set := settings("gomoku", session.Watch).WithOption("gomoku", "opening", "swap2").WithOption("gomoku", "rules", "renju")
	c := session.NewController(ai.NewEngine(4), q.Post, 3)
	c.MinDelay, c.WatchDelay, c.ShowDelay = 0, 0, 0
	if err := c.NewGame(set); err != nil {
		t.Fatal(err)
	}
	c.Start()
	q.RunUntil(t, "the end of the game", c.Over)
	c.Close()
	_, fresh, _ := session.NewGame("gomoku", set.Options())
	if err := rules.PlayMoves(fresh, c.MoveList()); err != nil {
		t.Fatalf("the game does not replay: %v", err)
	}
	t.Logf("%s: %s", c.MoveList(), c.Result())
}
