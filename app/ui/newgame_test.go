package ui

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"planiverse/ai"
	"planiverse/app/session"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// TestSettingsRoundTrip checks that the preferences keep every choice and
// that bad stored values fall back to the defaults.
func TestSettingsRoundTrip(t *testing.T) {
	a := test.NewTempApp(t)
	p := a.Preferences()
	if got := LoadSettings(p); !reflect.DeepEqual(got, session.DefaultSettings()) {
		t.Fatalf("first start: %+v, want the defaults", got)
	}
	if session.DefaultSettings().Variants["gomoku"]["opening"] != "none" {
		t.Fatal("the dialog's first Gomoku opening is not none (freestyle without a swap)")
	}
	want := session.DefaultSettings()
	want.Game, want.Opponent, want.Level, want.Side = "gomoku", session.Watch, 5, rules.Second
	want = want.WithOption("gomoku", "size", "19").WithOption("gomoku", "rules", "exact5").
		WithOption("gomoku", "opening", "none").WithOption("alak", "rules", "modern").
		WithOption("alak", "size", "13").WithOption("dvonn", "placement", "random")
	SaveSettings(p, want)
	if got := LoadSettings(p); !reflect.DeepEqual(got, want) {
		t.Fatalf("loaded %+v, want %+v", got, want)
	}
	p.SetString(prefGame, "chess")
	p.SetInt(prefLevel, 99)
	p.SetString(prefOption("gomoku", "size"), "17")
	p.SetString(prefOption("alak", "size"), "3")
	p.SetInt(prefSide, 7)
	got := LoadSettings(p)
	d := session.DefaultSettings()
	if got.Game != d.Game || got.Level != d.Level || got.Side != d.Side ||
		got.Variants["gomoku"]["size"] != "15" || got.Variants["alak"]["size"] != "11" {
		t.Fatalf("bad values not replaced: %+v", got)
	}
	if got.Variants["gomoku"]["rules"] != "exact5" {
		t.Fatal("a good value was dropped with the bad ones")
	}
	if !LoadShowLegal(p) {
		t.Fatal("legal moves hidden by default")
	}
	SaveShowLegal(p, false)
	if LoadShowLegal(p) {
		t.Fatal("show-legal choice not kept")
	}
}

// TestSettingsMakeGames checks that every combination of option values the
// dialog offers is a valid game for NewGame.
func TestSettingsMakeGames(t *testing.T) {
	for _, d := range registry.Games() {
		combos := []session.MatchSettings{session.DefaultSettings()}
		combos[0].Game = d.Name
		for _, opt := range d.Options {
			var values []string
			for _, c := range opt.Choices {
				values = append(values, c.Value)
			}
			if len(opt.Choices) == 0 {
				values = []string{strconv.Itoa(opt.Min), opt.Default, strconv.Itoa(opt.Max)}
			}
			var next []session.MatchSettings
			for _, s := range combos {
				for _, v := range values {
					next = append(next, s.WithOption(d.Name, opt.Key, v))
				}
			}
			combos = next
		}
		for _, s := range combos {
			if _, _, err := session.NewGame(s.Game, s.Options()); err != nil {
				t.Fatalf("%v: %v", s.Variants[d.Name], err)
			}
		}
	}
}

// TestNewGameForm checks that the dialog shows the given choices, reads
// back what the person changes, and shows only the relevant options.
func TestNewGameForm(t *testing.T) {
	test.NewTempApp(t)
	want := session.DefaultSettings()
	want.Game, want.Level, want.Side = "alak", 3, rules.Second
	want = want.WithOption("gomoku", "size", "20").WithOption("gomoku", "opening", "none").
		WithOption("alak", "rules", "modern").WithOption("alak", "size", "9").
		WithOption("dvonn", "placement", "random")
	f := newNewGameForm(want, nil)
	if got := f.Settings(); !reflect.DeepEqual(got, want) {
		t.Fatalf("form reads %+v, want %+v", got, want)
	}
	if !f.optionRow("alak", "rules").row.Visible() || f.optionRow("gomoku", "rules").row.Visible() ||
		f.optionRow("dvonn", "placement").row.Visible() || !f.sideRow.Visible() {
		t.Fatal("wrong option boxes visible for Alak against the computer")
	}
	if f.side.Selected != "White" {
		t.Fatalf("side shows %q", f.side.Selected)
	}

	f.game.SetSelected("Gomoku")
	if !f.optionRow("gomoku", "rules").row.Visible() || f.optionRow("alak", "rules").row.Visible() {
		t.Fatal("Gomoku options not shown")
	}
	if f.side.Options[0] != "Black (moves first)" || f.Settings().Side != rules.Second {
		t.Fatalf("side options %v, side %v", f.side.Options, f.Settings().Side)
	}
	if !f.warnRow.Visible() {
		t.Fatal("no first-player-win note for freestyle without an opening")
	}
	opening := f.optionRow("gomoku", "opening")
	opening.setValue("swap")
	if f.warnRow.Visible() {
		t.Fatal("first-player-win note shown with the swap opening")
	}
	if !opening.nrow.Visible() || opening.note.Text == "" {
		t.Fatal("the swap is not explained while it is chosen")
	}
	f.optionRow("gomoku", "size").setValue("19")
	f.optionRow("gomoku", "rules").setValue("exact5")
	f.opponent.SetSelected(optVsPerson())
	if f.levelRow.Visible() || f.sideRow.Visible() {
		t.Fatal("level or side shown for two people")
	}
	f.level.SetSelectedIndex(6 - ai.MinLevel)
	got := f.Settings()
	if got.Game != "gomoku" || got.Option("size") != "19" || got.Option("rules") != "exact5" || got.Option("opening") != "swap" ||
		got.Opponent != session.VsPerson || got.Level != 6 || got.Variants["alak"]["size"] != "9" {
		t.Fatalf("form reads %+v", got)
	}

	f.game.SetSelected("DVONN")
	f.optionRow("dvonn", "placement").setValue("hand")
	if f.Settings().Option("placement") != "hand" || !f.optionRow("dvonn", "placement").row.Visible() {
		t.Fatal("DVONN placement choice not read")
	}
	if f.side.Options[0] != "White (moves first)" {
		t.Fatalf("DVONN sides %v", f.side.Options)
	}
	f.game.SetSelected("Alak")
	f.optionRow("alak", "rules").setValue("classic")
	if !f.optionRow("alak", "size").sel.Disabled() || f.Settings().Options()["size"] != "" {
		t.Fatal("points offered for classic Alak")
	}
}

// TestNoviceInTheDialog: the level list starts at Novice (level 0, below
// Beginner), which the form reads as level 0, also as the second seat's
// level in computer against computer, and which the preferences keep.
func TestNoviceInTheDialog(t *testing.T) {
	a := test.NewTempApp(t)
	set := session.DefaultSettings()
	set.Opponent = session.Watch
	f := newNewGameForm(set, nil)
	if len(f.level.Options) != len(ai.AllLevels()) || !strings.Contains(f.level.Options[0], "Novice") {
		t.Fatalf("levels offered: %q", f.level.Options)
	}
	f.level.SetSelected(f.level.Options[3])
	f.level2.SetSelected(f.level2.Options[0])
	got := f.Settings()
	if got.Level != 3 || !got.HasLevel2 || got.Level2 != ai.MinLevel {
		t.Fatalf("form reads level %d, second seat %d (set %v)", got.Level, got.Level2, got.HasLevel2)
	}
	if !strings.Contains(f.levelDesc.Text, "mistake") || !strings.Contains(f.levelDesc.Text, "Othello") {
		t.Fatalf("the level's description does not say how often it errs: %q", f.levelDesc.Text)
	}
	SaveSettings(a.Preferences(), got)
	back := LoadSettings(a.Preferences())
	if back.Level2 != ai.MinLevel || !back.HasLevel2 {
		t.Fatalf("preferences keep second seat %d (set %v)", back.Level2, back.HasLevel2)
	}
	f.level.SetSelected(f.level.Options[0])
	f.level2.SetSelected(f.level2.Options[0])
	if got := f.Settings(); got.Level != ai.MinLevel || got.HasLevel2 {
		t.Fatalf("both Novice: level %d, second seat set %v", got.Level, got.HasLevel2)
	}
	// A preference written before Novice existed: level2 0 meant "the same".
	p := a.Preferences()
	p.RemoveValue(prefHasLevel2)
	p.SetInt(prefLevel2, 0)
	if LoadSettings(p).HasLevel2 {
		t.Fatal("an old level2 of 0 read as Novice")
	}
}

// TestLevelTextsNameTheGame: the Master description speaks of the chosen
// game only, and in computer against computer each level row names its
// seat's color.
func TestLevelTextsNameTheGame(t *testing.T) {
	test.NewTempApp(t)
	set := session.DefaultSettings()
	set.Level = 6
	f := newNewGameForm(set, nil)
	if strings.Contains(f.levelDesc.Text, "Alak") || f.levelDesc.Text == "" {
		t.Fatalf("Othello's Master: %q", f.levelDesc.Text)
	}
	f.game.SetSelected("Alak")
	if !strings.Contains(f.levelDesc.Text, "Alak") {
		t.Fatalf("Alak's Master: %q", f.levelDesc.Text)
	}
	f.opponent.SetSelected(optWatch())
	for game, want := range map[string][2]string{"Othello": {"Black's level", "White's level"}, "DVONN": {"White's level", "Black's level"}} {
		f.game.SetSelected(game)
		got := [2]string{f.levelRow.label.(*widget.Label).Text, f.level2Row.label.(*widget.Label).Text}
		if got != want || !f.level2Row.Visible() {
			t.Errorf("%s: level rows %q, want %q", game, got, want)
		}
	}
}
