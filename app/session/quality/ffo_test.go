package quality_test

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"planiverse/app/session/quality"
	"planiverse/rules/othello"
)

// TestOthelloLossesAgreeWithFFO: on the FFO endgame positions #1-#19 (14
// to 16 empty squares), whose every legal move has its exact score from
// an independent solver (Edax, in testdata/fforum-1-19.obf, a copy of
// ../shared/data's), each move's value is exact and equals that score,
// and its loss is the best score less its own.
func TestOthelloLossesAgreeWithFFO(t *testing.T) {
	d := lookup(t, "othello")
	f, err := os.Open("testdata/fforum-1-19.obf")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	a := quality.New(d, quality.Options{Depth: 2})
	ctx := context.Background()
	moves := 0
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if testing.Short() && n > 4 {
			break
		}
		line := sc.Text()
		b, err := othello.ParsePosition(line)
		if err != nil {
			t.Fatalf("FFO #%d: %v", n, err)
		}
		best := 0
		for i, field := range strings.Split(line, ";")[1:] {
			text, score, ok := strings.Cut(strings.TrimSpace(field), ":")
			if !ok {
				continue
			}
			want, err := strconv.Atoi(score)
			if err != nil {
				t.Fatalf("FFO #%d: score %q", n, field)
			}
			if i == 0 {
				best = want // the best move comes first
			}
			m, err := b.ParseMove(text)
			if err != nil {
				t.Fatalf("FFO #%d: move %q: %v", n, text, err)
			}
			q, err := a.Analyze(ctx, b, 1, m)
			if err != nil {
				t.Fatalf("FFO #%d %s: %v", n, text, err)
			}
			moves++
			if !q.Value.Exact || a.Scale().Units(q.Value) != float64(want) {
				t.Errorf("FFO #%d %s: value %v (exact %v), Edax says %+d", n, text, a.Scale().Units(q.Value), q.Value.Exact, want)
			}
			if q.Loss != float64(best-want) {
				t.Errorf("FFO #%d %s: loss %v discs, Edax says %d", n, text, q.Loss, best-want)
			}
		}
	}
	if moves < 20 {
		t.Fatalf("only %d moves checked", moves)
	}
}
