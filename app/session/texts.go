package session

import (
	"fmt"

	"planiverse/app/i18n"
	"planiverse/rules"
	"planiverse/rules/phrase"
)

// The session's sentences in the window's language. Every sentence the
// session computes for the window is one template with named arguments
// (a phrase.P: its key in the translation bundles, keys "session.…", and
// its English template); local writes it with translate. The English
// texts are the templates filled in, so the session's tests read
// English.

// local writes p in the window's language.
func local(p phrase.P) string { return i18n.Phrase(p) }

// tr writes the sentence key, with the English template english and the
// named arguments data (nil for none), in the window's language.
func tr(key, english string, data map[string]any) string {
	return local(phrase.T(key, english, data))
}

// trn writes the sentence key with a count n (the argument Count), the
// English templates one (n = 1) and other, in the window's language.
func trn(key, one, other string, n int, data map[string]any) string {
	return local(phrase.N(key, one, other, n, data))
}

// sentences joins two sentences as the window's language does: with a
// space in English, without one in Japanese and Chinese (key
// "session.sentences").
func sentences(a, b string) string {
	return tr("session.sentences", "{{.First}} {{.Second}}", map[string]any{"First": a, "Second": b})
}

// sideColor is a side's color name ("Black") as a phrase, for an argument.
func sideColor(name string) phrase.P { return phrase.Color(name) }

// nMoves is a count of moves as a phrase ("1 move", "12 moves"), for an
// argument.
func nMoves(n int) phrase.P { return phrase.Count("move", "move", "moves", n) }

// GameWarning returns the caution the New game dialog shows for variant o
// of game d (rules.Descriptor.Warning) in the window's language, "" for
// none.
func GameWarning(d *rules.Descriptor, o rules.Options) string {
	if d == nil || d.Warning == nil {
		return ""
	}
	return local(d.Warning(o))
}

// GameRules returns the How to play text of game d (rules.Descriptor.Rules)
// in the window's language (key "game.<name>.howToPlay"); the English
// text as it is where the bundle's English differs from it (a text changed
// at its source and not yet translated).
func GameRules(d *rules.Descriptor) string {
	return i18n.Text("game."+d.Name+".howToPlay", d.Rules)
}

// ExampleCaption returns the caption of the i-th (from 0) of game d's
// Help examples (rules.Descriptor.Examples) in the window's language (key
// "game.<name>.example.<i+1>"), as GameRules does.
func ExampleCaption(d *rules.Descriptor, i int) string {
	return i18n.Text(fmt.Sprintf("game.%s.example.%d", d.Name, i+1), d.Examples[i].Caption)
}
