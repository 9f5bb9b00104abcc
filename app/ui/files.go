package ui

import (
	"fmt"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"planiverse/app/i18n"
	"planiverse/app/session"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// Files: Save (Ctrl+S) and Open (Ctrl+O) through Fyne's file dialogs, in
// every format a game has (rules.Descriptor.Formats, chosen by the file's
// extension), and the autosave: the game in progress is written to the
// app's storage after every move and restored at the next start.

// saveGame asks where to save the game and returns the dialog it shows
// (nil without a game).
func (g *gui) saveGame() *dialog.FileDialog {
	c := g.ctl
	if c.State() == nil {
		return nil
	}
	installSafeWriter() // the dialog's writer must not cut the chosen file
	d := dialog.NewFileSave(g.saveChosen, g.win)
	d.SetFileName(fmt.Sprintf("%s-%s.%s", c.Settings().Game, c.Began().Format("2006-01-02-1504"), c.DefaultExt()))
	d.SetFilter(storage.NewExtensionFileFilter(session.RecordExtensions()))
	d.Show()
	d.Resize(g.dialogSize()) // a file dialog can be resized only once shown
	return d
}

// saveChosen saves the game to the file of w, the save dialog's answer
// (nil when canceled). w is a safeWriter: it is closed without a write,
// and the game is written by Controller.SaveRecord, which checks the
// format first and then replaces the file whole (atomicfile), so a
// refused save leaves the old file byte for byte.
func (g *gui) saveChosen(w fyne.URIWriteCloser, err error) {
	if err != nil {
		g.showError(err)
		return
	}
	if w == nil {
		return // canceled
	}
	path := w.URI().Path()
	_ = w.Close()
	if err := g.ctl.SaveRecord(path); err != nil {
		g.showError(fmt.Errorf("%s: %w", i18n.T("ui.error.not_saved", "the game was not saved", nil), err))
		return
	}
	g.ctl.Note(i18n.T("ui.saved", "Saved {{.File}}.", map[string]any{"File": filepath.Base(path)}))
}

// openGame asks for a record to open (openChosen).
func (g *gui) openGame() {
	guardFileReads() // a FIFO chosen is an error, not a frozen window
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			g.showError(err)
			return
		}
		if r != nil {
			g.openChosen(r)
		}
	}, g.win)
	d.SetFilter(storage.NewExtensionFileFilter(session.RecordExtensions()))
	d.Show()
	d.Resize(g.dialogSize()) // a file dialog can be resized only once shown
}

// openChosen reads and parses the record r on a goroutine of its own and
// then, posted back to the UI goroutine, opens it (openParsed) or shows
// why it could not; the window goes on meanwhile. It closes r.
func (g *gui) openChosen(r fyne.URIReadCloser) {
	name := r.URI().Name()
	go func() {
		defer r.Close()
		data, err := registry.ReadLimited(r)
		var p session.ParsedRecord
		if err == nil {
			p, err = session.ParseRecord(name, data)
		}
		g.post(func() {
			if err == nil {
				err = g.openParsed(g.ctl.Settings(), name, p, false)
			}
			if err != nil {
				g.showError(fmt.Errorf("%s: %w", i18n.T("ui.error.not_opened", "the game could not be opened", nil), err))
			}
		})
	}()
}

// openRecord opens data, the contents of the record file name, as the
// game with set's opponent, level and side ("planiverse FILE", whose
// data is read before the window opens): see openParsed.
func (g *gui) openRecord(set session.MatchSettings, name string, data []byte, keepAutosave bool) error {
	p, err := session.ParseRecord(name, data)
	if err != nil {
		return err
	}
	return g.openParsed(set, name, p, keepAutosave)
}

// openParsed opens p, parsed from the record file name, as the game with
// set's opponent, level and side: it starts the game and shows the
// record's own analysis if it carries one, else analyses it (report.go).
// With keepAutosave the autosave is not written until the game changes (a
// move, Undo...), so the autosaved game stays on disk as it was. On an
// error the game on screen stays as it was.
func (g *gui) openParsed(set session.MatchSettings, name string, p session.ParsedRecord, keepAutosave bool) error {
	if err := g.ctl.OpenParsed(set, name, p); err != nil {
		return err
	}
	if keepAutosave {
		g.saved = g.autosaveKey()
	}
	g.ctl.Start()
	g.an.opened(p.Notes, p.NotesErr) // report.go
	return nil
}

// autosaveKey sums up what an autosave of the game would hold: its moves
// and result. The window autosaves when it differs from g.saved.
func (g *gui) autosaveKey() string {
	c := g.ctl
	return fmt.Sprint(c.Plies(), c.MoveList(), c.Result())
}

// dialogSize fits a file dialog into the window.
func (g *gui) dialogSize() fyne.Size {
	s := g.win.Canvas().Size()
	return fyne.NewSize(min(800, s.Width-40), min(600, s.Height-40))
}

// autosaveBase is the autosave's file name without its extension, in the
// app's storage folder.
const autosaveBase = session.AutosaveBase

// autosaveRoot returns the folder of app a's autosave: its storage folder
// on disk, or "" when it has none (then nothing is autosaved). Tests
// replace it, since Fyne's test apps share one storage folder.
var autosaveRoot = func(a fyne.App) string {
	root := a.Storage().RootURI()
	if root == nil || root.Scheme() != "file" {
		return ""
	}
	return root.Path()
}

// autosaveDir is the folder of the autosave, "" for none.
func (g *gui) autosaveDir() string { return autosaveRoot(g.app) }

// autosave writes the game to the storage folder after a move (the window
// calls it when the history changed); a failure is told once in the
// panel (session.Autosave.Save). A finished game stays there as well but
// is not restored.
func (g *gui) autosave() {
	g.autosaver.Dir = g.autosaveDir()
	if err := g.autosaver.Save(g.ctl); err != nil {
		fyne.LogError("autosave", err)
	}
}

// restore starts the autosaved game, if there is one in progress, with
// the remembered settings; it reports whether it did. An autosave that
// cannot be read completely is moved aside and its readable moves offered
// (offerPartialAutosave); restore then reports true as well.
func (g *gui) restore() bool {
	g.autosaver.Dir = g.autosaveDir()
	found := g.autosaver.Find()
	if found.Problem != nil {
		fyne.LogError("autosave unreadable", found.Problem)
	}
	if found.Record != nil {
		if g.restoreRecord(found.Record, i18n.N("ui.autosave.restored", "Your game in progress was restored ({{.Count}} moves).", len(found.Record.Moves), nil)) {
			if found.Problem != nil {
				g.ctl.Note(badAutosaveNote(found))
			}
			return true
		}
	}
	if found.Problem != nil {
		g.offerPartialAutosave(found)
		return true
	}
	return false
}

// restoreRecord starts the game of r, an autosave, with the remembered
// settings and note as its message; it reports whether it did.
func (g *gui) restoreRecord(r *rules.Record, note string) bool {
	if err := g.ctl.LoadRecord(LoadSettings(g.app.Preferences()), r, note); err != nil {
		fyne.LogError("autosave not restored", err)
		return false
	}
	if g.trace {
		fmt.Fprintf(os.Stderr, "planiverse: restored %d moves\n", len(r.Moves))
	}
	g.ctl.Start()
	return true
}
