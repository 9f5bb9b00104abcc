package session

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/app/internal/sessiontest"
	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// levelTestMoveTime is the engine's move time in TestEveryLevelPlays: the
// whole move time of Master (level 6), an eighth of it for Expert (5). The
// window's is 3 s; a shorter one keeps whole games of every level quick
// and changes nothing of the depth levels 0-4.
const levelTestMoveTime = 200 * time.Millisecond

// levelBudget is the longest one computer move at level n may take in
// TestEveryLevelPlays, before the race detector's slowdown:
//   - Novice to Strong (0-4) search to a fixed depth of 1 to 6 plies (the
//     games' level tables): 2 s.
//   - Expert (5) thinks for an eighth of the move time and Master (6) for
//     all of it, with up to 500 ms over (the depth-1 iteration, a
//     solver's last step, the posting of the reply).
//
// With a clock the budget is also at most what the clock allows
// (Controller.computerBudget) plus the same 500 ms.
func levelBudget(n int) time.Duration {
	const over = 500 * time.Millisecond
	switch n {
	case 5:
		return levelTestMoveTime/8 + over
	case 6:
		return levelTestMoveTime + over
	}
	return 2 * time.Second
}

// levelTestClocks are the two time controls of TestEveryLevelPlays: none,
// and the shortest game clock the dialog offers.
var levelTestClocks = []string{"off", "game1"}

// levelTestDepth is the fixed depth of the analysis that judges the
// computer's moves in TestEveryLevelPlays, per game: shallower than the
// level figures' (app/EXPERIMENTS.md, "Level figures": Othello 12, Gomoku
// 10, DVONN 8, Alak exact), deep enough to see the gentle levels' errors.
var levelTestDepth = map[string]int{"othello": 6, "gomoku": 6, "dvonn": 4, "alak": 6}

// levelTestGames is the number of games of levels 0-2 with each clock in
// TestEveryLevelPlays, colors alternating, enough moves for their
// mistakes to be counted.
const levelTestGames = 3

// levelTestPlies caps the plies of one game of levels 3-6 after its
// opening (openingPlies) in -short mode; a whole game is played otherwise,
// and always at levels 0-2, whose mistakes are counted.
const levelTestPlies = 24

// openingPlies is the number of plies that the level figures leave out at
// the start of each game (they play them at random: Descriptor.Opening,
// else two plies), which TestEveryLevelPlays does not count either: all
// of DVONN's placement, two plies elsewhere.
func openingPlies(t *testing.T, d *rules.Descriptor, o rules.Options) int {
	t.Helper()
	if d.Opening == nil {
		return 2
	}
	s, err := d.New(o)
	if err != nil {
		t.Fatal(err)
	}
	start := s.Hash()
	d.Opening(s, rand.New(rand.NewPCG(1, 2)))
	n := 0
	for ; s.Hash() != start && n < 1000; n++ {
		s.Undo()
	}
	return n
}

// TestEveryLevelPlays plays, for every game and every level from Novice
// (0) to Master (6), with no clock and with a game clock, a game of the
// computer against a scripted person (an engine at Club, level 3, driven
// by the test, as the level figures' common opponent), through the
// Controller with its posts run on the test goroutine. Each computer move
// must arrive within its level's budget (levelBudget), and no clock may
// fall. For levels 0-2 the computer's mistakes, judged by the game report
// at a fixed depth, must be as frequent as the New game dialog says
// (LevelWords' figures), within the sampling error: Novice must not play
// at full strength.
func TestEveryLevelPlays(t *testing.T) {
	slow := 1.0
	if raceEnabled {
		slow = 5
	}
	for _, d := range registry.Games() {
		for level := ai.MinLevel; level <= ai.MaxLevel; level++ {
			t.Run(fmt.Sprintf("%s/level%d", d.Name, level), func(t *testing.T) {
				games := 1 // a game for each clock
				if level <= 2 {
					games = levelTestGames // and more to count mistakes in
				}
				var moves, mistakes int
				for i := range games * len(levelTestClocks) {
					clock := levelTestClocks[i%len(levelTestClocks)]
					m, k := playLevelGame(t, d, level, clock, i, slow)
					moves += m
					mistakes += k
				}
				if level > 2 {
					return
				}
				fig := orderedFigures(ai.LevelFiguresOf(d.Name))[level-ai.MinLevel]
				checkMistakeRate(t, fig, moves, mistakes)
			})
		}
	}
}

// checkMistakeRate fails when mistakes in moves is out of line with the
// figure's expected count E: below E/2 or above 2E by more than two
// standard deviations of a Poisson count of that mean (plus one). The
// factor of two allows for the test's shallower analysis (levelTestDepth;
// app/EXPERIMENTS.md, "Level test"); a Novice at full strength (no
// mistakes) fails it.
func checkMistakeRate(t *testing.T, fig ai.LevelFigure, moves, mistakes int) {
	t.Helper()
	if moves == 0 || fig.MistakeEvery <= 0 {
		t.Fatalf("nothing to compare: %d moves judged, figure one mistake in %.1f", moves, fig.MistakeEvery)
	}
	want := float64(moves) / fig.MistakeEvery
	lo := want/2 - 2*math.Sqrt(want/2) - 1
	hi := 2*want + 2*math.Sqrt(2*want) + 1
	t.Logf("%d mistakes or worse in %d moves (the dialog's figure: one in %.1f, so %.1f; accepted %.1f to %.1f)", mistakes, moves, fig.MistakeEvery, want, lo, hi)
	if k := float64(mistakes); k < lo || k > hi {
		t.Errorf("%d mistakes or worse in %d moves; the dialog says one in %.1f (%.1f, accepted %.1f to %.1f)", mistakes, moves, fig.MistakeEvery, want, lo, hi)
	}
}

// playLevelGame plays game i of the computer at level against the
// scripted person with the clock preset, checking each computer move's
// time; it returns how many of the computer's moves with a choice the
// game report judged, and how many of those were mistakes or worse.
func playLevelGame(t *testing.T, d *rules.Descriptor, level int, clock string, i int, slow float64) (judged, mistakes int) {
	t.Helper()
	q := sessiontest.NewQueue()
	eng := ai.NewEngine(4)
	eng.SetMoveTime(levelTestMoveTime)
	set := DefaultSettings()
	set.Game, set.Opponent, set.Level, set.Clock = d.Name, VsComputer, level, clock
	set.Side = rules.Seat(i / len(levelTestClocks) % 2) // the computer moves first in every other game
	c := NewController(eng, q.Post, uint64(level*10+i+1))
	c.MinDelay, c.WatchDelay, c.ShowDelay = 0, 0, 0
	if err := c.NewGame(set); err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Start()

	person := ai.NewEngine(4)
	r := rand.New(rand.NewPCG(uint64(level), uint64(i)))
	computer := c.set.Side.Opponent()
	skip := openingPlies(t, d, set.Options())
	for ply := 0; !c.Over(); ply++ {
		if testing.Short() && level > 2 && c.Plies() >= skip+levelTestPlies {
			break
		}
		if ply > 2000 {
			t.Fatal("no end after 2,000 turns")
		}
		if c.PersonToMove() {
			res := person.Play(context.Background(), c.State().Clone(), 3, r, nil)
			if err := c.Play(res.Move); err != nil {
				t.Fatalf("the person's move %v: %v", res.Move, err)
			}
			continue
		}
		n := c.Plies()
		budget := time.Duration(float64(levelBudget(level)) * slow)
		if c.clk.p.On() {
			budget = min(budget, c.computerBudget(computer)+time.Duration(500*float64(time.Millisecond)*slow))
		}
		begin := time.Now()
		q.RunUntilWithin(t, fmt.Sprintf("the computer's move %d", n+1), budget+5*time.Second, func() bool {
			return c.Plies() > n || c.Over()
		})
		if took := time.Since(begin); took > budget {
			t.Errorf("%s: move %d (%s) took %v; level %d's budget is %v", clock, n+1, c.State().MoveString(c.hist[n].move), took.Round(time.Millisecond), level, budget)
		}
	}
	for s := range 2 {
		if c.clk.flagged[s] {
			t.Errorf("%s ran out of time", c.SeatName(rules.Seat(s)))
		}
	}
	if level > 2 {
		return 0, 0
	}
	c.SetReportOptions(quality.Options{Depth: levelTestDepth[d.Name]})
	if !c.StartReport() {
		t.Fatal("no game report")
	}
	q.RunUntilWithin(t, "the game report", 120*time.Second*time.Duration(slow), func() bool { return !c.xa.rep.running })
	if c.xa.rep.err != nil {
		t.Fatal(c.xa.rep.err)
	}
	for ply, e := range c.hist {
		if ply < skip || e.auto || e.mover != computer {
			continue
		}
		mq, ok := c.MoveQuality(ply + 1)
		if !ok || mq.Forced {
			continue
		}
		judged++
		if mq.Class >= quality.Mistake {
			mistakes++
		}
	}
	return judged, mistakes
}
