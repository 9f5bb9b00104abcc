package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"planiverse/ai"
	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/dvonn"
	"planiverse/rules/othello"
)

// The AI commands: bestmove, solve and selfplay (see commands in cli.go).

// ttMegabytes is the transposition-table size of each command-line engine.
const ttMegabytes = 32

// parseLevel reads a level: a number 1..ai.MaxLevel or "max".
func parseLevel(flagName, text string) (int, error) {
	if text == "max" {
		return ai.MaxLevel, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 || n > ai.MaxLevel {
		return 0, fmt.Errorf("--%s %q: want a level from 1 to %d or max: %w", flagName, text, ai.MaxLevel, errUsage)
	}
	return n, nil
}

// runBestmove prints the engine's move for a position:
// "bestmove <move> score <n> depth <d> nodes <n> time <ms>". With --depth
// and/or --time-ms it runs a plain search with those limits; otherwise it
// plays at --level (default max; --time-ms then sets the top level's move
// time). --level and --depth exclude each other.
func runBestmove(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("bestmove", flag.ContinueOnError)
	gf := addGameFlags(fs)
	level := fs.String("level", "", "difficulty 1..6 or max (the default)")
	timeMS := fs.Int("time-ms", 0, "search time in milliseconds")
	depth := fs.Int("depth", 0, "search depth in plies")
	pos, err := parseArgs(fs, args, "GAME")
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["time-ms"] && *timeMS < 1 {
		return fmt.Errorf("--time-ms %d: want a whole number of milliseconds >= 1: %w", *timeMS, errUsage)
	}
	if set["depth"] && (*depth < 1 || *depth > 250) {
		return fmt.Errorf("--depth %d: want a whole number of plies from 1 to 250: %w", *depth, errUsage)
	}
	if *level != "" && *depth > 0 {
		return fmt.Errorf("give --level or --depth, not both: %w", errUsage)
	}
	lv := ai.MaxLevel
	if *level != "" {
		if lv, err = parseLevel("level", *level); err != nil {
			return err
		}
	}
	s, err := gf.state(pos[0])
	if err != nil {
		return err
	}
	if over, _ := s.Outcome(); over {
		return fmt.Errorf("the game is over (%s)", Status(pos[0], s))
	}
	e := ai.NewEngine(ttMegabytes)
	var res ai.Result
	if *depth > 0 || *timeMS > 0 && *level == "" {
		res = e.Search(context.Background(), s, ai.Limits{Depth: *depth, Time: time.Duration(*timeMS) * time.Millisecond}, nil)
	} else {
		if *timeMS > 0 {
			e.SetMoveTime(time.Duration(*timeMS) * time.Millisecond)
		}
		res = e.Play(context.Background(), s, lv, rand.New(rand.NewPCG(1, 1)), nil)
	}
	fmt.Fprintf(stdout, "bestmove %s score %d depth %d nodes %d time %d\n",
		s.MoveString(res.Move), res.Score, res.Depth, res.Nodes, res.Elapsed.Milliseconds())
	return nil
}

// runSolve solves Othello positions exactly, one per line of FILE: the 64
// squares, a space and the side to move (X|O); the rest of the line is
// ignored (so FFO/OBF files work). Blank lines and lines starting with '#'
// or '%' are skipped. For each position it prints
// "<line number> <best move> <exact score> nodes <n> time <seconds>", the
// score being the final disc difference for the side to move (empty squares
// to the winner; othelloai.SolveExact), the move "pass" for a forced pass
// and "none" for a finished game. Nothing is printed when any line is bad: all lines are
// parsed first.
func runSolve(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	pos, err := parseArgs(fs, args, "GAME", "FILE")
	if err != nil {
		return err
	}
	if pos[0] != "othello" {
		return fmt.Errorf("solve is for othello, not %q: %w", pos[0], errUsage)
	}
	f, err := os.Open(pos[1])
	if err != nil {
		return err
	}
	defer f.Close()
	type job struct {
		line int
		b    *othello.Board
	}
	var jobs []job
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' || text[0] == '%' {
			continue
		}
		b, err := othello.ParsePosition(text)
		if err != nil {
			return fmt.Errorf("%s line %d: %w", pos[1], n, err)
		}
		jobs = append(jobs, job{n, b})
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", pos[1], err)
	}
	for _, j := range jobs {
		start := time.Now()
		m, score, nodes, _ := othelloai.SolveExact(context.Background(), j.b)
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

// runSelfplay plays --games games between levels --a and --b, colours
// alternating, and prints "a <wins> b <wins> draws <n>". Games come in
// pairs that share an opening with colours swapped: Othello and Alak start
// with 4 and 2 uniformly random plies, Gomoku with 2 plies of the Beginner
// level, DVONN with a uniformly random placement phase (RULES.md's random
// placement); the seed is the pair's number. Two games run in parallel.
func runSelfplay(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	gf := addGameFlags(fs)
	aText := fs.String("a", "", "level of player a (1..6 or max)")
	bText := fs.String("b", "", "level of player b (1..6 or max)")
	games := fs.Int("games", 0, "number of games")
	timeMS := fs.Int("time-ms", 0, "move time of the top level in milliseconds (Expert uses an eighth in Othello and DVONN)")
	seed := fs.Uint64("seed", 1, "seed of the openings")
	pos, err := parseArgs(fs, args, "GAME")
	if err != nil {
		return err
	}
	if *aText == "" || *bText == "" {
		return fmt.Errorf("give both --a and --b: %w", errUsage)
	}
	la, err := parseLevel("a", *aText)
	if err != nil {
		return err
	}
	lb, err := parseLevel("b", *bText)
	if err != nil {
		return err
	}
	if *games < 1 {
		return fmt.Errorf("--games must be at least 1: %w", errUsage)
	}
	if *timeMS < 0 {
		return fmt.Errorf("--time-ms must be >= 0: %w", errUsage)
	}
	if gf.moves != "" || gf.position != "" {
		return fmt.Errorf("selfplay takes no --moves or --position: %w", errUsage)
	}
	game := pos[0]
	if _, err := gf.state(game); err != nil {
		return err
	}
	opts := gf.opts // state has checked it; the workers only read this copy
	results := make([]selfplayGame, *games)
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			engines := [2]*ai.Engine{ai.NewEngine(ttMegabytes / 2), ai.NewEngine(ttMegabytes / 2)}
			for _, e := range engines {
				if *timeMS > 0 {
					e.SetMoveTime(time.Duration(*timeMS) * time.Millisecond)
				}
			}
			for i := range next {
				s, _ := NewGame(opts)
				results[i] = playOne(game, s, engines, [2]int{la, lb}, i, *seed)
			}
		}()
	}
	for i := range *games {
		next <- i
	}
	close(next)
	wg.Wait()
	var a, b, d int
	for _, r := range results {
		switch {
		case r.aWin:
			a++
		case r.bWin:
			b++
		default:
			d++
		}
	}
	fmt.Fprintf(stdout, "a %d b %d draws %d\n", a, b, d)
	return nil
}

// playOne plays game i of a self-play match on s: player a (engines[0],
// level lv[0]) takes seat i%2.
func playOne(game string, s rules.State, engines [2]*ai.Engine, lv [2]int, i int, seed uint64) selfplayGame {
	pair := uint64(i / 2)
	or := rand.New(rand.NewPCG(seed, pair))
	openingPlies(game, s, or, engines[0])
	for _, e := range engines {
		e.ClearHash()
	}
	aSeat := rules.Player(i % 2)
	r := rand.New(rand.NewPCG(seed^0x5eed, uint64(i)))
	for ply := 0; ply < 2000; ply++ {
		if over, _ := s.Outcome(); over {
			break
		}
		who := 0
		if s.ToMove() != aSeat {
			who = 1
		}
		res := engines[who].Play(context.Background(), s, lv[who], r, nil)
		if res.Move == rules.NoMove {
			break
		}
		s.Play(res.Move)
	}
	over, score := s.Outcome()
	if !over || score == 0 {
		return selfplayGame{}
	}
	winner := s.ToMove()
	if score < 0 {
		winner = winner.Opponent()
	}
	return selfplayGame{aWin: winner == aSeat, bWin: winner != aSeat}
}

// openingPlies varies the start of a self-play game (see runSelfplay).
func openingPlies(game string, s rules.State, r *rand.Rand, e *ai.Engine) {
	if g, ok := s.(*dvonn.Game); ok {
		g.PlaceRandom(r)
		return
	}
	n := 2
	if game == "othello" {
		n = 4
	}
	var buf []rules.Move
	for range n {
		if over, _ := s.Outcome(); over {
			return
		}
		if game == "gomoku" {
			s.Play(e.Play(context.Background(), s, 1, r, nil).Move)
			continue
		}
		buf = s.Moves(buf[:0])
		s.Play(buf[r.IntN(len(buf))])
	}
}
