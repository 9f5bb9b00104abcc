// Package sgf reads and writes the syntax of SGF, the Smart Game Format
// (FF[4], red-bean.com/sgf/sgf4.html): a game tree of nodes, each node a
// list of properties such as B[f5] or PB[Logistello]. It knows nothing of
// any game; the games' record formats (rules/othello/record.go...) give the
// properties their meaning. GGF (Michael Buro's Generic Game Format of
// GGS, skatgame.net/mburo/ggsa/ggf) shares the syntax and reads here too.
//
// Reading keeps only the main line (the first variation at every branch) of
// the first game tree of a collection; that is all a game record needs.
package sgf

import (
	"fmt"
	"strings"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Prop is one property of a node: its identifier ("B", "PB", boardspace's
// "P0") and its values, with SGF's escapes resolved (`\]` is "]", `\\` is
// `\`, and a backslash before a line break, a soft line break, is dropped
// with the break). Other whitespace is kept as it stands in the file.
type Prop struct {
	ID     string
	Values []string
}

// Node is a node's properties in file order; an identifier may occur more
// than once (GGF puts every move in one node).
type Node []Prop

// Get returns the first value of the first property id in n, and whether
// there is one.
func (n Node) Get(id string) (string, bool) {
	for _, p := range n {
		if p.ID == id && len(p.Values) > 0 {
			return p.Values[0], true
		}
	}
	return "", false
}

// Value returns the first value of property id in n, or "".
func (n Node) Value(id string) string {
	v, _ := n.Get(id)
	return v
}

// Add appends the property id with one value to n.
func (n *Node) Add(id, value string) { *n = append(*n, Prop{ID: id, Values: []string{value}}) }

// AddIf appends the property id with value when value is not "".
func (n *Node) AddIf(id, value string) {
	if value != "" {
		n.Add(id, value)
	}
}

// Bounds of Parse's work: a record within registry.MaxRecordBytes made
// of millions of empty nodes, properties or values (";;;", "A[]A[]",
// "A[][][]") is refused after a bounded number of them instead of costing
// memory for each. Real records hold hundreds of nodes of a few
// properties each, a GGF game a hundred or so in one node.
const (
	// MaxNodes is the most nodes of a main line.
	MaxNodes = 100_000
	// MaxProps is the most properties of one node.
	MaxProps = 10_000
	// MaxValues is the most values of one property (AB[aa][ab]...).
	MaxValues = 10_000
	// MaxTotalValues is the most values of all the main line's
	// properties together.
	MaxTotalValues = 200_000
)

// Parse reads the main line of the first game tree in data: the nodes from
// the root along the first variation of every branch. Text before the
// first "(" is ignored (headers, a boardspace file's leading space), and
// so is everything after the main line ends. Errors wrap rules.ErrSyntax,
// name the line and quote the offending text: no game tree, an unclosed
// value, a property without a value, a truncated tree, more than MaxNodes
// nodes, MaxProps properties in a node, MaxValues values of a property or
// MaxTotalValues values in all. Its work and memory are linear in data
// and bounded by those caps.
func Parse(data []byte) ([]Node, error) {
	p := &parser{data: data, line: 1}
	if !p.skipTo('(') {
		return nil, rules.Errorp(rules.ErrSyntax, phrase.T("error.sgf.no_tree", "sgf: no game tree (no \"(\")", nil))
	}
	p.advance() // '('
	var nodes []Node
	for {
		p.skipSpace()
		if p.pos >= len(p.data) {
			return nil, p.errorp(phrase.T("error.sgf.truncated", "truncated: the game tree is not closed", nil))
		}
		switch c := p.data[p.pos]; {
		case c == ';':
			p.advance()
			n, err := p.node()
			if err != nil {
				return nil, err
			}
			if len(nodes) == MaxNodes {
				return nil, p.errorf("more than %d nodes: not a game record", MaxNodes)
			}
			nodes = append(nodes, n)
		case c == '(':
			// The first variation continues the main line.
			p.advance()
		case c == ')':
			if len(nodes) == 0 {
				return nil, p.errorp(phrase.T("error.sgf.no_nodes", "a game tree without nodes", nil))
			}
			return nodes, nil
		default:
			return nil, p.errorp(phrase.T("error.sgf.want_node", "want \";\", \"(\" or \")\", found {{.Found}}", map[string]any{"Found": rules.Quote(p.word())}))
		}
	}
}

type parser struct {
	data   []byte
	pos    int
	line   int
	values int // values read so far, of every node
}

func (p *parser) advance() {
	if p.data[p.pos] == '\n' {
		p.line++
	}
	p.pos++
}

func (p *parser) skipTo(c byte) bool {
	for p.pos < len(p.data) && p.data[p.pos] != c {
		p.advance()
	}
	return p.pos < len(p.data)
}

func (p *parser) skipSpace() {
	for p.pos < len(p.data) && isSpace(p.data[p.pos]) {
		p.advance()
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func isIDByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}

// word returns the text from pos up to the next space or bracket, for an
// error message.
func (p *parser) word() string {
	end := p.pos
	for end < len(p.data) && end-p.pos < 40 && !isSpace(p.data[end]) && p.data[end] != '[' {
		end++
	}
	if end == p.pos {
		end++
	}
	return string(p.data[p.pos:end])
}

// errorf returns a syntax error at the parser's line, its reason the
// formatted text (untranslated; errorp for a phrase).
func (p *parser) errorf(format string, args ...any) error {
	return p.errorp(phrase.T("", "{{.Text}}", map[string]any{"Text": fmt.Sprintf(format, args...)}))
}

// errorp returns a syntax error at the parser's line ("sgf: line 3: ..."),
// its reason the phrase why.
func (p *parser) errorp(why phrase.P) error {
	return rules.Errorp(rules.ErrSyntax, phrase.T("error.sgf.line", "sgf: line {{.Line}}: {{.Why}}", map[string]any{"Line": p.line, "Why": why}))
}

// node reads the properties after a ';'.
func (p *parser) node() (Node, error) {
	var n Node
	for {
		p.skipSpace()
		if p.pos >= len(p.data) || !isIDByte(p.data[p.pos]) {
			return n, nil
		}
		start := p.pos
		for p.pos < len(p.data) && isIDByte(p.data[p.pos]) {
			p.pos++
		}
		if len(n) == MaxProps {
			p.pos = start
			return nil, p.errorf("more than %d properties in a node: not a game record", MaxProps)
		}
		id := string(p.data[start:p.pos])
		if c := id[0]; c >= '0' && c <= '9' {
			p.pos = start
			return nil, p.errorf("property name %s starts with a digit", rules.Quote(p.word()))
		}
		prop := Prop{ID: id}
		for {
			p.skipSpace()
			if p.pos >= len(p.data) || p.data[p.pos] != '[' {
				break
			}
			if len(prop.Values) == MaxValues {
				return nil, p.errorf("property %s has more than %d values: not a game record", rules.Quote(id), MaxValues)
			}
			if p.values++; p.values > MaxTotalValues {
				return nil, p.errorf("more than %d property values: not a game record", MaxTotalValues)
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			prop.Values = append(prop.Values, v)
		}
		if len(prop.Values) == 0 {
			return nil, p.errorp(phrase.T("error.sgf.no_value", "property {{.Property}} has no value", map[string]any{"Property": rules.Quote(id)}))
		}
		n = append(n, prop)
	}
}

// value reads one "[...]" value, resolving escapes and soft line breaks.
func (p *parser) value() (string, error) {
	startLine := p.line
	p.advance() // '['
	var b strings.Builder
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		p.advance()
		switch c {
		case ']':
			return b.String(), nil
		case '\\':
			if p.pos >= len(p.data) {
				break
			}
			e := p.data[p.pos]
			p.advance()
			switch {
			case e == '\n':
				// A soft line break; "\r\n" and "\n\r" count as one break.
				if p.pos < len(p.data) && p.data[p.pos] == '\r' {
					p.advance()
				}
			case e == '\r':
				if p.pos < len(p.data) && p.data[p.pos] == '\n' {
					p.advance()
				}
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", rules.Errorp(rules.ErrSyntax, phrase.T("error.sgf.unclosed", "sgf: line {{.Line}}: a value is not closed by \"]\" (truncated file?)", map[string]any{"Line": startLine}))
}

// Escape returns v escaped for a property value: `]` and `\` get a
// backslash (FF[4] "Text" and "SimpleText").
func Escape(v string) string {
	if !strings.ContainsAny(v, `]\`) {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == ']' || v[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

// Write returns the game tree of the nodes, one main line without
// variations: "(;FF[4]GM[2]...\n;B[f5];W[d6]...)\n", a line break after
// the root and after every tenth node. Identifiers must be non-empty runs
// of ASCII letters and digits (not checked).
func Write(nodes []Node) []byte {
	var b strings.Builder
	b.WriteByte('(')
	for i, n := range nodes {
		b.WriteByte(';')
		for _, p := range n {
			b.WriteString(p.ID)
			for _, v := range p.Values {
				b.WriteByte('[')
				b.WriteString(Escape(v))
				b.WriteByte(']')
			}
		}
		if i == 0 || i%10 == 0 {
			b.WriteByte('\n')
		}
	}
	b.WriteString(")\n")
	return []byte(b.String())
}

// Extras lists what the first game tree of data holds beyond the main line
// that Parse reads and a rules.Record keeps, in words for a player:
// "variations" (a node with more than one continuation), "move comments"
// (C properties; the root's GC is the game comment a record keeps) and
// "more games" (a collection of several game trees). It returns nil for
// data that holds none of them or is not SGF.
func Extras(data []byte) []string {
	var variations, comments, more bool
	var children []int // continuations seen at each open tree depth
	trees := 0
	idStart, idEnd := 0, 0 // the last property identifier, data[idStart:idEnd]
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case c == '[':
			if idEnd-idStart == 1 && data[idStart] == 'C' && len(children) > 0 {
				comments = true
			}
			for i++; i < len(data) && data[i] != ']'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case c == '(':
			if len(children) == 0 {
				if trees++; trees > 1 {
					more = true
				}
			} else if children[len(children)-1]++; children[len(children)-1] > 1 {
				variations = true
			}
			children = append(children, 0)
			idStart, idEnd = i, i
		case c == ')':
			if len(children) > 0 {
				children = children[:len(children)-1]
			}
			idStart, idEnd = i, i
		case isIDByte(c):
			if i == 0 || !isIDByte(data[i-1]) {
				idStart = i
			}
			idEnd = i + 1
		case c == ';':
			idStart, idEnd = i, i
		}
	}
	var out []string
	if variations {
		out = append(out, "variations")
	}
	if comments {
		out = append(out, "move comments")
	}
	if more {
		out = append(out, "more games")
	}
	return out
}

// MainLineCuts returns the ways to cut data, an SGF text that may be
// truncated or hold a bad move, after a number of its main line's nodes:
// cut(n) is the first game tree's text up to its (n+1)th node (n ≥ 1),
// closed with the parentheses still open there, and nodes is how many
// main-line nodes start in data. cut(nodes) keeps the last node whole as
// far as data goes. nodes is 0 when data holds no game tree. It reads
// values as Parse does (escapes), so that a ';' inside a value is no node.
func MainLineCuts(data []byte) (cut func(n int) []byte, nodes int) {
	var starts, depths []int // each main-line node's ';' and the open trees there
	start, depth := -1, 0
	end := len(data)
scan:
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '(':
			if start < 0 {
				start = i
			}
			depth++
		case ')':
			if depth > 0 {
				end = i
				break scan // the main line ends at the first ')'
			}
		case ';':
			if depth > 0 {
				if len(starts) > MaxNodes {
					break scan // more than Parse reads
				}
				starts = append(starts, i)
				depths = append(depths, depth)
			}
		case '[':
			for i++; i < len(data) && data[i] != ']'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		}
	}
	if start < 0 {
		return func(int) []byte { return nil }, 0
	}
	cut = func(n int) []byte {
		upTo, open := end, depth
		if n < len(starts) {
			upTo, open = starts[n], depths[n]
		}
		if n <= 0 || upTo < start {
			return nil
		}
		out := append([]byte(nil), data[start:min(upTo, len(data))]...)
		if upTo == end && end == len(data) && bytesOpenValue(out) {
			return nil // the last value is cut: no whole node
		}
		return append(out, strings.Repeat(")", max(open, 1))...)
	}
	return cut, len(starts)
}

// bytesOpenValue reports whether text ends inside a "[...]" value.
func bytesOpenValue(text []byte) bool {
	open := false
	for i := 0; i < len(text); i++ {
		switch {
		case open && text[i] == '\\':
			i++
		case open && text[i] == ']':
			open = false
		case !open && text[i] == '[':
			open = true
		}
	}
	return open
}
