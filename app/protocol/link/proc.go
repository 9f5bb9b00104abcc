package link

import (
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"planiverse/rules"
)

// Client is the referee's side of one engine in one game.
type Client interface {
	// Move asks the engine for its move in g (its turn) before deadline;
	// g.Moves holds every move from g.Start, g.Movers who made each.
	Move(g *Game, deadline time.Time) (rules.Move, error)
}

// Game is the game as the referee keeps it.
type Game struct {
	Start   rules.State  // the position the engines are told the game began from
	Pos     rules.State  // the position now
	Moves   []rules.Move // moves from Start
	Texts   []string     // the moves' text
	Movers  []rules.Seat
	Opening int // the first moves were the opening's
}

// Play plays m in g.Pos and records it.
func (g *Game) Play(m rules.Move) {
	g.Movers = append(g.Movers, g.Pos.ToMove())
	g.Moves = append(g.Moves, m)
	g.Texts = append(g.Texts, g.Pos.MoveString(m))
	g.Pos.Play(m)
}

// Proc is an engine process: its input, and its output lines on a channel.
type Proc struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string // closed when the output ends
}

// ErrTimeout is returned when an engine does not answer in time.
var ErrTimeout = errors.New("no answer in time")

// StartProc runs command with sh as "exec command" (so that it may hold
// arguments and quotes, and the engine itself is the process the referee
// stops; set variables with env: "env NAME=value engine"); its standard
// error goes to stderr.
func StartProc(command string, stderr io.Writer) (*Proc, error) {
	cmd := exec.Command("sh", "-c", "exec "+command)
	cmd.Stderr = stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", rules.Quote(command), err)
	}
	p := &Proc{cmd: cmd, in: in, lines: make(chan string, 64)}
	go func() {
		r := NewLineReader(out)
		for {
			line, err := r.Next()
			if errors.Is(err, ErrLongLine) {
				continue
			}
			if err != nil {
				close(p.lines)
				return
			}
			p.lines <- line
		}
	}()
	return p, nil
}

// send writes lines to the engine.
func (p *Proc) Send(lines ...string) error {
	for _, l := range lines {
		if _, err := io.WriteString(p.in, l+"\n"); err != nil {
			return fmt.Errorf("the engine stopped reading: %w", err)
		}
	}
	return nil
}

// read returns the engine's next output line, ErrTimeout after deadline, or
// an error when the engine has exited.
func (p *Proc) Read(deadline time.Time) (string, error) {
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case l, ok := <-p.lines:
		if !ok {
			return "", errors.New("the engine exited")
		}
		return strings.TrimSpace(l), nil
	case <-t.C:
		return "", ErrTimeout
	}
}

// stop ends the engine: its input is closed, and it is killed if it has
// not exited 500 ms later. It returns the CPU time the engine used.
func (p *Proc) Stop() time.Duration {
	p.in.Close()
	done := make(chan struct{})
	go func() { p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(500 * time.Millisecond):
		p.cmd.Process.Kill()
		<-done
	}
	if st := p.cmd.ProcessState; st != nil {
		return st.UserTime() + st.SystemTime()
	}
	return 0
}
