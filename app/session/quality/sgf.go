package quality

import (
	"fmt"
	"math"
	"strings"

	"planiverse/rules"
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

func (r *Report) annotation(m Move) sgf.Annotation {
	if m.Setup {
		return sgf.Annotation{} // placed by the program: not judged
	}
	a := sgf.Annotation{Value: r.darkValue(m), HasValue: true, Comment: r.Comment(m)}
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
	// Class is the move's class (from the comment's title, else from the
	// move annotation BM, DO or TE); HasClass says whether it says one.
	Class    Class
	HasClass bool
	// Value is V, from the dark color's view; HasValue whether it is there.
	Value    float64
	HasValue bool
	// Comment is C's text.
	Comment string
}

// Notes reads the annotations of an SGF record's moves, one per move
// node in order. Errors wrap rules.ErrSyntax: data is not SGF.
func Notes(data []byte) ([]Note, error) {
	as, err := sgf.Annotations(data)
	if err != nil {
		return nil, err
	}
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
		notes[i] = n
	}
	return notes, nil
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
