package sgf

import (
	"strconv"
	"strings"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Annotation is what FF[4]'s annotation properties say of one move node:
// V (the position's value, positive good for Black), the move's quality
// (BM bad move, DO doubtful, IT interesting, TE tesuji, a good move; BM
// and TE with a degree, 1 or 2 for "very"), and C, a comment.
type Annotation struct {
	// Value is V's value; HasValue says whether the node has one.
	Value    float64
	HasValue bool
	// Quality is "BM", "DO", "IT", "TE" or "" for none.
	Quality string
	// Degree is BM's or TE's value: 1, or 2 for "very"; 0 for the others.
	Degree int
	// Comment is C's text, "" for none.
	Comment string
	// Extra are further properties: Annotate writes them after C;
	// Annotations reads here every property of the node that is neither
	// its move (B, W) nor one of the above, in file order (nil for none).
	Extra Node
}

// qualities are the move annotation properties, in the order read.
var qualities = [...]string{"BM", "DO", "IT", "TE"}

// props returns a's properties, the empty ones left out: V, then the
// quality, then C, then Extra.
func (a Annotation) props() Node {
	var n Node
	if a.HasValue {
		n.Add("V", strconv.FormatFloat(a.Value, 'f', -1, 64))
	}
	switch a.Quality {
	case "BM", "TE":
		n.Add(a.Quality, strconv.Itoa(min(max(a.Degree, 1), 2)))
	case "DO", "IT":
		n.Add(a.Quality, "")
	}
	n.AddIf("C", a.Comment)
	return append(n, a.Extra...)
}

// isMove reports whether n holds a move (B or W).
func isMove(n Node) bool {
	_, b := n.Get("B")
	_, w := n.Get("W")
	return b || w
}

// Annotate returns the SGF record data with notes[i] added to its i-th
// move node (a node with B or W), after the move; the properties V, BM,
// DO, IT, TE and C the move nodes had are replaced, and so are those of
// any identifier that some note's Extra holds. Errors wrap
// rules.ErrSyntax (not SGF) or rules.ErrFormat (not as many move nodes as
// notes). Only the main line is kept.
func Annotate(data []byte, notes []Annotation) ([]byte, error) {
	nodes, err := Parse(data)
	if err != nil {
		return nil, err
	}
	extra := map[string]bool{}
	for _, a := range notes {
		for _, p := range a.Extra {
			extra[p.ID] = true
		}
	}
	i := 0
	for k, n := range nodes {
		if !isMove(n) {
			continue
		}
		if i >= len(notes) {
			return nil, rules.Errorp(rules.ErrFormat, phrase.N("error.sgf.more_moves", "sgf: more moves than the {{.Count}} annotation",
				"sgf: more moves than the {{.Count}} annotations", len(notes), nil))
		}
		kept := Node{}
		for _, p := range n {
			if p.ID != "V" && p.ID != "C" && !isQuality(p.ID) && !extra[p.ID] {
				kept = append(kept, p)
			}
		}
		nodes[k] = append(kept, notes[i].props()...)
		i++
	}
	if i != len(notes) {
		return nil, rules.Errorp(rules.ErrFormat, phrase.N("error.sgf.moves_for_annotations", "sgf: {{.Moves}} for {{.Count}} annotation",
			"sgf: {{.Moves}} for {{.Count}} annotations", len(notes), map[string]any{"Moves": phrase.N("count.move", "{{.Count}} move", "{{.Count}} moves", i, nil)}))
	}
	return Write(nodes), nil
}

func isQuality(id string) bool {
	for _, q := range qualities {
		if id == q {
			return true
		}
	}
	return false
}

// Annotations reads the annotation properties of every move node (a node
// with B or W) of SGF data's main line, in order, with the node's other
// properties in Extra; a node without any gives the zero Annotation. An
// unreadable V or degree is left out (the annotation of other programs is
// advice, never a reason to refuse a record). Errors wrap
// rules.ErrSyntax: data is not SGF.
func Annotations(data []byte) ([]Annotation, error) {
	nodes, err := Parse(data)
	if err != nil {
		return nil, err
	}
	var out []Annotation
	for _, n := range nodes {
		if !isMove(n) {
			continue
		}
		var a Annotation
		if v, ok := n.Get("V"); ok {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				a.Value, a.HasValue = f, true
			}
		}
		for _, q := range qualities {
			if v, ok := n.Get(q); ok {
				a.Quality = q
				if q == "BM" || q == "TE" {
					a.Degree = 1
					if d, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && d == 2 {
						a.Degree = 2
					}
				}
				break
			}
		}
		a.Comment = n.Value("C")
		for _, p := range n {
			if p.ID != "B" && p.ID != "W" && p.ID != "V" && p.ID != "C" && !isQuality(p.ID) {
				a.Extra = append(a.Extra, p)
			}
		}
		out = append(out, a)
	}
	return out, nil
}
