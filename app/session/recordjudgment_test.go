package session

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session/quality"
	"planiverse/rules/sgf"
)

// analyzedRecord makes the report of 16 plies of Othello at depth 3 and
// returns it as `planiverse analyze --sgf` writes it (quality.Report.SGF)
// with the report's first mistake, which has a reason.
func analyzedRecord(t *testing.T) ([]byte, quality.Move, quality.Scale) {
	t.Helper()
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	m := reportMistake(t, c, q)
	if m.Reason.IsZero() {
		t.Fatalf("the mistake %+v has no reason: not a test", m)
	}
	data, err := c.Report().SGF(c.Record())
	if err != nil {
		t.Fatal(err)
	}
	return data, m, c.Report().Scale
}

// openAnalyzed opens the record data as the window does (ParseRecord,
// OpenParsed, SetFileNotes), reviews its ply-th move and returns the
// controller.
func openAnalyzed(t *testing.T, data []byte, ply int) *Controller {
	t.Helper()
	p, err := ParseRecord("analysis.sgf", data)
	if err != nil {
		t.Fatal(err)
	}
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	if err := c.OpenParsed(settings("othello", VsPerson), "analysis.sgf", p); err != nil {
		t.Fatal(err)
	}
	if p.NotesErr != nil || !c.SetFileNotes(p.Notes) {
		t.Fatalf("the record's notes were not kept: %+v, %v", p.Notes, p.NotesErr)
	}
	c.Review(ply)
	if c.Report() != nil {
		t.Fatal("a report was made: the coach must speak from the record")
	}
	return c
}

// withoutPQ returns the SGF data with every PQ property removed, or, when
// value is not "", set to value on the move node of ply.
func withoutPQ(t *testing.T, data []byte, ply int, value string) []byte {
	t.Helper()
	nodes, err := sgf.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	moves := 0
	for i, n := range nodes {
		kept := sgf.Node{}
		for _, p := range n {
			if p.ID != "PQ" {
				kept = append(kept, p)
			}
		}
		if _, b := n.Get("B"); b || len(n.Value("W")) > 0 {
			if moves++; moves == ply && value != "" {
				kept.Add("PQ", value)
			}
		}
		nodes[i] = kept
	}
	return sgf.Write(nodes)
}

// TestRecordJudgmentInWindowLanguage: a mistake of an analyzed record
// opened in the window is said by the coach in the window's language,
// every word translated and its reason with it, exactly as the window
// says a move it judged itself; its row in the move list has the
// judgment's class.
func TestRecordJudgmentInWindowLanguage(t *testing.T) {
	data, m, sc := analyzedRecord(t)
	installMarks(t)
	c := openAnalyzed(t, data, m.Ply)
	v := c.Panel()
	checkMarked(t, "the coach on the record's mistake", v.Coach.Text)
	if reason := local(m.Reason); !strings.HasPrefix(reason, "⟦") || !strings.Contains(v.Coach.Text, reason) {
		t.Errorf("the coach %q does not give the reason %q", v.Coach.Text, reason)
	}
	if want := MoveWords(m, sc, false); v.Coach.Text != want {
		t.Errorf("the coach on the record's mistake says\n%q\nwant the window's own words\n%q", v.Coach.Text, want)
	}
	if strings.Contains(v.Coach.Text, "from the record") {
		t.Errorf("the coach quotes the record's English comment: %q", v.Coach.Text)
	}
	if row := v.Moves[m.Ply-1]; !row.Judged || row.Class != m.Class {
		t.Errorf("move %d's row %+v, want class %s", m.Ply, row, m.Class)
	}
	// Previous and Next mistake walk the record's mistakes.
	if p := c.NextMistake(0, 1); p != m.Ply {
		t.Errorf("the record's first mistake is move %d, NextMistake gives %d", m.Ply, p)
	}
	c.Review(0)
	if !c.ReviewMistake(1) {
		t.Fatal("ReviewMistake(1) finds no mistake in the record")
	}
	if p, _ := c.Reviewing(); p != m.Ply {
		t.Errorf("the first mistake reviewed is move %d, want %d", p, m.Ply)
	}
	if b := c.Panel().Buttons; b.NextMistake != (c.NextMistake(m.Ply, 1) != 0) || b.PrevMistake != (c.NextMistake(m.Ply, -1) != 0) {
		t.Errorf("the mistake buttons %+v do not follow the record's notes", b)
	}
}

// TestRecordWithoutJudgment: a record without PQ (an older file, another
// program's) or with a PQ that does not read shows the record's comment
// as before, "Move N, from the record: …", without a panic.
func TestRecordWithoutJudgment(t *testing.T) {
	data, m, _ := analyzedRecord(t)
	notes, err := quality.Notes(data)
	if err != nil {
		t.Fatal(err)
	}
	comment := notes[m.Ply-1].Comment
	if !strings.Contains(comment, m.Why) {
		t.Fatalf("the record's comment %q lacks the why %q", comment, m.Why)
	}
	good := ""
	if nodes, err := sgf.Parse(data); err == nil {
		good = nodes[m.Ply].Value("PQ")
	}
	ply := regexp.MustCompile(`"ply":[0-9]+`)
	for name, pq := range map[string]string{
		"no PQ": "", "not JSON": "{mistake", "wrong type": ply.ReplaceAllStringFunc(good, func(s string) string { return `"ply":"` + s[6:] + `"` }),
		"huge ply":   ply.ReplaceAllString(good, `"ply":1e300`),
		"other game": strings.Replace(good, `"game":"othello"`, `"game":"gomoku"`, 1),
	} {
		if pq == good {
			t.Fatalf("%s: the PQ %q did not change", name, good)
		}
		t.Run(name, func(t *testing.T) {
			c := openAnalyzed(t, withoutPQ(t, data, m.Ply, pq), m.Ply)
			want := "Move " + strconv.Itoa(m.Ply) + ", from the record: " + comment
			if got := c.Panel().Coach.Text; got != want {
				t.Errorf("the coach says %q, want %q", got, want)
			}
		})
	}
}
