package ui

import (
	"testing"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/i18n"
)

// TestSetupLanguageTranslatesThroughFyne: with Japanese chosen in the
// settings, the window's words come from ja.json through Fyne's lang, and
// Fyne's own words (dialog buttons) are Japanese as well; with the system's
// language (English here) they are English again.
func TestSetupLanguageTranslatesThroughFyne(t *testing.T) {
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
	p.SetString(prefLanguage, "ja")
	setupLanguage(p)
	if got := i18n.T("button.close", "Close", nil); got != "閉じる" {
		t.Errorf("Close in Japanese = %q", got)
	}
	if got := lang.L("Cancel"); got != "キャンセル" {
		t.Errorf("Fyne's Cancel in Japanese = %q", got)
	}
	p.SetString(prefLanguage, "ru")
	setupLanguage(p)
	if got := i18n.T("settings.language.title", "Language", nil); got != "Язык" {
		t.Errorf("Language in Russian = %q", got)
	}
	p.SetString(prefLanguage, "")
	setupLanguage(p)
	if got := i18n.T("button.close", "Close", nil); got != "Close" {
		t.Errorf("Close with the system's English = %q", got)
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
		case *widget.Label:
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
