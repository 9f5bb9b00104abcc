package ui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/i18n"
)

// noLineStart are the characters that Japanese and Chinese line breaking
// (kinsoku shori, JIS X 4051 §9; GB/T 15834 for Chinese punctuation) keep
// off the start of a line: closing brackets and quotes, commas and full
// stops, middle dots, iteration marks, the prolonged sound mark and the
// small kana, with their ASCII counterparts.
const noLineStart = "、。，．・：；？！）」』】〕〉》］｝〙〗〟’”ー〜ゝゞヽヾ々" +
	"ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ" +
	"ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ" +
	",.:;?!)]}%％"

// noLineEnd are the characters that those rules keep off the end of a
// line: opening brackets and quotes.
const noLineEnd = "（「『【〔〈《［｛〘〖〝‘“([{"

// isCJK reports whether r is a character of CJK text that a line may
// break before or after on its own: Han, kana, CJK symbols and
// punctuation, fullwidth forms.
func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) ||
		(r >= 0x3000 && r <= 0x303F) || // CJK symbols and punctuation
		(r >= 0xFF00 && r <= 0xFFEF) || // halfwidth and fullwidth forms
		(r >= 0x31F0 && r <= 0x31FF) // small katakana extension
}

// kinsokuTokens splits one paragraph into the pieces a line may break
// between: each CJK character, each run of spaces and each run of other
// characters (a Latin word, a number, a move such as "b5" or "+42").
func kinsokuTokens(s string) []string {
	var toks []string
	var cur []rune
	kind := 0 // of cur: 1 other, 2 space
	flush := func() {
		if len(cur) > 0 {
			toks = append(toks, string(cur))
			cur = cur[:0]
		}
		kind = 0
	}
	for _, r := range s {
		switch {
		case isCJK(r):
			flush()
			toks = append(toks, string(r))
		case unicode.IsSpace(r):
			if kind != 2 {
				flush()
			}
			cur, kind = append(cur, r), 2
		default:
			if kind != 1 {
				flush()
			}
			cur, kind = append(cur, r), 1
		}
	}
	flush()
	return toks
}

// kinsokuClusters joins the tokens that no line may break between: a
// token that starts with a noLineStart character to the one before, a
// token after one that ends with a noLineEnd character. Spaces stay
// clusters of their own (a line breaks at them).
func kinsokuClusters(toks []string) []string {
	var cl []string
	for _, t := range toks {
		if n := len(cl); n > 0 && !isSpaceToken(t) && !isSpaceToken(cl[n-1]) {
			first := []rune(t)[0]
			prev := []rune(cl[n-1])
			last := prev[len(prev)-1]
			if strings.ContainsRune(noLineStart, first) || strings.ContainsRune(noLineEnd, last) {
				cl[n-1] += t
				continue
			}
		}
		cl = append(cl, t)
	}
	return cl
}

// breakable reports whether a line that holds line may end before r.
func breakable(line string, r rune) bool {
	last, _ := utf8.DecodeLastRuneInString(line)
	return !strings.ContainsRune(noLineStart, r) && !strings.ContainsRune(noLineEnd, last)
}

func isSpaceToken(t string) bool { return strings.TrimSpace(t) == "" }

// kinsokuLines breaks text into lines no wider than width (as measure, in
// the same unit, says) by the Japanese and Chinese line breaking rules: a
// line breaks between any two CJK characters and at spaces, but never
// before closing punctuation, small kana or "ー", never after opening
// punctuation, and never inside a run of Latin letters, digits and signs
// unless that run alone is wider than the line (then it breaks between
// characters, as does any other piece too wide for a line). Newlines in
// text are kept; spaces at a break are dropped.
func kinsokuLines(text string, width float32, measure func(string) float32) []string {
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		line := ""
		for _, c := range kinsokuClusters(kinsokuTokens(para)) {
			if isSpaceToken(c) {
				if line != "" {
					line += c
				}
				continue
			}
			if line != "" {
				if measure(line+c) <= width {
					line += c
					continue
				}
				lines = append(lines, strings.TrimRightFunc(line, unicode.IsSpace))
				line = ""
			}
			if measure(c) <= width {
				line = c
				continue
			}
			// c alone is wider than a line: break it between characters,
			// still by the rules (a line overflows rather than break them).
			for _, r := range c {
				if line != "" && measure(line+string(r)) > width && breakable(line, r) {
					lines = append(lines, line)
					line = ""
				}
				line += string(r)
			}
		}
		lines = append(lines, strings.TrimRightFunc(line, unicode.IsSpace))
	}
	return lines
}

// wrapLabel is a label of running text that wraps to its width: at
// spaces in most languages (Fyne's word wrapping), and, for text with Han
// or kana in Japanese or Chinese, by kinsokuLines, which Fyne's
// break-anywhere wrapping does not follow. Like a wrapping label, its
// MinSize is narrow and as tall as its lines at its current width. Set its
// text with SetText; Source is the text as set (Text holds the lines).
type wrapLabel struct {
	widget.Label
	Source  string
	kinsoku bool
	width   float32
}

func newWrapLabel(text string) *wrapLabel {
	l := &wrapLabel{}
	l.ExtendBaseWidget(l)
	l.setSource(text)
	return l
}

// setSource keeps text and chooses how it wraps, without refreshing.
func (l *wrapLabel) setSource(text string) {
	l.Source = text
	l.kinsoku = i18n.BreaksAnywhere() && hasCJK(text)
	if l.kinsoku {
		l.Wrapping = fyne.TextWrapOff
		l.Text = l.broken(l.width)
	} else {
		l.Wrapping = fyne.TextWrapWord
		l.Text = text
	}
}

// SetText sets the label's text and redraws it.
func (l *wrapLabel) SetText(text string) {
	l.setSource(text)
	l.Label.SetText(l.Text)
}

// broken is Source broken into lines for a label width wide; before the
// label has a width it is Source's own lines.
func (l *wrapLabel) broken(width float32) string {
	if width <= 0 {
		return l.Source
	}
	size := theme.TextSize()
	measure := func(s string) float32 { return fyne.MeasureText(s, size, l.TextStyle).Width }
	inner := width - 2*theme.InnerPadding()
	return strings.Join(kinsokuLines(l.Source, inner, measure), "\n")
}

// Resize lays the label out at size, breaking its lines again when the
// width changed.
func (l *wrapLabel) Resize(size fyne.Size) {
	if l.kinsoku && size.Width != l.width {
		l.width = size.Width
		l.Label.SetText(l.broken(size.Width))
	}
	l.width = size.Width
	l.Label.Resize(size)
}

// MinSize is, for kinsoku text, the height of its lines at the current
// width and the width of one character, so that, like a wrapping label,
// it never forces its container wider.
func (l *wrapLabel) MinSize() fyne.Size {
	m := l.Label.MinSize()
	if l.kinsoku {
		m.Width = fyne.MeasureText("国", theme.TextSize(), l.TextStyle).Width + 2*theme.InnerPadding()
	}
	return m
}
