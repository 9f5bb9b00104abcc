package cli

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"planiverse/ai"
	"planiverse/ai/othelloai"
	"planiverse/app/internal/selfplay"
	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// The AI commands: bestmove, solve and selfplay (see commands in cli.go).

// ttMegabytes is the transposition-table size of each command-line engine.
const ttMegabytes = link.DefaultTableMB

// parseLevel reads a level: a number ai.MinLevel..ai.MaxLevel or "max".
func parseLevel(flagName, text string) (int, error) {
	if text == "max" {
		return ai.MaxLevel, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < ai.MinLevel || n > ai.MaxLevel {
		return 0, rules.Errorf(errUsage, "--%s %s: want a level from %d to %d or max", flagName, rules.Quote(text), ai.MinLevel, ai.MaxLevel)
	}
	return n, nil
}

// Bounds of the AI commands' numeric options.
const (
	maxTimeMS = 3_600_000 // one hour, in milliseconds
	maxGames  = 100_000
)

// runBestmove prints the engine's move for a position:
// "bestmove <move> score <n> depth <d> nodes <n> time <ms>". With --depth
// and/or --time-ms it runs a plain search with those limits; otherwise it
// plays at --level (default max; --time-ms then sets the top level's move
// time), the softened levels' random choices seeded by --seed (default:
// from the clock). At --level max it first waits for the game's tables
// (ai.Prepare: Alak's retrograde table), so that play is perfect where
// promised. --level and --depth exclude each other.
func runBestmove(args []string, stdout io.Writer) error {
	fs := newFlagSet("bestmove")
	gf := addGameFlags(fs.FlagSet)
	level := fs.String("level", "", "difficulty 0 (Novice) to 6, or max (the default)")
	timeMS := fs.rangeVar("time-ms", 0, 1, maxTimeMS, "search time in milliseconds")
	depth := fs.rangeVar("depth", 0, 1, 250, "search depth in plies")
	seed := fs.rangeVar("seed", 0, 0, math.MaxInt64, "seed of the softened levels' random choices (default: from the clock)")
	pos, err := fs.parseArgs(args, "GAME")
	if err != nil {
		return err
	}
	if *level != "" && depth.given {
		return rules.Errorf(errUsage, "give --level or --depth, not both")
	}
	lv := ai.MaxLevel
	if *level != "" {
		if lv, err = parseLevel("level", *level); err != nil {
			return err
		}
	}
	d, s, err := gf.state(pos[0])
	if err != nil {
		return err
	}
	if over, _ := s.Outcome(); over {
		return fmt.Errorf("the game is over (%s)", d.Status(s))
	}
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0))
	if seed.given {
		r = rand.New(rand.NewPCG(uint64(seed.val), 1))
	}
	e := ai.NewEngine(ttMegabytes)
	var res ai.Result
	if depth.given || timeMS.given && *level == "" {
		res = e.Search(context.Background(), s, ai.Limits{Depth: int(depth.val), Time: time.Duration(timeMS.val) * time.Millisecond}, nil)
	} else {
		if timeMS.given {
			e.SetMoveTime(time.Duration(timeMS.val) * time.Millisecond)
		}
		if lv == ai.MaxLevel {
			ai.Prepare(s, true)
		}
		res = e.Play(context.Background(), s, lv, r, nil)
	}
	book := ""
	if res.Book {
		book = " book"
	}
	fmt.Fprintf(stdout, "bestmove %s score %d depth %d nodes %d time %d%s\n",
		s.MoveString(res.Move), res.Score, res.Depth, res.Nodes, res.Elapsed.Milliseconds(), book)
	return nil
}

// MaxSolveEmpties is the most empty squares of a position solve solves
// without --force: the exact solver takes minutes from about 24 empty
// squares on (othelloai.SolveExact), and far longer with more.
const MaxSolveEmpties = 24

// progressOut receives solve's progress lines (a variable so that tests
// can read them).
var progressOut io.Writer = os.Stderr

// progressEvery is how often solve says how long the solve in progress
// has run.
var progressEvery = 5 * time.Second

// solveProgress writes, every progressEvery until stop is called, a line
// to progressOut saying which position is being solved and for how long.
func solveProgress(line, empties int, start time.Time) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				fmt.Fprintf(progressOut, "solve: line %d (%d empty squares): %.0f s so far\n", line, empties, time.Since(start).Seconds())
			}
		}
	}()
	return func() { close(done); <-finished }
}

// runSolve solves Othello positions exactly, one per line of FILE: the 64
// squares, a space and the side to move (X|O); the rest of the line is
// ignored (so FFO/OBF files work). Blank lines and lines starting with '#'
// or '%' are skipped. For each position it prints
// "<line number> <best move> <exact score> nodes <n> time <seconds>", the
// score being the final disc difference for the side to move (empty squares
// to the winner; othelloai.SolveExact), the move "pass" for a forced pass
// and "none" for a finished game. Nothing is printed when any line is bad: all lines are
// parsed first. A FILE without any position is an error, and so is a
// position of more than MaxSolveEmpties empty squares without --force.
// While a position takes long, a line on standard error says every
// progressEvery which one and for how long (solveProgress).
func runSolve(args []string, stdout io.Writer) error {
	fs := newFlagSet("solve")
	force := fs.Bool("force", false, fmt.Sprintf("solve positions of more than %d empty squares too (that can take hours)", MaxSolveEmpties))
	pos, err := fs.parseArgs(args, "GAME", "FILE")
	if err != nil {
		return err
	}
	if pos[0] != othello.Descriptor.Name {
		return rules.Errorf(errUsage, "solve is for othello, not %s", rules.Quote(pos[0]))
	}
	data, err := readFile(pos[1])
	if err != nil {
		return err
	}
	type job struct {
		line int
		b    *othello.Board
	}
	var jobs []job
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if text == "" || text[0] == '#' || text[0] == '%' {
			continue
		}
		b, err := othello.ParsePosition(text)
		if err != nil {
			return fmt.Errorf("%s line %d: %w", rules.Quote(pos[1]), n, err)
		}
		if e := b.Empties(); e > MaxSolveEmpties && !*force {
			return fmt.Errorf("%s line %d: %d empty squares, more than %d: an exact solution can take hours (give --force to solve it anyway)",
				rules.Quote(pos[1]), n, e, MaxSolveEmpties)
		}
		jobs = append(jobs, job{n, b})
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", pos[1], err)
	}
	if len(jobs) == 0 {
		return fmt.Errorf("%s holds no Othello position (want lines of 64 squares X, O or - and the side to move)", rules.Quote(pos[1]))
	}
	for _, j := range jobs {
		start := time.Now()
		stop := solveProgress(j.line, j.b.Empties(), start)
		m, score, nodes, _ := othelloai.SolveExact(context.Background(), j.b)
		stop()
		mv := "none" // a finished game
		if m != rules.NoMove {
			mv = j.b.MoveString(m)
		}
		fmt.Fprintf(stdout, "%d %s %+d nodes %d time %.3f\n", j.line, mv, score, nodes, time.Since(start).Seconds())
	}
	return nil
}

// selfplayGame is the result of one self-play game from A's point of view.
type selfplayGame struct{ aWin, bWin bool }

// runSelfplay plays --games games between levels --a and --b, colors
// alternating, and prints a line for each game as it ends (selfplayTally)
// and last "a <wins> b <wins> draws <n>". Games come in
// pairs that share an opening with colors swapped: the game's
// rules.Descriptor.Opening (Othello 4 random plies, Gomoku 2 random stones
// near the center, DVONN a random placement phase, Alak 2 random plies),
// seeded by --seed and the pair's number. Two games run in parallel.
func runSelfplay(args []string, stdout io.Writer) error {
	fs := newFlagSet("selfplay")
	gf := addGameFlags(fs.FlagSet)
	aText := fs.String("a", "", "level of player a (0..6 or max)")
	bText := fs.String("b", "", "level of player b (0..6 or max)")
	games := fs.rangeVar("games", 0, 1, maxGames, "number of games")
	timeMS := fs.rangeVar("time-ms", 0, 0, maxTimeMS, "move time of the top level in milliseconds (0: the default 3 s; Expert uses an eighth in Othello and DVONN)")
	seed := fs.rangeVar("seed", 1, 0, math.MaxInt64, "seed of the openings")
	pos, err := fs.parseArgs(args, "GAME")
	if err != nil {
		return err
	}
	if *aText == "" || *bText == "" {
		return rules.Errorf(errUsage, "give both --a and --b")
	}
	la, err := parseLevel("a", *aText)
	if err != nil {
		return err
	}
	lb, err := parseLevel("b", *bText)
	if err != nil {
		return err
	}
	if !games.given {
		return rules.Errorf(errUsage, "give --games")
	}
	if gf.moves != "" || gf.position != "" {
		return rules.Errorf(errUsage, "selfplay takes no --moves or --position")
	}
	d, _, err := gf.state(pos[0])
	if err != nil {
		return err
	}
	opts, _ := d.Resolve(gf.options()) // state has checked them
	tally := selfplayTally{out: stdout}
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			engines := [2]*ai.Engine{ai.NewEngine(ttMegabytes / 2), ai.NewEngine(ttMegabytes / 2)}
			for _, e := range engines {
				e.SetMoveTime(time.Duration(timeMS.val) * time.Millisecond)
			}
			for i := range next {
				s, _ := d.New(opts)
				tally.add(i, playOne(d, s, engines, [2]int{la, lb}, i, uint64(seed.val)))
			}
		}()
	}
	for i := range int(games.val) {
		next <- i
	}
	close(next)
	wg.Wait()
	fmt.Fprintf(stdout, "a %d b %d draws %d\n", tally.a, tally.b, tally.draws)
	flush(stdout)
	return nil
}

// selfplayTally counts a self-play match's results and prints a line for
// each game as it ends.
type selfplayTally struct {
	mu          sync.Mutex
	out         io.Writer
	a, b, draws int
}

// add counts game i (0-based) and prints "game <n> <winner> (a <seat>)
// a <wins> b <wins> draws <n>": the game's number, who won it ("a", "b"
// or "draw"), player a's seat ("first" or "second" to move), and the score
// so far.
func (t *selfplayTally) add(i int, g selfplayGame) {
	t.mu.Lock()
	defer t.mu.Unlock()
	who := "draw"
	switch {
	case g.aWin:
		t.a++
		who = "a"
	case g.bWin:
		t.b++
		who = "b"
	default:
		t.draws++
	}
	seat := [2]string{"first", "second"}[i%2]
	fmt.Fprintf(t.out, "game %d %s (a %s) a %d b %d draws %d\n", i+1, who, seat, t.a, t.b, t.draws)
	flush(t.out)
}

// flush flushes w when it buffers (a *bufio.Writer).
func flush(w io.Writer) {
	if f, ok := w.(interface{ Flush() error }); ok {
		_ = f.Flush()
	}
}

// playOne plays game i of a self-play match of game d on s: player a
// (engines[0], level lv[0]) takes seat i%2.
func playOne(d *rules.Descriptor, s rules.State, engines [2]*ai.Engine, lv [2]int, i int, seed uint64) selfplayGame {
	selfplay.Open(d, s, seed, uint64(i/2))
	aSeat := rules.Seat(i % 2)
	player := func(seat rules.Seat) (*ai.Engine, int) {
		if seat != aSeat {
			return engines[1], lv[1]
		}
		return engines[0], lv[0]
	}
	_ = selfplay.Play(context.Background(), s, engines[:], player, seed, uint64(i), nil) // never canceled
	winner, ok := rules.Winner(s)
	if !ok {
		return selfplayGame{}
	}
	return selfplayGame{aWin: winner == aSeat, bWin: winner != aSeat}
}
