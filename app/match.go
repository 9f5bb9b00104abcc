package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"planiverse/rules"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// planiverse match: a referee between two engines that speak the game's
// engine protocol (Planiverse's own engine mode, or any external program),
// one game at a time, colours swapped per opening.

// matchClients maps a game's registry name to the referee's side of its
// protocol.
var matchClients = map[string]func(d *rules.Descriptor, p *proc, seat rules.Player, o rules.Options, moveTime time.Duration) (client, error){
	"gomoku":  newPbrainClient,
	"othello": newNBoardClient,
	"dvonn":   newCodeCupClient,
	"alak":    newAlakClient,
}

// client is the referee's side of one engine in one game.
type client interface {
	// move asks the engine for its move in g (its turn) before deadline;
	// g.moves holds every move from g.start, g.movers who made each.
	move(g *refGame, deadline time.Time) (rules.Move, error)
}

// refGame is the game as the referee keeps it.
type refGame struct {
	start   rules.State  // the position the engines are told the game began from
	s       rules.State  // the position now
	moves   []rules.Move // moves from start
	texts   []string     // the moves' text
	movers  []rules.Player
	opening int // the first moves were the opening's
}

func (g *refGame) play(m rules.Move) {
	g.movers = append(g.movers, g.s.ToMove())
	g.moves = append(g.moves, m)
	g.texts = append(g.texts, g.s.MoveString(m))
	g.s.Play(m)
}

// proc is an engine process: its input, and its output lines on a channel.
type proc struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string // closed when the output ends
}

// errTimeout is returned when an engine does not answer in time.
var errTimeout = errors.New("no answer in time")

// startProc runs command with sh as "exec command" (so that it may hold
// arguments and quotes, and the engine itself is the process the referee
// stops; set variables with env: "env NAME=value engine"); its standard
// error goes to stderr.
func startProc(command string, stderr io.Writer) (*proc, error) {
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
	p := &proc{cmd: cmd, in: in, lines: make(chan string, 64)}
	go func() {
		r := newLineReader(out)
		for {
			line, err := r.next()
			if errors.Is(err, errLongLine) {
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
func (p *proc) send(lines ...string) error {
	for _, l := range lines {
		if _, err := io.WriteString(p.in, l+"\n"); err != nil {
			return fmt.Errorf("the engine stopped reading: %w", err)
		}
	}
	return nil
}

// read returns the engine's next output line, errTimeout after deadline, or
// an error when the engine has exited.
func (p *proc) read(deadline time.Time) (string, error) {
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case l, ok := <-p.lines:
		if !ok {
			return "", errors.New("the engine exited")
		}
		return strings.TrimSpace(l), nil
	case <-t.C:
		return "", errTimeout
	}
}

// stop ends the engine: its input is closed, and it is killed if it has
// not exited 500 ms later. It returns the CPU time the engine used.
func (p *proc) stop() time.Duration {
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

// pbrainClient drives a Gomocup pbrain engine.
type pbrainClient struct {
	p     *proc
	size  int
	seat  rules.Player
	begun bool
}

func newPbrainClient(_ *rules.Descriptor, p *proc, seat rules.Player, o rules.Options, moveTime time.Duration) (client, error) {
	c := &pbrainClient{p: p, size: o.Int("size"), seat: seat}
	rule := "0"
	if o["rules"] == "exact5" {
		rule = "1"
	}
	if err := p.send(fmt.Sprintf("START %d", c.size)); err != nil {
		return nil, err
	}
	if err := c.expect("OK", time.Now().Add(10*time.Second)); err != nil {
		return nil, fmt.Errorf("START: %w", err)
	}
	// A match clock far longer than the game needs (some engines read
	// timeout_match 0, "no limit", as a reason to think long), so that the
	// turn's timeout is what binds.
	match := moveTime.Milliseconds() * 1000
	err := p.send(fmt.Sprintf("INFO timeout_turn %d", moveTime.Milliseconds()), fmt.Sprintf("INFO timeout_match %d", match),
		fmt.Sprintf("INFO time_left %d", match), "INFO rule "+rule, "INFO max_memory 268435456")
	return c, err
}

// expect reads lines up to one starting with want, skipping MESSAGE and
// DEBUG lines; ERROR and UNKNOWN are errors.
func (c *pbrainClient) expect(want string, deadline time.Time) error {
	for {
		l, err := c.p.read(deadline)
		switch up := strings.ToUpper(l); {
		case err != nil:
			return err
		case strings.HasPrefix(up, want):
			return nil
		case strings.HasPrefix(up, "ERROR"), strings.HasPrefix(up, "UNKNOWN"):
			return errors.New(oneLine(l))
		}
	}
}

func (c *pbrainClient) move(g *refGame, deadline time.Time) (rules.Move, error) {
	gg := g.s.(*gomoku.Game)
	if !c.begun {
		// The stones in the order they were played, the opponent's last
		// (some engines take the colours from the order alone).
		c.begun = true
		lines := []string{"BOARD"}
		replay := g.start.Clone().(*gomoku.Game)
		for _, m := range g.moves {
			field := 2
			if replay.ColorToMove() == gg.ColorToMove() {
				field = 1
			}
			replay.Play(m)
			if m != rules.Swap {
				lines = append(lines, fmt.Sprintf("%d,%d,%d", int(m)%c.size, int(m)/c.size, field))
			}
		}
		if err := c.p.send(append(lines, "DONE")...); err != nil {
			return 0, err
		}
	} else {
		last := g.moves[len(g.moves)-1]
		if err := c.p.send(fmt.Sprintf("TURN %d,%d", int(last)%c.size, int(last)/c.size)); err != nil {
			return 0, err
		}
	}
	for {
		l, err := c.p.read(deadline)
		if err != nil {
			return 0, err
		}
		up := strings.ToUpper(l)
		switch {
		case l == "", strings.HasPrefix(up, "MESSAGE"), strings.HasPrefix(up, "DEBUG"), strings.HasPrefix(up, "SUGGEST"):
			continue
		case strings.HasPrefix(up, "ERROR"), strings.HasPrefix(up, "UNKNOWN"):
			return 0, errors.New(oneLine(l))
		}
		xs, ys, ok := strings.Cut(l, ",")
		x, err1 := strconv.Atoi(strings.TrimSpace(xs))
		y, err2 := strconv.Atoi(strings.TrimSpace(ys))
		if !ok || err1 != nil || err2 != nil || x < 0 || y < 0 || x >= c.size || y >= c.size {
			return 0, fmt.Errorf("answer %s is not a point x,y", rules.Quote(l))
		}
		return rules.Move(y*c.size + x), nil
	}
}

// nboardClient drives an NBoard engine: the whole game as GGF, then "go".
type nboardClient struct{ p *proc }

func newNBoardClient(_ *rules.Descriptor, p *proc, _ rules.Player, _ rules.Options, _ time.Duration) (client, error) {
	return &nboardClient{p: p}, p.send("nboard 2")
}

func (c *nboardClient) move(g *refGame, deadline time.Time) (rules.Move, error) {
	if err := c.p.send("set game "+writeGGF(g), "go"); err != nil {
		return 0, err
	}
	for {
		l, err := c.p.read(deadline)
		if err != nil {
			return 0, err
		}
		if mv, ok := strings.CutPrefix(l, "==="); ok {
			mv, _, _ = strings.Cut(strings.TrimSpace(mv), "/")
			return nboardMove(g.s.(*othello.Board), mv)
		}
	}
}

// writeGGF writes g (from the standard start) as NBoard's GGF.
func writeGGF(g *refGame) string {
	var b strings.Builder
	b.WriteString("(;GM[Othello]PC[Planiverse]TY[8]BO[8 ")
	pos := g.start.(*othello.Board).Position()
	b.WriteString(strings.NewReplacer("X", "*").Replace(pos))
	b.WriteString("]")
	s := g.start.Clone()
	for _, m := range g.moves {
		fmt.Fprintf(&b, "%c[%s]", "BW"[s.ToMove()], nboardText(s.(*othello.Board), m))
		s.Play(m)
	}
	b.WriteString(";)")
	return b.String()
}

// codeCupClient drives a CodeCup DVONN engine: "Start" to the engine that
// moves first (White; after an opening, the side to move), then the
// opponent's moves, one per line; the engine writes each of its moves. An
// engine is told an opening only through its command line ({moves}).
type codeCupClient struct {
	p     *proc
	seat  rules.Player
	sent  int // moves of g.moves already told (or made) by this engine
	begun bool
}

func newCodeCupClient(_ *rules.Descriptor, p *proc, seat rules.Player, _ rules.Options, _ time.Duration) (client, error) {
	return &codeCupClient{p: p, seat: seat}, nil
}

func (c *codeCupClient) move(g *refGame, deadline time.Time) (rules.Move, error) {
	if !c.begun {
		c.begun = true
		c.sent = g.opening // known from the command line
		if len(g.moves) == g.opening {
			if err := c.p.send("Start"); err != nil { // it moves first
				return 0, err
			}
		}
	}
	for ; c.sent < len(g.moves); c.sent++ {
		if g.movers[c.sent] != c.seat {
			if err := c.p.send(g.texts[c.sent]); err != nil {
				return 0, err
			}
		}
	}
	l, err := c.p.read(deadline)
	if err != nil {
		return 0, err
	}
	c.sent++ // its own move
	return g.s.ParseMove(l)
}

// alakClient drives a Planiverse Alak engine.
type alakClient struct {
	p    *proc
	seat rules.Player
	sent int
}

func newAlakClient(_ *rules.Descriptor, p *proc, seat rules.Player, o rules.Options, _ time.Duration) (client, error) {
	c := &alakClient{p: p, seat: seat}
	cmd := "new classic"
	if o["rules"] == "modern" {
		cmd = "new modern " + o["size"]
	}
	if err := p.send(cmd); err != nil {
		return nil, err
	}
	return c, c.expect("ok", time.Now().Add(10*time.Second))
}

func (c *alakClient) expect(want string, deadline time.Time) error {
	l, err := c.p.read(deadline)
	if err == nil && !strings.HasPrefix(l, want) {
		err = fmt.Errorf("answer %s, want %s", rules.Quote(l), want)
	}
	return err
}

func (c *alakClient) move(g *refGame, deadline time.Time) (rules.Move, error) {
	for ; c.sent < len(g.moves); c.sent++ {
		if err := c.p.send("play " + g.texts[c.sent]); err != nil {
			return 0, err
		}
		if err := c.expect("ok", deadline); err != nil {
			return 0, err
		}
	}
	if err := c.p.send("go"); err != nil {
		return 0, err
	}
	l, err := c.p.read(deadline)
	if err != nil {
		return 0, err
	}
	mv, ok := strings.CutPrefix(l, "move ")
	if !ok {
		return 0, fmt.Errorf("answer %s, want move M", rules.Quote(l))
	}
	c.sent++
	return g.s.ParseMove(mv)
}

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

// runMatch is planiverse match GAME --a CMD --b CMD [--openings FILE]
// [--games N] [--time-ms T] [--time-ms-b T] [--tolerance-ms T] [--records DIR]
// [game options]. --time-ms-b gives engine b its own move time (time
// odds): a match against a much stronger engine is most sensitive where
// it scores near 50%, so a change can be compared there with fewer games
// than at equal time.
func runMatch(args []string, stdout io.Writer) error {
	fs := newFlagSet("match")
	gf := addGameFlags(fs.FlagSet)
	aCmd := fs.String("a", "", "command line of engine a")
	bCmd := fs.String("b", "", "command line of engine b")
	openings := fs.String("openings", "", "file of openings, one a line, in the game's notation (Othello moves may be run together: f5d6c3)")
	games := fs.rangeVar("games", 0, 1, maxGames, "number of games (default: two per opening, or 2)")
	timeMS := fs.rangeVar("time-ms", 1000, 1, maxTimeMS, "move time in milliseconds (told to engines whose protocol has a clock)")
	timeBMS := fs.rangeVar("time-ms-b", 1000, 1, maxTimeMS, "move time of engine b in milliseconds, for time odds (default: --time-ms)")
	tolMS := fs.rangeVar("tolerance-ms", 1000, 0, maxTimeMS, "time over the move time before a move loses on time")
	records := fs.String("records", "", "folder to write each game's moves to")
	pos, err := fs.parseArgs(args, "GAME")
	if err != nil {
		return err
	}
	if *aCmd == "" || *bCmd == "" {
		return rules.Errorf(errUsage, "give both --a and --b")
	}
	d, start, err := gf.state(pos[0])
	if err != nil {
		return err
	}
	newClient, ok := matchClients[d.Name]
	if !ok {
		return rules.Errorf(errUsage, "%s has no engine protocol", d.Name)
	}
	o, _ := d.Resolve(gf.options())
	var opens [][]string
	if *openings != "" {
		if opens, err = readOpenings(*openings, d.Name); err != nil {
			return err
		}
		if d.Name == "dvonn" && !(strings.Contains(*aCmd, "{moves}") && strings.Contains(*bCmd, "{moves}")) {
			return rules.Errorf(errUsage, "the CodeCup protocol cannot set up an opening: give both commands {moves}, which becomes the opening's moves (planiverse engine dvonn --moves {moves})")
		}
	}
	n := int(games.val)
	if !games.given {
		n = 2 * max(1, len(opens))
	}
	moveTime := time.Duration(timeMS.val) * time.Millisecond
	moveTimes := [2]time.Duration{moveTime, moveTime}
	if timeBMS.given {
		moveTimes[1] = time.Duration(timeBMS.val) * time.Millisecond
	}
	tolerance := time.Duration(tolMS.val) * time.Millisecond
	var total, sq float64
	var wins, losses, draws int
	var spent, longest [2]time.Duration
	var made [2]int
	for i := range n {
		var opening []string
		if len(opens) > 0 {
			opening = opens[(i/2)%len(opens)]
		}
		aSeat := rules.Player(i % 2)
		r, err := playMatchGame(d, o, start.Clone(), opening, [2]string{*aCmd, *bCmd}, aSeat, moveTimes, tolerance, newClient)
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
			i+1, strings.ToLower(d.Colours[d.ColourOf(start, aSeat)]), r.result, r.reason, r.plies,
			perMove(r.time[0], r.moves[0]), r.cpu[0].Seconds(), perMove(r.time[1], r.moves[1]), r.cpu[1].Seconds())
		if *records != "" {
			if err := os.MkdirAll(*records, 0o755); err != nil {
				return err
			}
			name := filepath.Join(*records, fmt.Sprintf("%s-%03d.txt", d.Name, i+1))
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

// readOpenings reads an openings file: one opening a line, moves separated
// by spaces (Othello's may be run together); blank lines and '#' comments
// are skipped.
func readOpenings(path, game string) ([][]string, error) {
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
		if game == "othello" && len(moves) == 1 && len(line)%2 == 0 {
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
	aSeat rules.Player, moveTimes [2]time.Duration, tolerance time.Duration,
	newClient func(*rules.Descriptor, *proc, rules.Player, rules.Options, time.Duration) (client, error)) (res matchResult, err error) {
	g := &refGame{start: s.Clone(), s: s}
	for i, text := range opening {
		m, err := s.ParseMove(text)
		if err != nil {
			return matchResult{}, fmt.Errorf("opening move %d: %w", i+1, err)
		}
		g.play(m)
	}
	g.opening = len(opening)
	// {moves} in a command becomes the opening, one shell word.
	for k := range cmds {
		cmds[k] = strings.ReplaceAll(cmds[k], "{moves}", "'"+strings.Join(opening, " ")+"'")
	}
	// Engines are told the opening as moves from the start.
	var procs [2]*proc
	var clients [2]client
	who := func(seat rules.Player) int { // 0 for a, 1 for b
		if seat == aSeat {
			return 0
		}
		return 1
	}
	defer func() {
		for k, p := range procs {
			if p != nil {
				res.cpu[k] = p.stop()
			}
		}
	}()
	for k := range 2 {
		p, err := startProc(cmds[k], io.Discard)
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
		if len(buf) == 1 && buf[0] == rules.Pass && d.Name == "othello" {
			g.play(rules.Pass) // NBoard engines are not asked to pass
			continue
		}
		t0 := time.Now()
		moveTime := moveTimes[k]
		m, err := clients[k].move(g, t0.Add(moveTime+tolerance))
		el := time.Since(t0)
		res.time[k] += el
		res.moves[k]++
		res.longest[k] = max(res.longest[k], el)
		loses := ""
		switch {
		case errors.Is(err, errTimeout) || err == nil && el > moveTime+tolerance:
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
			res.plies = len(g.moves)
			res.record = recordText(g)
			return res, nil
		}
		g.play(m)
	}
	res.plies = len(g.moves)
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
func recordText(g *refGame) string { return strings.Join(g.texts, " ") }
