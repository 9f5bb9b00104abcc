package pbrain

import (
	"bufio"
	"bytes"
	"math"
	"os"
	"runtime/debug"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/app/protocol/link"
	"planiverse/rules/gomoku"
)

// TestMain installs the four games' AI knowledge for every test.
func TestMain(m *testing.M) {
	ai.Use(games.Knowledge())
	os.Exit(m.Run())
}

// TestPbrainMaxMemory: INFO max_memory sizes the transposition table to
// leave memoryReserve of the limit (0: no limit), and a malformed value
// changes nothing.
func TestPbrainMaxMemory(t *testing.T) {
	t.Cleanup(func() { debug.SetMemoryLimit(math.MaxInt64) }) // Serve sets it
	for _, c := range []struct {
		limit int64
		mb    int
	}{
		{0, link.DefaultTableMB}, {-5, link.DefaultTableMB}, {1, 1}, {64 << 20, 1}, {80 << 20, 16},
		{96 << 20, 32}, {256 << 20, link.DefaultTableMB}, {1 << 40, link.DefaultTableMB},
	} {
		if got := link.TableMegabytes(c.limit); got != c.mb {
			t.Errorf("tableMegabytes(%d) = %d, want %d", c.limit, got, c.mb)
		}
	}
	p := link.NewServer(link.Options{})
	b := &pbrain{p: p, reply: func(string, ...any) { t.Error("INFO max_memory answered") }}
	for _, c := range []struct {
		arg  string
		mb   int
		same bool
	}{
		{"max_memory 83886080", 16, false}, {"MAX_MEMORY 83886080", 16, true},
		{"max_memory lots", 16, true}, {"max_memory", 16, true}, {"max_memory 0", link.DefaultTableMB, false},
	} {
		old := p.AI()
		b.info(c.arg)
		if p.TableMB() != c.mb || (p.AI() == old) != c.same {
			t.Errorf("INFO %s: table %d MB (engine kept: %v), want %d MB (kept: %v)", c.arg, p.TableMB(), p.AI() == old, c.mb, c.same)
		}
	}
	// A session told a limit still plays.
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	srv := link.NewServer(link.Options{Game: gomoku.Descriptor, Level: ai.MaxLevel, Depth: 2})
	err := Serve(srv, link.NewLineReader(strings.NewReader("INFO max_memory 83886080\nSTART 15\nBEGIN\nEND\n")), w)
	w.Flush()
	out := strings.Split(strings.TrimRight(buf.String(), "\n"), "\n")
	if err != nil || len(out) != 2 || out[0] != "OK" {
		t.Fatalf("replies %q, %v", out, err)
	}
}

// TestPbrainGoMemoryLimit: a session sets the Go runtime's soft memory
// limit from INFO max_memory (less what lies outside the Go heap), and
// without one, or with 0, from its table size.
func TestPbrainGoMemoryLimit(t *testing.T) {
	t.Cleanup(func() { debug.SetMemoryLimit(math.MaxInt64) })
	srv := link.NewServer(link.Options{Game: gomoku.Descriptor, Level: ai.MaxLevel, Depth: 1})
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	if err := Serve(srv, link.NewLineReader(strings.NewReader("START 15\nEND\n")), w); err != nil {
		t.Fatal(err)
	}
	if got, want := debug.SetMemoryLimit(-1), int64(link.DefaultTableMB+64)<<20-nonHeapBytes; got != want {
		t.Errorf("no max_memory: Go memory limit %d, want %d", got, want)
	}
	b := &pbrain{p: srv, reply: func(string, ...any) {}}
	b.info("max_memory 73400320")
	if got := debug.SetMemoryLimit(-1); got != 73400320-nonHeapBytes || srv.TableMB() != 6 {
		t.Errorf("max_memory 70 MB: Go memory limit %d, table %d MB", got, srv.TableMB())
	}
	b.info("max_memory 0")
	if got := debug.SetMemoryLimit(-1); got != int64(link.DefaultTableMB+64)<<20-nonHeapBytes {
		t.Errorf("max_memory 0: Go memory limit %d", got)
	}
}
