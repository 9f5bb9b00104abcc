package referee

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"planiverse/app/protocol"
	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// matchResult is one game's result from engine a's point of view.
type matchResult struct {
	score          float64 // 1 a won, 0.5 draw, 0 a lost
	reason         string
	plies          int
	time           [2]time.Duration // wall time spent by a, b
	longest        [2]time.Duration // the longest move of a, b
	moves          [2]int           // moves made by a, b
	cpu            [2]time.Duration
	record, result string
}

// Match is what a match is played with: the game, its options and start
// position, the two engines' command lines, the openings, the number of
// games, the move times of a and b, the tolerance over the move time, and
// the folder each game's moves are written to ("": none).
type Match struct {
	Game      *rules.Descriptor
	Options   rules.Options
	Start     rules.State
	Commands  [2]string
	Openings  [][]string
	Games     int
	MoveTimes [2]time.Duration
	Tolerance time.Duration
	Records   string
}

// Run plays m's games, engine a taking the first seat in even games, and
// writes a line per game and a summary line to stdout.
func Run(m Match, stdout io.Writer) error {
	d, o, start, opens, n := m.Game, m.Options, m.Start, m.Openings, m.Games
	proto, _ := protocol.For(d)
	newClient := proto.NewClient
	var total, sq float64
	var wins, losses, draws int
	var spent, longest [2]time.Duration
	var made [2]int
	for i := range n {
		var opening []string
		if len(opens) > 0 {
			opening = opens[(i/2)%len(opens)]
		}
		aSeat := rules.Seat(i % 2)
		r, err := playMatchGame(d, o, start.Clone(), opening, m.Commands, aSeat, m.MoveTimes, m.Tolerance, newClient)
		if err != nil {
			return fmt.Errorf("game %d: %w", i+1, err)
		}
		total += r.score
		sq += r.score * r.score
		switch r.score {
		case 1:
			wins++
		case 0:
			losses++
		default:
			draws++
		}
		for k := range 2 {
			spent[k] += r.time[k]
			made[k] += r.moves[k]
			longest[k] = max(longest[k], r.longest[k])
		}
		fmt.Fprintf(stdout, "game %d: a plays %s: %s (%s), %d plies; a %s/move cpu %.1fs, b %s/move cpu %.1fs\n",
			i+1, strings.ToLower(d.Colors[d.ColorOf(start, aSeat)]), r.result, r.reason, r.plies,
			perMove(r.time[0], r.moves[0]), r.cpu[0].Seconds(), perMove(r.time[1], r.moves[1]), r.cpu[1].Seconds())
		if m.Records != "" {
			if err := os.MkdirAll(m.Records, 0o755); err != nil {
				return err
			}
			name := filepath.Join(m.Records, fmt.Sprintf("%s-%03d.txt", d.Name, i+1))
			if err := os.WriteFile(name, []byte(r.record+"\n"), 0o644); err != nil {
				return err
			}
		}
	}
	elo, margin := eloDiff(total, sq, n)
	fmt.Fprintf(stdout, "a %d b %d draws %d elo %+.0f +- %.0f time a %s b %s longest a %s b %s\n", wins, losses, draws, elo, margin,
		perMove(spent[0], made[0]), perMove(spent[1], made[1]),
		longest[0].Round(time.Millisecond), longest[1].Round(time.Millisecond))
	return nil
}

// perMove writes the mean time per move.
func perMove(t time.Duration, n int) string {
	if n == 0 {
		return "-"
	}
	return (t / time.Duration(n)).Round(time.Millisecond).String()
}

// eloDiff returns the Elo difference of a over b for a mean score total/n
// and its 95% error, from the games' score variance (sq is the sum of
// squared scores; at least 1/(4n)); the Elo of a score p is -400 log10(1/p - 1), clamped for
// a score of 0 or 1.
func eloDiff(total, sq float64, n int) (elo, margin float64) {
	p := total / float64(n)
	// With one result only the variance is 0: count half a game's worth
	// of spread so that the margin stays honest.
	variance := max(sq/float64(n)-p*p, 0.25/float64(n))
	se := math.Sqrt(variance / float64(n))
	f := func(p float64) float64 {
		p = min(max(p, 0.001), 0.999)
		return -400 * math.Log10(1/p-1)
	}
	return f(p), (f(p+1.96*se) - f(p-1.96*se)) / 2
}

// ReadOpenings reads an openings file: one opening a line, moves separated
// by spaces (Othello's may be run together); blank lines and '#' comments
// are skipped.
func ReadOpenings(path, game string) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		moves := strings.Fields(line)
		if game == othello.Descriptor.Name && len(moves) == 1 && len(line)%2 == 0 {
			moves = nil
			for i := 0; i < len(line); i += 2 {
				moves = append(moves, line[i:i+2])
			}
		}
		out = append(out, moves)
	}
	return out, sc.Err()
}

// playMatchGame plays one game: engine a (cmds[0]) takes aSeat; engine k
// has moveTimes[k] a move, plus tolerance before it loses on time.
func playMatchGame(d *rules.Descriptor, o rules.Options, s rules.State, opening []string, cmds [2]string,
	aSeat rules.Seat, moveTimes [2]time.Duration, tolerance time.Duration,
	newClient func(*rules.Descriptor, *link.Proc, rules.Seat, rules.Options, time.Duration) (link.Client, error)) (res matchResult, err error) {
	g := &link.Game{Start: s.Clone(), Pos: s}
	for i, text := range opening {
		m, err := s.ParseMove(text)
		if err != nil {
			return matchResult{}, fmt.Errorf("opening move %d: %w", i+1, err)
		}
		g.Play(m)
	}
	g.Opening = len(opening)
	// {moves} in a command becomes the opening, one shell word.
	for k := range cmds {
		cmds[k] = strings.ReplaceAll(cmds[k], "{moves}", "'"+strings.Join(opening, " ")+"'")
	}
	// Engines are told the opening as moves from the start.
	var procs [2]*link.Proc
	var clients [2]link.Client
	who := func(seat rules.Seat) int { // 0 for a, 1 for b
		if seat == aSeat {
			return 0
		}
		return 1
	}
	defer func() {
		for k, p := range procs {
			if p != nil {
				res.cpu[k] = p.Stop()
			}
		}
	}()
	for k := range 2 {
		p, err := link.StartProc(cmds[k], io.Discard)
		if err != nil {
			return res, err
		}
		procs[k] = p
		seat := aSeat
		if k == 1 {
			seat = aSeat.Opponent()
		}
		if clients[k], err = newClient(d, p, seat, o, moveTimes[k]); err != nil {
			res.score, res.reason = float64(k), fmt.Sprintf("%s failed to start: %v", "ab"[k:k+1], err)
			res.result = "ab"[1-k:2-k] + " wins"
			return res, nil
		}
	}
	var buf []rules.Move
	for {
		if over, _ := s.Outcome(); over {
			break
		}
		seat := s.ToMove()
		k := who(seat)
		buf = s.Moves(buf[:0])
		if len(buf) == 1 && buf[0] == rules.Pass && d == othello.Descriptor {
			g.Play(rules.Pass) // NBoard engines are not asked to pass
			continue
		}
		t0 := time.Now()
		moveTime := moveTimes[k]
		m, err := clients[k].Move(g, t0.Add(moveTime+tolerance))
		el := time.Since(t0)
		res.time[k] += el
		res.moves[k]++
		res.longest[k] = max(res.longest[k], el)
		loses := ""
		switch {
		case errors.Is(err, link.ErrTimeout) || err == nil && el > moveTime+tolerance:
			loses = fmt.Sprintf("%s over time (%v)", "ab"[k:k+1], el.Round(time.Millisecond))
		case err != nil:
			loses = fmt.Sprintf("%s: %v", "ab"[k:k+1], err)
		case !slices.Contains(buf, m):
			loses = fmt.Sprintf("%s played an illegal move", "ab"[k:k+1])
		}
		if loses != "" {
			res.score = float64(k)
			res.reason = loses
			res.result = "ab"[1-k:2-k] + " wins"
			res.plies = len(g.Moves)
			res.record = recordText(g)
			return res, nil
		}
		g.Play(m)
	}
	res.plies = len(g.Moves)
	res.record = recordText(g)
	w, ok := rules.Winner(s)
	switch {
	case !ok:
		res.score, res.result = 0.5, "draw"
	case who(w) == 0:
		res.score, res.result = 1, "a wins"
	default:
		res.score, res.result = 0, "b wins"
	}
	res.reason = d.ResultText(s)
	return res, nil
}

// recordText writes the moves of g, space-separated.
func recordText(g *link.Game) string { return strings.Join(g.Texts, " ") }
