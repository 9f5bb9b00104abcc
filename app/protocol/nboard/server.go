package nboard

import (
	"bufio"
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"planiverse/ai"
	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// The NBoard protocol (Chris Welty's NBoard; the engine side as Edax
// speaks it): "nboard <version>", "set depth <n>", "set game <GGF>",
// "set contempt <n>", "move <move>[/<eval>/<time>]", "go" (answered by
// "=== <move>/<eval>/<time>", the eval in discs for the side to move and
// the time in seconds), "hint <n>" (answered by "status" and "search
// <move> <eval> 0 <depth>" lines), "ping <n>" (answered by "pong <n>"),
// "learn" ("learned"), "quit". Moves are squares such as F5, "PA" for a
// pass. A malformed command is answered by a "status" line naming the
// error; the game stays as it was.

// nboard is one NBoard session.
type nboard struct {
	p     *link.Server
	reply func(format string, args ...any)
	b     *othello.Board
	depth int // "set depth": the search depth; 0 the engine mode's level
	// left is what the game clock (--time-game) has left for the current
	// game, and clockEmpties the empty squares of our last "go": a
	// position with as many or more starts a new game and its clock.
	left         time.Duration
	clockEmpties int
}

// Serve runs the engine mode's server side: it reads commands from in and
// answers on out until the session ends; nil on a normal end.
func Serve(p *link.Server, in *link.LineReader, out *bufio.Writer) error {
	n := &nboard{p: p, reply: link.Replier(out), b: othello.New()}
	return link.ServeLines(in, func(err error) { n.reply("status error: %v", err) },
		func(line string) bool { return n.command(strings.TrimSpace(line)) })
}

// command handles one line; it reports whether the session ends.
func (n *nboard) command(line string) (end bool) {
	cmd, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch cmd {
	case "":
	case "nboard":
		n.reply("set myname Planiverse")
	case "set":
		n.set(arg)
	case "move":
		mv, _, _ := strings.Cut(arg, "/")
		m, err := nboardMove(n.b, mv)
		if err != nil {
			n.reply("status error: %v", err)
			return false
		}
		n.b.Play(m)
	case "go":
		start := time.Now()
		res := n.move()
		if res.Move == rules.NoMove {
			n.reply("status error: the game is over")
			return false
		}
		n.reply("=== %s/%.2f/%.1f", nboardText(n.b, res.Move), float64(res.Score)/100, time.Since(start).Seconds())
	case "hint":
		n.reply("status thinking")
		start := time.Now()
		res := n.search(func(info ai.Info) {
			if len(info.PV) > 0 && info.Depth > 0 {
				n.reply("search %s %.2f 0 %d", nboardText(n.b, info.PV[0]), float64(info.Score)/100, info.Depth)
			}
		})
		if res.Move != rules.NoMove {
			n.reply("search %s %.2f 0 %d %.1f", nboardText(n.b, res.Move), float64(res.Score)/100, res.Depth, time.Since(start).Seconds())
		}
		n.reply("status")
	case "ping":
		n.reply("pong %s", arg)
	case "learn":
		n.reply("learned")
	case "quit":
		return true
	case "analyze":
		n.reply("status analyze is not supported")
	default:
		n.reply("status unknown command %s", rules.Quote(cmd))
	}
	return false
}

// set handles "set depth", "set game" and "set contempt".
func (n *nboard) set(arg string) {
	key, value, _ := strings.Cut(arg, " ")
	value = strings.TrimSpace(value)
	switch key {
	case "depth":
		d, err := strconv.Atoi(value)
		if err != nil || d < 1 || d > 60 {
			n.reply("status error: depth %s is not 1 to 60", rules.Quote(value))
			return
		}
		n.depth = d
	case "game":
		b, err := parseGGF(value)
		if err != nil {
			n.reply("status error: %v", err)
			return
		}
		if !continues(n.b, b) {
			n.p.AI().ClearHash()
		}
		n.b = b
	case "contempt":
	default:
		n.reply("status unknown setting %s", rules.Quote(key))
	}
}

// continues reports whether position next can follow position prev in
// one game: every square occupied in prev is occupied in next (a disc
// never leaves the board). "set game" keeps the transposition table for
// such a position, as a controller sends the whole game before every
// move; any other position starts afresh with an empty table.
//
// Why the table is kept: app/EXPERIMENTS.md, "NBoard: keep the
// transposition table".
func continues(prev, next *othello.Board) bool {
	po, pp := prev.Bitboards()
	no, np := next.Bitboards()
	return (po|pp)&^(no|np) == 0
}

// search finds the engine's move: to the "set depth" depth when one was
// set (within --time-ms, if given), else as the engine mode's level.
func (n *nboard) search(report func(ai.Info)) ai.Result {
	if n.depth > 0 && n.p.FixedDepth() == 0 {
		return n.p.AI().Search(context.Background(), n.b, ai.Limits{Depth: n.depth, Time: n.p.FixedTime()}, report)
	}
	return n.p.Think(n.b, 0)
}

// move finds the engine's move for "go": as search does, but with
// --time-game (and no "set depth") the move time is the game clock's
// share (clockShare: othelloai.MoveShare spends most at 20-17 empties,
// where the exact solver decides the game) and is charged to it.
func (n *nboard) move() ai.Result {
	if n.p.GameTime() == 0 || n.depth > 0 && n.p.FixedDepth() == 0 {
		return n.search(nil)
	}
	e := n.b.Empties()
	if e >= n.clockEmpties {
		n.left = n.p.GameTime()
	}
	n.clockEmpties = e
	start := n.p.StartClock()
	res := n.p.Think(n.b, n.p.WallBudget(link.ClockShare(n.left, n.b)))
	n.p.Charge(&n.left, start)
	return res
}

// nboardText writes move m of b as NBoard does: "F5", "PA" for a pass.
func nboardText(b *othello.Board, m rules.Move) string {
	if m == rules.Pass {
		return "PA"
	}
	return strings.ToUpper(b.MoveString(m))
}

// nboardMove reads an NBoard move ("F5", "f5", "PA") in b.
func nboardMove(b *othello.Board, text string) (rules.Move, error) {
	if strings.EqualFold(text, "PA") {
		text = "pass"
	}
	return b.ParseMove(strings.ToLower(text))
}

// parseGGF reads an Othello game in the Generic Game Format as NBoard
// sends it: "(;GM[Othello]...BO[8 <64 squares> <side>]B[d3]W[c5//0.1]...;)",
// squares '-' empty, '*' black, 'O' white, row by row from a1; it returns
// the position after the moves. Errors quote the offending part.
func parseGGF(text string) (*othello.Board, error) {
	t := strings.TrimSpace(text)
	if len(t) < 4 || !strings.HasPrefix(t, "(;") || !strings.HasSuffix(t, ";)") {
		return nil, fmt.Errorf("GGF game %s: want (; ... ;)", rules.Quote(t))
	}
	body := t[2 : len(t)-2]
	var b *othello.Board
	for body = strings.TrimSpace(body); body != ""; body = strings.TrimSpace(body) {
		open := strings.IndexByte(body, '[')
		close := strings.IndexByte(body, ']')
		if open <= 0 || close < open {
			return nil, fmt.Errorf("GGF property near %s is not KEY[value]", rules.Quote(body))
		}
		key, value := strings.TrimSpace(body[:open]), body[open+1:close]
		body = body[close+1:]
		switch key {
		case "GM":
			if !strings.EqualFold(value, "othello") {
				return nil, fmt.Errorf("GGF game %s is not Othello", rules.Quote(value))
			}
		case "TY":
			if strings.TrimSpace(value) != "8" {
				return nil, fmt.Errorf("GGF board type %s is not 8", rules.Quote(value))
			}
		case "BO":
			f := strings.Fields(value)
			if len(f) < 3 || f[0] != "8" {
				return nil, fmt.Errorf("GGF board %s: want 8, the squares and the side to move", rules.Quote(value))
			}
			sq := strings.Join(f[1:len(f)-1], "")
			pos := strings.NewReplacer("*", "X", "O", "O", "-", "-").Replace(sq) + " " +
				strings.NewReplacer("*", "X", "O", "O").Replace(f[len(f)-1])
			var err error
			if b, err = othello.ParsePosition(pos); err != nil {
				return nil, fmt.Errorf("GGF board: %w", err)
			}
		case "B", "W":
			if b == nil {
				return nil, fmt.Errorf("GGF move %s comes before the board (BO)", rules.Quote(value))
			}
			side := map[string]rules.Seat{"B": rules.First, "W": rules.Second}[key]
			mv, _, _ := strings.Cut(value, "/")
			if b.ToMove() != side {
				return nil, fmt.Errorf("GGF move %s[%s] is out of turn", key, mv)
			}
			m, err := nboardMove(b, mv)
			if err != nil {
				return nil, fmt.Errorf("GGF move %s[%s]: %w", key, mv, err)
			}
			b.Play(m)
		}
	}
	if b == nil {
		return nil, fmt.Errorf("GGF game without a board (BO)")
	}
	return b, nil
}
