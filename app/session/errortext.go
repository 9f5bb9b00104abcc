package session

import (
	"errors"
	"io/fs"
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
// the phrase of the error it wraps joined by the translatable joiner
// (key error.chain), a system file error (*fs.PathError) its operation
// translated, and a plain wrapper whose text ends with the wrapped
// error's ("x.sgf: " + …) keeps its prefix as it is, its ": " the
// joiner. An error without a phrase is its text, untranslated.
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
			return chain(p.Phrase(), errorPhrase(inner, clean))
		}
	}
	if p, ok := pathErrorPhrase(err, clean); ok {
		return p
	}
	if inner != nil {
		if rest := inner.Error(); rest != "" && strings.HasSuffix(text, rest) && hasPhrase(inner) {
			prefix := strings.TrimSuffix(text, rest)
			if context, ok := strings.CutSuffix(prefix, ": "); ok {
				return chain(phrase.T("", "{{.Text}}", map[string]any{"Text": clean(context)}), errorPhrase(inner, clean))
			}
			return phrase.T("", "{{.Prefix}}{{.Error}}", map[string]any{"Prefix": clean(prefix), "Error": errorPhrase(inner, clean)})
		}
	}
	if p, ok := errnoPhrase(err); ok {
		return p
	}
	return phrase.T("", "{{.Text}}", map[string]any{"Text": clean(text)})
}

// chain is the phrase of an error with a context in front of its cause,
// "ply 3: d9 is occupied" in English (key error.chain).
func chain(context, cause phrase.P) phrase.P {
	return phrase.T("error.chain", "{{.Context}}: {{.Cause}}", map[string]any{"Context": context, "Cause": cause})
}

// pathOps are the operations of the system's file errors (*fs.PathError)
// as phrases whose English is the operation's name.
var pathOps = map[string]phrase.P{
	"open":   phrase.T("error.os.op.open", "open", nil),
	"read":   phrase.T("error.os.op.read", "read", nil),
	"write":  phrase.T("error.os.op.write", "write", nil),
	"create": phrase.T("error.os.op.create", "create", nil),
	"rename": phrase.T("error.os.op.rename", "rename", nil),
	"remove": phrase.T("error.os.op.remove", "remove", nil),
}

// pathErrorPhrase returns the phrase of a system file error
// (*fs.PathError) whose operation is one of pathOps: "open PATH: CAUSE"
// in English (key error.os.path), the path untranslated.
func pathErrorPhrase(err error, clean func(string) string) (phrase.P, bool) {
	e, ok := err.(*fs.PathError)
	if !ok || e.Err == nil {
		return phrase.P{}, false
	}
	op, ok := pathOps[e.Op]
	if !ok {
		return phrase.P{}, false
	}
	return phrase.T("error.os.path", "{{.Op}} {{.Path}}: {{.Err}}", map[string]any{
		"Op": op, "Path": phrase.T("", "{{.Text}}", map[string]any{"Text": clean(e.Path)}), "Err": errorPhrase(e.Err, clean),
	}), true
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
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Err != nil {
		if _, ok := pathOps[pe.Op]; ok {
			return true
		}
	}
	var e syscall.Errno
	if errors.As(err, &e) {
		_, ok := errnoPhrase(e)
		return ok
	}
	return false
}
