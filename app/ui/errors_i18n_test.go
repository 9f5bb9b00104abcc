package ui

import (
	"strings"
	"testing"

	"planiverse/app/i18n"
	"planiverse/app/session"
	"planiverse/rules/phrase"
)

// TestErrorDialogInLanguage: through Fyne's lang (as the window looks
// texts up), pasting an illegal move list shows its error dialog in the
// window's language, in Japanese and in German: the clipboard's context,
// the ply and the rules' reason, each from the language's bundle.
func TestErrorDialogInLanguage(t *testing.T) {
	for _, tag := range []string{"ja", "de"} {
		b, err := i18n.ReadBundle(i18n.BundleName(tag))
		if err != nil {
			t.Fatal(err)
		}
		tr := func(key string, data map[string]any) string {
			t.Helper()
			if b[key].Other == "" {
				t.Fatalf("%s lacks %s", tag, key)
			}
			return phrase.Fill(b[key].Other, data)
		}
		inLanguage(t, tag, func() {
			g, _ := newTestGUI(t)
			g.startGame(settings("othello", session.VsPerson))
			g.app.Clipboard().SetContent("f5 f5")
			g.pasteMoves()
			text, _ := overlayTexts(g)
			for _, want := range []string{
				tr("error.ply", map[string]any{"Ply": 2}),
				tr("error.othello.move", map[string]any{"Move": `"f5"`}),
				tr("error.square_occupied", map[string]any{"Square": "f5"}),
			} {
				if !strings.Contains(text, want) {
					t.Errorf("%s: error dialog %q lacks %q", tag, text, want)
				}
			}
			if strings.Contains(text, "occupied") || strings.Contains(text, "ply") {
				t.Errorf("%s: error dialog %q has English words", tag, text)
			}
		})
	}
}
