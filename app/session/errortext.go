package session

import (
	"errors"
	"strings"
	"syscall"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// ErrorText returns err's text in the window's language, for an error
// dialog or a status line: the phrases the chain carries (rules.Phraser)
// translated, the rest (file names, a program's own words, the prefixes
// of plain wrappers) as err.Error() writes it. A nil err gives "".
func ErrorText(err error) string {
	if err == nil {
		return ""
	}
	return local(ErrorPhrase(err))
}

// ErrorPhrase returns err's text as a phrase, whose English is
// err.Error(): the outermost error of err's chain that carries a phrase
// (rules.Phraser) gives it, a context phrase (rules.Contextp) followed by
// the phrase of the error it wraps, and a plain wrapper whose text ends
// with the wrapped error's ("open x.sgf: " + …) keeps its prefix as it
// is. An error without a phrase is its text, untranslated.
func ErrorPhrase(err error) phrase.P { return errorPhrase(err, nil) }

// errorPhrase is ErrorPhrase with the untranslated texts passed through
// clean (nil: kept as they are).
func errorPhrase(err error, clean func(string) string) phrase.P {
	if clean == nil {
		clean = func(s string) string { return s }
	}
	if err == nil {
		return phrase.P{}
	}
	text := err.Error()
	inner := errors.Unwrap(err)
	if p, ok := err.(rules.Phraser); ok {
		en := p.Phrase().String()
		switch {
		case text == en:
			return p.Phrase()
		case inner != nil && text == en+": "+inner.Error():
			return phrase.T("", "{{.Context}}: {{.Error}}", map[string]any{"Context": p.Phrase(), "Error": errorPhrase(inner, clean)})
		}
	}
	if inner != nil {
		if rest := inner.Error(); rest != "" && strings.HasSuffix(text, rest) && hasPhrase(inner) {
			return phrase.T("", "{{.Prefix}}{{.Error}}", map[string]any{"Prefix": clean(strings.TrimSuffix(text, rest)), "Error": errorPhrase(inner, clean)})
		}
	}
	if p, ok := errnoPhrase(err); ok {
		return p
	}
	return phrase.T("", "{{.Text}}", map[string]any{"Text": clean(text)})
}

// errnoPhrases are the system's errors a save or an open meets most, as
// phrases whose English is the system's text.
var errnoPhrases = map[syscall.Errno]phrase.P{
	syscall.EACCES:  phrase.T("error.os.permission", "permission denied", nil),
	syscall.EPERM:   phrase.T("error.os.not_permitted", "operation not permitted", nil),
	syscall.EEXIST:  phrase.T("error.os.exists", "file exists", nil),
	syscall.ENOENT:  phrase.T("error.os.not_exist", "no such file or directory", nil),
	syscall.ENOSPC:  phrase.T("error.os.no_space", "no space left on device", nil),
	syscall.EROFS:   phrase.T("error.os.read_only", "read-only file system", nil),
	syscall.EISDIR:  phrase.T("error.os.is_directory", "is a directory", nil),
	syscall.ENOTDIR: phrase.T("error.os.not_directory", "not a directory", nil),
}

// errnoPhrase returns the phrase of err when it is one of errnoPhrases
// and the system writes it as the phrase's English.
func errnoPhrase(err error) (phrase.P, bool) {
	e, ok := err.(syscall.Errno)
	if !ok {
		return phrase.P{}, false
	}
	p, ok := errnoPhrases[e]
	return p, ok && p.String() == e.Error()
}

// hasPhrase reports whether some error of err's chain carries a phrase.
func hasPhrase(err error) bool {
	var p rules.Phraser
	if errors.As(err, &p) {
		return true
	}
	var e syscall.Errno
	if errors.As(err, &e) {
		_, ok := errnoPhrase(e)
		return ok
	}
	return false
}
