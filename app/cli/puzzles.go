package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"planiverse/app/internal/atomicfile"
	"planiverse/app/puzzle"
	"planiverse/rules"
)

// The puzzles command: planiverse puzzles GAME | generate | verify (see
// commands in cli.go and package app/puzzle).

// runPuzzles dispatches planiverse puzzles' three forms.
func runPuzzles(args []string, stdout io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "generate":
			return runPuzzlesGenerate(args[1:], stdout)
		case "verify":
			return runPuzzlesVerify(args[1:], stdout)
		}
	}
	return runPuzzlesList(args, stdout)
}

// puzzleGame checks that game has puzzles.
func puzzleGame(game string) error {
	if !slices.Contains(puzzle.Games(), game) {
		return rules.Errorf(errUsage, "no puzzles for %s (want %s, generate or verify)", rules.Quote(game), strings.Join(puzzle.Games(), ", "))
	}
	return nil
}

// runPuzzlesList prints the shipped puzzles of a game.
func runPuzzlesList(args []string, stdout io.Writer) error {
	fs := newFlagSet("puzzles")
	theme := fs.String("theme", "", "only the puzzles with this theme")
	rating := fs.rangeVar("rating", 0, 0, puzzle.MaxRating, "only the puzzles rated within 200 of this rating (0: all)")
	asJSON := fs.Bool("json", false, "print each puzzle as one JSON object a line (the shape of package app/puzzle)")
	pos, err := fs.parseArgs(args, "GAME")
	if err != nil {
		return err
	}
	if err := puzzleGame(pos[0]); err != nil {
		return err
	}
	if *theme != "" && !slices.Contains(puzzle.Themes(pos[0]), *theme) {
		return rules.Errorf(errUsage, "--theme %s: %s puzzles have the themes %s", rules.Quote(*theme), pos[0], strings.Join(puzzle.Themes(pos[0]), ", "))
	}
	ps, err := puzzle.Shipped(pos[0])
	if err != nil {
		return err
	}
	ps = puzzle.Filter(ps, *theme, int(rating.val), nearRating)
	if *asJSON {
		err = puzzle.Write(stdout, ps)
		flush(stdout)
		return err
	}
	for i := range ps {
		p := &ps[i]
		fmt.Fprintf(stdout, "%s  %d  %s after %s; solution %s  [%s]\n", p.ID, p.Rating, p.Task(), countText(len(p.Moves), "move", "moves"),
			strings.Join(p.Solution, " "), strings.Join(p.Themes, ", "))
	}
	fmt.Fprintln(stdout, countText(len(ps), "puzzle", "puzzles"))
	flush(stdout)
	return nil
}

// nearRating is how far from --rating a listed puzzle may be.
const nearRating = 200

// countText writes n with the noun in the singular or the plural.
func countText(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// runPuzzlesGenerate builds a puzzle set from game records; an interrupt
// (Ctrl-C, SIGTERM) stops it and writes the puzzles found so far.
func runPuzzlesGenerate(args []string, stdout io.Writer) error {
	fset := newFlagSet("puzzles generate")
	gf := addGameFlags(fset.FlagSet)
	records := fset.String("records", "", "folder of game records (every record file of the game, and files of move lines: .txt, .txt.gz)")
	out := fset.String("out", "", "file to write the puzzles to, one JSON object a line")
	force := fset.Bool("force", false, "replace --out when it exists")
	jobs := fset.rangeVar("jobs", int64(runtime.GOMAXPROCS(0)), 1, 256, "goroutines looking for puzzles (default GOMAXPROCS)")
	most := fset.rangeVar("max", 0, 0, 1_000_000, "stop after this many puzzles (0: all the records give)")
	pos, err := fset.parseArgs(args, "GAME")
	if err != nil {
		return err
	}
	game := pos[0]
	if err := puzzleGame(game); err != nil {
		return err
	}
	if *records == "" || *out == "" {
		return rules.Errorf(errUsage, "give --records and --out")
	}
	if gf.moves != "" || gf.position != "" {
		return rules.Errorf(errUsage, "puzzles generate takes no --moves or --position")
	}
	if _, err := os.Lstat(*out); err == nil && !*force {
		return fmt.Errorf("--out %s exists; give --force to replace it", rules.Quote(*out))
	}
	srcs, skipped, firstErr, err := puzzle.ReadSources(game, *records, gf.options())
	if err != nil {
		return err
	}
	if skipped > 0 {
		fmt.Fprintf(stdout, "skipped %s (first: %v)\n", countText(skipped, "unreadable file", "unreadable files"), firstErr)
	}
	if len(srcs) == 0 {
		return fmt.Errorf("no %s records in %s", game, rules.Quote(*records))
	}
	// An interrupt stops the search; the puzzles found so far are written.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	last := start
	ps, stats, err := puzzle.Generate(ctx, game, srcs, puzzle.GenerateConfig{
		Jobs: int(jobs.val), Max: int(most.val),
		Progress: func(done, found int) {
			if time.Since(last) >= 10*time.Second {
				last = time.Now()
				fmt.Fprintf(stdout, "%d of %d records, %s, %v\n", done, len(srcs), countText(found, "puzzle", "puzzles"), time.Since(start).Round(time.Second))
				flush(stdout)
			}
		}})
	interrupted := err != nil && ctx.Err() != nil
	if err != nil && !interrupted {
		return err
	}
	if interrupted {
		fmt.Fprintf(stdout, "interrupted after %s; writing the puzzles found\n", countText(stats.Records, "record", "records"))
	}
	if stats.Bad > 0 {
		fmt.Fprintf(stdout, "skipped %s that did not replay (first: %v)\n", countText(stats.Bad, "record", "records"), stats.FirstBad)
	}
	var buf bytes.Buffer
	if err := puzzle.Write(&buf, ps); err != nil {
		return err
	}
	write := atomicfile.WriteNew
	if *force {
		write = atomicfile.Write
	}
	if err := write(*out, buf.Bytes()); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("--out %s exists; give --force to replace it", rules.Quote(*out))
		}
		return err
	}
	fmt.Fprintf(stdout, "%s from %s in %v (%s) to %s\n", countText(len(ps), "puzzle", "puzzles"), countText(stats.Records, "record", "records"),
		time.Since(start).Round(time.Second), countText(int(jobs.val), "job", "jobs"), *out)
	flush(stdout)
	return nil
}

// runPuzzlesVerify re-proves the shipped puzzles; it stops at the first
// that fails, with exit status 1.
func runPuzzlesVerify(args []string, stdout io.Writer) error {
	fs := newFlagSet("puzzles verify")
	var pos []string
	var err error
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		pos, err = fs.parseArgs(args, "GAME")
	} else {
		pos, err = fs.parseArgs(args)
	}
	if err != nil {
		return err
	}
	games := puzzle.Games()
	if len(pos) == 1 {
		if err := puzzleGame(pos[0]); err != nil {
			return err
		}
		games = pos
	}
	for _, game := range games {
		ps, err := puzzle.Shipped(game)
		if err != nil {
			return err
		}
		start := time.Now()
		for i := range ps {
			if _, err := puzzle.Verify(context.Background(), &ps[i]); err != nil {
				fmt.Fprintf(stdout, "%s: FAILED: %v\n", game, err)
				flush(stdout)
				return exitStatus(1)
			}
		}
		fmt.Fprintf(stdout, "%s: %s verified in %v\n", game, countText(len(ps), "puzzle", "puzzles"), time.Since(start).Round(time.Millisecond))
		flush(stdout)
	}
	return nil
}
