// Command levelquality measures how well each difficulty level plays a
// game: it plays games of level L against itself (both sides level L, so
// that every move of the game is a move of the level, in positions that
// level reaches), or with --opponent N against level N with colors
// alternating (every level then meets the same opponent, so that no
// level's figures depend on how sharp its own games are), each from a
// seeded random opening (the game's
// Descriptor.Opening: Othello and Alak two random plies, Gomoku two stones
// near the center, DVONN a random placement), analyses every move after
// the opening played by level L with package quality at a fixed depth or
// time, and prints per
// level: the games and moves analyzed, the mean loss (in the game's unit,
// else percentage points of expected score), the rate of mistakes or worse
// (mistake, blunder, missed win, losing move) and of inaccuracies, and the
// mean accuracy. Moves with no choice are not counted.
//
// Run from the repository root, for example:
//
//	go run ./app/cmd/levelquality --game othello --levels 0-4 --games 6 --analysis-depth 8
//	go run ./app/cmd/levelquality --game othello --levels 0-6 --games 6 --json >> othello.jsonl
//	go run ./app/cmd/levelquality --game othello --from othello.jsonl --write > ai/othelloai/levelfigures.go
//
// --json prints one JSON object per level, one per line; --from reads such
// lines (several runs of a level are pooled) instead of playing, and
// --write then prints the Go source of the game's level figures
// (ai.LevelTable) for ai/<game>ai/levelfigures.go. The timed levels
// (Expert and Master in most games) think for a share of --move-ms, the
// app's 3 s by default; record the move time and the analysis with the
// figures (app/EXPERIMENTS.md).
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/app/internal/selfplay"
	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// config is one run's settings.
type config struct {
	d        *rules.Descriptor
	opts     rules.Options
	games    int // games per level
	analysis quality.Options
	moveTime time.Duration // the engine's move time (the timed levels' budget)
	seed     uint64
	// opponent is the level every measured level plays against, taking
	// Black (the first seat) in odd games; NoOpponent: each level plays
	// itself. Only the measured level's moves are analyzed.
	opponent int
}

// NoOpponent is config.opponent when each level plays itself.
const NoOpponent = -1

// figures is the measure of one level: one line of --json.
type figures struct {
	Game           string                  `json:"game"`
	Level          int                     `json:"level"`
	Name           string                  `json:"name"`
	Games          int                     `json:"games"`
	Moves          int                     `json:"moves"`
	MeanLoss       float64                 `json:"mean_loss"`
	Unit           string                  `json:"unit"`
	MeanDrop       float64                 `json:"mean_drop"`
	Mistakes       int                     `json:"mistakes"`
	MistakeRate    float64                 `json:"mistake_rate"`
	MistakeEvery   float64                 `json:"mistake_every"`
	Inaccuracies   int                     `json:"inaccuracies"`
	InaccuracyRate float64                 `json:"inaccuracy_rate"`
	Accuracy       float64                 `json:"accuracy"`
	Counts         [quality.NumClasses]int `json:"counts"`
	AnalysisDepth  int                     `json:"analysis_depth,omitempty"`
	AnalysisMS     int64                   `json:"analysis_ms,omitempty"`
	MoveMS         int64                   `json:"move_ms"`
	Seed           uint64                  `json:"seed"`
	Opponent       *int                    `json:"opponent,omitempty"` // the common opponent's level; none: self-play
	Seconds        float64                 `json:"seconds"`
}

// tally sums the analyzed moves of one level.
type tally struct {
	games, moves    int
	loss, drop, acc float64
	counts          [quality.NumClasses]int
}

// add counts the analyzed move m (one with no choice counts in its class
// only).
func (t *tally) add(m quality.Move) {
	t.counts[m.Class]++
	if m.Forced {
		return
	}
	t.moves++
	t.loss += m.Loss
	t.drop += m.Drop
	t.acc += quality.MoveAccuracy(m.Drop)
}

// mistakes is the number of moves of class Mistake or worse.
func mistakes(c [quality.NumClasses]int) int {
	return c[quality.Mistake] + c[quality.Blunder] + c[quality.MissedWin] + c[quality.Losing]
}

// figures returns the tally's figures for level lv of game.
func (t *tally) figures(game string, lv int, unit string) figures {
	f := figures{Game: game, Level: lv, Name: ai.LevelOf(lv).Name, Games: t.games, Moves: t.moves, Unit: unit,
		Counts: t.counts, Mistakes: mistakes(t.counts), Inaccuracies: t.counts[quality.Inaccuracy], Accuracy: 100}
	if t.moves > 0 {
		n := float64(t.moves)
		f.MeanLoss, f.MeanDrop, f.Accuracy = t.loss/n, t.drop/n, t.acc/n
		f.MistakeRate = float64(f.Mistakes) / n
		f.InaccuracyRate = float64(f.Inaccuracies) / n
	}
	if f.Mistakes > 0 {
		f.MistakeEvery = float64(t.moves) / float64(f.Mistakes)
	}
	return f
}

// measure plays cfg.games games of level lv against itself (or against
// cfg.opponent) and analyses every move of lv's after the opening; progress (if not nil) is called after
// each game.
func measure(ctx context.Context, cfg config, lv int, progress func(game int, t *tally)) (figures, error) {
	start := time.Now()
	a := quality.New(cfg.d, cfg.analysis)
	engines := [2]*ai.Engine{ai.NewEngine(32), ai.NewEngine(32)}
	for _, e := range engines {
		e.SetMoveTime(cfg.moveTime)
	}
	var t tally
	for i := range cfg.games {
		s, plies, err := playGame(ctx, cfg, engines, lv, i)
		if err != nil {
			return figures{}, err
		}
		for k, m := range plies.moves {
			if plies.mine[k] {
				mv, err := a.Analyze(ctx, s, k+1, m) // plies counted from the opening's end
				if err != nil {
					return figures{}, fmt.Errorf("game %d: %w", i+1, err)
				}
				t.add(mv)
			}
			s.Play(m)
		}
		t.games++
		if progress != nil {
			progress(i+1, &t)
		}
	}
	f := t.figures(cfg.d.Name, lv, a.Scale().LossUnit())
	f.MoveMS = cfg.moveTime.Milliseconds()
	f.AnalysisDepth = cfg.analysis.Depth
	f.AnalysisMS = cfg.analysis.Time.Milliseconds()
	f.Seed = cfg.seed
	if cfg.opponent != NoOpponent {
		f.Opponent = &cfg.opponent
	}
	f.Seconds = time.Since(start).Seconds()
	return f, nil
}

// played is a game's moves after its opening.
type played struct {
	moves []rules.Move
	mine  []bool // the move is the measured level's
}

// playGame plays game i (0-based) of level lv against itself, or against
// cfg.opponent, from the opening seeded by (cfg.seed, i). It returns the
// position after the opening and the moves played from it, each marked
// whether lv played it.
func playGame(ctx context.Context, cfg config, engines [2]*ai.Engine, lv, i int) (rules.State, played, error) {
	s, err := cfg.d.New(cfg.opts)
	if err != nil {
		return nil, played{}, err
	}
	selfplay.Open(cfg.d, s, cfg.seed, uint64(i))
	ai.Prepare(s, true) // the table levels play from (Alak)
	opening := s.Clone()
	var p played
	player := func(seat rules.Seat) (*ai.Engine, int) {
		if cfg.opponent != NoOpponent && int(seat&1) == i%2 {
			return engines[seat&1], cfg.opponent // the opponent: Black in even games, White in odd ones
		}
		return engines[seat&1], lv
	}
	moved := func(seat rules.Seat, m rules.Move) {
		p.moves = append(p.moves, m)
		p.mine = append(p.mine, cfg.opponent == NoOpponent || int(seat&1) != i%2)
	}
	if err := selfplay.Play(ctx, s, engines[:], player, cfg.seed, uint64(i), moved); err != nil {
		return nil, played{}, err
	}
	return opening, p, nil
}

// parseLevels reads a list of levels: "0-6", "3", "0,2,5-6".
func parseLevels(text string) ([]int, error) {
	var out []int
	seen := map[int]bool{}
	for part := range strings.SplitSeq(text, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(strings.TrimSpace(lo))
		b := a
		if err == nil && isRange {
			b, err = strconv.Atoi(strings.TrimSpace(hi))
		}
		if err != nil || a > b || a < ai.MinLevel || b > ai.MaxLevel {
			return nil, fmt.Errorf("--levels %s: want levels %d to %d, such as 0-6 or 1,3,5-6", rules.Quote(text), ai.MinLevel, ai.MaxLevel)
		}
		for n := a; n <= b; n++ {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out, nil
}

// header is the text table's first line.
const header = "level      games  moves  mean loss    mistake+ /move (1 in)  inaccuracy /move  accuracy  seconds"

// textLine is one level's line of the text table.
func textLine(f figures) string {
	every := "-"
	if f.MistakeEvery > 0 {
		every = fmt.Sprintf("%.1f", f.MistakeEvery)
	}
	return fmt.Sprintf("%d %-8s %5d  %5d  %6.2f %-5s %7.3f (%6s)       %7.3f         %6.1f   %6.0f",
		f.Level, f.Name, f.Games, f.Moves, f.MeanLoss, f.Unit, f.MistakeRate, every, f.InaccuracyRate, f.Accuracy, f.Seconds)
}

// readFigures reads --json lines of game from r, pooling the lines of the
// same level (weighted by their moves), in order of level.
func readFigures(r io.Reader, game string) ([]figures, error) {
	byLevel := map[int]*tally{}
	units := map[int]string{}
	opponents := map[int]int{} // each level's opponent (NoOpponent: itself)
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		var f figures
		if err := json.Unmarshal([]byte(text), &f); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if f.Game != game {
			continue
		}
		if f.Level < ai.MinLevel || f.Level > ai.MaxLevel {
			return nil, fmt.Errorf("line %d: level %d out of range", line, f.Level)
		}
		op := NoOpponent
		if f.Opponent != nil {
			op = *f.Opponent
		}
		t := byLevel[f.Level]
		if t == nil {
			t = &tally{}
			byLevel[f.Level] = t
			opponents[f.Level] = op
		} else if opponents[f.Level] != op {
			return nil, fmt.Errorf("line %d: level %d measured against another opponent than in an earlier line; pool runs of one kind", line, f.Level)
		}
		n := float64(f.Moves)
		t.games += f.Games
		t.moves += f.Moves
		t.loss += f.MeanLoss * n
		t.drop += f.MeanDrop * n
		t.acc += f.Accuracy * n
		for c := range t.counts {
			t.counts[c] += f.Counts[c]
		}
		units[f.Level] = f.Unit
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	var out []figures
	for lv := ai.MinLevel; lv <= ai.MaxLevel; lv++ {
		if t := byLevel[lv]; t != nil {
			f := t.figures(game, lv, units[lv])
			if op := opponents[lv]; op != NoOpponent {
				f.Opponent = &op
			}
			out = append(out, f)
		}
	}
	return out, nil
}

// writeGo writes the Go source of ai/<game>ai/levelfigures.go holding fs,
// which must be the figures of every level, MinLevel to MaxLevel.
func writeGo(w io.Writer, d *rules.Descriptor, fs []figures) error {
	if len(fs) != ai.MaxLevel-ai.MinLevel+1 {
		return fmt.Errorf("--write needs the figures of every level %d-%d; have %d levels", ai.MinLevel, ai.MaxLevel, len(fs))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "// Code generated by app/cmd/levelquality --write; DO NOT EDIT.\n\npackage %sai\n\nimport \"planiverse/ai\"\n\n", d.Name)
	against := "itself"
	if op := fs[0].Opponent; op != nil {
		against = fmt.Sprintf("level %d (%s), colors alternating", *op, ai.LevelOf(*op).Name)
	}
	doc := fmt.Sprintf("levelFigures are %s's level figures (ai.LevelTable), each level playing %s, written by app/cmd/levelquality --write from the runs in app/EXPERIMENTS.md, \"Level figures\".", d.Title, against)
	b.WriteString(wrapComment(doc, 72))
	b.WriteString("var levelFigures = []ai.LevelFigure{\n")
	for _, f := range fs {
		fmt.Fprintf(&b, "\t{Level: %d, Moves: %d, MistakeEvery: %s, MeanLoss: %s, Unit: %q},\n",
			f.Level, f.Moves, strconv.FormatFloat(round(f.MistakeEvery, 1), 'f', -1, 64),
			strconv.FormatFloat(round(f.MeanLoss, 2), 'f', -1, 64), f.Unit)
	}
	b.WriteString("}\n\n")
	fmt.Fprintf(&b, "// LevelFigures is %s's level figures, Novice to Master (ai.LevelTable).\n", d.Title)
	b.WriteString("func (k *Knowledge) LevelFigures() []ai.LevelFigure {\n\treturn append([]ai.LevelFigure(nil), levelFigures...)\n}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// wrapComment returns text as // comment lines of at most width
// characters (a longer word stands alone).
func wrapComment(text string, width int) string {
	var b strings.Builder
	line := "//"
	for _, w := range strings.Fields(text) {
		if len(line)+1+len(w) > width && line != "//" {
			b.WriteString(line + "\n")
			line = "//"
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
	return b.String()
}

// round rounds x to n decimals.
func round(x float64, n int) float64 {
	p, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', n, 64), 64)
	return p
}

func main() {
	ai.Use(games.Knowledge())
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "levelquality:", err)
		os.Exit(1)
	}
}

// run is the command: it parses args and measures, or reads and writes.
func run(args []string, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("levelquality", flag.ContinueOnError)
	fl.SetOutput(stderr)
	game := fl.String("game", "", "the game (othello, gomoku, dvonn, alak); its default variant")
	levelsText := fl.String("levels", "0-6", "the levels to measure, such as 0-6 or 1,3,5-6")
	games := fl.Int("games", 4, "games per level (each level plays itself, or --opponent)")
	opponent := fl.Int("opponent", NoOpponent, "the level each measured level plays against, colors alternating (-1: itself); only the measured level's moves are analyzed")
	depth := fl.Int("analysis-depth", 0, "analyze each position to this many plies (0: by time)")
	analysisMS := fl.Int("analysis-ms", 0, "analyze each position for this many milliseconds (default 300 when no depth)")
	moveMS := fl.Int("move-ms", 3000, "the engine's move time in milliseconds, which the timed levels share (the app's is 3000)")
	seed := fl.Uint64("seed", 1, "seed of the openings and of the levels' random choices")
	asJSON := fl.Bool("json", false, "print one JSON object per level, one per line")
	from := fl.String("from", "", "read the figures from this file of --json lines instead of playing")
	write := fl.Bool("write", false, "print the Go source of ai/<game>ai/levelfigures.go (every level's figures needed)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("unexpected argument %s", rules.Quote(fl.Arg(0)))
	}
	if *game == "" {
		return errors.New("missing --game (" + strings.Join(registry.Names(), ", ") + ")")
	}
	d, err := registry.Lookup(*game)
	if err != nil {
		return err
	}
	if *from != "" {
		return fromFile(stdout, d, *from, *write, *asJSON)
	}
	if *write {
		return errors.New("--write needs --from FILE (the --json lines of the runs)")
	}
	levels, err := parseLevels(*levelsText)
	if err != nil {
		return err
	}
	if *games < 1 || *depth < 0 || *analysisMS < 0 || *moveMS < 1 {
		return errors.New("--games and --move-ms must be at least 1, --analysis-depth and --analysis-ms at least 0")
	}
	opts, err := d.Resolve(nil)
	if err != nil {
		return err
	}
	if *opponent != NoOpponent && (*opponent < ai.MinLevel || *opponent > ai.MaxLevel) {
		return fmt.Errorf("--opponent %d: want a level from %d to %d, or -1", *opponent, ai.MinLevel, ai.MaxLevel)
	}
	cfg := config{d: d, opts: opts, games: *games, moveTime: time.Duration(*moveMS) * time.Millisecond, seed: *seed, opponent: *opponent,
		analysis: quality.Options{Depth: *depth, Time: time.Duration(*analysisMS) * time.Millisecond}}
	if cfg.analysis.Depth > 0 {
		cfg.analysis.Time = 0
	} else if cfg.analysis.Time <= 0 {
		cfg.analysis.Time = quality.DefaultTime
	}
	if !*asJSON {
		fmt.Fprintln(stdout, header)
	}
	enc := json.NewEncoder(stdout)
	for _, lv := range levels {
		f, err := measure(context.Background(), cfg, lv, func(g int, t *tally) {
			fmt.Fprintf(stderr, "%s level %d: game %d/%d, %d moves\n", d.Name, lv, g, cfg.games, t.moves)
		})
		if err != nil {
			return fmt.Errorf("level %d: %w", lv, err)
		}
		if *asJSON {
			if err := enc.Encode(f); err != nil {
				return err
			}
		} else {
			fmt.Fprintln(stdout, textLine(f))
		}
	}
	return nil
}

// fromFile prints the pooled figures of d's game read from path: as Go
// source (write), JSON lines or the text table.
func fromFile(stdout io.Writer, d *rules.Descriptor, path string, write, asJSON bool) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fs, err := readFigures(f, d.Name)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if write {
		return writeGo(stdout, d, fs)
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		for _, x := range fs {
			if err := enc.Encode(x); err != nil {
				return err
			}
		}
		return nil
	}
	fmt.Fprintln(stdout, header)
	for _, x := range fs {
		fmt.Fprintln(stdout, textLine(x))
	}
	return nil
}
