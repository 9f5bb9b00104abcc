package dvonn

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"

	"planiverse/rules"
	"planiverse/rules/phrase"
	"planiverse/rules/sgf"
)

// Formats are DVONN's record formats (Descriptor.Formats): SGF and the move
// line.
//
//   - SGF (FF[4], red-bean.com/sgf): written as GM[37] (DVONN's number in
//     FF[4]'s list), one move a node in the CodeCup 2011 notation of
//     RULES.md, by color: W[E3] (White places first), B[D3], ...,
//     W[E3G3], B[PASS]. RU[random] marks a game whose pieces the app
//     placed at random (all 49 placements are moves all the same).
//     Boardspace.net's own records, GM[Dvonn] with P0/P1 nodes of actions
//     ("dropb F 3", "pickb B 4", "dropb C 5", "move I 5 H 5", "done",
//     "resign"), are read too (P0 is White); their board edits are not.
//     Extension "sgf".
//   - Move line, the line of the boardspace corpus in ../shared/data:
//     "<name> <result> : <moves>", the name one word (Info.Event; written
//     "planiverse" when the event is not one word), the result "over W<n>
//     B<n>" (the final scores), "resigned" (the side to move after the
//     last move resigned), "unfinished" (ours: neither), "illegal <move>"
//     (the move after the list breaks the rules: reading it is an error
//     wrapping rules.ErrIllegal at its ply) or "skip <why>" (nothing to
//     replay: an error wrapping rules.ErrFormat). The first non-empty line
//     is read. Extensions "dvn" and "txt".
var Formats = []rules.Format{{
	Name: "SGF", Ext: []string{"sgf"}, Read: readSGF, Write: sgfGame.Write,
}, {
	Name: "DVONN move line", Ext: []string{"dvn", "txt"}, Read: readLine, Write: writeLine,
}}

var sgfGame = &sgf.Game{
	D:  Descriptor,
	GM: "37",
	Variant: func(o rules.Options) (sgf.Node, error) {
		if o["placement"] == "random" {
			return sgf.Node{{ID: "RU", Values: []string{"random"}}}, nil
		}
		return nil, nil
	},
	Options: func(root sgf.Node) (rules.Options, error) {
		switch ru := strings.ToLower(strings.TrimSpace(root.Value("RU"))); ru {
		case "", "hand", "standard":
			return nil, nil
		case "random":
			return rules.Options{"placement": "random"}, nil
		default:
			return nil, rules.Errorp(rules.ErrFormat, phrase.T("error.dvonn.sgf_rules", "dvonn sgf: rules RU[{{.Rules}}] are not played", map[string]any{"Rules": rules.Quote(ru)}))
		}
	},
}

// readSGF reads our GM[37] records and boardspace's GM[Dvonn] ones.
func readSGF(data []byte) (*rules.Record, error) {
	nodes, err := sgf.Parse(data)
	if err != nil {
		return nil, err
	}
	if strings.EqualFold(strings.TrimSpace(nodes[0].Value("GM")), "dvonn") {
		return readBoardspace(nodes)
	}
	return sgfGame.Read(data)
}

// readBoardspace replays a boardspace.net record: each node's P0 (White)
// or P1 (Black) value is "<number> <action> <arguments>". A turn's actions
// up to "done" make one move: "dropb C 3" places a piece (or ends a stack's
// move picked up by "pickb"), "pickb" on the space just dropped on takes
// the drop back, "move A 1 B 2" moves, "pass" passes, and a "done" after
// nothing is a pass. Reserve picks ("pick wr 2", "drop wr 2") say nothing
// the rules do not. The record stops at "resign".
func readBoardspace(nodes []sgf.Node) (*rules.Record, error) {
	if err := sgf.CheckSetup(nodes); err != nil {
		return nil, err
	}
	root := nodes[0]
	b := &bsReplay{
		r:        &rules.Record{Game: Descriptor.Name, Options: Descriptor.Defaults()},
		g:        New(),
		resigned: -1,
		pick:     -1,
	}
nodesLoop:
	for _, n := range nodes {
		for _, p := range n {
			stop, err := b.prop(p)
			if err != nil {
				return nil, err
			}
			if stop {
				break nodesLoop
			}
		}
	}
	if b.action != "" {
		if err := b.commit(); err != nil {
			return nil, err
		}
	}
	r := b.r
	r.Info.Event = root.Value("GN")
	r.Info.Date = boardspaceDate(root.Value("DT"))
	switch {
	case b.resigned >= 0:
		r.Info.Result = [2]string{"W+R", "B+R"}[b.resigned]
	default:
		r.Info.Result = Descriptor.ResultOf(b.g)
	}
	return r, nil
}

// bsReplay is the state of a boardspace replay: the record and game so
// far, the space picked up (-1: none) and the move of the turn not yet
// confirmed by "done", and the color that resigned (-1: none).
type bsReplay struct {
	r        *rules.Record
	g        *Game
	pick     int
	action   string
	resigned int
}

// commit plays the turn's move (a pass when there is none).
func (b *bsReplay) commit() error {
	if b.action == "" {
		b.action = "PASS"
	}
	m, err := b.g.ParseMove(b.action)
	if err != nil {
		return rules.Contextp(phrase.T("error.boardspace.ply", "boardspace sgf: ply {{.Ply}}", map[string]any{"Ply": len(b.r.Moves) + 1}), err)
	}
	b.r.Moves = append(b.r.Moves, b.g.MoveString(m))
	b.g.Play(m)
	b.pick, b.action = -1, ""
	return nil
}

// prop applies one property of a node: P0 and P1 actions and player ids;
// anything else is skipped. stop reports a resignation.
func (b *bsReplay) prop(p sgf.Prop) (stop bool, err error) {
	if p.ID != "P0" && p.ID != "P1" {
		return false, nil
	}
	f := strings.Fields(p.Values[0])
	if len(f) >= 2 && f[0] == "id" {
		b.r.Info.Players[1-int(p.ID[1]-'0')] = strings.Trim(strings.Join(f[1:], " "), `"`)
		return false, nil
	}
	if len(f) < 2 {
		return false, nil
	}
	if _, err := strconv.Atoi(f[0]); err != nil {
		return false, nil // "time 0:03:35", "ranking 1500"...
	}
	return b.verb(p, strings.ToLower(f[1]), f[2:])
}

// bsCell reads the space of the arguments "E 3".
func bsCell(f []string) (int, bool) {
	if len(f) < 2 {
		return -1, false
	}
	return CellIndex(f[0] + f[1])
}

// verb applies the action verb with arguments args of property p.
func (b *bsReplay) verb(p sgf.Prop, verb string, args []string) (stop bool, err error) {
	ply := len(b.r.Moves) + 1
	bad := func() error {
		return rules.Errorp(rules.ErrSyntax, phrase.T("error.boardspace.space", "boardspace sgf: ply {{.Ply}}: {{.Property}}[{{.Value}}]: want {{.Verb}} and a space such as \"E 3\"",
			map[string]any{"Ply": ply, "Property": p.ID, "Value": rules.Quote(p.Values[0]), "Verb": verb}))
	}
	switch verb {
	case "start", "pick", "drop":
	case "dropb", "pickb":
		c, ok := bsCell(args)
		if !ok {
			return false, bad()
		}
		if verb == "dropb" {
			b.dropb(c)
		} else {
			b.pickb(c)
		}
	case "move":
		from, ok1 := bsCell(args)
		to, ok2 := bsCell(args[min(2, len(args)):])
		if !ok1 || !ok2 {
			return false, bad()
		}
		b.action = CellName(from) + CellName(to)
	case "pass":
		b.action = "PASS"
	case "done":
		return false, b.commit()
	case "resign":
		// A move not yet confirmed by "done" is not played.
		b.resigned, b.action = 1-int(p.ID[1]-'0'), ""
		return true, nil
	case "edit", "reset":
		return false, rules.Errorp(rules.ErrFormat, phrase.T("error.boardspace.edits", "boardspace sgf: ply {{.Ply}}: the record edits the board ({{.Action}}): nothing to replay", map[string]any{"Ply": ply, "Action": rules.Quote(p.Values[0])}))
	default:
		return false, rules.Errorp(rules.ErrSyntax, phrase.T("error.boardspace.action", "boardspace sgf: ply {{.Ply}}: unknown action {{.Action}}", map[string]any{"Ply": ply, "Action": rules.Quote(p.Values[0])}))
	}
	return false, nil
}

// dropb drops on space c: the end of a picked stack's move, the undoing of
// its pick on the same space, or a placement.
func (b *bsReplay) dropb(c int) {
	switch {
	case b.pick == c:
		b.pick = -1
	case b.pick >= 0:
		b.action, b.pick = CellName(b.pick)+CellName(c), -1
	default:
		b.action = CellName(c)
	}
}

// pickb picks up space c: taking back the drop on c, or the start of a
// stack's move.
func (b *bsReplay) pickb(c int) {
	switch {
	case b.action == CellName(c):
		b.action = ""
	case len(b.action) == 4 && b.action[2:] == CellName(c):
		b.pick, _ = CellIndex(b.action[:2])
		b.action = ""
	default:
		b.pick = c
	}
}

// boardspaceDate reads boardspace's DT ("Wed Jul 29 21:38:35 CEST 2015") as
// "YYYY-MM-DD"; other text is kept.
func boardspaceDate(dt string) string {
	if t, err := time.Parse(time.UnixDate, strings.TrimSpace(dt)); err == nil {
		return t.Format(time.DateOnly)
	}
	return dt
}

func readLine(data []byte) (*rules.Record, error) {
	var line string
	for l := range bytes.Lines(data) {
		if line = strings.TrimSpace(string(l)); line != "" {
			break
		}
	}
	head, moves, ok := strings.Cut(line, ":")
	hf := strings.Fields(head)
	if len(hf) >= 2 && hf[1] == "skip" {
		return nil, rules.Errorp(rules.ErrFormat, phrase.T("error.dvonnline.nothing", "dvonn line: {{.Text}}: nothing to replay", map[string]any{"Text": rules.Quote(strings.Join(hf[1:], " "))}))
	}
	if !ok || len(hf) < 2 {
		return nil, rules.Errorp(rules.ErrSyntax, phrase.T("error.dvonnline.unreadable", "dvonn line: {{.Text}}: want \"<name> <result> : <moves>\"", map[string]any{"Text": rules.Quote(line)}))
	}
	r := &rules.Record{Game: Descriptor.Name, Options: Descriptor.Defaults(), Moves: strings.Fields(moves)}
	r.Info.Event = hf[0]
	result := strings.Join(hf[1:], " ")
	s, played, err := Descriptor.Replay(r)
	if err != nil {
		return nil, rules.Contextp(phrase.T("error.dvonnline", "dvonn line", nil), err)
	}
	for i, m := range played {
		r.Moves[i] = MoveText(m) // "e3" reads as "E3"
	}
	g := s.(*Game)
	over, _ := g.Outcome()
	switch {
	case hf[1] == "illegal" && len(hf) == 3:
		if _, err := g.ParseMove(hf[2]); err != nil {
			return nil, rules.Contextp(phrase.T("error.dvonnline.ply", "dvonn line: ply {{.Ply}}", map[string]any{"Ply": len(r.Moves) + 1}), err)
		}
		return nil, rules.Errorp(rules.ErrSyntax, phrase.T("error.dvonnline.legal", "dvonn line: {{.Result}}, but {{.Move}} is legal", map[string]any{"Result": rules.Quote(result), "Move": hf[2]}))
	case hf[1] == "over" && len(hf) == 4:
		w, b := g.Score()
		if !over || result != fmt.Sprintf("over W%d B%d", w, b) {
			return nil, rules.Errorp(rules.ErrSyntax, phrase.T("error.dvonnline.result", "dvonn line: the result says {{.Result}}, the moves give {{.Moves}}", map[string]any{"Result": rules.Quote(result), "Moves": lineResult(g, "")}))
		}
		r.Info.Result = Descriptor.ResultOf(g)
	case result == "resigned" && !over:
		r.Info.Result = [2]string{"W+R", "B+R"}[1-Descriptor.ColorOf(g, g.ToMove())]
	case result == "unfinished" && !over:
	default:
		return nil, rules.Errorp(rules.ErrSyntax, phrase.T("error.dvonnline.result_word", "dvonn line: result {{.Result}}: want over W<n> B<n>, resigned or unfinished before the end, illegal <move> or skip", map[string]any{"Result": rules.Quote(result)}))
	}
	return r, nil
}

// lineResult returns the result field of the move line for the game g and
// the SGF result.
func lineResult(g *Game, result string) string {
	if over, _ := g.Outcome(); over {
		w, b := g.Score()
		return fmt.Sprintf("over W%d B%d", w, b)
	}
	if strings.HasSuffix(result, "+R") {
		return "resigned"
	}
	return "unfinished"
}

func writeLine(r *rules.Record) ([]byte, error) {
	s, played, err := Descriptor.Replay(r)
	if err != nil {
		return nil, err
	}
	name := r.Info.Event
	if f := strings.Fields(name); len(f) != 1 || f[0] != name || strings.Contains(name, ":") {
		name = "planiverse"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s :", name, lineResult(s.(*Game), r.Info.Result))
	for _, m := range played {
		b.WriteString(" " + MoveText(m))
	}
	b.WriteByte('\n')
	return []byte(b.String()), nil
}
