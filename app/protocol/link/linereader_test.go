package link

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzLineReader: the protocol line reader never returns a line longer
// than MaxLine nor one holding a line end, returns the lines of a
// short input exactly (a byte order mark skipped at the start only), and
// always ends.
func FuzzLineReader(f *testing.F) {
	f.Add([]byte("\ufeffSTART 15\r\nBEGIN\rEND\n"))
	f.Add([]byte("\xef\xbb\n\ufeff\ufeffx"))
	f.Fuzz(func(t *testing.T, in []byte) {
		r := NewLineReader(bytes.NewReader(in))
		var got []string
		for range len(in) + 1 {
			l, err := r.Next()
			if err != nil {
				break
			}
			if len(l) > MaxLine || strings.ContainsAny(l, "\r\n") {
				t.Fatalf("line %q", l)
			}
			got = append(got, l)
		}
		if _, err := r.Next(); err == nil {
			t.Fatal("more lines than bytes")
		}
		text := strings.TrimPrefix(string(in), "\ufeff")
		text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
		want := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		if text == "" {
			want = nil
			if len(in) > 0 {
				want = []string{""} // a byte order mark alone: an empty line
			}
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") || len(got) != len(want) {
			t.Fatalf("lines %q, want %q", got, want)
		}
	})
}
