package othello

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"planiverse/rules"
	"planiverse/rules/phrase"
	"planiverse/rules/sgf"
)

// Formats are Othello's record formats (Descriptor.Formats): SGF, GGF and
// plain transcripts.
//
//   - SGF (FF[4], red-bean.com/sgf): GM[2] SZ[8], one move a node, B[f5] /
//     W[d6] in our square names; a pass is written empty (B[]) and read as
//     empty, "tt", "pa" or "pass"; a forced pass the file leaves out is
//     played. Extension "sgf".
//   - GGF (Michael Buro's Generic Game Format, as GGS and NBoard write it;
//     skatgame.net/mburo/ggsa/ggf): "(;GM[Othello]PC[..]DT[..]PB[..]PW[..]
//     RE[+12.00]TI[..]TY[8]BO[8 <rows> *]B[f5]W[d6//1.2]...;)". Only 8x8
//     games (TY[8]) from the standard start position are read; moves may
//     carry "/eval/time", a pass is "pa". RE is Black's disc margin, with
//     ":r" (resigned) or ":t" (time); Levels, Event and Comment have no
//     place and are not written. Extension "ggf".
//   - Transcript: the moves' squares run together, "f5d6c3d3c4...", in
//     either case, spaces and line breaks allowed. Passes are implicit (a
//     side that must pass passes); "pa", "pass" or "--" are read as an
//     explicit pass. Written in lower case without passes, except a pass
//     that ends the record while the game goes on. No information or
//     variant. Extension "txt".
var Formats = []rules.Format{sgfGame.Format(), {
	Name: "GGF", Ext: []string{"ggf"}, Read: readGGF, Write: writeGGF,
}, {
	Name: "Transcript", Ext: []string{"txt"}, Read: readTranscript, Write: writeTranscript,
}}

var sgfGame = &sgf.Game{
	D:  Descriptor,
	GM: "2",
	Variant: func(rules.Options) (sgf.Node, error) {
		return sgf.Node{{ID: "SZ", Values: []string{"8"}}}, nil
	},
	Options: func(root sgf.Node) (rules.Options, error) {
		if sz, ok := root.Get("SZ"); ok && strings.TrimSpace(sz) != "8" {
			return nil, rules.Errorp(rules.ErrFormat, phrase.T("error.othello.sgf_size", "othello sgf: board size SZ[{{.Size}}]: only 8x8 is played", map[string]any{"Size": sz}))
		}
		return nil, nil
	},
	Value: func(s rules.State, m rules.Move) string {
		if m == rules.Pass {
			return ""
		}
		return s.MoveString(m)
	},
	Move: func(s rules.State, v string) (rules.Move, error) {
		if t := strings.TrimSpace(v); t == "" || t == "tt" {
			v = "pass"
		}
		return s.ParseMove(v)
	},
}

// ggfStart is the standard start position in GGF's BO: the 64 squares a1..h8
// ('*' black, 'O' white, '-' empty) and Black to move.
const ggfStart = "---------------------------O*------*O---------------------------"

// ggfGame reads GGF's B and W moves: "f5", "f5/12.5/3.1", "pa".
var ggfGame = &sgf.Game{
	D: Descriptor,
	Move: func(s rules.State, v string) (rules.Move, error) {
		t, _, _ := strings.Cut(v, "/")
		return s.ParseMove(t)
	},
}

func readGGF(data []byte) (*rules.Record, error) {
	nodes, err := sgf.Parse(data)
	if err != nil {
		return nil, err
	}
	root := nodes[0]
	if gm := root.Value("GM"); !strings.EqualFold(strings.TrimSpace(gm), "othello") {
		return nil, rules.Errorp(rules.ErrFormat, phrase.T("error.ggf.wrong_game", "ggf: GM {{.GM}}, want GM[Othello]", map[string]any{"GM": rules.Quote(gm)}))
	}
	if ty, ok := root.Get("TY"); ok && strings.TrimSpace(ty) != "8" {
		return nil, rules.Errorp(rules.ErrFormat, phrase.T("error.ggf.type", "ggf: game type TY[{{.Type}}]: only 8x8 Othello from the standard start (TY[8]) is played", map[string]any{"Type": rules.Quote(ty)}))
	}
	if bo, ok := root.Get("BO"); ok {
		f := strings.Fields(bo)
		if len(f) < 3 || f[0] != "8" || strings.Join(f[1:len(f)-1], "") != ggfStart || f[len(f)-1] != "*" {
			return nil, rules.Errorp(rules.ErrFormat, phrase.T("error.ggf.board", "ggf: BO {{.Board}}: only games from the standard start position are played", map[string]any{"Board": rules.Quote(bo)}))
		}
	}
	r := &rules.Record{Game: Descriptor.Name, Options: Descriptor.Defaults()}
	r.Info.Players = [2]string{root.Value("PB"), root.Value("PW")}
	r.Info.Place = root.Value("PC")
	r.Info.Date = ggfDate(root.Value("DT"))
	r.Info.Time = root.Value("TI")
	r.Info.Result = ggfResult(root.Value("RE"))
	if r.Moves, err = ggfGame.Play(New(), nodes); err != nil {
		return nil, rules.Contextp(phrase.T("error.ggf", "ggf", nil), err)
	}
	return r, nil
}

// ggfDate reads GGF's DT, "2004.09.18_05:54:38.MDT" or seconds since 1970,
// as "YYYY-MM-DD"; other text is kept as it is.
func ggfDate(dt string) string {
	t := strings.TrimSpace(dt)
	if len(t) >= 10 && t[4] == '.' && t[7] == '.' {
		if _, err := time.Parse("2006.01.02", t[:10]); err == nil {
			return strings.ReplaceAll(t[:10], ".", "-")
		}
	}
	if n, err := strconv.ParseInt(t, 10, 64); err == nil && n >= 0 && n < 1<<40 {
		return time.Unix(n, 0).UTC().Format(time.DateOnly)
	}
	return dt
}

// ggfResult reads GGF's RE, Black's margin with an optional flag
// ("+12.00", "-3.00:r", "0.00"), as an SGF result; other text gives "".
func ggfResult(re string) string {
	num, flag, _ := strings.Cut(strings.TrimSpace(re), ":")
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsNaN(v) || math.Abs(v) > 64 {
		return ""
	}
	letter := "B"
	if v < 0 || v == 0 && strings.HasPrefix(num, "-") {
		letter = "W"
	}
	switch flag {
	case "r":
		return letter + "+R"
	case "t":
		return letter + "+T"
	}
	n := int(math.Round(math.Abs(v)))
	if n == 0 {
		return "0"
	}
	return fmt.Sprintf("%s+%d", letter, n)
}

// ggfRE writes an SGF result as GGF's RE: "B+12" "+12.00", "W+R"
// "-64.00:r" (a resignation counts as the largest loss), "0" "0.00"; a
// result without a count ("B+") or unknown text gives "".
func ggfRE(result string) string {
	if result == "0" {
		return "0.00"
	}
	letter, rest, ok := strings.Cut(result, "+")
	sign := map[string]string{"B": "+", "W": "-"}[letter]
	if !ok || sign == "" {
		return ""
	}
	switch rest {
	case "R":
		return sign + "64.00:r"
	case "T":
		return sign + "64.00:t"
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 1 || n > 64 {
		return ""
	}
	return fmt.Sprintf("%s%d.00", sign, n)
}

func writeGGF(r *rules.Record) ([]byte, error) {
	_, played, err := Descriptor.Replay(r)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("(;GM[Othello]")
	prop := func(id, v string) {
		if v != "" {
			fmt.Fprintf(&b, "%s[%s]", id, sgf.Escape(v))
		}
	}
	prop("PC", r.Info.Place)
	if d, err := time.Parse(time.DateOnly, r.Info.Date); err == nil {
		prop("DT", d.Format("2006.01.02"))
	} else {
		prop("DT", r.Info.Date)
	}
	prop("PB", r.Info.Players[0])
	prop("PW", r.Info.Players[1])
	prop("RE", ggfRE(r.Info.Result))
	prop("TI", r.Info.Time)
	b.WriteString("TY[8]BO[8")
	for row := range 8 {
		b.WriteString(" " + ggfStart[row*8:row*8+8])
	}
	b.WriteString(" *]\n")
	s := New()
	for i, m := range played {
		color := "B"
		if s.ToMove() == 1 {
			color = "W"
		}
		text := s.MoveString(m)
		if m == rules.Pass {
			text = "pa"
		}
		fmt.Fprintf(&b, "%s[%s]", color, text)
		if i%10 == 9 {
			b.WriteByte('\n')
		}
		s.Play(m)
	}
	b.WriteString(";)\n")
	return []byte(b.String()), nil
}

func readTranscript(data []byte) (*rules.Record, error) {
	r := &rules.Record{Game: Descriptor.Name, Options: Descriptor.Defaults()}
	s := New()
	text := strings.ToLower(string(data))
	var buf []rules.Move
	for i := 0; i < len(text); {
		c := text[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		var tok string
		switch {
		case strings.HasPrefix(text[i:], "pass"):
			tok = "pass"
		case strings.HasPrefix(text[i:], "pa"), strings.HasPrefix(text[i:], "--"):
			tok = text[i : i+2]
		case i+2 <= len(text):
			tok = text[i : i+2]
		default:
			tok = text[i:]
		}
		ply := len(r.Moves) + 1
		if tok == "pass" || tok == "pa" || tok == "--" {
			m, err := s.ParseMove("pass")
			if err != nil {
				return nil, rules.Contextp(phrase.T("error.transcript.ply", "transcript: ply {{.Ply}}", map[string]any{"Ply": ply}), err)
			}
			r.Moves = append(r.Moves, "pass")
			s.Play(m)
			i += len(tok)
			continue
		}
		if _, err := ParseSquare(tok); err != nil {
			return nil, rules.Errorp(rules.ErrSyntax, phrase.T("error.transcript.unreadable", "transcript: ply {{.Ply}}: {{.Text}} at byte {{.Byte}}: want a square like f5", map[string]any{"Ply": ply, "Text": rules.Quote(string(data[i:min(i+8, len(data))])), "Byte": i + 1}))
		}
		// A forced pass is implicit.
		if buf = s.Moves(buf[:0]); len(buf) == 1 && buf[0] == rules.Pass {
			r.Moves = append(r.Moves, "pass")
			s.Play(rules.Pass)
			ply++
		}
		m, err := s.ParseMove(tok)
		if err != nil {
			return nil, rules.Contextp(phrase.T("error.transcript.ply", "transcript: ply {{.Ply}}", map[string]any{"Ply": ply}), err)
		}
		r.Moves = append(r.Moves, tok)
		s.Play(m)
		i += 2
	}
	if len(r.Moves) == 0 {
		return nil, rules.Errorp(rules.ErrSyntax, phrase.T("error.transcript.no_moves", "transcript: no moves", nil))
	}
	return r, nil
}

func writeTranscript(r *rules.Record) ([]byte, error) {
	s, played, err := Descriptor.Replay(r)
	if err != nil {
		return nil, err
	}
	over, _ := s.Outcome()
	var b strings.Builder
	for i, m := range played {
		switch {
		case m != rules.Pass:
			b.WriteString(SquareName(int(m)))
		case i == len(played)-1 && !over:
			b.WriteString("pa")
		}
	}
	b.WriteByte('\n')
	return []byte(b.String()), nil
}
