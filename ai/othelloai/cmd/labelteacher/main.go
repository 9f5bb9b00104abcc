// Command labelteacher relabels positions with another engine's scores.
// It reads the records of the files -in (comma-separated, as
// cmd/labelgames writes them; a name ending in .txt is a glob of game
// transcripts instead, whose distinct positions are taken), keeps the
// positions with -min-empties to -max-empties empty squares, shuffles them
// (-seed) and takes the first -n. Each is sent to the engine command
// -teacher (split at spaces; it must speak the NBoard protocol's "set
// game" and "go", answering "=== <move>/<eval>/…" with the eval in discs
// for the side to move) as a GGF board with the side to move as Black, and
// the eval becomes the record's label (not exact; the game's final result
// is kept). -workers engine processes run side by side; records are
// appended to -out as they come. Positions whose side to move must pass
// are skipped; -max-score (discs, 0: no limit) drops the positions the
// teacher scores beyond it either way. -teacher exact labels with the
// exact solver (othelloai.SolveExact) instead, as exact records; it is
// meant for positions with at most about 20 empties.
//
//	go run ./ai/othelloai/cmd/labelteacher -in labels3.bin -out zebra.bin -n 110000 \
//	    -teacher "zebra-nboard 12 0 0"
package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"planiverse/ai/othelloai"
	"planiverse/ai/othelloai/internal/patfit"
	"planiverse/rules"
	"planiverse/rules/othello"
)

func main() {
	cmd := flag.String("teacher", "", `engine command line, or "exact" (required)`)
	in := flag.String("in", "", "record files or transcript globs, comma-separated (required)")
	out := flag.String("out", "", "record file to append to (required)")
	minEmpties := flag.Int("min-empties", 19, "fewest empty squares of a position kept")
	maxEmpties := flag.Int("max-empties", 60, "most empty squares of a position kept")
	maxScore := flag.Float64("max-score", 0, "drop positions the teacher scores beyond this many discs (0: none)")
	seed := flag.Uint64("seed", 7, "seed of the shuffle")
	n := flag.Int("n", 0, "positions to label (0: all)")
	workers := flag.Int("workers", 2, "engine processes side by side")
	flag.Parse()
	if *cmd == "" || *in == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	recs, err := readInputs(strings.Split(*in, ","), *minEmpties, *maxEmpties)
	if err != nil {
		log.Fatal(err)
	}
	rand.New(rand.NewPCG(*seed, *seed)).Shuffle(len(recs), func(i, j int) { recs[i], recs[j] = recs[j], recs[i] })
	if *n > 0 && *n < len(recs) {
		recs = recs[:*n]
	}
	f, err := os.OpenFile(*out, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	labeled, err := label(recs, f, *cmd, *workers, *maxScore)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("%d of %d positions labeled by %q", labeled, len(recs), *cmd)
}

// readInputs reads the records of the files names (transcript globs for
// names ending in .txt), keeping the positions with minEmpties to
// maxEmpties empty squares.
func readInputs(names []string, minEmpties, maxEmpties int) ([][patfit.RecordSize]byte, error) {
	var recs [][patfit.RecordSize]byte
	for _, name := range names {
		var batch [][patfit.RecordSize]byte
		if strings.HasSuffix(name, ".txt") {
			// Game transcripts (planiverse match --records): every
			// position of the games, each once.
			games, err := filepath.Glob(name)
			if err != nil {
				return nil, err
			}
			if batch, err = transcriptPositions(games); err != nil {
				return nil, err
			}
			log.Printf("%s: %d games, %d distinct positions", name, len(games), len(batch))
		} else {
			data, err := os.ReadFile(name)
			if err != nil {
				return nil, err
			}
			for i := 0; i+patfit.RecordSize <= len(data); i += patfit.RecordSize {
				var r [patfit.RecordSize]byte
				copy(r[:], data[i:])
				batch = append(batch, r)
			}
		}
		for _, r := range batch {
			own, opp := binary.LittleEndian.Uint64(r[0:]), binary.LittleEndian.Uint64(r[8:])
			if e := 64 - bits.OnesCount64(own|opp); e >= minEmpties && e <= maxEmpties {
				recs = append(recs, r)
			}
		}
	}
	return recs, nil
}

// label has workers teachers (engine processes of the command line cmd,
// or the exact solver for "exact") label recs, appending each labeled
// record to f, and returns how many were written.
func label(recs [][patfit.RecordSize]byte, f io.Writer, cmd string, workers int, maxScore float64) (int, error) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	labeled := 0
	errs := make([]error, workers)
	exact := cmd == "exact"
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var teacher positionTeacher = exactTeacher{}
			if !exact {
				engine, err := startTeacher(strings.Fields(cmd))
				if err != nil {
					errs[w] = err
					return
				}
				teacher = engine
			}
			defer teacher.close()
			for i := w; i < len(recs); i += workers {
				r := recs[i]
				eval, ok, err := teacher.eval(binary.LittleEndian.Uint64(r[0:]), binary.LittleEndian.Uint64(r[8:]))
				if err != nil {
					errs[w] = fmt.Errorf("position %d: %w", i, err)
					return
				}
				if !ok || (maxScore > 0 && math.Abs(eval) > maxScore) {
					continue
				}
				binary.LittleEndian.PutUint16(r[16:], uint16(int16(max(-6400, min(6400, math.Round(eval*100))))))
				r[18] = 0
				if exact {
					r[18] = 1
				}
				mu.Lock()
				_, err = f.Write(r[:])
				labeled++
				mu.Unlock()
				if err != nil {
					errs[w] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return labeled, err
		}
	}
	return labeled, nil
}

// transcriptPositions returns, as label records (label 0, not exact, the
// game's final disc difference for the side to move), the positions before
// each placement of the games in the transcript files (read by Othello's
// "Transcript" record format, as planiverse match --records writes them),
// each distinct position once. A file that does not read or holds an
// illegal move is an error naming it.
func transcriptPositions(files []string) ([][patfit.RecordSize]byte, error) {
	games, err := patfit.ReadTranscripts(files)
	if err != nil {
		return nil, err
	}
	type position struct {
		own, opp uint64
		black    bool // Black to move
	}
	seen := make(map[[2]uint64]bool)
	var out [][patfit.RecordSize]byte
	for _, g := range games {
		b := othello.New()
		var before []position
		for _, m := range g.Moves {
			if m != rules.Pass {
				own, opp := b.Bitboards()
				before = append(before, position{own, opp, b.ToMove() == rules.First})
			}
			b.Play(m)
		}
		nb, nw := b.Count()
		for _, p := range before {
			if seen[[2]uint64{p.own, p.opp}] {
				continue
			}
			seen[[2]uint64{p.own, p.opp}] = true
			final := nb - nw
			if !p.black {
				final = -final
			}
			var r [patfit.RecordSize]byte
			binary.LittleEndian.PutUint64(r[0:], p.own)
			binary.LittleEndian.PutUint64(r[8:], p.opp)
			r[19] = byte(int8(final))
			out = append(out, r)
		}
	}
	return out, nil
}

// positionTeacher scores positions for the command: eval returns the
// score of the position (own to move) in discs, ok false when the side to
// move must pass.
type positionTeacher interface {
	eval(own, opp uint64) (score float64, ok bool, err error)
	close()
}

// exactTeacher scores a position with its exact value (SolveExact).
type exactTeacher struct{}

func (exactTeacher) eval(own, opp uint64) (float64, bool, error) {
	if othello.MovesMask(own, opp) == 0 {
		return 0, false, nil
	}
	cells := boardCells(own, opp, 'X')
	b, err := othello.ParsePosition(string(cells[:]) + " X")
	if err != nil {
		return 0, false, err
	}
	_, v, _, ok := othelloai.SolveExact(context.Background(), b)
	if !ok {
		return 0, false, fmt.Errorf("exact solve did not finish")
	}
	return float64(v), true, nil
}

func (exactTeacher) close() {}

// boardCells writes the board a1..h8 with own's discs as ownMark, opp's as
// 'O' and empty squares as '-'.
func boardCells(own, opp uint64, ownMark byte) [64]byte {
	var cells [64]byte
	for sq := range cells {
		switch {
		case own>>sq&1 == 1:
			cells[sq] = ownMark
		case opp>>sq&1 == 1:
			cells[sq] = 'O'
		default:
			cells[sq] = '-'
		}
	}
	return cells
}

// teacherEngine is an NBoard engine process answering "go" for one
// position at a time.
type teacherEngine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startTeacher(argv []string) (*teacherEngine, error) {
	c := exec.Command(argv[0], argv[1:]...)
	in, err := c.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := c.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := c.Start(); err != nil {
		return nil, err
	}
	return &teacherEngine{cmd: c, in: in, out: bufio.NewScanner(out)}, nil
}

// eval returns the engine's score of the position (own to move) in
// discs; ok is false when the engine answers a pass.
func (e *teacherEngine) eval(own, opp uint64) (score float64, ok bool, err error) {
	cells := boardCells(own, opp, '*')
	if _, err := fmt.Fprintf(e.in, "set game (;GM[Othello]PC[teacher]TY[8]BO[8 %s *];)\ngo\n", cells[:]); err != nil {
		return 0, false, err
	}
	for e.out.Scan() {
		line := strings.TrimSpace(e.out.Text())
		reply, found := strings.CutPrefix(line, "=== ")
		if !found {
			continue
		}
		fields := strings.Split(reply, "/")
		if strings.EqualFold(fields[0], "PA") {
			return 0, false, nil
		}
		if len(fields) < 2 {
			return 0, false, fmt.Errorf("reply %q has no eval", line)
		}
		v, err := strconv.ParseFloat(fields[1], 64)
		if err != nil {
			return 0, false, fmt.Errorf("reply %q: %w", line, err)
		}
		return v, true, nil
	}
	if err := e.out.Err(); err != nil {
		return 0, false, err
	}
	return 0, false, io.ErrUnexpectedEOF
}

func (e *teacherEngine) close() {
	fmt.Fprintln(e.in, "quit")
	e.in.Close()
	e.cmd.Wait()
}
