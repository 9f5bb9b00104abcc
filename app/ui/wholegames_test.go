package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"planiverse/ai"
	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
	"planiverse/rules"
)

// TestWholeGames plays a whole game of each game, computer against computer
// at level 1 with the real engine, its posts run on the test goroutine as
// on the window's UI goroutine, and checks that the recorded moves replay
// to the same final position.
func TestWholeGames(t *testing.T) {
	test.NewTempApp(t)
	cases := []session.MatchSettings{
		settings("othello", session.Watch),
		settings("dvonn", session.Watch),
		settings("gomoku", session.Watch),
		settings("alak", session.Watch),
	}
	rnd := settings("dvonn", session.Watch).WithOption("dvonn", "placement", "random")
	modern := settings("alak", session.Watch).WithOption("alak", "rules", "modern").WithOption("alak", "size", "9")
	exact := settings("gomoku", session.Watch).WithOption("gomoku", "rules", "exact5").
		WithOption("gomoku", "opening", "none").WithOption("gomoku", "size", "19")
	cases = append(cases, rnd, modern, exact)
	for _, set := range cases {
		t.Run(session.GameLine(set), func(t *testing.T) {
			// The queue runs the controller's posts on this goroutine, as
			// the UI goroutine would (fyne.Do of the test driver would run
			// them on the worker's).
			q := sessiontest.NewQueue()
			c := session.NewController(ai.NewEngine(4), q.Post, 7)
			c.MinDelay, c.WatchDelay, c.ShowDelay = 0, 0, 0
			var summary string
			c.OnGameOver = func(s string) { summary = s }
			if err := c.NewGame(set); err != nil {
				t.Fatal(err)
			}
			c.Start()
			q.RunUntilWithin(t, "the end of the game", 3*time.Minute, func() bool { return summary != "" })
			c.Close()
			if over, _ := c.State().Outcome(); !over || !c.Over() || summary != c.Result() {
				t.Fatalf("over=%v Over()=%v summary %q result %q", over, c.Over(), summary, c.Result())
			}
			if on, _, _ := c.Thinking(); on {
				t.Error("still thinking after the game ended")
			}
			texts, _, _ := c.History()
			_, fresh, err := session.NewGame(set.Game, set.Options())
			if err != nil {
				t.Fatal(err)
			}
			if err := rules.PlayMoves(fresh, strings.Join(texts, " ")); err != nil {
				t.Fatalf("history does not replay: %v", err)
			}
			if fresh.Hash() != c.State().Hash() {
				t.Fatal("the replayed history reaches another position")
			}
			if msgs := c.Messages(); len(msgs) == 0 || msgs[len(msgs)-1] != summary {
				t.Errorf("last message %q, want the result %q", msgs, summary)
			}
			t.Logf("%d moves: %s", len(texts), summary)
		})
	}
}
