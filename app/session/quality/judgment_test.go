package quality_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/phrase"
	"planiverse/rules/sgf"
)

// TestSGFJudgmentRoundTrip: every judged move's judgment comes back from
// the analysis SGF's PQ whole (class, best move, values, loss, Reason
// writing Why's English), and the note's class is the judgment's.
func TestSGFJudgmentRoundTrip(t *testing.T) {
	for _, game := range []string{"gomoku", "othello"} {
		t.Run(game, func(t *testing.T) {
			_, rep, data := analyzedSGF(t, game, [2]int{0, 1}, 3)
			if strings.Count(string(data), "PQ[") != len(rep.Moves) {
				t.Fatalf("%d PQ for %d moves:\n%s", strings.Count(string(data), "PQ["), len(rep.Moves), data)
			}
			notes, err := quality.Notes(data)
			if err != nil {
				t.Fatal(err)
			}
			if len(notes) != len(rep.Moves) {
				t.Fatalf("%d notes for %d moves", len(notes), len(rep.Moves))
			}
			reasons := 0
			for i, n := range notes {
				m := rep.Moves[i]
				if !n.HasJudgment {
					t.Fatalf("ply %d: no judgment read back", m.Ply)
				}
				if !reflect.DeepEqual(n.Judgment, m) {
					t.Errorf("ply %d: judgment %+v\nwant %+v", m.Ply, n.Judgment, m)
				}
				if n.Class != m.Class || !n.HasClass {
					t.Errorf("ply %d: note class %v, want %v", m.Ply, n.Class, m.Class)
				}
				if !m.Reason.IsZero() {
					reasons++
					if got := n.Judgment.Reason.String(); got != m.Why {
						t.Errorf("ply %d: reason read back says %q, want %q", m.Ply, got, m.Why)
					}
				}
			}
			if reasons == 0 {
				t.Errorf("no move with a reason: not a test")
			}
		})
	}
}

// handReport is an Othello report of three moves made by hand, the
// second a mistake with the game's reason, and its record.
func handReport(tb testing.TB) (*quality.Report, *rules.Record) {
	s, err := lookup(tb, "othello").Start(nil)
	if err != nil {
		tb.Fatal(err)
	}
	sc := quality.ScaleFor(s)
	reason := phrase.T("explain.othello.corner", "{{.Move}} gives {{.Opponent}} the corner {{.Square}}.",
		map[string]any{"Move": "d6", "Opponent": phrase.Color("Black"), "Square": "a1"})
	moves := []quality.Move{
		{Ply: 1, Seat: 0, Color: "Black", Move: "f5", Best: "f5", Unit: "discs", Class: quality.Best},
		{Ply: 2, Seat: 1, Color: "White", Move: "d6", Best: "f6", Value: quality.Value{Score: -400}, BestValue: quality.Value{Score: 300},
			Loss: 7, Unit: "discs", Drop: 30.5, Class: quality.Mistake, Why: reason.String(), Reason: reason},
		{Ply: 3, Seat: 0, Color: "Black", Move: "c3", Best: "c3", Unit: "discs", Class: quality.Best},
	}
	return &quality.Report{Game: "othello", Scale: sc, Moves: moves}, &rules.Record{Game: "othello", Options: rules.Options{}, Moves: []string{"f5", "d6", "c3"}}
}

// withPQ returns the SGF data with the PQ of the move node k (0 the
// first move) set to value, or removed when value is "", and the PQ
// value put on the root when root is not "".
func withPQ(t *testing.T, data []byte, k int, value, root string) []byte {
	t.Helper()
	nodes, err := sgf.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if root != "" {
		nodes[0] = append(nodes[0], sgf.Prop{ID: "PQ", Values: []string{root}})
	}
	n := nodes[k+1]
	kept := sgf.Node{}
	for _, p := range n {
		if p.ID != "PQ" {
			kept = append(kept, p)
		}
	}
	if value != "" {
		kept.Add("PQ", value)
	}
	nodes[k+1] = kept
	return sgf.Write(nodes)
}

// TestNotesIgnoreBadJudgments: a PQ that does not read, holds values of
// the wrong type or out of range, names another game, another ply or
// move, a placement, or a Reason whose template does more than name its
// arguments, is ignored without an error: the note says what C and BM
// say. So is a PQ on the root, which is no move.
func TestNotesIgnoreBadJudgments(t *testing.T) {
	rep, rec := handReport(t)
	data, err := rep.SGF(rec)
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := sgf.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	good := nodes[2].Value("PQ")
	notes, err := quality.Notes(data)
	if err != nil || !notes[1].HasJudgment || notes[1].Judgment.Reason.Key != "explain.othello.corner" {
		t.Fatalf("the good record's notes %+v, %v; want the judgment of move 2 with its reason", notes, err)
	}
	// changed returns the good PQ with the member key set to the JSON v.
	changed := func(key, v string) string {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(good), &m); err != nil {
			t.Fatal(err)
		}
		m[key] = json.RawMessage(v)
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("%s = %s: %v", key, v, err)
		}
		return string(b)
	}
	bad := map[string]string{
		"not JSON": "judgment: mistake", "cut": good[:len(good)/2], "array": "[1,2]", "null": "null", "empty object": "{}",
		"ply a string": changed("ply", `"2"`), "class unknown": changed("class", `"awful"`), "class a number": changed("class", "3"),
		"score a string": changed("value", `{"score":"-400"}`), "reason a string": changed("reason", `"gives the corner"`),
		"reason malformed": changed("reason", `{"key":"k","data":{"A":true}}`), "seat negative": changed("seat", "-1"),
		"ply huge": changed("ply", "1e30"), "score beyond int": changed("value", `{"score":99999999999999999999}`),
		"score beyond a win": changed("best_value", `{"score":4000000000000000000}`), "loss huge": changed("loss", "1e308"),
		"loss negative": changed("loss", "-3"), "drop over 100": changed("drop", "100000"), "seat beyond": changed("seat", "300"),
		"seat 2": changed("seat", "2"), "other game": changed("game", `"gomoku"`), "other ply": changed("ply", "3"),
		"other move": changed("move", `"c4"`), "placement": changed("setup", "true"), "no best": changed("best", `""`),
		"printf template": changed("reason", `{"key":"k","other":"{{printf \"%0999999999d\" 1}}"}`),
	}
	for name, v := range bad {
		notes, err := quality.Notes(withPQ(t, data, 1, v, ""))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(notes) != 3 || notes[1].HasJudgment || !notes[0].HasJudgment {
			t.Errorf("%s: notes %+v; want move 2's PQ ignored and move 1's read", name, notes)
			continue
		}
		if !notes[1].HasClass || notes[1].Class != quality.Mistake || !strings.HasPrefix(notes[1].Comment, "Mistake: loses 7.0 discs") {
			t.Errorf("%s: move 2's note %+v, want the comment's mistake", name, notes[1])
		}
	}
	notes, err = quality.Notes(withPQ(t, data, 1, "", good))
	if err != nil || len(notes) != 3 || notes[1].HasJudgment || !notes[0].HasJudgment {
		t.Errorf("PQ moved to the root: notes %+v, %v; want move 2 without a judgment", notes, err)
	}
}

// FuzzNotes: Notes never panics on an analysis SGF with its PQ values
// changed, and a judgment it reads is one the window can write.
func FuzzNotes(f *testing.F) {
	rep, rec := handReport(f)
	data, err := rep.SGF(rec)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(strings.Replace(string(data), `"ply":2`, `"ply":1e99`, 1)))
	f.Add([]byte(strings.Replace(string(data), `"reason":{`, `"reason":{"data":{"X":{"p":{"p":{}}}},`, 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		notes, err := quality.Notes(data)
		if err != nil {
			return
		}
		for _, n := range notes {
			if !n.HasJudgment {
				continue
			}
			if n.Class >= quality.NumClasses || !n.Judgment.Reason.Simple() {
				t.Fatalf("judgment %+v read back", n.Judgment)
			}
			_ = rep.Scale.Words(n.Judgment.Value) + n.Judgment.Reason.String()
		}
	})
}
