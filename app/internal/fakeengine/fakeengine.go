// Package fakeengine lets a test binary stand in for an engine process:
// a test's command line (Command) runs the test binary itself with the
// flag -fake-engine, and its TestMain, seeing it (Requested), runs the
// engine mode or a scripted misbehaving engine (Run) instead of the tests.
//
// It is for tests only; it imports only the standard library.
package fakeengine

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// flagName marks the test binary's command line as a fake engine's.
const flagName = "-fake-engine"

// MovesFlag, followed by the opening's moves (a referee's {moves}; empty:
// none), gives the "engine" mode --moves.
const MovesFlag = "-fake-moves"

// Command returns the command line that runs the test binary as an engine
// in mode with args (mode "engine": the engine mode; see Run).
func Command(mode string, args ...string) string {
	return strings.Join(append([]string{os.Args[0], flagName, mode}, args...), " ")
}

// Requested returns the mode and arguments of a fake engine when the test
// binary runs as one (Command).
func Requested() (mode string, args []string, ok bool) {
	if len(os.Args) > 2 && os.Args[1] == flagName {
		return os.Args[2], os.Args[3:], true
	}
	return "", nil, false
}

// FloodLines is how many unrequested lines the "flood" mode writes after
// each of its moves, FloodLineBytes long each.
const (
	FloodLines     = 3000
	FloodLineBytes = 300
)

// Run runs the test binary as an engine process, serve being the engine
// mode (the cli package's; nil where only the modes that need none run):
// "engine" is Planiverse's engine mode with args; "slowstart" sleeps
// 8 s and then runs it. The modes "crash", "slow", "garbage", "illegal"
// and "flood" run it too (args[0] is the game) but misbehave at the
// engine's second move, mid-game: "crash" exits, "slow" answers 8 s late,
// "garbage" answers nonsense, "illegal" answers the opponent's last move
// again (an occupied point, an emptied slot...); "flood" writes FloodLines
// informational lines nobody asked for after each of its moves (gomoku:
// pbrain MESSAGE lines, othello: NBoard status lines). Without serve:
// "hangchild" starts a child process that inherits its output and sleeps,
// writes the child's process id to the file args[0] (if given), answers
// its first input line with OK (a pbrain engine's START) and then hangs,
// reading nothing; "spew" writes args[0] lines FloodLineBytes long and
// then "done", and waits for the end of its input; "sleep" sleeps for an
// hour; "stderr" writes args to
// standard error, a line each, and exits with status 3.
func Run(mode string, args []string, serve func(args []string, in io.Reader, out, stderr io.Writer) error) int {
	switch mode {
	case "hangchild":
		return hangWithChild(args)
	case "sleep":
		time.Sleep(time.Hour)
		return 0
	case "spew":
		n, _ := strconv.Atoi(args[0])
		w := bufio.NewWriter(os.Stdout)
		for range n {
			fmt.Fprintln(w, strings.Repeat("x", FloodLineBytes-1))
		}
		fmt.Fprintln(w, "done")
		w.Flush()
		io.Copy(io.Discard, os.Stdin)
		return 0
	case "stderr":
		for _, a := range args {
			fmt.Fprintln(os.Stderr, a)
		}
		return 3
	case "slowstart":
		time.Sleep(8 * time.Second)
		mode = "engine"
	}
	if mode == "engine" {
		if i := slices.Index(args, MovesFlag); i >= 0 && i+1 < len(args) {
			moves := args[i+1]
			args = slices.Delete(args, i, i+2)
			if moves != "" {
				args = append(args, "--moves", moves)
			}
		}
		if err := serve(args, os.Stdin, os.Stdout, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		return 0
	}
	game := args[0]
	isMove := map[string]*regexp.Regexp{
		"gomoku":  regexp.MustCompile(`^\d+,\d+$`),
		"othello": regexp.MustCompile(`^=== `),
		"dvonn":   regexp.MustCompile(`.`),
		"alak":    regexp.MustCompile(`^move `),
	}[game]
	// The opponent's last move as the engine would write it.
	var mu sync.Mutex
	last := ""
	inR, inW := io.Pipe()
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			l := strings.TrimSpace(sc.Text())
			mu.Lock()
			switch {
			case game == "gomoku" && strings.HasPrefix(l, "TURN "):
				last = strings.TrimPrefix(l, "TURN ")
			case game == "othello" && strings.HasPrefix(l, "set game "):
				last = "=== A1/0/0"
			case game == "dvonn" && l != "Start":
				last = l
			case game == "alak" && strings.HasPrefix(l, "play "):
				last = "move " + strings.TrimPrefix(l, "play ")
			}
			mu.Unlock()
			fmt.Fprintln(inW, l)
		}
		inW.Close()
	}()
	outR, outW := io.Pipe()
	go func() {
		serve(append([]string{game, "--depth", "1"}, args[1:]...), inR, outW, io.Discard)
		outW.Close()
	}()
	moves := 0
	sc := bufio.NewScanner(outR)
	for sc.Scan() {
		l := sc.Text()
		if isMove.MatchString(l) {
			if moves++; moves == 2 {
				switch mode {
				case "crash":
					return 3
				case "slow":
					time.Sleep(8 * time.Second)
				case "garbage":
					l = "hello there"
				case "illegal":
					mu.Lock()
					l = last
					mu.Unlock()
				}
			}
			if info := floodPrefix[game]; mode == "flood" && info != "" {
				fmt.Println(l)
				info += strings.Repeat("x", FloodLineBytes-1-len(info))
				l = strings.Repeat(info+"\n", FloodLines-1) + info
			}
		}
		fmt.Println(l)
	}
	return 0
}

// floodPrefix is the start of the informational lines the "flood" mode
// writes, by game: pbrain's MESSAGE, NBoard's status.
var floodPrefix = map[string]string{"gomoku": "MESSAGE ", "othello": "status "}

// hangWithChild is the "hangchild" mode (Run): a wrapper script without
// exec, "read l; echo OK; sleep 1000".
func hangWithChild(args []string) int {
	child := exec.Command(os.Args[0], flagName, "sleep")
	child.Stdout, child.Stderr = os.Stdout, os.Stderr
	if err := child.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if len(args) > 0 {
		os.WriteFile(args[0], []byte(strconv.Itoa(child.Process.Pid)), 0o644)
	}
	bufio.NewReader(os.Stdin).ReadString('\n')
	fmt.Println("OK")
	child.Wait()
	return 0
}

// ChildPid returns the process id that the "hangchild" mode wrote to
// path, waiting up to wait for it; an error when none came or it is not
// a number.
func ChildPid(path string, wait time.Duration) (int, error) {
	for end := time.Now().Add(wait); ; time.Sleep(10 * time.Millisecond) {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			return strconv.Atoi(strings.TrimSpace(string(b)))
		}
		if time.Now().After(end) {
			return 0, fmt.Errorf("the fake engine wrote no child process id to %s within %v", path, wait)
		}
	}
}
