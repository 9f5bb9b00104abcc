package ui

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"planiverse/ai"
	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/registry"
	"planiverse/rules/sgf"
	"planiverse/widgets"
)

// menuAction runs the main menu's item called label.
func menuAction(t *testing.T, g *gui, label string) {
	t.Helper()
	for _, m := range g.win.MainMenu().Items {
		for _, it := range m.Items {
			if it.Label == label && it.Action != nil {
				it.Action()
				return
			}
		}
	}
	t.Fatalf("no menu item %q", label)
}

// firstLegal plays n plies of the first legal move.
func firstLegal(t *testing.T, c *session.Controller, n int) {
	t.Helper()
	for range n {
		if err := c.Play(c.State().Moves(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWindowReport: Ctrl+R starts the report with its progress in the
// panel; when it is done the move list and the graph are colored, Next
// mistake puts the mistake on view with its words and the played and best
// moves labeled on the board.
func TestWindowReport(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.startGame(settings("othello", session.VsPerson))
	firstLegal(t, g.ctl, 16)
	g.ctl.SetReportOptions(quality.Options{Depth: 3})
	press(t, g, shortcut(fyne.KeyR, 0))
	if !g.an.progRow.Visible() {
		t.Fatal("no progress shown while the report runs")
	}
	q.RunUntil(t, "the report", func() bool { return g.ctl.Report() != nil })
	if g.an.progRow.Visible() || !g.an.navRow.Visible() || !strings.HasPrefix(g.panel.coachText.Text, "Move 16: ") {
		t.Fatalf("panel after the report: progress %v, navigation %v, coach %q", g.an.progRow.Visible(), g.an.navRow.Visible(), g.panel.coachText.Text)
	}
	marked := 0
	for _, c := range g.panel.graph.Marks() {
		if c != nil {
			marked++
		}
	}
	if marked == 0 {
		t.Fatal("no move marked on the graph")
	}
	g.ctl.Review(0)
	test.Tap(g.an.next)
	ply, on := g.ctl.Reviewing()
	mq, ok := g.ctl.MoveQuality(ply)
	if !on || !ok || !session.IsMistake(mq.Class) {
		t.Fatalf("Next mistake: reviewing %d %v, %+v", ply, on, mq)
	}
	if !strings.Contains(g.panel.coachText.Text, "best was "+mq.Best) {
		t.Fatalf("the panel says %q", g.panel.coachText.Text)
	}
	labels := g.board.(widgets.ValueLabeler).ValueLabels()
	if len(labels) == 0 {
		t.Fatal("the played and best moves are not labeled on the board")
	}
	// The move list's row of the mistake carries its mark.
	row := g.panel.moves.CreateItem()
	g.panel.moves.UpdateItem(ply-1, row)
	var text string
	for _, o := range row.(*fyne.Container).Objects {
		if t := rowText(o); t != nil {
			text = t.Text
		}
	}
	if !strings.HasSuffix(text, session.ClassMark(mq.Class)) {
		t.Fatalf("the move list's row %q lacks the mark %q", text, session.ClassMark(mq.Class))
	}
}

// TestWindowValues: the menu's Values on the board writes a value on the
// point of every legal move.
func TestWindowValues(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.startGame(settings("othello", session.VsPerson))
	playTexts(t, g.ctl, "f5 d6 c3 d3")
	g.ctl.SetValuesMaxDepth(2)
	menuAction(t, g, "Values on the board")
	q.RunUntil(t, "the values", func() bool { _, _, done := g.ctl.Values(); return done })
	labels := g.board.(widgets.ValueLabeler).ValueLabels()
	moves := g.ctl.State().Moves(nil)
	if len(labels) != len(moves) {
		t.Fatalf("%d labels for %d legal moves: %v", len(labels), len(moves), labels)
	}
	for _, m := range moves {
		if labels[int(m)] == "" {
			t.Fatalf("no label on %s", g.ctl.State().MoveString(m))
		}
	}
	menuAction(t, g, "Values on the board")
	if len(g.board.(widgets.ValueLabeler).ValueLabels()) != 0 {
		t.Fatal("labels stay after the toggle is off")
	}
}

// TestWindowTeaching: in a teaching game an Alak blunder (by the perfect
// table) is told in the panel, and its Take back button takes it back.
func TestWindowTeaching(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	set := settings("alak", session.VsPerson)
	d := set.Descriptor()
	s, err := d.Start(d.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	ai.Prepare(s, true)
	an := quality.New(d, quality.Options{Depth: 1})
	var before []string
	bad := rules.NoMove
	for ply := 1; bad == rules.NoMove && ply < 60; ply++ {
		moves := s.Moves(nil)
		for _, m := range moves {
			if mq, err := an.Analyze(context.Background(), s, ply, m); err == nil && session.IsMistake(mq.Class) {
				bad = m
				break
			}
		}
		if bad == rules.NoMove {
			m := moves[ply%len(moves)]
			before = append(before, s.MoveString(m))
			s.Play(m)
		}
	}
	if bad == rules.NoMove {
		t.Fatal("no blunder found")
	}
	g.startGame(set)
	if len(before) > 0 {
		if err := g.ctl.LoadMoves(set, strings.Join(before, " ")); err != nil {
			t.Fatal(err)
		}
		g.ctl.Start()
	}
	g.ctl.SetTeachingOptions(quality.Options{Depth: 1})
	menuAction(t, g, "Teaching game")
	if err := g.ctl.Play(bad); err != nil {
		t.Fatal(err)
	}
	q.RunUntil(t, "the verdict", func() bool { return g.an.teachRow.Visible() })
	if !strings.Contains(g.panel.coachText.Text, "Best was") {
		t.Fatalf("verdict %q", g.panel.coachText.Text)
	}
	test.Tap(g.an.takeBack)
	if g.ctl.Plies() != len(before) || g.an.teachRow.Visible() {
		t.Fatalf("after Take back: %d plies (want %d), verdict shown %v", g.ctl.Plies(), len(before), g.an.teachRow.Visible())
	}
}

// TestQualityHelp: the Help names every game's thresholds from its scale.
func TestQualityHelp(t *testing.T) {
	text := qualityHelpText()
	for _, want := range []string{"Othello: inaccuracy from 3 discs, mistake from 6 discs, blunder from 12 discs", "Alak", "Gomoku", "DVONN"} {
		if !strings.Contains(text, want) {
			t.Errorf("the Help lacks %q:\n%s", want, text)
		}
	}
}

// TestOpenAnnotatedRecord: opening a record with its own analysis (SGF
// annotations, as planiverse analyze --sgf writes them) shows its marks in
// the move list and its comment on the move on view, without analyzing the
// game again; a new move makes the notes no longer the game's.
func TestOpenAnnotatedRecord(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.startGame(settings("othello", session.VsPerson))
	firstLegal(t, g.ctl, 4)
	plain, err := registry.WriteRecord("game.sgf", g.ctl.Record())
	if err != nil {
		t.Fatal(err)
	}
	notes := make([]sgf.Annotation, 4)
	notes[1] = sgf.Annotation{Quality: "BM", Degree: 2, Value: -12, HasValue: true,
		Comment: "Blunder: loses 14.0 discs; best c4 (+2), played d3 (-12)"}
	data, err := sgf.Annotate(plain, notes)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.openRecord(g.ctl.Settings(), "game.sgf", data, false); err != nil {
		t.Fatal(err)
	}
	if running, _, _ := g.ctl.ReportProgress(); running || g.ctl.Report() != nil {
		t.Fatal("an annotated record was analyzed again")
	}
	row := g.panel.moves.CreateItem()
	g.panel.moves.UpdateItem(1, row)
	var text string
	for _, o := range row.(*fyne.Container).Objects {
		if tx := rowText(o); tx != nil {
			text = tx.Text
		}
	}
	if !strings.HasSuffix(text, "??") {
		t.Fatalf("the blunder's row %q does not carry ??", text)
	}
	g.ctl.Review(2)
	g.refresh()
	if !strings.Contains(g.panel.coachText.Text, "from the record: Blunder") {
		t.Fatalf("the move on view says %q", g.panel.coachText.Text)
	}
	// A record without annotations is analyzed as before.
	if err := g.openRecord(g.ctl.Settings(), "game.sgf", plain, false); err != nil {
		t.Fatal(err)
	}
	if running, _, _ := g.ctl.ReportProgress(); !running && g.ctl.Report() == nil {
		t.Fatal("a plain record was not analyzed")
	}
	if _, ok := g.ctl.FileNote(2); ok {
		t.Fatal("the earlier record's notes hold for another game")
	}
}
