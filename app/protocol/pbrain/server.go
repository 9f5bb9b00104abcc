package pbrain

import (
	"bufio"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// The Gomocup "pbrain" protocol (Petr Laštovička, "Gomoku AI protocol",
// plastovicka.github.io/protocl2en.htm), as Piskvork and the Gomocup
// manager speak it: START size, RESTART, BEGIN, TURN x,y, BOARD with lines
// x,y,field and DONE, TAKEBACK x,y, INFO key value, ABOUT, END. Coordinates
// are 0-based, x from the left and y from the top. Replies: "x,y" for a
// move, OK, ERROR <why>, UNKNOWN <what>, MESSAGE and DEBUG lines.
//
// Supported: boards 15, 19 and 20; INFO rule 0 (freestyle), 1 (exact
// five) and 4 (Renju, 15x15 only: a forbidden move of the manager's is an
// illegal move); continuous games and Caro are refused with ERROR.

// pbrainAbout is the answer to ABOUT.
const pbrainAbout = `name="Planiverse", version="0.2", author="Planiverse developers", country="-", www="-"`

// pbrain is one pbrain session.
type pbrain struct {
	p                                   *link.Server
	reply                               func(format string, args ...any)
	g                                   *gomoku.Game // nil before START
	size                                int
	rule                                gomoku.Rule
	timeoutTurn, timeoutMatch, timeLeft time.Duration
	haveTurn, haveMatch, haveLeft       bool
	searched                            bool // the engine searched since its table was last cleared
}

// pbrainDefaultTurn is the move time when the manager gave no timeout_turn
// (Piskvork's own default is 30 s; a short one keeps a bare session lively).
const pbrainDefaultTurn = 5 * time.Second

// Serve runs the engine mode's server side: it reads commands from in and
// answers on out until the session ends; nil on a normal end.
func Serve(p *link.Server, in *link.LineReader, out *bufio.Writer) error {
	b := &pbrain{p: p, reply: link.Replier(out)}
	debug.SetMemoryLimit(defaultGoLimit(p))
	return link.ServeLines(in, func(err error) { b.reply("ERROR %v", err) },
		func(line string) bool { return b.command(line, in) })
}

// command handles one command line; it reports whether the session ends.
func (b *pbrain) command(line string, in *link.LineReader) (end bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	cmd, arg := strings.ToUpper(fields[0]), strings.TrimSpace(line[strings.Index(line, fields[0])+len(fields[0]):])
	switch cmd {
	case "START":
		b.start(arg)
	case "RESTART":
		if b.g == nil {
			b.reply("ERROR RESTART before START")
			return false
		}
		b.newGame()
		b.reply("OK")
	case "RECTSTART":
		b.reply("ERROR rectangular boards are not supported")
	case "BEGIN":
		if b.ready() && b.g.Stones() == 0 {
			b.move()
		} else if b.g != nil {
			b.reply("ERROR BEGIN on a board that is not empty")
		}
	case "TURN":
		b.turn(arg)
	case "BOARD":
		if !b.ready() {
			return false
		}
		if err := b.board(in); err != nil {
			b.reply("ERROR %v", err)
			return false
		}
		b.move()
	case "TAKEBACK":
		b.takeBack(arg)
	case "INFO":
		b.info(arg)
	case "ABOUT":
		b.reply("%s", pbrainAbout)
	case "END":
		return true
	default:
		b.reply("UNKNOWN command %s", rules.Quote(fields[0]))
	}
	return false
}

// start is START size: a new game on a size x size board.
func (b *pbrain) start(arg string) {
	n, err := strconv.Atoi(arg)
	if err != nil || (n != 15 && n != 19 && n != 20) {
		b.reply("ERROR unsupported board size %s (15, 19 and 20 are)", rules.Quote(arg))
		return
	}
	if b.rule == gomoku.Renju && n != 15 {
		b.reply("ERROR renju is played on 15x15 only")
		return
	}
	b.size = n
	b.newGame()
	b.reply("OK")
}

// turn is TURN x,y: the manager's move, answered with the engine's.
func (b *pbrain) turn(arg string) {
	if !b.ready() {
		return
	}
	m, err := b.point(arg)
	if err == nil && !b.g.Legal(m) {
		err = fmt.Errorf("%s is not a free point of a game in progress", arg)
	}
	if err != nil {
		b.reply("ERROR %v", err)
		return
	}
	b.g.Play(m)
	b.move()
}

// takeBack is TAKEBACK x,y: the last move, x,y, is taken back.
func (b *pbrain) takeBack(arg string) {
	if !b.ready() {
		return
	}
	m, err := b.point(arg)
	if err != nil || b.g.Ply() == 0 || b.g.LastMove() != m {
		b.reply("ERROR TAKEBACK %s is not the last move", rules.Quote(arg))
		return
	}
	b.g.Undo()
	b.reply("OK")
}

// ready reports whether a game is set up; it answers ERROR when not.
func (b *pbrain) ready() bool {
	if b.g == nil {
		b.reply("ERROR no game: send START first")
		return false
	}
	return true
}

// newGame starts an empty board of the session's size and rule.
func (b *pbrain) newGame() {
	b.g, _ = gomoku.New(gomoku.Options{Size: b.size, Rule: b.rule})
	if b.searched {
		// A table never used is empty already: clearing it would only
		// make every page of it resident.
		b.p.AI().ClearHash()
		b.searched = false
	}
}

// point reads "x,y" (0-based, y from the top) as a point of the board.
func (b *pbrain) point(text string) (rules.Move, error) {
	xs, ys, ok := strings.Cut(text, ",")
	x, errX := strconv.Atoi(strings.TrimSpace(xs))
	y, errY := strconv.Atoi(strings.TrimSpace(ys))
	if !ok || errX != nil || errY != nil {
		return 0, fmt.Errorf("%s is not x,y", rules.Quote(text))
	}
	if x < 0 || y < 0 || x >= b.size || y >= b.size {
		return 0, fmt.Errorf("%d,%d is off the %dx%d board", x, y, b.size, b.size)
	}
	return rules.Move(y*b.size + x), nil
}

// board reads the lines after BOARD up to DONE ("x,y,field": 1 own stone,
// 2 the opponent's) and sets the position up with the engine to move. On
// an error the game is left as it was.
func (b *pbrain) board(in *link.LineReader) error {
	var own, opp []rules.Move
	var bad error
	for {
		line, err := in.Next()
		if err != nil && !errors.Is(err, link.ErrLongLine) {
			return fmt.Errorf("the input ended before DONE")
		}
		line = strings.TrimSpace(line)
		if strings.EqualFold(line, "DONE") {
			break
		}
		if bad != nil {
			continue // read up to DONE, then report the first error
		}
		i := strings.LastIndex(line, ",")
		if err != nil || i < 0 {
			bad = fmt.Errorf("BOARD line %s is not x,y,field", rules.Quote(line))
			continue
		}
		m, err := b.point(line[:i])
		switch f := strings.TrimSpace(line[i+1:]); {
		case err != nil:
			bad = err
		case f == "1":
			own = append(own, m)
		case f == "2":
			opp = append(opp, m)
		default:
			bad = fmt.Errorf("BOARD field %s is not supported (1 own, 2 opponent)", rules.Quote(f))
		}
	}
	if bad != nil {
		return bad
	}
	// The side to move has as many stones as the other (it plays Black)
	// or one fewer (White): replay the stones alternately in their order.
	first, second := own, opp
	switch len(own) {
	case len(opp):
	case len(opp) - 1:
		first, second = opp, own
	default:
		return fmt.Errorf("BOARD has %d own and %d opponent stones: not the engine's turn", len(own), len(opp))
	}
	g, _ := gomoku.New(gomoku.Options{Size: b.size, Rule: b.rule})
	for i := range first {
		for _, m := range [2][]rules.Move{first, second} {
			if i >= len(m) {
				continue
			}
			if !g.Legal(m[i]) {
				return fmt.Errorf("BOARD repeats a point or holds a finished game")
			}
			g.Play(m[i])
		}
	}
	b.g = g
	return nil
}

// info handles INFO key value.
func (b *pbrain) info(arg string) {
	key, value, _ := strings.Cut(arg, " ")
	value = strings.TrimSpace(value)
	n, err := strconv.ParseInt(value, 10, 64)
	ms := time.Duration(n) * time.Millisecond
	switch strings.ToLower(key) {
	case "timeout_turn":
		b.timeoutTurn, b.haveTurn = ms, err == nil && n >= 0
	case "timeout_match":
		b.timeoutMatch, b.haveMatch = ms, err == nil && n > 0
	case "time_left":
		b.timeLeft, b.haveLeft = ms, err == nil
	case "rule":
		switch {
		case err != nil || n != 0 && n != 1 && n != 4:
			b.reply("ERROR rule %s is not supported (0 freestyle, 1 exact five, 4 renju)", rules.Quote(value))
			return
		case n == 4 && b.size != 0 && b.size != 15:
			b.reply("ERROR renju is played on 15x15 only")
			return
		case n == 4:
			b.rule = gomoku.Renju
		case n == 1:
			b.rule = gomoku.ExactFive
		default:
			b.rule = gomoku.Freestyle
		}
		if b.g != nil && b.g.Stones() == 0 {
			b.newGame()
		}
	case "max_memory":
		if err == nil && n >= 0 {
			b.fitMemory(n) // 0: no limit
		}
	}
	// Other keys (game_type, folder, evaluate) need no answer, nor does a
	// malformed value (it changes nothing).
}

// fitMemory keeps the process within limit bytes of memory (INFO
// max_memory; 0 means no limit, the session's default: defaultGoLimit): the transposition table is sized for it
// (link.Server.FitMemory, which replaces the engine when the size
// changes), and the Go runtime's soft memory limit (debug.SetMemoryLimit)
// is set to the limit less what the process holds outside the Go heap
// (its code and data, nonHeapBytes), so that the garbage collector runs
// before garbage pushes the resident size over the limit. Measured in
// app/EXPERIMENTS.md ("INFO max_memory").
func (b *pbrain) fitMemory(limit int64) {
	old := b.p.AI()
	b.p.FitMemory(limit)
	if limit == 0 {
		debug.SetMemoryLimit(defaultGoLimit(b.p))
	} else {
		debug.SetMemoryLimit(max(limit-nonHeapBytes, limit/2))
	}
	if b.p.AI() != old && b.searched {
		// The new engine's table is empty; the old one, resident, is
		// garbage now and goes back to the system.
		b.searched = false
		debug.FreeOSMemory()
	}
}

// defaultGoLimit is the Go runtime's soft memory limit of a session told
// no memory limit: what its table size would be given by (the table, 64
// MB for the rest, less nonHeapBytes), so that garbage does not let the
// heap grow to twice what the engine keeps (about 100 MB resident with
// the default 32 MB table instead of 155 MB). The garbage collector may
// pass a soft limit when it must: the engine never fails for it.
func defaultGoLimit(p *link.Server) int64 {
	return int64(p.TableMB()+64)<<20 - nonHeapBytes
}

// nonHeapBytes is what the engine process holds resident outside the
// memory the Go runtime accounts for: the program's code and static data
// (the binary links the window's toolkit too).
const nonHeapBytes = 24 << 20

// budget is the time for the next move: the turn's timeout less a safety
// margin, and no more than a share of the time left in the match.
func (b *pbrain) budget() time.Duration {
	t := pbrainDefaultTurn
	if b.haveTurn {
		t = b.timeoutTurn
	}
	t -= max(20*time.Millisecond, t/20)
	if b.haveMatch && b.haveLeft {
		movesLeft := max(10, (b.size*b.size-b.g.Stones())/8)
		t = min(t, b.timeLeft/time.Duration(movesLeft))
	}
	return max(t, 5*time.Millisecond)
}

// move searches and plays the engine's move and answers "x,y".
func (b *pbrain) move() {
	if over, _ := b.g.Outcome(); over {
		b.reply("ERROR the game is over")
		return
	}
	b.searched = true
	res := b.p.Think(b.g, b.budget())
	m := res.Move
	if m == rules.Swap || !b.g.Legal(m) {
		b.reply("ERROR no move found")
		return
	}
	b.g.Play(m)
	b.reply("%d,%d", int(m)%b.size, int(m)/b.size)
}
