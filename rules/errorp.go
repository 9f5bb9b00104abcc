package rules

import (
	"planiverse/rules/phrase"
)

// Phraser is implemented by an error whose words are a phrase
// (rules/phrase), so that the window can show it in its own language:
// Phrase returns the sentence. For an error made by Errorp, Error is the
// phrase in English; for one made by Contextp, Error is the phrase in
// English, ": " and the wrapped error's text.
type Phraser interface {
	Phrase() phrase.P
}

// Errorp returns an error whose text is p in English (p.String()) and
// that carries p (Phraser), wrapping sentinel (such as ErrSyntax,
// ErrIllegal or ErrOption; nil for none) for errors.Is without repeating
// the sentinel's text; the translatable form of Errorf.
func Errorp(sentinel error, p phrase.P) error {
	return &phrased{p: p, err: sentinel}
}

// Contextp returns err with the context p in front: its text is p in
// English, ": " and err's text ("ply 3: d9 is occupied"), it carries p
// (Phraser) and it wraps err for errors.Is and errors.As. A nil err
// gives nil.
func Contextp(p phrase.P, err error) error {
	if err == nil {
		return nil
	}
	return &phrased{p: p, err: err, context: true}
}

type phrased struct {
	p       phrase.P
	err     error
	context bool
}

func (e *phrased) Error() string {
	if e.context {
		return e.p.String() + ": " + e.err.Error()
	}
	return e.p.String()
}

func (e *phrased) Unwrap() error    { return e.err }
func (e *phrased) Phrase() phrase.P { return e.p }
