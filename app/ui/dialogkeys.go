package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/i18n"
)

// Enter and Escape answer the newest dialog (gui.dialogKey). The desktop
// driver gives a typed key to the widget with the keyboard focus, and only
// when none has it to the canvas's handler; Fyne's drop-down, check and
// entry drop Enter and Escape. The dialogs' drop-downs, checks and
// entries are therefore these, which hand the two keys to the dialog.

// dialogKeyed is a widget that hands Enter and Escape to its dialog.
type dialogKeyed interface{ handsDialogKeys() }

func (*keySelect) handsDialogKeys() {}
func (*keyCheck) handsDialogKeys()  {}
func (*keyEntry) handsDialogKeys()  {}

// isDialogKey reports whether k is Enter or Escape.
func isDialogKey(k fyne.KeyName) bool {
	return k == fyne.KeyReturn || k == fyne.KeyEnter || k == fyne.KeyEscape
}

// keySelect is a drop-down that hands Enter and Escape to keys (nil: it
// keeps them, as widget.Select does).
type keySelect struct {
	widget.Select
	keys *func(fyne.KeyName) bool
}

// newKeySelect returns a drop-down of options handing Enter and Escape to
// *keys (read when the key is typed, so it may be set later).
func newKeySelect(options []string, keys *func(fyne.KeyName) bool) *keySelect {
	s := &keySelect{keys: keys}
	s.Options = options
	s.PlaceHolder = i18n.T("ui.select_one", "(Select one)", nil)
	s.ExtendBaseWidget(s)
	return s
}

// TypedKey hands Enter and Escape to the dialog, other keys to the
// drop-down.
func (s *keySelect) TypedKey(e *fyne.KeyEvent) {
	if !handKey(s.keys, e) {
		s.Select.TypedKey(e)
	}
}

// keyCheck is a check box that hands Enter and Escape to keys.
type keyCheck struct {
	widget.Check
	keys *func(fyne.KeyName) bool
}

// newKeyCheck returns a check box labeled text handing Enter and Escape
// to *keys.
func newKeyCheck(text string, keys *func(fyne.KeyName) bool) *keyCheck {
	c := &keyCheck{keys: keys}
	c.Text = text
	c.ExtendBaseWidget(c)
	return c
}

// TypedKey hands Enter and Escape to the dialog, other keys to the check.
func (c *keyCheck) TypedKey(e *fyne.KeyEvent) {
	if !handKey(c.keys, e) {
		c.Check.TypedKey(e)
	}
}

// keyEntry is a one-line entry that hands Enter and Escape to keys.
type keyEntry struct {
	widget.Entry
	keys *func(fyne.KeyName) bool
}

// newKeyEntry returns an empty one-line entry handing Enter and Escape to
// *keys.
func newKeyEntry(keys *func(fyne.KeyName) bool) *keyEntry {
	e := &keyEntry{keys: keys}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey hands Enter and Escape to the dialog, other keys to the entry.
func (e *keyEntry) TypedKey(k *fyne.KeyEvent) {
	if !handKey(e.keys, k) {
		e.Entry.TypedKey(k)
	}
}

// handKey gives e to *keys when it is Enter or Escape and keys is set; it
// reports whether keys took it.
func handKey(keys *func(fyne.KeyName) bool, e *fyne.KeyEvent) bool {
	return isDialogKey(e.Name) && keys != nil && *keys != nil && (*keys)(e.Name)
}
