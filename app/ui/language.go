package ui

import (
	"fmt"
	"os"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"golang.org/x/text/language"

	"planiverse/app/i18n"
)

// prefLanguage is the preference key of the window's language: a tag of
// i18n.Languages, "" (or missing) for the system's.
const prefLanguage = "language"

// fyneLang is the i18n backend that looks every sentence up with Fyne's
// lang package, in the language lang picked from the locale.
type fyneLang struct{}

func (fyneLang) Translate(key, fallback string, data map[string]any) string {
	if data == nil {
		return lang.LocalizeKey(key, fallback)
	}
	return lang.LocalizeKey(key, fallback, data)
}

func (fyneLang) Plural(key, fallback string, count int, data map[string]any) string {
	return lang.LocalizePluralKey(key, fallback, count, data)
}

// PluralDecimal writes a plural sentence for a decimal count
// (i18n.DecimalPluralizer), which lang's whole counts cannot choose: the
// form of the language lang speaks, the one whose bundle's
// "language.name" it answers, from that bundle.
func (fyneLang) PluralDecimal(key, fallback string, x float64, decimals int, data map[string]any) string {
	return i18n.DecimalText(spokenLanguage(), key, fallback, x, decimals, data)
}

// spokenLanguage is the language of Languages that lang speaks (by the
// "language.name" it answers), English when it speaks none of them.
func spokenLanguage() language.Tag {
	name := lang.LocalizeKey("language.name", "English")
	for _, l := range i18n.Languages {
		if l.Name == name {
			return language.Make(l.Tag)
		}
	}
	return language.English
}

// setupLanguage applies the language chosen in p (i18n.Apply: before the
// bundles are added, lang picks its language when they are), adds
// Planiverse's bundles to Fyne's lang and makes lang i18n's backend. A
// choice that is not a known language is said on stderr and the system's
// language used.
func setupLanguage(p fyne.Preferences) {
	if err := i18n.Apply(p.String(prefLanguage)); err != nil {
		fmt.Fprintf(os.Stderr, "planiverse: settings: %v\n", err)
	}
	if err := lang.AddTranslationsFS(i18n.Bundles, i18n.BundleDir); err != nil {
		fmt.Fprintf(os.Stderr, "planiverse: translations: %v\n", err)
	}
	i18n.Install(fyneLang{})
}

// languageChoices are the Language dialog's choices: the system's, then
// i18n.Languages by their own names; tags are the matching preference values.
func languageChoices() (names, tags []string) {
	names = []string{i18n.T("ui.settings.language.system", "System", nil)}
	tags = []string{""}
	for _, l := range i18n.Languages {
		names = append(names, l.Name)
		tags = append(tags, l.Tag)
	}
	return names, tags
}

// languageDialog is Help → Language…: the choice of the window's language,
// kept in p, which applies when Planiverse starts again.
func languageDialog(p fyne.Preferences, win fyne.Window) dialog.Dialog {
	names, tags := languageChoices()
	choice := widget.NewRadioGroup(names, nil)
	cur := p.String(prefLanguage)
	for i, t := range tags {
		if t == cur {
			choice.SetSelected(names[i])
		}
	}
	choice.Required = true
	choice.OnChanged = func(name string) {
		for i, n := range names {
			if n == name {
				p.SetString(prefLanguage, tags[i])
			}
		}
	}
	note := newWrapLabel(i18n.T("ui.settings.language.restart", "The language changes when Planiverse starts again.", nil))
	d := dialog.NewCustom(i18n.T("ui.settings.language.title", "Language", nil), i18n.T("ui.button.close", "Close", nil),
		container.NewBorder(nil, note, nil, nil, choice), win)
	d.Resize(fyne.NewSize(360, 420))
	return d
}

// showLanguage shows the Language dialog.
func (g *gui) showLanguage() { g.show(languageDialog(g.app.Preferences(), g.win), nil) }

// hasCJK reports whether s has a Han, hiragana or katakana character.
func hasCJK(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) {
			return true
		}
	}
	return false
}
