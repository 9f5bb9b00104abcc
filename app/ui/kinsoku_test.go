package ui

import (
	"strings"
	"testing"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// cellMeasure measures a text as one unit per character, two for a CJK
// one, as a monospaced CJK font would.
func cellMeasure(s string) float32 {
	w := float32(0)
	for _, r := range s {
		if isCJK(r) {
			w += 2
		} else {
			w++
		}
	}
	return w
}

// checkKinsoku fails when a line starts with a noLineStart character or
// ends with a noLineEnd one, when a line is wider than width (unless it is
// one character), or when the lines lost a character of text.
func checkKinsoku(t *testing.T, text string, width float32, lines []string) {
	t.Helper()
	for i, l := range lines {
		if l == "" {
			continue
		}
		first, _ := utf8.DecodeRuneInString(l)
		last, _ := utf8.DecodeLastRuneInString(l)
		if i > 0 && strings.ContainsRune(noLineStart, first) {
			t.Errorf("line %d starts with %q: %q", i, first, lines)
		}
		if i < len(lines)-1 && strings.ContainsRune(noLineEnd, last) {
			t.Errorf("line %d ends with %q: %q", i, last, lines)
		}
		if cellMeasure(l) > width && utf8.RuneCountInString(l) > 1 {
			t.Errorf("line %d %q is wider than %v", i, l, width)
		}
	}
	strip := func(s string) string { return strings.Join(strings.Fields(s), "") }
	if got := strip(strings.Join(lines, "")); got != strip(text) {
		t.Errorf("lines %q lost text %q", lines, text)
	}
}

// TestKinsokuLines: Japanese and Chinese texts break at every width
// without a line starting with "。", "、", "）", "ー" or a small kana or
// ending with "（", and without splitting "b5" or "+42".
func TestKinsokuLines(t *testing.T) {
	texts := []string{
		"黒はb5に打ちました。白の番です、考えてください（評価+42）。",
		"最善手はd3でした。「定石」を覚えましょう。ステップ、チェック。",
		"白方走了b5。黑方的评价是+42，请思考（提示：角）。",
		"これは Othello の練習です。e6 と f5 のどちらが良いでしょうか？",
	}
	for _, text := range texts {
		for width := float32(8); width <= 40; width++ { // 8: the widest unbreakable piece, "+42）。", is 7
			lines := kinsokuLines(text, width, cellMeasure)
			checkKinsoku(t, text, width, lines)
			for _, l := range lines {
				if strings.HasSuffix(l, "b") || strings.HasPrefix(l, "5") || strings.HasSuffix(l, "+") ||
					strings.HasSuffix(l, "+4") || strings.HasPrefix(l, "2") {
					t.Errorf("width %v splits a move or a number: %q", width, lines)
				}
			}
		}
	}
}

// TestKinsokuLinesExamples: exact breaks where the naive break between
// any two characters would start a line with "。" and split "b5".
func TestKinsokuLinesExamples(t *testing.T) {
	for _, c := range []struct {
		text  string
		width float32
		want  []string
	}{
		// Break anywhere: "黒はb" | "5に打ち" …; "b5" moves to the next line.
		{"黒はb5に打ちました。", 5, []string{"黒は", "b5に", "打ち", "まし", "た。"}},
		// "。" at 8 cells would start the second line; it takes "た" with it.
		{"打ちました。白です。", 10, []string{"打ちまし", "た。白で", "す。"}},
		// "（" stays with what it opens.
		{"評価（+42）", 7, []string{"評価", "（+42）"}},
		// A Latin run longer than the line breaks between its characters.
		{"abcdefgh", 4, []string{"abcd", "efgh"}},
		// Newlines are kept, spaces at a break dropped.
		{"一二\nthree four", 6, []string{"一二", "three", "four"}},
	} {
		got := kinsokuLines(c.text, c.width, cellMeasure)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%q at %v: %q, want %q", c.text, c.width, got, c.want)
		}
	}
}

// TestWrapLabelLaysOutInWidth: in a Japanese window a wrapLabel of
// Japanese text in a narrow container keeps the container's width, breaks
// into several lines, none wider than the label nor starting with "。" or
// "、", and grows as tall as its lines; English text keeps word wrapping.
func TestWrapLabelLaysOutInWidth(t *testing.T) {
	inLanguage(t, "ja", func() {
		text := "黒はb5に打ちました。白の番です、よく考えてください。評価は+42です。"
		l := newWrapLabel(text)
		w := test.NewWindow(container.NewVBox(l))
		defer w.Close()
		w.SetPadded(false)
		w.Resize(fyne.NewSize(160, 400))
		if l.Wrapping != fyne.TextWrapOff || !l.kinsoku {
			t.Fatalf("Japanese text wraps %v", l.Wrapping)
		}
		if got := l.Size().Width; got > 160 {
			t.Fatalf("label %v wide in a 160 window", got)
		}
		if m := l.MinSize().Width; m > 60 {
			t.Errorf("label's MinSize is %v wide; it would force its container wider", m)
		}
		lines := strings.Split(l.Text, "\n")
		if len(lines) < 3 {
			t.Fatalf("lines %q: expected several at width 160", lines)
		}
		inner := l.Size().Width - 2*theme.InnerPadding()
		measure := func(s string) float32 { return fyne.MeasureText(s, theme.TextSize(), l.TextStyle).Width }
		for i, line := range lines {
			if measure(line) > inner {
				t.Errorf("line %q is %v wide, over %v", line, measure(line), inner)
			}
			if i > 0 && (strings.HasPrefix(line, "。") || strings.HasPrefix(line, "、")) {
				t.Errorf("line %d starts with punctuation: %q", i, lines)
			}
			if strings.HasSuffix(line, "b") || strings.HasSuffix(line, "+") {
				t.Errorf("line %d splits a move or a number: %q", i, lines)
			}
		}
		if h := l.MinSize().Height; h < float32(len(lines))*theme.TextSize() {
			t.Errorf("label's MinSize is %v tall for %d lines", h, len(lines))
		}
		// Wider: fewer lines, broken again from the source text.
		w.Resize(fyne.NewSize(400, 400))
		if more := strings.Split(l.Text, "\n"); len(more) >= len(lines) || strings.ReplaceAll(l.Text, "\n", "") != text {
			t.Errorf("at 400 wide: %q (source %q)", more, l.Source)
		}
		e := newWrapLabel("Place a disc so that it brackets a line")
		if e.kinsoku || e.Wrapping != fyne.TextWrapWord {
			t.Errorf("English text in the Japanese window wraps %v", e.Wrapping)
		}
	})
}
