package session

import (
	"strings"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/app/internal/sessiontest"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// TestSearchWords checks the engine's figures in a player's words, per
// game: a count in the game's unit where the evaluation counts pieces,
// words measured against the game's scale elsewhere, forced wins said as
// such, and the raw numbers kept for the tooltip.
func TestSearchWords(t *testing.T) {
	oth := othello.New() // Black to move
	gmk, _ := gomoku.New(gomoku.Options{Size: 15})
	dv := dvonn.New() // White places first
	al, _ := alak.NewModern(11)
	cases := []struct {
		d     *rules.Descriptor
		s     rules.State
		info  ai.Info
		words string
		figs  string
	}{
		{othello.Descriptor, oth, ai.Info{Depth: 23, Score: 5109, Nodes: 1_700_000, Elapsed: 2400 * time.Millisecond},
			"Looked 23 moves ahead; Black leads by about 51 discs.", "depth 23, score +51.09 for Black, 1.7M positions in 2.4 s"},
		{othello.Descriptor, oth, ai.Info{Depth: 1, Score: -140, Nodes: 12},
			"Looked 1 move ahead; White leads by about 1 disc.", "depth 1, score -1.40 for Black, 12 positions in 0.0 s"},
		{othello.Descriptor, oth, ai.Info{Depth: 8, Score: 30},
			"Looked 8 moves ahead; the position is about even.", ""},
		{gomoku.Descriptor, gmk, ai.Info{Depth: 9, Score: ai.WinScore - 5},
			"Looked 9 moves ahead; Black can force a win in 3 moves.", ""},
		{gomoku.Descriptor, gmk, ai.Info{Depth: 9, Score: -(ai.WinScore - 2)},
			"Looked 9 moves ahead; White can win with the next move.", ""},
		{gomoku.Descriptor, gmk, ai.Info{Depth: 6, Score: -1500},
			"Looked 6 moves ahead; White is ahead.", ""},
		{gomoku.Descriptor, gmk, ai.Info{Depth: 6, Score: 400},
			"Looked 6 moves ahead; Black is slightly ahead.", ""},
		{dvonn.Descriptor, dv, ai.Info{Depth: 12, Score: 700},
			"Looked 12 moves ahead; White is ahead.", ""},
		{dvonn.Descriptor, dv, ai.Info{Depth: 12, Score: -1500},
			"Looked 12 moves ahead; Black is well ahead.", ""},
		{alak.Descriptor, al, ai.Info{Depth: 30, Score: 210},
			"Looked 30 moves ahead; Black leads by about 2 stones.", ""},
		{othello.Descriptor, oth, ai.Info{}, "Looking at the moves…", ""},
	}
	for _, tc := range cases {
		words, figs := SearchWords(tc.d, tc.s, tc.info)
		if words != tc.words {
			t.Errorf("%s %+v: %q, want %q", tc.d.Name, tc.info, words, tc.words)
		}
		if tc.figs != "" && figs != tc.figs {
			t.Errorf("%s %+v: figures %q, want %q", tc.d.Name, tc.info, figs, tc.figs)
		}
		if tc.info.Depth > 0 && !strings.Contains(figs, "depth ") {
			t.Errorf("%s %+v: figures %q without the depth", tc.d.Name, tc.info, figs)
		}
	}
}

// TestThinkingWords checks the controller's words for the running search:
// none while nobody searches, the search's words while the computer
// thinks.
func TestThinkingWords(t *testing.T) {
	q := sessiontest.NewQueue()
	eng := sessiontest.NewScripted(true)
	c := newTestController(t, eng, q.Post, settings("othello", Watch))
	if w, f := c.ThinkingWords(); w != "" || f != "" {
		t.Errorf("before the start: %q, %q", w, f)
	}
	c.Start()
	eng.WaitStarted(t)
	if w, _ := c.ThinkingWords(); w != "Looking at the moves…" {
		t.Errorf("while the computer thinks: %q", w)
	}
	c.progress(c.gen, ai.Info{Depth: 4, Score: 250, Nodes: 900})
	if w, f := c.ThinkingWords(); w != "Looked 4 moves ahead; Black leads by about 3 discs." || !strings.Contains(f, "900 positions") {
		t.Errorf("after a progress report: %q, %q", w, f)
	}
	c.Close()
	close(eng.Release)
}
