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

// FuzzQueueKeepsNeeded: whatever an engine writes, the output queue stays
// within its bounds, and the lines its protocol needs (here the ones not
// starting with MESSAGE) are never dropped while they fit in it: they are
// read back whole and in order.
func FuzzQueueKeepsNeeded(f *testing.F) {
	f.Add([]byte("3,4\n"), uint16(1500))
	f.Add([]byte("MESSAGE x\n=== f5\n"), uint16(3000))
	f.Fuzz(func(t *testing.T, chunk []byte, n uint16) {
		if len(chunk)*int(n) > 8<<20 {
			return
		}
		droppable := func(l string) bool { return strings.HasPrefix(l, "MESSAGE") }
		p := &Proc{ready: make(chan struct{}), droppable: droppable}
		r := NewLineReader(bytes.NewReader(bytes.Repeat(chunk, int(n))))
		var needed []string
		for {
			l, err := r.Next()
			if err != nil {
				break
			}
			p.push(l)
			if !droppable(l) {
				needed = append(needed, l)
			}
			if len(p.queue) > MaxQueuedLines || p.bytes > MaxQueuedBytes {
				t.Fatalf("%d lines, %d bytes queued", len(p.queue), p.bytes)
			}
		}
		if len(needed) > MaxQueuedLines/2 || len(strings.Join(needed, "")) > MaxQueuedBytes/2 {
			return // more than the queue holds: some must go
		}
		var got []string
		for _, l := range p.queue {
			if !droppable(l) {
				got = append(got, l)
			}
		}
		if strings.Join(got, "\n") != strings.Join(needed, "\n") || len(got) != len(needed) {
			t.Fatalf("needed lines %d kept %d", len(needed), len(got))
		}
	})
}
