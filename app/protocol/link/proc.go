package link

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
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

// Limits of an engine process (Proc).
const (
	// MaxQueuedLines and MaxQueuedBytes bound the output lines an engine
	// wrote that nobody has read yet: beyond either, the oldest line its
	// protocol marks droppable (SetDroppable: informational lines) is
	// dropped, else the oldest line (an engine that writes without being
	// asked never fills memory, nor blocks, nor loses a move to chatter).
	MaxQueuedLines = 1024
	MaxQueuedBytes = 1 << 20
	// StderrLines is how many of the engine's last standard-error lines
	// are kept for error messages, each cut to stderrLineBytes.
	StderrLines     = 20
	stderrLineBytes = 200
	// stopGrace is how long Stop waits for the engine to exit once its
	// input is closed, before it kills the engine's process group.
	stopGrace = 500 * time.Millisecond
	// waitDelay bounds the wait for the engine's output pipes once it has
	// exited or been killed (exec.Cmd.WaitDelay): a process that escaped
	// the group and still holds them does not hold the caller.
	waitDelay = time.Second
)

// Proc is an engine process: a program started with sh as
// "exec <command>" in a process group of its own, so that stopping it
// stops whatever it started too. Its output lines are read as they come
// into a bounded queue (MaxQueuedLines, MaxQueuedBytes); its standard
// error is kept, the last StderrLines lines, and quoted in the errors of
// Read and Send. Every Read has a deadline and every write one of writeTimeout.
// Its methods may be called from any goroutine.
type Proc struct {
	cmd     *exec.Cmd
	command string
	in      *os.File // the write end of the engine's standard input
	out     *os.File // the read end of its standard output
	stderr  *lineRing

	mu      sync.Mutex
	queue   []string // output lines not yet read, oldest first
	bytes   int      // their total length
	dropped int      // lines dropped from the queue
	// droppable reports whether an output line may be dropped when the
	// queue is full (nil: any line, oldest first).
	droppable func(line string) bool
	eof       bool          // the output has ended
	ready     chan struct{} // closed and replaced when a line or the end arrives

	exited  chan struct{} // closed once the process has been waited for
	waitErr error         // its exit status, once exited is closed
	stopped sync.Once
	cpu     time.Duration // CPU time used, once exited is closed
}

// writeTimeout bounds each write to the engine's input: an engine that
// stops reading is an error, not a hang (a variable so that tests can
// shorten it).
var writeTimeout = 5 * time.Second

// ErrTimeout is returned when an engine does not answer in time.
var ErrTimeout = errors.New("no answer in time")

// StartProc runs command with sh as "exec command" (so that it may hold
// arguments and quotes, and the engine itself is the process that is
// stopped; set variables with env: "env NAME=value engine") in a new
// process group. When ctx is done the group is killed (pending and later
// Reads then fail at once). The error quotes the command.
func StartProc(ctx context.Context, command string) (*Proc, error) {
	cmd := exec.CommandContext(ctx, "sh", "-c", "exec "+command)
	cmd.SysProcAttr = groupAttr()
	cmd.WaitDelay = waitDelay
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	p := &Proc{cmd: cmd, command: command, in: inW, out: outR, stderr: newLineRing(StderrLines),
		ready: make(chan struct{}), exited: make(chan struct{})}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, p.stderr
	cmd.Cancel = func() error { killGroup(cmd.Process); return nil }
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("starting %s: %w", rules.Quote(command), err)
	}
	go p.readLines()
	go p.wait()
	return p, nil
}

// readLines reads the engine's output into the queue until it ends,
// dropping the oldest lines beyond the queue's bounds.
func (p *Proc) readLines() {
	r := NewLineReader(p.out)
	for {
		line, err := r.Next()
		if errors.Is(err, ErrLongLine) {
			continue
		}
		if err != nil {
			p.mu.Lock()
			p.eof = true
			close(p.ready)
			p.ready = make(chan struct{})
			p.mu.Unlock()
			p.out.Close()
			return
		}
		p.push(line)
	}
}

// push adds an output line to the queue, dropping lines beyond its
// bounds (dropOne), and wakes a waiting Read.
func (p *Proc) push(line string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.queue = append(p.queue, line)
	p.bytes += len(line)
	for len(p.queue) > MaxQueuedLines || p.bytes > MaxQueuedBytes {
		p.dropOne()
	}
	close(p.ready)
	p.ready = make(chan struct{})
}

// dropOne drops one line from the full queue: the oldest droppable one,
// else the oldest. p.mu is held.
func (p *Proc) dropOne() {
	i := 0
	if p.droppable != nil {
		i = slices.IndexFunc(p.queue, p.droppable)
		if i < 0 {
			i = 0
		}
	}
	p.bytes -= len(p.queue[i])
	if i == 0 {
		p.queue[0] = ""
		p.queue = p.queue[1:]
	} else {
		p.queue = slices.Delete(p.queue, i, i+1)
	}
	p.dropped++
}

// SetDroppable sets the classifier of the engine's output lines that its
// protocol can do without (informational lines: pbrain's MESSAGE, NBoard's
// status...): when the queue is full, the oldest such line is dropped
// first, so that a line the protocol needs (a move) is never lost to
// them. nil drops the oldest line, whatever it is. Each protocol's client
// sets its own (pbrain.Droppable, nboard.Droppable...).
func (p *Proc) SetDroppable(droppable func(line string) bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.droppable = droppable
}

// wait waits for the process, kills what is left of its group, and ends
// the output reader should a process outside the group still hold the
// output open.
func (p *Proc) wait() {
	err := p.cmd.Wait()
	killGroup(p.cmd.Process)
	if st := p.cmd.ProcessState; st != nil {
		p.cpu = st.UserTime() + st.SystemTime()
	}
	p.waitErr = err
	close(p.exited)
	time.AfterFunc(waitDelay, func() { p.out.SetReadDeadline(time.Now()) })
}

// Send writes lines to the engine, each within writeTimeout.
func (p *Proc) Send(lines ...string) error {
	for _, l := range lines {
		p.in.SetWriteDeadline(time.Now().Add(writeTimeout))
		if _, err := io.WriteString(p.in, l+"\n"); err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				return p.failure(fmt.Sprintf("the engine did not read its input within %v", writeTimeout))
			}
			return p.exitError("the engine stopped reading its input")
		}
	}
	return nil
}

// Read returns the engine's next output line (without surrounding
// spaces), ErrTimeout after deadline, or an error when the engine has
// exited (with its exit status and last standard-error lines).
func (p *Proc) Read(deadline time.Time) (string, error) {
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	for {
		p.mu.Lock()
		if len(p.queue) > 0 {
			l := p.queue[0]
			p.queue[0] = ""
			p.queue = p.queue[1:]
			p.bytes -= len(l)
			p.mu.Unlock()
			return strings.TrimSpace(l), nil
		}
		eof, ready := p.eof, p.ready
		p.mu.Unlock()
		if eof {
			return "", p.exitError("the engine closed its output")
		}
		select {
		case <-ready:
		case <-t.C:
			return "", ErrTimeout
		}
	}
}

// exitError describes the end of the engine's input or output: how it
// exited (waiting for that briefly; else alive), with its last
// standard-error lines.
func (p *Proc) exitError(alive string) error {
	select {
	case <-p.exited:
	case <-time.After(200 * time.Millisecond):
		return p.failure(alive)
	}
	what := "the engine exited"
	var ee *exec.ExitError
	if errors.As(p.waitErr, &ee) {
		what += " (" + ee.ProcessState.String() + ")"
	}
	return p.failure(what)
}

// failure is an error saying what, with the engine's last standard-error
// lines.
func (p *Proc) failure(what string) error {
	if tail := p.Stderr(); tail != "" {
		return fmt.Errorf("%s; it said on stderr: %s", what, tail)
	}
	return errors.New(what)
}

// Stderr returns the engine's last standard-error lines (at most
// StderrLines), joined by " | ".
func (p *Proc) Stderr() string { return strings.Join(p.stderr.lines(), " | ") }

// Queued returns the number of output lines waiting to be read and the
// number dropped so far because the queue was full.
func (p *Proc) Queued() (waiting, dropped int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.queue), p.dropped
}

// Stop ends the engine: its input is closed, and its process group is
// killed if it has not exited stopGrace later (or at once if it has: what
// it started goes too). It returns the CPU time the engine used. It
// returns within about stopGrace + waitDelay; calling it again, or after
// Kill, is safe.
func (p *Proc) Stop() time.Duration {
	p.stopped.Do(func() { p.in.Close() })
	select {
	case <-p.exited:
	case <-time.After(stopGrace):
		killGroup(p.cmd.Process)
		<-p.exited
	}
	return p.cpu
}

// Kill kills the engine's process group at once and returns without
// waiting; the process is reaped in the background.
func (p *Proc) Kill() {
	p.stopped.Do(func() { p.in.Close() })
	select {
	case <-p.exited:
	default:
		killGroup(p.cmd.Process)
	}
}

// Exited returns a channel closed once the engine has exited and been
// waited for.
func (p *Proc) Exited() <-chan struct{} { return p.exited }

// lineRing is an io.Writer that keeps the last lines written to it (each
// cut to stderrLineBytes).
type lineRing struct {
	mu      sync.Mutex
	n       int
	ring    []string
	partial []byte
}

func newLineRing(n int) *lineRing { return &lineRing{n: n} }

func (r *lineRing) Write(b []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range b {
		switch {
		case c == '\n' || c == '\r':
			r.push()
		case len(r.partial) < stderrLineBytes:
			r.partial = append(r.partial, c)
		}
	}
	return len(b), nil
}

// push ends the partial line (an empty one is skipped), its control
// characters escaped (rules.Printable).
func (r *lineRing) push() {
	l := rules.Printable(strings.TrimSpace(string(r.partial)))
	r.partial = r.partial[:0]
	if l == "" {
		return
	}
	if len(r.ring) == r.n {
		copy(r.ring, r.ring[1:])
		r.ring = r.ring[:r.n-1]
	}
	r.ring = append(r.ring, l)
}

// lines returns the kept lines, oldest first, with an unfinished last
// line.
func (r *lineRing) lines() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := append([]string(nil), r.ring...)
	if l := rules.Printable(strings.TrimSpace(string(r.partial))); l != "" {
		out = append(out, l)
	}
	if len(out) > r.n {
		out = out[len(out)-r.n:]
	}
	return out
}
