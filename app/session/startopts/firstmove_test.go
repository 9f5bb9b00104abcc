package startopts

import (
	"fmt"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
	"planiverse/rules"
)

// firstMoveBudget is the time the computer's first move may take at each
// level, with no clock and the window's 3 s move time: levels 0-4 search
// to a fixed depth of a few plies (well under a second on a first move),
// Expert (5) thinks for an eighth of the move time and Master (6) for all
// of it; each budget leaves room for a loaded machine and the race
// detector.
var firstMoveBudget = map[int]time.Duration{
	0: 5 * time.Second, 1: 5 * time.Second, 2: 5 * time.Second, 3: 5 * time.Second, 4: 5 * time.Second,
	5: 3*time.Second/8 + 2*time.Second, 6: 3*time.Second + 2*time.Second,
}

// TestComputerMovesFirst: when the start options give the person the
// second seat's color (--you white; in DVONN, where White begins, --you
// black), the controller built from them makes the computer's first move
// without the person, within its level's budget, and then waits for the
// person.
func TestComputerMovesFirst(t *testing.T) {
	for level := ai.MinLevel; level <= ai.MaxLevel; level++ {
		for _, c := range []struct{ game, you string }{
			{"othello", "white"}, {"gomoku", "white"}, {"alak", "white"}, {"dvonn", "black"},
		} {
			t.Run(fmt.Sprintf("%s/level%d", c.game, level), func(t *testing.T) {
				st := parse(t, "--game", c.game, "--level", fmt.Sprint(level), "--you", c.you, "--clock", "none")
				set := st.Settings()
				if set.Side != rules.Second || set.Opponent != session.VsComputer {
					t.Fatalf("--you %s: side %d, opponent %s", c.you, set.Side, set.Opponent)
				}
				q := sessiontest.NewQueue()
				ctl := session.NewController(ai.NewEngine(16), q.Post, 1)
				defer ctl.Close()
				ctl.MinDelay, ctl.WatchDelay, ctl.ShowDelay = 0, 0, 0
				if err := ctl.NewGame(set); err != nil {
					t.Fatal(err)
				}
				if ctl.PersonToMove() || !ctl.IsComputer(rules.First) {
					t.Fatalf("the person is to move first with --you %s", c.you)
				}
				began := time.Now()
				ctl.Start()
				q.RunUntilWithin(t, "the computer's first move", firstMoveBudget[level], func() bool { return ctl.Plies() >= 1 })
				t.Logf("first move in %v", time.Since(began).Round(time.Millisecond))
				if ctl.Plies() != 1 || !ctl.PersonToMove() {
					t.Fatalf("after the computer's move: %d plies, person to move %v", ctl.Plies(), ctl.PersonToMove())
				}
			})
		}
	}
}
