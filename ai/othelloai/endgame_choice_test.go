package othelloai_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/ai/othelloai"
	"planiverse/ai/score"
	"planiverse/rules/othello"
)

// TestEndgameChoice measures how often a timed move near the end changes
// the game's result (run only when asked): every distinct position with
// OTHELLO_CHOICE_EMPTIES empty squares and a choice of moves in the
// transcripts OTHELLO_CHOICE_IN (comma-separated globs of `planiverse
// match --records` files) is solved for win, loss or draw, searched by
// the engine at OTHELLO_CHOICE_MS milliseconds a move (default 1000) with
// the knowledge's defaults, or OTHELLO_CHOICE_WLD, OTHELLO_CHOICE_SELECTIVE
// and OTHELLO_CHOICE_MARGIN for MaxWLDEmpties, MaxSelectiveEmpties and
// SelectiveMargin, and its move solved in turn. The log gives the number
// of positions whose result the move changed and the mean time a move.
//
//	OTHELLO_CHOICE_IN='rec-D/*.txt' OTHELLO_CHOICE_EMPTIES=23 \
//	go test -run TestEndgameChoice -v -timeout 0 ./ai/othelloai
func TestEndgameChoice(t *testing.T) {
	in := os.Getenv("OTHELLO_CHOICE_IN")
	empties, _ := strconv.Atoi(os.Getenv("OTHELLO_CHOICE_EMPTIES"))
	if in == "" || empties <= 0 {
		t.Skip("set OTHELLO_CHOICE_IN and OTHELLO_CHOICE_EMPTIES to measure the moves near the end")
	}
	k := othelloai.New()
	for env, field := range map[string]*int{
		"OTHELLO_CHOICE_WLD":       &k.MaxWLDEmpties,
		"OTHELLO_CHOICE_SELECTIVE": &k.MaxSelectiveEmpties,
		"OTHELLO_CHOICE_MARGIN":    &k.SelectiveMargin,
	} {
		if v := os.Getenv(env); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				t.Fatalf("%s: %v", env, err)
			}
			*field = n
		}
	}
	moveTime := time.Second
	if v := os.Getenv("OTHELLO_CHOICE_MS"); v != "" {
		ms, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("OTHELLO_CHOICE_MS: %v", err)
		}
		moveTime = time.Duration(ms) * time.Millisecond
	}
	var boards []*othello.Board
	seen := map[[2]uint64]bool{}
	transcript := othello.Descriptor.FormatFor("txt")
	for _, glob := range strings.Split(in, ",") {
		files, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := transcript.Read(data)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			b := othello.New()
			for _, tok := range rec.Moves {
				if b.Empties() == empties {
					own, opp := b.Bitboards()
					if !seen[[2]uint64{own, opp}] && len(b.Moves(nil)) > 1 {
						seen[[2]uint64{own, opp}] = true
						boards = append(boards, b)
					}
					break
				}
				m, err := b.ParseMove(tok)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				b.Play(m)
			}
		}
	}
	eng := ai.NewEngine(64)
	eng.SetKnowledge(k)
	changed := 0
	var spent time.Duration
	for _, b := range boards {
		_, want, _, _ := othelloai.SolveWLD(context.Background(), b)
		eng.ClearHash()
		start := time.Now()
		r := eng.Search(context.Background(), b, ai.Limits{Time: moveTime}, nil)
		spent += time.Since(start)
		child := b.Clone().(*othello.Board)
		child.Play(r.Move)
		_, got, _, _ := othelloai.SolveWLD(context.Background(), child)
		if score.Sign(-got) != score.Sign(want) {
			changed++
		}
	}
	if len(boards) == 0 {
		t.Fatalf("no position with %d empties in %s", empties, in)
	}
	t.Logf("%d positions at %d empties, %v a move: the move changed the result in %d, %v a move on average",
		len(boards), empties, moveTime, changed, spent/time.Duration(len(boards)))
}
