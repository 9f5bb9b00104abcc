package alakline

import (
	"bufio"
	"strconv"
	"strings"

	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/alak"
)

// The Alak engine protocol (Planiverse's own, documented in the README):
// one command a line, one reply a line.
//
//	new classic          -> ok               a classic game (11 slots)
//	new modern N         -> ok               a modern game on N points (7..26)
//	position TEXT        -> ok               a position in the current rule set (alak.ParsePosition: "x.o.xx. o ko=b")
//	play MOVE            -> ok               the opponent's move ("3-5" classic, "c" modern)
//	go                   -> move MOVE        the engine's move, played on its board
//	undo                 -> ok               take back the last move
//	show                 -> position TEXT    the position (and "over <result>" when it has ended)
//	quit                                     ends the session
//
// Errors are answered "error <why>" and change nothing. A session starts
// with a classic game.

// Serve runs the engine mode's server side: it reads commands from in and
// answers on out until the session ends; nil on a normal end.
func Serve(p *link.Server, in *link.LineReader, out *bufio.Writer) error {
	reply := link.Replier(out)
	g := alak.NewClassic()
	return link.ServeLines(in, func(err error) { reply("error %v", err) }, func(line string) bool {
		cmd, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
		arg = strings.TrimSpace(arg)
		switch cmd {
		case "":
		case "new":
			rulesName, size, _ := strings.Cut(arg, " ")
			switch rulesName {
			case "classic":
				g = alak.NewClassic()
			case "modern":
				n, err := strconv.Atoi(strings.TrimSpace(size))
				ng, err2 := alak.NewModern(n)
				if err != nil || err2 != nil {
					reply("error new modern %s: want a number of points from %d to %d", rules.Quote(size), alak.MinPoints, alak.MaxPoints)
					return false
				}
				g = ng
			default:
				reply("error new %s: want classic or modern N", rules.Quote(arg))
				return false
			}
			p.AI().ClearHash()
			reply("ok")
		case "position":
			ng, err := alak.ParsePosition(g.Modern(), arg)
			if err != nil {
				reply("error %v", err)
				return false
			}
			g = ng
			reply("ok")
		case "play":
			m, err := g.ParseMove(arg)
			if err != nil {
				reply("error %v", err)
				return false
			}
			g.Play(m)
			reply("ok")
		case "go":
			if over, _ := g.Outcome(); over {
				reply("error the game is over")
				return false
			}
			res := p.Think(g, 0)
			text := g.MoveString(res.Move)
			g.Play(res.Move)
			reply("move %s", text)
		case "undo":
			if g.Plies() == 0 {
				reply("error nothing to undo")
				return false
			}
			g.Undo()
			reply("ok")
		case "show":
			if over, _ := g.Outcome(); over {
				reply("position %s over %s", g.Position(), strings.NewReplacer("black", "x", "white", "o").Replace(alak.Descriptor.Status(g)))
				return false
			}
			reply("position %s", g.Position())
		case "quit":
			return true
		default:
			reply("error unknown command %s", rules.Quote(cmd))
		}
		return false
	})
}
