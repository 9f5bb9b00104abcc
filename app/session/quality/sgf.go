package quality

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/phrase"
	"planiverse/rules/registry"
	"planiverse/rules/sgf"
)

// The report in SGF's annotation properties (FF[4]), on every move node:
//   - V, the value of the move played from the dark color's (Black's)
//     point of view: in the game's unit where it has one (discs), else
//     Black's winning chances in percent, 2·expected−1, from −100 (lost)
//     to +100 (won);
//   - the class as a move annotation: best TE[1], inaccuracy DO[],
//     mistake BM[1], blunder, missed win and losing move BM[2] (a good
//     move gets none);
//   - C, a comment that starts with the class's title: "Mistake: loses 6
//     discs; best d3 (+4), played -2. b2 gives White the corner a1."
//
// Other programs read those. For Planiverse itself the node also holds
// PQ ("Planiverse quality", a private property: FF[4] defines none of
// that name), the judgment whole as compact JSON: the game's registry
// name and the Move, its Reason a phrase (phrase.P's JSON), so that the
// window that opens the record says the move in its own language as it
// says a move it judged itself:
//
//	PQ[{"game":"othello","ply":12,"seat":1,"color":"White","move":"b2","best":"d3",
//	    "value":{"score":-200,"exact":true},"best_value":{"score":400,"exact":true},
//	    "loss":6,"unit":"discs","drop":12.3,"class":"mistake","why":"b2 gives White the corner a1.",
//	    "reason":{"key":"explain.othello.corner","other":"{{.Move}} gives {{.Opponent}} the corner {{.Square}}.",
//	    "data":{"Move":"b2","Opponent":{"p":{"key":"color.white","other":"White"}},"Square":"a1"}}}]
//
// (on one line, `]` and `\` escaped as in any SGF text). Notes reads it
// back and ignores a PQ that does not read, names another game, or does
// not fit its node (another ply or move).
//
// A move the program made before play (Move.Setup) gets none of them.

// SGF returns the analyzed game's record rec as SGF with r's analysis on
// its moves. It returns an error when the game has no SGF format or r
// does not cover every move of rec.
func (r *Report) SGF(rec *rules.Record) ([]byte, error) {
	if len(r.Moves) != len(rec.Moves) {
		return nil, fmt.Errorf("the analysis covers %d of the record's %d moves", len(r.Moves), len(rec.Moves))
	}
	data, err := registry.WriteRecord("analysis.sgf", rec)
	if err != nil {
		return nil, err
	}
	notes := make([]sgf.Annotation, len(r.Moves))
	for i, m := range r.Moves {
		notes[i] = r.annotation(m)
	}
	return sgf.Annotate(data, notes)
}

// darkValue is the SGF V of m: its value from the dark color's view.
func (r *Report) darkValue(m Move) float64 {
	v := r.Scale.Number(m.Value)
	if r.Scale.Unit == "" {
		v = 2*v - 100
	}
	if m.Color != r.darkColor() {
		v = -v
	}
	return math.Round(v*100) / 100
}

// darkColor is the name of the game's dark color (Descriptor.Colors[0]).
func (r *Report) darkColor() string {
	if d, err := registry.Lookup(r.Game); err == nil {
		return d.Colors[0]
	}
	return "Black"
}

// judgmentProp is the SGF property of an analysis's own judgment of a
// move (PQ, "Planiverse quality"; not an FF[4] property).
const judgmentProp = "PQ"

// judgment is PQ's JSON: the move's judgment and its game.
type judgment struct {
	// Game is the game's registry name ("othello").
	Game string `json:"game"`
	Move
}

// judgmentJSON is m's judgment as PQ's value: its JSON, the Reason left
// out when it has no JSON form (Why still says it in English).
func (r *Report) judgmentJSON(m Move) string {
	b, err := json.Marshal(judgment{Game: r.Game, Move: m})
	if err != nil {
		m.Reason = phrase.P{}
		b, _ = json.Marshal(judgment{Game: r.Game, Move: m})
	}
	return string(b)
}

func (r *Report) annotation(m Move) sgf.Annotation {
	if m.Setup {
		return sgf.Annotation{} // placed by the program: not judged
	}
	a := sgf.Annotation{Value: r.darkValue(m), HasValue: true, Comment: r.Comment(m),
		Extra: sgf.Node{{ID: judgmentProp, Values: []string{r.judgmentJSON(m)}}}}
	switch m.Class {
	case Best:
		a.Quality, a.Degree = "TE", 1
	case Inaccuracy:
		a.Quality = "DO"
	case Mistake:
		a.Quality, a.Degree = "BM", 1
	case Blunder, MissedWin, Losing:
		a.Quality, a.Degree = "BM", 2
	}
	return a
}

// Comment is the short text on m for a record or a panel: its class,
// what it lost, the best move with its value, the value of the move
// played and, for a mistake or worse, why (Move.Why): "Mistake: loses 6
// discs; best d3 (+4), played -2. b2 gives White the corner a1.", "Best
// move (+2)".
func (r *Report) Comment(m Move) string {
	sc := r.Scale
	if m.Class == Best {
		return fmt.Sprintf("%s (%s)", m.Class.Title(), sc.Text(m.Value))
	}
	loss := fmt.Sprintf("%.1f%%", m.Loss)
	if sc.Unit != "" {
		loss = fmt.Sprintf("%.1f %s", m.Loss, sc.Unit)
	}
	c := fmt.Sprintf("%s: loses %s; best %s (%s), played %s", m.Class.Title(), loss, m.Best, sc.Text(m.BestValue), sc.Text(m.Value))
	if m.Why != "" {
		c += ". " + m.Why
	}
	return c
}

// Note is what an annotated SGF record says of one move.
type Note struct {
	// Class is the move's class (from the judgment, else from the
	// comment's title, else from the move annotation BM, DO or TE);
	// HasClass says whether it says one.
	Class    Class
	HasClass bool
	// Value is V, from the dark color's view; HasValue whether it is there.
	Value    float64
	HasValue bool
	// Comment is C's text.
	Comment string
	// Judgment is the move's judgment as Planiverse wrote it (PQ),
	// HasJudgment whether the node holds one that reads, is of the
	// record's game and fits the node: its Ply is the move's number
	// and its Move the record's move.
	Judgment    Move
	HasJudgment bool
}

// Notes reads the annotations of an SGF record's moves, one per move
// node in order, with Planiverse's own judgments (PQ) where they read.
// A PQ that does not read, or does not fit, is left out: the note keeps
// what the other annotations say. Errors wrap rules.ErrSyntax: data is
// not SGF.
func Notes(data []byte) ([]Note, error) { return NotesOf(data, nil) }

// NotesOf is Notes of data already read as the record rec, whose game and
// moves a judgment must fit; nil reads data as a record when a node holds
// a PQ.
func NotesOf(data []byte, rec *rules.Record) ([]Note, error) {
	as, err := sgf.Annotations(data)
	if err != nil {
		return nil, err
	}
	recRead := rec != nil
	notes := make([]Note, len(as))
	for i, a := range as {
		n := Note{Value: a.Value, HasValue: a.HasValue, Comment: a.Comment}
		title, _, _ := strings.Cut(a.Comment, ":")
		title, _, _ = strings.Cut(title, " (")
		if c, ok := ParseClass(title); ok {
			n.Class, n.HasClass = c, true
		} else {
			n.Class, n.HasClass = classOfQuality(a)
		}
		if v, ok := a.Extra.Get(judgmentProp); ok {
			if !recRead {
				rec, recRead = readRecord(data), true
			}
			if j, ok := readJudgment(v, rec, i); ok {
				n.Judgment, n.HasJudgment = j, true
				n.Class, n.HasClass = j.Class, true
			}
		}
		notes[i] = n
	}
	return notes, nil
}

// readRecord reads SGF data as a record of any game, nil when none
// reads it.
func readRecord(data []byte) *rules.Record {
	r, _, err := registry.ReadRecord("record.sgf", data)
	if err != nil {
		return nil
	}
	return r
}

// maxLoss bounds a judgment's Loss read from a record: more than any
// game's unit or percent gives.
const maxLoss = 1000

// readJudgment reads the PQ value v of the i-th move node (0-based) of
// the record rec; false when it does not read as a judgment, rec is nil
// or of another game, the judgment is of another ply or move, a placement
// (Setup), or holds a value out of its range or a Reason that is not
// phrase.P.Simple.
func readJudgment(v string, rec *rules.Record, i int) (Move, bool) {
	var j judgment
	if rec == nil || json.Unmarshal([]byte(v), &j) != nil {
		return Move{}, false
	}
	m := j.Move
	inRange := func(x, hi float64) bool { return x >= 0 && x <= hi } // false for NaN
	switch {
	case j.Game != rec.Game, m.Ply != i+1, i >= len(rec.Moves), !strings.EqualFold(m.Move, rec.Moves[i]),
		m.Setup, m.Best == "", m.Seat > 1, m.Class >= NumClasses,
		m.Value.Score < -ai.WinScore || m.Value.Score > ai.WinScore,
		m.BestValue.Score < -ai.WinScore || m.BestValue.Score > ai.WinScore,
		!inRange(m.Loss, maxLoss), !inRange(m.Drop, 100), !m.Reason.Simple():
		return Move{}, false
	}
	return m, true
}

// classOfQuality reads a class from a move annotation alone.
func classOfQuality(a sgf.Annotation) (Class, bool) {
	switch {
	case a.Quality == "TE":
		return Best, true
	case a.Quality == "DO":
		return Inaccuracy, true
	case a.Quality == "BM" && a.Degree == 2:
		return Blunder, true
	case a.Quality == "BM":
		return Mistake, true
	}
	return 0, false
}
