package referee

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"planiverse/app/protocol"
	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/registry"
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
	// early is 1 (a) or 2 (b) when that engine failed before its first
	// move (it could not start, exited, or its first answer was an
	// error; not a move over time), else 0.
	early    int
	earlyErr string // why, with early
}

// Match is what a match is played with: the game, its options and start
// position, the two engines' command lines, the openings, the number of
// games, the move times of a and b, the tolerance over the move time, the
// folder each game's moves are written to ("": none), how many games are
// played at once (Concurrency; 0 or 1: one at a time) and the sequential
// test that may end the match early (SPRT; nil: none).
type Match struct {
	Game        *rules.Descriptor
	Options     rules.Options
	Start       rules.State
	Commands    [2]string
	Openings    [][]string
	Games       int
	MoveTimes   [2]time.Duration
	Tolerance   time.Duration
	Records     string
	Concurrency int
	SPRT        *SPRT
}

// tally is the score of the games played so far, from a's point of view.
type tally struct {
	n, wins, losses, draws int
	total, sq              float64
	spent, longest         [2]time.Duration
	made                   [2]int
}

func (t *tally) add(r matchResult) {
	t.n++
	t.total += r.score
	t.sq += r.score * r.score
	switch r.score {
	case 1:
		t.wins++
	case 0:
		t.losses++
	default:
		t.draws++
	}
	for k := range 2 {
		t.spent[k] += r.time[k]
		t.made[k] += r.moves[k]
		t.longest[k] = max(t.longest[k], r.longest[k])
	}
}

// summary writes the summary line (an Elo difference of 0 +- 0 when no
// game was played).
func (t *tally) summary(stdout io.Writer) {
	elo, margin := 0.0, 0.0
	if t.n > 0 {
		elo, margin = eloDiff(t.total, t.sq, t.n)
	}
	fmt.Fprintf(stdout, "a %d b %d draws %d elo %+.0f +- %.0f time a %s b %s longest a %s b %s\n", t.wins, t.losses, t.draws, elo, margin,
		perMove(t.spent[0], t.made[0]), perMove(t.spent[1], t.made[1]),
		t.longest[0].Round(time.Millisecond), t.longest[1].Round(time.Millisecond))
}

// ErrEngineFailed is returned by Run when an engine failed before its
// first move in the first game (it could not start, exited at once, or
// does not speak the game's protocol): the match stops there, with no
// game counted and no summary line. A later failure is a lost game.
var ErrEngineFailed = errors.New("engine failed")

// engineFailed is an error that says msg and wraps ErrEngineFailed.
type engineFailed string

func (e engineFailed) Error() string        { return string(e) }
func (e engineFailed) Is(target error) bool { return target == ErrEngineFailed }

// ErrInterrupted is returned by Run when its context ended the match
// early (Ctrl+C).
var ErrInterrupted = errors.New("interrupted")

// Run plays m's games, engine a taking the first seat in even games, and
// writes a line per game and a summary line to stdout. Before the first
// game it checks every opening (each is replayed by the rules), that each
// engine's program exists (link.CheckCommand) and that the records
// folder can be written; it never overwrites records: when the folder
// holds a file of the names it would write, or another match has claimed
// it, the records go to the first free numbered folder beside it (DIR-2,
// DIR-3, ...), said on a first line (recordsFolder). An engine that fails
// before its first move in the first game stops the match with an error
// wrapping ErrEngineFailed and no summary.
// With m.Concurrency above 1 that many games are played at once, each
// with its own two engine processes; each game's line, record and result
// are those it would have in a match played one game at a time (its
// number fixes its opening and colors), and lines come in the order the
// games end. The first game's line comes first.
// With m.SPRT, games 2j and 2j+1 (from 0) are one pair; after each pair
// a line gives the LLR, its bounds and the Elo estimate, and the match
// stops once the LLR reaches a bound (games in progress then are stopped
// and not counted). After the summary a line says the verdict; Run
// returns nil when H1 is accepted, an error wrapping ErrH0 when H0 is,
// and one wrapping ErrNoVerdict when the games ran out first.
// Once the games begin the summary line is always written: when ctx
// ends (the games in progress are stopped and not counted; the error wraps
// ErrInterrupted), or a record cannot be written, or an engine cannot be
// started, the match stops there with an error.
func Run(ctx context.Context, m Match, stdout io.Writer) error {
	for i, o := range m.Openings {
		if _, err := replay(m.Start.Clone(), o); err != nil {
			return fmt.Errorf("opening %d (%s): %w", i+1, strings.Join(o, " "), err)
		}
	}
	for k, c := range m.Commands {
		if err := link.CheckCommand(c); err != nil {
			return fmt.Errorf("engine %s: %w", "ab"[k:k+1], err)
		}
	}
	records, why, release, err := recordsFolder(m.Records, m.Game.Name, m.Games)
	if err != nil {
		return err
	}
	defer release()
	if records != m.Records {
		fmt.Fprintf(stdout, "records: %s (%s)\n", records, why)
	}
	var t tally
	var st *sprtState
	if m.SPRT != nil {
		st = newSPRTState(*m.SPRT)
	}
	err = playGames(ctx, m, records, stdout, &t, st)
	if errors.Is(err, ErrEngineFailed) && t.n == 0 {
		return err
	}
	t.summary(stdout)
	if st == nil || err != nil {
		return err
	}
	fmt.Fprintln(stdout, st.verdictLine())
	switch st.verdict {
	case AcceptH0:
		return ErrH0
	case Continue:
		return fmt.Errorf("%w in %s", ErrNoVerdict, plural(t.n, "game"))
	}
	return nil
}

// gameDone is one game's end: its number (from 0), result and error.
type gameDone struct {
	i   int
	r   matchResult
	err error
}

// playGames plays m's games into t, m.Concurrency at once, writing each
// one's line and record, and following the SPRT st (nil: none).
func playGames(ctx context.Context, m Match, records string, stdout io.Writer, t *tally, st *sprtState) error {
	proto, _ := protocol.For(m.Game)
	stopCtx, stop := context.WithCancel(ctx)
	defer stop()
	jobs := make(chan int)
	dones := make(chan gameDone)
	var wg sync.WaitGroup
	for range max(1, min(m.Concurrency, m.Games)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if stopCtx.Err() != nil {
					continue
				}
				var opening []string
				if len(m.Openings) > 0 {
					opening = m.Openings[(i/2)%len(m.Openings)]
				}
				r, err := playMatchGame(stopCtx, m.Game, m.Options, m.Start.Clone(), opening, m.Commands, rules.Seat(i%2), m.MoveTimes, m.Tolerance, proto.NewClient)
				dones <- gameDone{i, r, err}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range m.Games {
			if stopCtx.Err() != nil {
				return
			}
			select {
			case jobs <- i:
			case <-stopCtx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(dones)
	}()
	// Games that end before the first one wait for it (an engine that
	// fails in the first game stops the match before any game counts).
	var waiting []gameDone
	firstDone := false
	var failed error
	for d := range dones {
		if failed != nil || stopCtx.Err() != nil {
			if ctx.Err() != nil && failed == nil {
				failed = fmt.Errorf("%w after %d of %d games", ErrInterrupted, t.n, m.Games)
			}
			if ctx.Err() != nil || st != nil && st.verdict != Continue {
				fmt.Fprintf(stdout, "game %d: %s, not counted\n", d.i+1, map[bool]string{true: "interrupted", false: "stopped"}[ctx.Err() != nil])
			}
			continue
		}
		if !firstDone && d.i != 0 {
			waiting = append(waiting, d)
			continue
		}
		firstDone = true
		for _, d := range append([]gameDone{d}, waiting...) {
			if failed = gameEnded(d, m, records, stdout, t, st); failed != nil || st != nil && st.verdict != Continue {
				stop()
				break
			}
		}
		waiting = nil
	}
	if ctx.Err() != nil && failed == nil {
		failed = fmt.Errorf("%w after %d of %d games", ErrInterrupted, t.n, m.Games)
	}
	return failed
}

// gameEnded counts game d into t and st, writing its line and record;
// an error stops the match.
func gameEnded(d gameDone, m Match, records string, stdout io.Writer, t *tally, st *sprtState) error {
	r := d.r
	if d.err != nil {
		return fmt.Errorf("game %d: %w", d.i+1, d.err)
	}
	if d.i == 0 && r.early != 0 {
		return engineFailed(fmt.Sprintf("engine %s failed before its first move: %s", "ab"[r.early-1:r.early], r.earlyErr))
	}
	t.add(r)
	fmt.Fprintf(stdout, "game %d: a plays %s: %s (%s), %d plies; a %s/move cpu %.1fs, b %s/move cpu %.1fs\n",
		d.i+1, strings.ToLower(m.Game.Colors[m.Game.ColorOf(m.Start, rules.Seat(d.i%2))]), r.result, link.OneLine(r.reason), r.plies,
		perMove(r.time[0], r.moves[0]), r.cpu[0].Seconds(), perMove(r.time[1], r.moves[1]), r.cpu[1].Seconds())
	if records != "" {
		if err := writeNew(recordName(records, m.Game.Name, d.i+1), []byte(r.record+"\n")); err != nil {
			return fmt.Errorf("game %d: %w", d.i+1, err)
		}
	}
	if st != nil {
		if line, ok := st.add(d.i, r.score); ok {
			fmt.Fprintln(stdout, line)
		}
	}
	return nil
}

// recordName is the name of game i's record (from 1) in dir.
func recordName(dir, game string, i int) string {
	return filepath.Join(dir, fmt.Sprintf("%s-%03d.txt", game, i))
}

// maxRecordsFolders bounds the numbered folders recordsFolder tries.
const maxRecordsFolders = 999

// claimName is the file a match creates, exclusively, in an existing
// records folder to claim it while it plays; it is removed at the end.
const claimName = ".planiverse-match"

// recordsFolder returns the folder the records of n games of game go to,
// claimed for this match alone, and why it is not dir ("" when it is):
// dir when it can be claimed and holds none of their names, else the
// first numbered folder dir-2, dir-3, ... that can. A folder (created
// when missing) is claimed atomically by creating claimName in it
// exclusively: two matches started together on one folder each get
// their own, and a claimed folder is known to be writable. release
// removes the claim. "" stays "".
func recordsFolder(dir, game string, n int) (folder, why string, release func(), err error) {
	release = func() {}
	if dir == "" {
		return "", "", release, nil
	}
	base := strings.TrimRight(dir, string(filepath.Separator))
	if base == "" {
		base = dir
	}
	if err := os.MkdirAll(filepath.Dir(filepath.Clean(dir)), 0o755); err != nil {
		return "", "", release, fmt.Errorf("records folder: %w", err)
	}
	for k := 1; k <= maxRecordsFolders; k++ {
		try := dir
		if k > 1 {
			try = fmt.Sprintf("%s-%d", base, k)
		}
		if err := os.Mkdir(try, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return "", "", release, fmt.Errorf("records folder: %w", err)
		}
		if holdsRecords(try, game, n) {
			why = fmt.Sprintf("%s holds an earlier match's records", dir)
			continue
		}
		claim := filepath.Join(try, claimName)
		f, err := os.OpenFile(claim, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		switch {
		case errors.Is(err, fs.ErrExist):
			why = fmt.Sprintf("%s is in use by another match", dir)
			continue
		case err != nil:
			return "", "", release, fmt.Errorf("records folder %s cannot be written: %w", rules.Quote(try), err)
		}
		f.Close()
		return try, why, func() { os.Remove(claim) }, nil
	}
	return "", "", release, fmt.Errorf("records folders %s to %s-%d all hold records", rules.Quote(dir), base, maxRecordsFolders)
}

// holdsRecords reports whether dir holds a file (or anything) of the
// names of n games' records.
func holdsRecords(dir, game string, n int) bool {
	for i := 1; i <= n; i++ {
		if _, err := os.Lstat(recordName(dir, game, i)); err == nil {
			return true
		}
	}
	return false
}

// writeData writes data to f (a variable so that tests can make it fail
// as a full disk does).
var writeData = func(f *os.File, data []byte) error {
	_, err := f.Write(data)
	return err
}

// writeNew writes a new file, never replacing one; when the write fails
// (a full disk) the file is removed, never left empty or cut.
func writeNew(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	err = writeData(f, data)
	if err2 := f.Close(); err == nil {
		err = err2
	}
	if err != nil {
		os.Remove(name)
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}

// replay plays opening in s by the rules; the error names the move.
func replay(s rules.State, opening []string) (rules.State, error) {
	var buf []rules.Move
	for i, text := range opening {
		m, err := s.ParseMove(text)
		if err == nil {
			if buf = s.Moves(buf[:0]); !slices.Contains(buf, m) {
				err = errors.New("not a legal move there")
			}
		}
		if err != nil {
			return nil, fmt.Errorf("move %d %s: %w", i+1, rules.Quote(text), err)
		}
		s.Play(m)
	}
	return s, nil
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

// Limits of an openings file (ReadOpenings).
const (
	// MaxOpenings is the most openings a file may hold.
	MaxOpenings = 100_000
	// MaxOpeningLine is the longest line of an openings file, in bytes.
	MaxOpeningLine = 4096
)

// ReadOpenings reads an openings file for game d from position start: one
// opening a line, moves separated by spaces or as the game's protocol
// splits them (protocol.Protocol.SplitMoves: Othello's may be run
// together); blank lines and '#' comments are skipped, and a UTF-8 byte
// order mark at the start too (as in a record). Each opening is replayed
// by the rules; the error of a bad one names its line. The file is read
// as a record is (registry.ReadFile: a regular file of at most
// registry.MaxRecordBytes; a FIFO or a device is refused, not waited on),
// with at most MaxOpenings openings of at most MaxOpeningLine bytes a line.
func ReadOpenings(path string, d *rules.Descriptor, start rules.State) ([][]string, error) {
	data, err := registry.ReadFile(path)
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	var out [][]string
	for n := 1; len(data) > 0; n++ {
		raw, rest, _ := bytes.Cut(data, []byte("\n"))
		data = rest
		if len(raw) > MaxOpeningLine {
			return nil, fmt.Errorf("%s line %d: longer than %d bytes, not an opening", path, n, MaxOpeningLine)
		}
		line := strings.TrimSpace(string(raw))
		if line == "" || line[0] == '#' {
			continue
		}
		if len(out) == MaxOpenings {
			return nil, fmt.Errorf("%s: more than %d openings", path, MaxOpenings)
		}
		moves := strings.Fields(line)
		if proto, ok := protocol.For(d); ok && proto.SplitMoves != nil {
			moves = proto.SplitMoves(line)
		}
		if _, err := replay(start.Clone(), moves); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, n, err)
		}
		out = append(out, moves)
	}
	return out, nil
}

// playMatchGame plays one game: engine a (cmds[0]) takes aSeat; engine k
// has moveTimes[k] a move, plus tolerance before it loses on time.
func playMatchGame(ctx context.Context, d *rules.Descriptor, o rules.Options, s rules.State, opening []string, cmds [2]string,
	aSeat rules.Seat, moveTimes [2]time.Duration, tolerance time.Duration,
	newClient func(*rules.Descriptor, *link.Proc, rules.Seat, rules.Options, time.Duration) (link.Client, error)) (res matchResult, err error) {
	g := &link.Game{Start: s.Clone(), Pos: s}
	if _, err := replay(s.Clone(), opening); err != nil {
		return matchResult{}, fmt.Errorf("opening %w", err)
	}
	for _, text := range opening {
		m, _ := s.ParseMove(text)
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
		p, err := link.StartProc(ctx, cmds[k])
		if err != nil {
			return res, err
		}
		procs[k] = p
		seat := aSeat
		if k == 1 {
			seat = aSeat.Opponent()
		}
		if clients[k], err = newClient(d, p, seat, o, moveTimes[k]); err != nil {
			res.score, res.reason = float64(k), fmt.Sprintf("%s failed to start: %v", "ab"[k:k+1], link.OneLine(err.Error()))
			res.result = "ab"[1-k:2-k] + " wins"
			res.early, res.earlyErr = k+1, link.OneLine(err.Error())
			return res, nil
		}
	}
	proto, _ := protocol.For(d)
	autoPass := proto.AutoPass
	var buf []rules.Move
	for {
		if over, _ := s.Outcome(); over {
			break
		}
		seat := s.ToMove()
		k := who(seat)
		buf = s.Moves(buf[:0])
		if len(buf) == 1 && buf[0] == rules.Pass && autoPass {
			g.Play(rules.Pass) // the protocol's engines are not asked to pass
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
			if err != nil && !errors.Is(err, link.ErrTimeout) && res.moves[k] == 1 {
				res.early, res.earlyErr = k+1, link.OneLine(err.Error())
			}
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
