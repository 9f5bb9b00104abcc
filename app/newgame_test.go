package main

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"planiverse/rules"
)

// TestSettingsRoundTrip checks that the preferences keep every choice and
// that bad stored values fall back to the defaults.
func TestSettingsRoundTrip(t *testing.T) {
	a := test.NewTempApp(t)
	p := a.Preferences()
	if got := LoadSettings(p); got != DefaultSettings() {
		t.Fatalf("first start: %+v, want the defaults", got)
	}
	want := MatchSettings{
		Game: "gomoku", Opponent: Watch, Level: 5, Side: rules.Second,
		GomokuSize: 19, GomokuRules: "exact5", GomokuOpening: "none",
		AlakRules: "modern", AlakPoints: 13, DvonnRandom: true,
	}
	SaveSettings(p, want)
	if got := LoadSettings(p); got != want {
		t.Fatalf("loaded %+v, want %+v", got, want)
	}
	p.SetString(prefGame, "chess")
	p.SetInt(prefLevel, 99)
	p.SetInt(prefGomokuSize, 17)
	p.SetInt(prefAlakPoints, 3)
	p.SetInt(prefSide, 7)
	got := LoadSettings(p)
	d := DefaultSettings()
	if got.Game != d.Game || got.Level != d.Level || got.GomokuSize != d.GomokuSize || got.AlakPoints != d.AlakPoints || got.Side != d.Side {
		t.Fatalf("bad values not replaced: %+v", got)
	}
	if !LoadShowLegal(p) {
		t.Fatal("legal moves hidden by default")
	}
	SaveShowLegal(p, false)
	if LoadShowLegal(p) {
		t.Fatal("show-legal choice not kept")
	}
}

// TestSettingsMakeGames checks that every combination the dialog offers is
// a valid game for NewGame.
func TestSettingsMakeGames(t *testing.T) {
	s := DefaultSettings()
	for _, g := range GameNames {
		s.Game = g
		for _, size := range []int{15, 19, 20} {
			for _, r := range []string{"freestyle", "exact5"} {
				for _, o := range []string{"none", "swap"} {
					s.GomokuSize, s.GomokuRules, s.GomokuOpening = size, r, o
					for _, ar := range []string{"classic", "modern"} {
						for _, n := range []int{7, 11, 26} {
							s.AlakRules, s.AlakPoints = ar, n
							if _, err := NewGame(s.Options()); err != nil {
								t.Fatalf("%+v: %v", s, err)
							}
						}
					}
				}
			}
		}
	}
}

// TestNewGameForm checks that the dialog shows the given choices, reads
// back what the person changes, and shows only the relevant options.
func TestNewGameForm(t *testing.T) {
	test.NewTempApp(t)
	want := MatchSettings{
		Game: "alak", Opponent: VsComputer, Level: 3, Side: rules.Second,
		GomokuSize: 20, GomokuRules: "freestyle", GomokuOpening: "none",
		AlakRules: "modern", AlakPoints: 9, DvonnRandom: true,
	}
	f := newNewGameForm(want)
	if got := f.Settings(); got != want {
		t.Fatalf("form reads %+v, want %+v", got, want)
	}
	if !f.alakRows[0].Visible() || f.gomokuRows[0].Visible() || f.dvonnRows[0].Visible() || !f.sideRow.Visible() {
		t.Fatal("wrong option boxes visible for Alak against the computer")
	}
	if f.side.Selected != "O" {
		t.Fatalf("side shows %q", f.side.Selected)
	}

	f.game.SetSelected("Gomoku")
	if !f.gomokuRows[0].Visible() || f.alakRows[0].Visible() {
		t.Fatal("Gomoku options not shown")
	}
	if f.side.Options[0] != "Black (moves first)" || f.Settings().Side != rules.Second {
		t.Fatalf("side options %v, side %v", f.side.Options, f.Settings().Side)
	}
	if !f.noteRow.Visible() {
		t.Fatal("no first-player-win note for freestyle without an opening")
	}
	f.gomokuOpening.SetSelected(optSwap)
	if f.noteRow.Visible() {
		t.Fatal("first-player-win note shown with the swap opening")
	}
	f.gomokuSize.SetSelected("19 × 19")
	f.gomokuRules.SetSelected(optExact5)
	f.opponent.SetSelected(optVsPerson)
	if f.levelRow.Visible() || f.sideRow.Visible() {
		t.Fatal("level or side shown for two people")
	}
	f.level.SetSelectedIndex(5)
	got := f.Settings()
	if got.Game != "gomoku" || got.GomokuSize != 19 || got.GomokuRules != "exact5" || got.GomokuOpening != "swap" ||
		got.Opponent != VsPerson || got.Level != 6 || got.AlakPoints != 9 {
		t.Fatalf("form reads %+v", got)
	}

	f.game.SetSelected("DVONN")
	f.dvonnPlace.SetSelected(optByHand)
	if f.Settings().DvonnRandom || !f.dvonnRows[0].Visible() {
		t.Fatal("DVONN placement choice not read")
	}
	f.game.SetSelected("Alak")
	f.alakRules.SetSelected(optClassic)
	if !f.alakPoints.Disabled() || f.Settings().Options().Size != 0 {
		t.Fatal("points offered for classic Alak")
	}
}
