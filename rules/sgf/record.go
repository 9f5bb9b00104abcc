package sgf

import (
	"errors"
	"strconv"
	"strings"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Game is how one game's records sit in SGF: the root node names the game
// (GM, or a private property when SGF has no number for it) and the
// variant; every later node holds one move, B[...] or W[...] by the color
// to move (Descriptor.ColorOf; the dark color is B). The match
// information uses FF[4]'s game-info properties (InfoNode).
type Game struct {
	D *rules.Descriptor
	// GM is the game's FF[4] number ("2" Othello); "" when SGF has none,
	// then the record carries Private instead.
	GM string
	// Private, when not "", is written as PV[Private] and wanted in every
	// record (Alak's "alak"): Planiverse's own property naming the game.
	Private string
	// Variant returns the root properties that say the variant o (resolved
	// options), such as SZ and RU, or an error wrapping rules.ErrFormat
	// when SGF cannot say it; nil: none.
	Variant func(o rules.Options) (Node, error)
	// Options reads the variant back from the root node; errors wrap
	// rules.ErrSyntax. nil: the defaults.
	Options func(root Node) (rules.Options, error)
	// Value returns the SGF value of move m in s (before the move); nil:
	// s.MoveString(m).
	Value func(s rules.State, m rules.Move) string
	// Move reads an SGF move value in s; errors wrap rules.ErrSyntax or
	// rules.ErrIllegal. nil: s.ParseMove.
	Move func(s rules.State, v string) (rules.Move, error)
}

// Format returns the game's SGF record format, extension "sgf".
func (g *Game) Format() rules.Format {
	return rules.Format{Name: "SGF", Ext: []string{"sgf"}, Read: g.Read, Write: g.Write}
}

// Is reports whether root, a record's root node, names this game: its GM
// (GM[2]; FF[4] gives no GM a default of Go) or its private property.
func (g *Game) Is(root Node) bool {
	if g.Private != "" {
		return strings.EqualFold(strings.TrimSpace(root.Value("PV")), g.Private)
	}
	return strings.TrimSpace(root.Value("GM")) == g.GM
}

// Read reads one game record from SGF data. Errors wrap rules.ErrSyntax
// (not SGF, a bad value), rules.ErrFormat (another game's record) or
// rules.ErrIllegal (a move the rules forbid, with its ply).
func (g *Game) Read(data []byte) (*rules.Record, error) {
	nodes, err := Parse(data)
	if err != nil {
		return nil, err
	}
	root := nodes[0]
	if !g.Is(root) {
		if g.Private != "" {
			return nil, rules.Errorp(rules.ErrFormat, phrase.T("error.sgf.not_private", "sgf: not a {{.Game}} record (no PV[{{.Private}}]; GM {{.GM}})", map[string]any{"Game": g.D.Title, "Private": g.Private, "GM": rules.Quote(root.Value("GM"))}))
		}
		return nil, rules.Errorp(rules.ErrFormat, phrase.T("error.sgf.wrong_game", "sgf: not a {{.Game}} record: GM {{.GM}}, want GM[{{.Want}}]", map[string]any{"Game": g.D.Title, "GM": rules.Quote(root.Value("GM")), "Want": g.GM}))
	}
	r := &rules.Record{Game: g.D.Name, Info: ReadInfo(root)}
	if g.Options != nil {
		if r.Options, err = g.Options(root); err != nil {
			return nil, err
		}
	}
	if r.Options, err = g.D.Resolve(r.Options); err != nil {
		return nil, err
	}
	s, err := g.D.New(r.Options)
	if err != nil {
		return nil, err
	}
	if r.Moves, err = g.Play(s, nodes); err != nil {
		return nil, err
	}
	return r, nil
}

// ErrSetup is wrapped by the error for a record with a set-up position:
// added or removed stones (AB, AW, AE) or a player to move (PL). No game
// here starts a record from a set-up position, so such a record is
// refused rather than read without them.
var ErrSetup = errors.New("set-up positions (AB/AW) are not supported")

// CheckSetup returns an error wrapping ErrSetup, naming the property and
// its node (1-based), when a node of nodes sets up a position.
func CheckSetup(nodes []Node) error {
	for i, n := range nodes {
		for _, p := range n {
			switch p.ID {
			case "AB", "AW", "AE", "PL":
				return rules.Errorp(ErrSetup, phrase.T("error.sgf.setup", "sgf: set-up positions (AB/AW) are not supported ({{.Property}} in node {{.Node}})", map[string]any{"Property": p.ID, "Node": i + 1}))
			}
		}
	}
	return nil
}

// Play plays on s the moves of the nodes' B and W properties, in order, and
// returns their texts (s.MoveString). A forced pass the file leaves out (B
// after B in Othello) is played and listed. Errors name the ply (1-based)
// and wrap rules.ErrSyntax or rules.ErrIllegal: a move the rules forbid, a
// move of the wrong color; the moves before it are played and returned.
// A set-up position in any node gives an error wrapping ErrSetup before
// a move is played (CheckSetup).
func (g *Game) Play(s rules.State, nodes []Node) ([]string, error) {
	if err := CheckSetup(nodes); err != nil {
		return nil, err
	}
	var moves []string
	var buf []rules.Move
	for _, n := range nodes {
		for _, p := range n {
			if p.ID != "B" && p.ID != "W" {
				continue
			}
			color := rules.Dark
			if p.ID == "W" {
				color = rules.Light
			}
			// An omitted forced pass (B after B in Othello) is played.
			if g.D.ColorOf(s, s.ToMove()) != color {
				if buf = s.Moves(buf[:0]); len(buf) == 1 && buf[0] == rules.Pass {
					moves = append(moves, s.MoveString(rules.Pass))
					s.Play(rules.Pass)
				}
			}
			ply := len(moves) + 1
			if want := g.D.ColorOf(s, s.ToMove()); want != color {
				if over, _ := s.Outcome(); over {
					return moves, rules.Errorp(rules.ErrIllegal, phrase.T("error.sgf.after_end", "ply {{.Ply}}: {{.Move}} after the end of the game", map[string]any{"Ply": ply, "Move": p.ID + "[" + rules.Quote(p.Values[0]) + "]"}))
				}
				return moves, rules.Errorp(rules.ErrIllegal, phrase.T("error.sgf.wrong_color", "ply {{.Ply}}: {{.Move}} but {{.Color}} is to move", map[string]any{"Ply": ply, "Move": p.ID + "[" + rules.Quote(p.Values[0]) + "]", "Color": phrase.Color(g.D.Colors[want])}))
			}
			m, err := g.move(s, p.Values[0]) // FF[4] allows one value here
			if err != nil {
				return moves, rules.Contextp(phrase.T("error.ply", "ply {{.Ply}}", map[string]any{"Ply": ply}), err)
			}
			moves = append(moves, s.MoveString(m))
			s.Play(m)
		}
	}
	return moves, nil
}

func (g *Game) move(s rules.State, v string) (rules.Move, error) {
	if g.Move != nil {
		return g.Move(s, v)
	}
	return s.ParseMove(v)
}

// Write returns r as an SGF game tree. It returns an error when r's moves
// do not replay (Descriptor.Replay's error) or its variant cannot be said.
func (g *Game) Write(r *rules.Record) ([]byte, error) {
	root, err := g.Root(r)
	if err != nil {
		return nil, err
	}
	nodes := []Node{root}
	err = g.Each(r, func(s rules.State, m rules.Move) {
		id := "B"
		if g.D.ColorOf(s, s.ToMove()) == 1 {
			id = "W"
		}
		v := s.MoveString(m)
		if g.Value != nil {
			v = g.Value(s, m)
		}
		nodes = append(nodes, Node{{ID: id, Values: []string{v}}})
	})
	if err != nil {
		return nil, err
	}
	return Write(nodes), nil
}

// Root returns the root node Write writes for r: FF, CA, AP, the game
// (GM or PV), the variant and the match information.
func (g *Game) Root(r *rules.Record) (Node, error) {
	o, err := g.D.Resolve(r.Options)
	if err != nil {
		return nil, err
	}
	root := Node{}
	root.Add("FF", "4")
	root.AddIf("GM", g.GM)
	root.AddIf("PV", g.Private)
	root.Add("CA", "UTF-8")
	root.Add("AP", "Planiverse")
	if g.Variant != nil {
		v, err := g.Variant(o)
		if err != nil {
			return nil, err
		}
		root = append(root, v...)
	}
	return append(root, InfoNode(r.Info)...), nil
}

// Each replays r from its variant's start position and calls f with the
// position before every move and the move. It returns Replay's error when
// a move does not replay.
func (g *Game) Each(r *rules.Record, f func(s rules.State, m rules.Move)) error {
	_, played, err := g.D.Replay(r)
	if err != nil {
		return err
	}
	s, err := g.D.Start(r.Options)
	if err != nil {
		return err
	}
	for _, m := range played {
		f(s, m)
		s.Play(m)
	}
	return nil
}

// InfoNode returns the FF[4] game-info properties of info, the empty fields
// left out: PB, PW (players by color), BR, WR ("level 5" for a computer's
// level), DT, RE, EV, PC, GC, and the time control as TM (a number of
// seconds) or OT (other text).
func InfoNode(info rules.Info) Node {
	var n Node
	n.AddIf("PB", info.Players[0])
	n.AddIf("PW", info.Players[1])
	for i, id := range [2]string{"BR", "WR"} {
		if info.Levels[i] >= 1 && info.Levels[i] <= 7 {
			n.Add(id, "level "+strconv.Itoa(info.Levels[i]))
		}
	}
	n.AddIf("DT", info.Date)
	n.AddIf("RE", info.Result)
	n.AddIf("EV", info.Event)
	n.AddIf("PC", info.Place)
	n.AddIf("GC", info.Comment)
	if _, err := strconv.ParseFloat(info.Time, 64); err == nil {
		n.Add("TM", info.Time)
	} else {
		n.AddIf("OT", info.Time)
	}
	return n
}

// ReadInfo reads the game-info properties InfoNode writes from a root node;
// a rank that is not "level N" (N 1..7) leaves the level 0.
func ReadInfo(root Node) rules.Info {
	var info rules.Info
	info.Players = [2]string{root.Value("PB"), root.Value("PW")}
	for i, id := range [2]string{"BR", "WR"} {
		if t, ok := strings.CutPrefix(root.Value(id), "level "); ok {
			if n, err := strconv.Atoi(t); err == nil && n >= 1 && n <= 7 {
				info.Levels[i] = n
			}
		}
	}
	info.Date = root.Value("DT")
	info.Result = root.Value("RE")
	info.Event = root.Value("EV")
	info.Place = root.Value("PC")
	info.Comment = root.Value("GC")
	info.Time = root.Value("TM")
	if info.Time == "" {
		info.Time = root.Value("OT")
	}
	return info
}
