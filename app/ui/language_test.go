package ui

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/i18n"
	"planiverse/app/internal/prefsfile"
	"planiverse/app/session"
	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// TestSetupLanguageTranslatesThroughFyne: with Japanese chosen in the
// settings, the window's words come from ja.json through Fyne's lang, and
// Fyne's own words (dialog buttons) are Japanese as well; with the system's
// language (English here) they are English again.
func TestSetupLanguageTranslatesThroughFyne(t *testing.T) {
	inLanguage(t, "ja", func() {
		if got := i18n.T("ui.button.close", "Close", nil); got != "閉じる" {
			t.Errorf("Close in Japanese = %q", got)
		}
		if got := lang.L("Cancel"); got != "キャンセル" {
			t.Errorf("Fyne's Cancel in Japanese = %q", got)
		}
	})
	inLanguage(t, "ru", func() {
		if got := i18n.T("ui.settings.language.title", "Language", nil); got != "Язык" {
			t.Errorf("Language in Russian = %q", got)
		}
	})
	// inLanguage has chosen the system's language (English here) again.
	if got := lang.L("Cancel"); got != "Cancel" {
		t.Errorf("Fyne's Cancel with the system's English = %q", got)
	}
}

// TestLanguageDialogKeepsChoice: the dialog offers System and every
// language by its own name, shows the saved choice, keeps a new one and
// says when it applies.
func TestLanguageDialogKeepsChoice(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("")
	p := a.Preferences()
	p.SetString(prefLanguage, "fr")
	d := languageDialog(p, w)
	d.Show()
	var radio *widget.RadioGroup
	var note bool
	for _, o := range test.LaidOutObjects(w.Canvas().Overlays().Top()) {
		switch o := o.(type) {
		case *widget.RadioGroup:
			radio = o
		case *wrapLabel:
			note = note || o.Text == "The language changes when Planiverse starts again."
		}
	}
	if radio == nil || !note {
		t.Fatalf("dialog has radio %v, restart note %v", radio != nil, note)
	}
	want := []string{"System", "English", "日本語", "简体中文", "한국어", "Русский", "Deutsch", "Français", "Čeština"}
	if len(radio.Options) != len(want) {
		t.Fatalf("options %v, want %v", radio.Options, want)
	}
	for i := range want {
		if radio.Options[i] != want[i] {
			t.Fatalf("options %v, want %v", radio.Options, want)
		}
	}
	if radio.Selected != "Français" {
		t.Errorf("selected %q, want the saved Français", radio.Selected)
	}
	radio.SetSelected("Deutsch")
	if got := p.String(prefLanguage); got != "de" {
		t.Errorf("saved %q after choosing Deutsch", got)
	}
	radio.SetSelected("System")
	if got := p.String(prefLanguage); got != "" {
		t.Errorf("saved %q after choosing System", got)
	}
}

// inLanguage runs f with the window's words in the language tag (through
// Fyne's lang, as the window has them), then puts back English.
func inLanguage(t *testing.T, tag string, f func()) {
	t.Helper()
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "en_US.UTF-8")
	t.Setenv("LANGUAGE", "")
	a := test.NewTempApp(t)
	p := a.Preferences()
	defer func() {
		p.SetString(prefLanguage, "")
		setupLanguage(p)
		i18n.Install(nil)
	}()
	p.SetString(prefLanguage, tag)
	setupLanguage(p)
	f()
}

// TestDescriptorTextsHaveEntries: every text the window takes from a
// game's descriptor (title, summary, colors, option labels, choices and
// notes, warnings) has its en.json entry with the same English, so that
// i18n.Text translates it and a changed descriptor text fails here.
func TestDescriptorTextsHaveEntries(t *testing.T) {
	check := func(key, text string) {
		t.Helper()
		if !hasLetter(text) {
			return
		}
		if en, ok := i18n.English(key); !ok || en != text {
			t.Errorf("en.json %q = %q (present %v), want %q", key, en, ok, text)
		}
	}
	for _, d := range registry.Games() {
		check("ui.game."+d.Name, d.Title)
		check("ui.summary."+d.Name, d.Summary)
		for _, c := range d.Colors {
			check("ui.color."+strings.ToLower(c), c)
		}
		combos := []rules.Options{{}}
		for _, o := range d.Options {
			if o.Label == "" {
				continue
			}
			check("ui.option."+d.Name+"."+o.Key, o.Label)
			var next []rules.Options
			for _, c := range o.Choices {
				check("ui.option."+d.Name+"."+o.Key+"."+c.Value, c.Label)
				check("ui.option."+d.Name+"."+o.Key+"."+c.Value+".note", c.Note)
				for _, base := range combos {
					m := maps.Clone(base)
					m[o.Key] = c.Value
					next = append(next, m)
				}
			}
			if len(next) > 0 {
				combos = next
			}
		}
		if d.Warning != nil {
			for _, o := range combos {
				if w := d.Warning(o); !w.IsZero() {
					check(w.Key, w.String())
				}
			}
		}
	}
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// TestNewGameFormInJapanese: the New game dialog shows the games, the
// opponents and the colors in Japanese and still reads the chosen
// settings from them.
func TestNewGameFormInJapanese(t *testing.T) {
	inLanguage(t, "ja", func() {
		f := newNewGameForm(settings("gomoku", session.VsComputer), nil)
		if !slices.Contains(f.game.Options, "オセロ") || !slices.Contains(f.game.Options, "五目並べ") {
			t.Errorf("games %v", f.game.Options)
		}
		if f.game.Selected != "五目並べ" {
			t.Errorf("selected game %q", f.game.Selected)
		}
		if f.side.Options[0] != "黒（先手）" || f.side.Options[1] != "白" {
			t.Errorf("sides %v", f.side.Options)
		}
		f.game.SetSelected("オセロ")
		f.opponent.SetSelected("コンピューター同士（観戦）")
		f.side.SetSelected(f.side.Options[1])
		s := f.Settings()
		if s.Game != "othello" || s.Opponent != session.Watch {
			t.Errorf("settings read %s %v", s.Game, s.Opponent)
		}
		if got := f.levelRow.label.(*widget.Label).Text; got != "黒のレベル" {
			t.Errorf("level row in computer against computer: %q", got)
		}
		if !f.levelDesc.kinsoku {
			t.Errorf("Japanese level description %q does not wrap by the Japanese rules", f.levelDesc.Source)
		}
		if l := newWrapLabel("Place a disc so that it brackets a line"); l.kinsoku || l.Wrapping != fyne.TextWrapWord {
			t.Errorf("an English text in the Japanese window wraps %v, want at spaces", l.Wrapping)
		}
		if l := newWrapLabel("石を置きます"); !l.kinsoku {
			t.Errorf("a Japanese text does not wrap by the Japanese rules")
		}
	})
}

// TestQualityIntroInEnglishBundle: Help ▸ Move quality's English text is
// en.json's entry, so that its translations follow it.
func TestQualityIntroInEnglishBundle(t *testing.T) {
	if en, _ := i18n.English("ui.quality.intro"); en != qualityHelpIntro {
		t.Errorf("en.json ui.quality.intro differs from qualityHelpIntro")
	}
}

// TestRepairNoteMatchesEnglishMessage: the window's note about a damaged
// settings file says in English what prefsfile's Message says, with the
// right plural.
func TestRepairNoteMatchesEnglishMessage(t *testing.T) {
	if got := repairNote(prefsfile.Repair{}); got != "" {
		t.Errorf("sound file: %q", got)
	}
	for _, kept := range []int{0, 1, 3} {
		r := prefsfile.Repair{Problem: errors.New("bad JSON"), Bad: "/x/preferences.bad-1.json", Kept: kept}
		if got, want := repairNote(r), r.Message(); got != want {
			t.Errorf("kept %d:\n got %q\nwant %q", kept, got, want)
		}
	}
}

// eachLanguage runs f once for every language but English, with the
// window set to it (inLanguage) and tr, which returns the language
// bundle's text of a key (its "other" form) and fails the test for a
// missing key.
func eachLanguage(t *testing.T, f func(tag string, tr func(key string) string)) {
	t.Helper()
	for _, l := range i18n.Languages {
		if l.Tag == "en" {
			continue
		}
		b, err := i18n.ReadBundle(i18n.BundleName(l.Tag))
		if err != nil {
			t.Fatal(err)
		}
		tr := func(key string) string {
			t.Helper()
			if b[key].Other == "" {
				t.Fatalf("%s lacks %s", l.Tag, key)
			}
			return b[key].Other
		}
		inLanguage(t, l.Tag, func() { f(l.Tag, tr) })
	}
}

// TestDecimalPluralsThroughFyne: through the window's backend (Fyne's
// lang), a decimal amount takes its language's form for a written
// decimal, which no whole count has in Czech, and a whole one the form
// of its count.
func TestDecimalPluralsThroughFyne(t *testing.T) {
	d, err := registry.Lookup("othello")
	if err != nil {
		t.Fatal(err)
	}
	s, err := d.New(d.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	sc := quality.ScaleFor(s)
	loss := func(x float64) string {
		return session.LossWords(quality.Move{Class: quality.Mistake, Loss: x, Unit: "discs"}, sc)
	}
	for _, c := range []struct {
		tag  string
		x    float64
		want string
	}{
		{"cs", 2.5, "2,5 kamene"}, {"cs", 6, "6,0 kamene"}, {"cs", 1, "1 kámen"},
		{"fr", 1.5, "1,5 pion"}, {"fr", 2.5, "2,5 pions"},
		{"ru", 2.5, "2,5 фишки"}, {"de", 2.5, "2,5 Steine"}, {"en", 1, "1 disc"},
	} {
		inLanguage(t, c.tag, func() {
			if got := loss(c.x); !strings.Contains(got, c.want) {
				t.Errorf("%s, a loss of %v: %q, want it to hold %q", c.tag, c.x, got, c.want)
			}
		})
	}
}
