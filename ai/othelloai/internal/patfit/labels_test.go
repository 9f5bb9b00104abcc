package patfit

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"planiverse/ai/othelloai"
)

// TestReadAndFitLabeled writes the positions of a few self-play games as
// records, reads them back, and refits the embedded weights on them: the
// records round-trip and every stage table keeps its layout.
func TestReadAndFitLabeled(t *testing.T) {
	cfg := DefaultConfig
	cfg.Depth = 1
	var data []byte
	var want []sample
	for i := range 4 {
		for _, s := range selfPlayGame(&cfg, 1, i, nil) {
			var rec [RecordSize]byte
			binary.LittleEndian.PutUint64(rec[0:], s.own)
			binary.LittleEndian.PutUint64(rec[8:], s.opp)
			binary.LittleEndian.PutUint16(rec[16:], uint16(int16(100*s.label)))
			rec[19] = byte(int8(s.label))
			data = append(data, rec[:]...)
			want = append(want, s)
		}
	}
	name := filepath.Join(t.TempDir(), "labels.bin")
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadLabeled([]string{name})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d records read, want %d", len(got), len(want))
	}
	for i, g := range got {
		if g.Own != want[i].own || g.Opp != want[i].opp || g.Label != want[i].label || g.Final != want[i].label || g.Exact {
			t.Fatalf("record %d: %+v, want %+v", i, g, want[i])
		}
	}
	init, err := othelloai.PatternWeights()
	if err != nil {
		t.Fatal(err)
	}
	w := FitLabeled(init, got, FitOptions{Epochs: 1, LR: 0.001})
	if len(w) != layout.Stages {
		t.Fatalf("%d stages, want %d", len(w), layout.Stages)
	}
	for st, ws := range w {
		if len(ws) != layout.TableSize {
			t.Fatalf("stage %d: %d weights, want %d", st, len(ws), layout.TableSize)
		}
	}
	if _, err := othelloai.EncodePatternWeights(w); err != nil {
		t.Fatal(err)
	}
}
