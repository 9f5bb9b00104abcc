package session

import (
	"context"
	"reflect"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/app/internal/sessiontest"
	"planiverse/app/session/quality"
	"planiverse/rules"
)

// firstMoves plays n plies of always the first legal move on c's game
// (between two people), a game with mistakes in it.
func firstMoves(t *testing.T, c *Controller, n int) {
	t.Helper()
	for range n {
		if over, _ := c.State().Outcome(); over {
			return
		}
		if err := c.Play(c.State().Moves(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReportMatchesAnalyzer: the controller's background game report is
// the one quality.Analyzer.Game makes of the same record at the same
// depth, and Next mistake walks through its mistakes.
func TestReportMatchesAnalyzer(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	firstMoves(t, c, 16)
	opts := quality.Options{Depth: 3}
	c.SetReportOptions(opts)
	if !c.StartReport() {
		t.Fatal("StartReport refused")
	}
	if on, _, total := c.ReportProgress(); !on || total != 16 {
		t.Fatalf("progress: running %v of %d moves, want running over 16", on, total)
	}
	q.RunUntil(t, "the report", func() bool { return c.Report() != nil })
	want, err := quality.New(c.Descriptor(), opts).Game(context.Background(), c.Record(), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := c.Report()
	if !reflect.DeepEqual(got.Moves, want.Moves) || got.Sides != want.Sides {
		t.Fatalf("report differs from the analyzer's:\n got %+v\nwant %+v", got.Moves, want.Moves)
	}
	var mistakes []int
	for _, m := range got.Moves {
		if IsMistake(m.Class) {
			mistakes = append(mistakes, m.Ply)
		}
	}
	if len(mistakes) == 0 {
		t.Fatal("no mistake in a game of first legal moves: pick another game")
	}
	c.Review(0)
	for _, p := range mistakes {
		if !c.ReviewMistake(1) {
			t.Fatalf("Next mistake refused before ply %d", p)
		}
		if ply, _ := c.Reviewing(); ply != p {
			t.Fatalf("Next mistake went to ply %d, want %d", ply, p)
		}
	}
	if c.ReviewMistake(1) {
		t.Fatal("Next mistake past the last one")
	}
	if len(mistakes) > 1 {
		c.ReviewMistake(-1)
		if ply, _ := c.Reviewing(); ply != mistakes[len(mistakes)-2] {
			t.Fatalf("Previous mistake went to ply %d, want %d", ply, mistakes[len(mistakes)-2])
		}
	}
}

// TestReportCancel: Cancel stops the report and nothing of it stays.
func TestReportCancel(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	firstMoves(t, c, 12)
	c.SetReportOptions(quality.Options{Depth: 30}) // far more than a test waits for
	c.StartReport()
	c.CancelReport()
	if on, _, _ := c.ReportProgress(); on {
		t.Fatal("still running after Cancel")
	}
	time.Sleep(100 * time.Millisecond)
	q.Drain()
	if c.Report() != nil {
		t.Fatal("a canceled report was kept")
	}
	if on, _, _ := c.ReportProgress(); on {
		t.Fatal("running again after Cancel")
	}
}

// TestReportDropped: New game drops a running report (its late result is
// not taken), and Undo of an analyzed move drops a finished one.
func TestReportDropped(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	firstMoves(t, c, 6)
	c.SetReportOptions(quality.Options{Depth: 2})
	c.StartReport()
	if err := c.NewGame(settings("othello", VsPerson)); err != nil {
		t.Fatal(err)
	}
	c.Start()
	firstMoves(t, c, 6) // the same moves: only the game object differs
	time.Sleep(300 * time.Millisecond)
	q.Drain()
	if c.Report() != nil {
		t.Fatal("the report of the previous game was kept after New game")
	}
	c.StartReport()
	q.RunUntil(t, "the report", func() bool { return c.Report() != nil })
	firstMoves(t, c, 1)
	if c.Report() == nil {
		t.Fatal("a move played after the report dropped it")
	}
	c.Undo()
	c.Undo()
	if c.Report() != nil {
		t.Fatal("the report was kept after Undo of an analyzed move")
	}
}

// TestValues: the values on the board are every legal move's
// quality.Analyzer.MoveValue at the depth reached, and a new position on
// view drops them.
func TestValues(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	firstMoves(t, c, 8)
	c.SetValuesMaxDepth(3)
	c.SetValues(true)
	q.RunUntil(t, "the values", func() bool { _, _, done := c.Values(); return done })
	vals, depth, _ := c.Values()
	if depth != 3 {
		t.Fatalf("depth %d, want 3", depth)
	}
	s := c.State().Clone()
	moves := s.Moves(nil)
	if len(vals) != len(moves) {
		t.Fatalf("%d values for %d legal moves", len(vals), len(moves))
	}
	an := quality.New(c.Descriptor(), quality.Options{Depth: 1})
	for _, m := range moves {
		want, err := an.MoveValue(context.Background(), s, m, 3)
		if err != nil {
			t.Fatal(err)
		}
		if vals[m] != want {
			t.Fatalf("%s: value %+v, want %+v", s.MoveString(m), vals[m], want)
		}
	}
	if len(c.ValueLabels()) != len(moves) {
		t.Fatal("not a label for every move")
	}
	c.Review(4)
	if v, _, _ := c.Values(); v != nil {
		t.Fatal("values of another position shown after Review")
	}
	q.RunUntil(t, "the review's values", func() bool { _, _, done := c.Values(); return done })
	if v, _, _ := c.Values(); len(v) != len(c.ViewState().Moves(nil)) {
		t.Fatal("no values for the position on view")
	}
}

// alakBlunder finds, on a fixed random classic Alak game, a position and
// a move the perfect table calls a mistake or worse: the moves before it
// and the move.
func alakBlunder(t *testing.T, d *rules.Descriptor) (before []string, bad rules.Move) {
	t.Helper()
	s, err := d.Start(d.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	ai.Prepare(s, true)
	a := quality.New(d, quality.Options{Depth: 1})
	for ply := 1; ply < 60; ply++ {
		if over, _ := s.Outcome(); over {
			break
		}
		moves := s.Moves(nil)
		for _, m := range moves {
			q, err := a.Analyze(context.Background(), s, ply, m)
			if err != nil {
				t.Fatal(err)
			}
			if IsMistake(q.Class) {
				return before, m
			}
		}
		m := moves[ply%len(moves)]
		before = append(before, s.MoveString(m))
		s.Play(m)
	}
	t.Fatal("no blunder found")
	return nil, rules.NoMove
}

// TestTeachingTakeBack: in a teaching game a blunder (by Alak's perfect
// table) is told with its cost, and Take back returns to the position
// before it; a good move is not.
func TestTeachingTakeBack(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("alak", VsPerson))
	before, bad := alakBlunder(t, c.Descriptor())
	if len(before) > 0 {
		if err := c.LoadMoves(settings("alak", VsPerson), joinMoves(before)); err != nil {
			t.Fatal(err)
		}
	}
	c.Start()
	c.SetTeachingOptions(quality.Options{Depth: 1})
	c.SetTeaching(true)
	hash := c.State().Hash()
	if err := c.Play(bad); err != nil {
		t.Fatal(err)
	}
	q.RunUntil(t, "the verdict", func() bool { _, ok := c.Verdict(); return ok })
	v, _ := c.Verdict()
	if v.Ply != len(before)+1 || !IsMistake(v.Class) || c.VerdictWords() == "" {
		t.Fatalf("verdict %+v %q", v, c.VerdictWords())
	}
	if !c.TakeBack() {
		t.Fatal("Take back refused")
	}
	if c.State().Hash() != hash || c.Plies() != len(before) {
		t.Fatal("Take back did not return to the position before the blunder")
	}
	if _, ok := c.Verdict(); ok {
		t.Fatal("the verdict stayed after Take back")
	}
}

func joinMoves(m []string) string {
	out := ""
	for i, s := range m {
		if i > 0 {
			out += " "
		}
		out += s
	}
	return out
}

// TestLearnFromMistakes: the walk shows the position before each of the
// person's mistakes, judges a tried move, and reveals the best.
func TestLearnFromMistakes(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("alak", VsPerson))
	before, bad := alakBlunder(t, c.Descriptor())
	s, _ := c.Descriptor().Start(c.Descriptor().Defaults())
	_, _ = rules.PlayMoveList(s, joinMoves(before))
	moves := append(append([]string(nil), before...), s.MoveString(bad))
	if err := c.LoadMoves(settings("alak", VsPerson), joinMoves(moves)); err != nil {
		t.Fatal(err)
	}
	c.Start()
	c.SetReportOptions(quality.Options{Depth: 1})
	c.SetTeachingOptions(quality.Options{Depth: 1})
	c.StartReport()
	q.RunUntil(t, "the report", func() bool { return c.Report() != nil })
	if !c.StartLearning() {
		t.Fatal("no mistake to learn from")
	}
	m, _, of, ok := c.Learning()
	if !ok || of == 0 {
		t.Fatal("not learning")
	}
	if ply, _ := c.Reviewing(); ply != m.Ply-1 {
		t.Fatalf("on view: ply %d, want %d (before the mistake)", ply, m.Ply-1)
	}
	best := c.LearnBest()
	if best == rules.NoMove {
		t.Fatal("no best move")
	}
	if err := c.TryLearn(best); err != nil {
		t.Fatal(err)
	}
	q.RunUntil(t, "the judgment", func() bool { _, trying, ok := c.LearnTried(); return ok && !trying })
	if tq, _, _ := c.LearnTried(); !LearnGood(tq.Class) {
		t.Fatalf("the best move judged %s", tq.Class)
	}
	c.RevealLearn()
	if !c.LearnRevealed() {
		t.Fatal("not revealed")
	}
	for c.LearnNext(1) {
		if _, _, _, ok := c.Learning(); !ok {
			break
		}
	}
	if _, on := c.Reviewing(); on {
		t.Fatal("still reviewing after the last mistake")
	}
}
