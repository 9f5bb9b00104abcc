package gomoku

import (
	"fmt"
	"strconv"
	"strings"

	"planiverse/rules"
	"planiverse/rules/phrase"
	"planiverse/rules/sgf"
)

// Formats are Gomoku's record formats (Descriptor.Formats): SGF and
// Piskvork's .psq.
//
//   - SGF (FF[4], red-bean.com/sgf): GM[4], SZ[15|19|20], RU the win rule
//     (freestyle, exact5, renju) and, with an opening, "swap" or "swap2"
//     after it ("RU[freestyle swap]", "RU[renju swap2]", "RU[exact5]").
//     Moves are SGF points, column then row letters from the top-left
//     corner (B[hh] is H8 on 15x15); our own notation (B[H8]) is read too.
//     The swap (taking Black) is [swap] and Swap2's third choice
//     [balance], under the color of the stone the mover would place next.
//     Extension "sgf".
//   - Piskvork (Gomocup's .psq): a first line "Piskvorky 15x15, 11:11, 0",
//     then one line "x,y,time" a move (1-based, from the top-left; time in
//     milliseconds, written 0), then the players' names, Black first, one
//     a line. It says neither the win rule nor an opening: only freestyle
//     games without the swap are written, and reading gives freestyle.
//     Extension "psq".
var Formats = []rules.Format{sgfGame.Format(), {
	Name: "Piskvork PSQ", Ext: []string{"psq"}, Read: readPSQ, Write: writePSQ,
}}

var sgfGame = &sgf.Game{
	D:  Descriptor,
	GM: "4",
	Variant: func(o rules.Options) (sgf.Node, error) {
		ru := o["rules"]
		if o["opening"] != "none" {
			ru += " " + o["opening"]
		}
		return sgf.Node{{ID: "SZ", Values: []string{o["size"]}}, {ID: "RU", Values: []string{ru}}}, nil
	},
	Options: func(root sgf.Node) (rules.Options, error) {
		o := rules.Options{"size": strings.TrimSpace(root.Value("SZ"))}
		ru := strings.Fields(strings.ToLower(root.Value("RU")))
		if len(ru) > 2 {
			return nil, rules.Errorp(rules.ErrFormat, phrase.T("error.gomoku.sgf_rules", "gomoku sgf: RU {{.Rules}}: want a win rule and an opening", map[string]any{"Rules": rules.Quote(root.Value("RU"))}))
		}
		if len(ru) > 0 {
			o["rules"] = ru[0]
		}
		if len(ru) > 1 {
			o["opening"] = ru[1]
		}
		return o, nil
	},
	Value: func(s rules.State, m rules.Move) string {
		switch m {
		case rules.Swap:
			return "swap"
		case Balance:
			return "balance"
		}
		n := s.(*Game).Size()
		return string([]byte{byte('a' + int(m)%n), byte('a' + int(m)/n)})
	},
	Move: func(s rules.State, v string) (rules.Move, error) {
		t := strings.TrimSpace(v)
		if len(t) == 2 && t[0] >= 'a' && t[0] <= 'z' && t[1] >= 'a' && t[1] <= 'z' {
			n := s.(*Game).Size()
			x, y := int(t[0]-'a'), int(t[1]-'a')
			if x >= n || y >= n {
				return 0, rules.Errorp(rules.ErrIllegal, phrase.T("error.gomoku.sgf_off", "gomoku sgf point {{.Point}} off the {{.Size}}x{{.Size}} board", map[string]any{"Point": rules.Quote(v), "Size": n}))
			}
			t = PointName(n, y*n+x)
		}
		return s.ParseMove(t)
	},
}

func readPSQ(data []byte) (*rules.Record, error) {
	// The lines are taken one at a time (not split all at once: a file of
	// millions of empty lines costs no memory per line).
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	i := 0 // lines taken
	next := func() (string, bool) {
		if text == "" && i > 0 {
			return "", false
		}
		l, rest, _ := strings.Cut(text, "\n")
		text = rest
		i++
		return l, true
	}
	first, _ := next()
	head := strings.TrimSpace(first)
	rest, ok := strings.CutPrefix(head, "Piskvorky ")
	if !ok {
		return nil, rules.Errorp(rules.ErrSyntax, phrase.T("error.psq.header", "psq: line 1: {{.Text}}: want \"Piskvorky 15x15, ...\"", map[string]any{"Text": rules.Quote(head)}))
	}
	dims, _, _ := strings.Cut(rest, ",")
	w, h, _ := strings.Cut(strings.TrimSpace(dims), "x")
	size, err := strconv.Atoi(w)
	if err != nil || w != h {
		return nil, rules.Errorp(rules.ErrSyntax, phrase.T("error.psq.board", "psq: line 1: board {{.Board}}: want a square board such as 15x15", map[string]any{"Board": rules.Quote(dims)}))
	}
	r := &rules.Record{Game: Descriptor.Name, Options: rules.Options{"size": w}}
	if r.Options, err = Descriptor.Resolve(r.Options); err != nil {
		return nil, rules.Errorp(rules.ErrFormat, phrase.T("error.psq.size", "psq: line 1: a {{.Size}}x{{.Size}} board is not played (15, 19 or 20)", map[string]any{"Size": size}))
	}
	s, err := Descriptor.New(r.Options)
	if err != nil {
		return nil, err
	}
	line, more := next()
	for ; more; line, more = next() {
		xy, ok := psqMove(line)
		if !ok {
			break
		}
		ply := len(r.Moves) + 1
		x, y := xy[0], xy[1]
		if x < 1 || y < 1 || x > size || y > size {
			return nil, rules.Errorp(rules.ErrIllegal, phrase.T("error.psq.off_board", "psq: line {{.Line}}: ply {{.Ply}}: {{.Text}} off the {{.Size}}x{{.Size}} board", map[string]any{"Line": i, "Ply": ply, "Text": rules.Quote(line), "Size": size}))
		}
		point := PointName(size, (y-1)*size+x-1)
		m, err := s.ParseMove(point)
		if err != nil {
			return nil, rules.Contextp(phrase.T("error.psq.ply", "psq: line {{.Line}}: ply {{.Ply}}", map[string]any{"Line": i, "Ply": ply}), err)
		}
		r.Moves = append(r.Moves, point)
		s.Play(m)
	}
	// The lines after the moves: the players' names, then anything (lines
	// of numbers are not names).
	var names []string
	for ; more && len(names) < 2; line, more = next() {
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		_, move := psqMove(t)
		if _, number := wholeNumber(t); !number && !move {
			names = append(names, t)
		}
	}
	copy(r.Info.Players[:], names)
	return r, nil
}

func writePSQ(r *rules.Record) ([]byte, error) {
	o, err := Descriptor.Resolve(r.Options)
	if err != nil {
		return nil, err
	}
	if o["rules"] != "freestyle" || o["opening"] != "none" {
		return nil, rules.Errorp(rules.ErrFormat, phrase.T("error.psq.variant", "psq: Piskvork's record has no way to say {{.Variant}}", map[string]any{"Variant": Descriptor.DescribePhrase(o)}))
	}
	_, played, err := Descriptor.Replay(r)
	if err != nil {
		return nil, err
	}
	n := o.Int("size")
	var b strings.Builder
	fmt.Fprintf(&b, "Piskvorky %dx%d, 11:11, 0\n", n, n)
	for _, m := range played {
		fmt.Fprintf(&b, "%d,%d,0\n", int(m)%n+1, int(m)/n+1)
	}
	for _, p := range r.Info.Players {
		if p = strings.TrimSpace(strings.ReplaceAll(p, "\n", " ")); p != "" {
			b.WriteString(p + "\n")
		}
	}
	return []byte(b.String()), nil
}

// wholeNumber reads a whole number of at most 18 digits with an optional
// sign, without allocating (strconv's errors do, and a file may hold
// millions of lines that are not numbers).
func wholeNumber(s string) (int, bool) {
	digits := strings.TrimLeft(s, "+-")
	if len(s)-len(digits) > 1 || digits == "" || len(digits) > 18 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if s[0] == '-' {
		n = -n
	}
	return n, true
}

// psqMove reads a move line of a .psq, "x,y,time" or "x,y" (whole numbers).
func psqMove(line string) (xy [3]int, ok bool) {
	rest := strings.TrimSpace(line)
	for k := 0; ; k++ {
		if k == 3 {
			return xy, false
		}
		v, r, found := strings.Cut(rest, ",")
		n, ok := wholeNumber(strings.TrimSpace(v))
		if !ok {
			return xy, false
		}
		xy[k] = n
		if !found {
			return xy, k >= 1
		}
		rest = r
	}
}
