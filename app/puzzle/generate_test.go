package puzzle

import (
	"context"
	"testing"
)

// TestGenerateAlak generates from the CLI's test records: every puzzle
// verifies and carries its themes and rating; a record given twice
// gives its puzzles once, and stopping at Max because of the copies is
// no error.
func TestGenerateAlak(t *testing.T) {
	srcs, _, _, err := ReadSources("alak", "../cli/testdata/puzzles-alak", nil)
	if err != nil || len(srcs) == 0 {
		t.Fatalf("%d records, %v", len(srcs), err)
	}
	ps, stats, err := Generate(context.Background(), "alak", srcs, GenerateConfig{Jobs: 2})
	if err != nil || len(ps) == 0 || stats.Records != len(srcs) || stats.Bad != 0 {
		t.Fatalf("%d puzzles, %+v, %v", len(ps), stats, err)
	}
	for i := range ps {
		if _, err := Verify(context.Background(), &ps[i]); err != nil {
			t.Error(err)
		}
		if len(ps[i].Themes) == 0 || ps[i].Rating < MinRating {
			t.Errorf("%s: themes %v rating %d", ps[i].ID, ps[i].Themes, ps[i].Rating)
		}
	}
	twice := append(append([]Source(nil), srcs...), srcs...)
	again, _, err := Generate(context.Background(), "alak", twice, GenerateConfig{Jobs: 1, Max: 2*len(ps) - 1})
	if err != nil || len(again) != len(ps) {
		t.Errorf("records twice, Max %d: %d puzzles, %v; want %d and no error", 2*len(ps)-1, len(again), err, len(ps))
	}
}
