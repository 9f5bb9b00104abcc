package othelloai_test

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// TestLabelTeacher relabels positions with another engine's scores (run
// only when asked). It reads the records (labelRecordSize bytes) of the
// files OTHELLO_TEACHER_IN (comma-separated, as TestLabelPositions writes
// them; a name ending in .txt is a glob of game transcripts instead, whose
// distinct positions are taken, see transcriptPositions), keeps the
// positions with at least OTHELLO_TEACHER_MIN_EMPTIES empties (default 19), shuffles them (seed OTHELLO_TEACHER_SEED, default
// 7) and takes the first OTHELLO_TEACHER_N (default all). Each is sent to
// the engine command OTHELLO_TEACHER (split at spaces; it must speak the
// NBoard protocol's "set game" and "go", answering "=== <move>/<eval>/…"
// with the eval in discs for the side to move) as a GGF board with the
// side to move as Black, and the eval becomes the record's label (not
// exact; the game's final result is kept). OTHELLO_TEACHER_WORKERS engine
// processes (default 2) run side by side; records are appended to
// OTHELLO_TEACHER_OUT as they come. Positions whose side to move must pass
// are skipped. OTHELLO_TEACHER_MAX_EMPTIES (default 60) is the most
// empties a position kept may have; OTHELLO_TEACHER_MAX_SCORE (discs,
// default 0: no limit) drops the positions the teacher scores beyond it
// either way. OTHELLO_TEACHER=exact labels with this package's exact
// solver (SolveExact) instead of an engine process, as exact records (flag
// 1); it is meant for positions with at most about 20 empties. With Zebra
// at 12 plies (no endgame solve) a position takes about 60 ms:
//
//	OTHELLO_TEACHER_IN=labels3.bin OTHELLO_TEACHER_OUT=zebra.bin OTHELLO_TEACHER_N=110000 \
//	OTHELLO_TEACHER="zebra-nboard 12 0 0" go test -run TestLabelTeacher -timeout 0 ./ai/othelloai
func TestLabelTeacher(t *testing.T) {
	cmd, in, out := os.Getenv("OTHELLO_TEACHER"), os.Getenv("OTHELLO_TEACHER_IN"), os.Getenv("OTHELLO_TEACHER_OUT")
	if cmd == "" || in == "" || out == "" {
		t.Skip("set OTHELLO_TEACHER, OTHELLO_TEACHER_IN and OTHELLO_TEACHER_OUT to relabel positions with another engine")
	}
	minEmpties := envInt("OTHELLO_TEACHER_MIN_EMPTIES", 19)
	maxEmpties := envInt("OTHELLO_TEACHER_MAX_EMPTIES", 60)
	maxScore := float64(envInt("OTHELLO_TEACHER_MAX_SCORE", 0))
	var recs [][labelRecordSize]byte
	for _, name := range strings.Split(in, ",") {
		var batch [][labelRecordSize]byte
		if strings.HasSuffix(name, ".txt") {
			// Game transcripts (planiverse match --records): every
			// position of the games, each once.
			games, err := filepath.Glob(name)
			if err != nil {
				t.Fatal(err)
			}
			if batch, err = transcriptPositions(games); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d games, %d distinct positions", name, len(games), len(batch))
		} else {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i+labelRecordSize <= len(data); i += labelRecordSize {
				var r [labelRecordSize]byte
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
	seed := uint64(envInt("OTHELLO_TEACHER_SEED", 7))
	rand.New(rand.NewPCG(seed, seed)).Shuffle(len(recs), func(i, j int) { recs[i], recs[j] = recs[j], recs[i] })
	if n := envInt("OTHELLO_TEACHER_N", len(recs)); n < len(recs) {
		recs = recs[:n]
	}
	f, err := os.OpenFile(out, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var mu sync.Mutex
	var wg sync.WaitGroup
	labelled := 0
	workers := envInt("OTHELLO_TEACHER_WORKERS", 2)
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
				labelled++
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
			t.Fatal(err)
		}
	}
	t.Logf("%d of %d positions labelled by %q", labelled, len(recs), cmd)
}

// transcriptPositions returns, as label records (label 0, not exact, the
// game's final disc difference for the side to move), the positions before
// each placement of the games in the transcript files (read by Othello's
// "Transcript" record format, as planiverse match --records writes them),
// each distinct position once. A file that does not read or holds an
// illegal move is an error naming it.
func transcriptPositions(files []string) ([][labelRecordSize]byte, error) {
	transcript := othello.Descriptor.FormatFor("txt")
	type position struct {
		own, opp uint64
		black    bool // Black to move
	}
	seen := make(map[[2]uint64]bool)
	var out [][labelRecordSize]byte
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		rec, err := transcript.Read(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		b := othello.New()
		var before []position
		for _, tok := range rec.Moves {
			m, err := b.ParseMove(tok)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
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
			var r [labelRecordSize]byte
			binary.LittleEndian.PutUint64(r[0:], p.own)
			binary.LittleEndian.PutUint64(r[8:], p.opp)
			r[19] = byte(int8(final))
			out = append(out, r)
		}
	}
	return out, nil
}

// positionTeacher scores positions for TestLabelTeacher: eval returns the
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

func TestTranscriptPositions(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("a.txt", "f5 d6 c3\n")
	b := write("b.txt", "f5 d6 c5")
	got, err := transcriptPositions([]string{a, b})
	if err != nil {
		t.Fatal(err)
	}
	// f5 d6 c3 gives 3 positions; f5 d6 c5 repeats them (the positions
	// before the third move are the same).
	if len(got) != 3 {
		t.Fatalf("%d positions, want 3", len(got))
	}
	start := othello.New()
	own, opp := start.Bitboards()
	if binary.LittleEndian.Uint64(got[0][0:]) != own || binary.LittleEndian.Uint64(got[0][8:]) != opp {
		t.Errorf("first position is not the start")
	}
	// After f5 White is to move: own is White's discs.
	start.Play(rules.Move(37))
	own, opp = start.Bitboards()
	if binary.LittleEndian.Uint64(got[1][0:]) != own || binary.LittleEndian.Uint64(got[1][8:]) != opp {
		t.Errorf("second position is not the one after f5")
	}
	// The game a.txt stopped at 5 black discs to 2 (final for Black +3,
	// for White -3).
	if int8(got[0][19]) != 3 || int8(got[1][19]) != -3 {
		t.Errorf("final results %d, %d; want 3, -3", int8(got[0][19]), int8(got[1][19]))
	}
	if _, err := transcriptPositions([]string{write("bad.txt", "f5 a1")}); err == nil || !strings.Contains(err.Error(), "bad.txt") {
		t.Errorf("illegal move: error %v, want one naming bad.txt", err)
	}
}

// TestExactTeacher checks the exact teacher's sign and pass handling: at
// positions of random playouts with 10 empties its score is the negamax of
// its own scores one move later, and a side that must pass is skipped.
func TestExactTeacher(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	var teacher positionTeacher = exactTeacher{}
	defer teacher.close()
	// Own b1 against a1: no move for the side to move, c1 for the other.
	if _, ok, err := teacher.eval(1<<1, 1<<0); ok || err != nil {
		t.Errorf("a side that must pass: ok %v, error %v; want skipped", ok, err)
	}
	checked, passes := 0, 0
	for checked < 6 {
		b := othello.New()
		for b.Empties() > 10 {
			if over, _ := b.Outcome(); over {
				break
			}
			ms := b.Moves(nil)
			b.Play(ms[r.IntN(len(ms))])
		}
		if over, _ := b.Outcome(); over {
			continue
		}
		own, opp := b.Bitboards()
		v, ok, err := teacher.eval(own, opp)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			if othello.MovesMask(own, opp) != 0 {
				t.Fatalf("position %#x %#x has moves but was skipped", own, opp)
			}
			passes++
			continue
		}
		best := math.Inf(-1)
		for _, m := range b.Moves(nil) {
			c := b.Copy()
			c.Play(m)
			cOwn, cOpp := c.Bitboards()
			cv, cok, err := teacher.eval(cOwn, cOpp)
			if err != nil {
				t.Fatal(err)
			}
			if !cok {
				// The opponent must pass: the mover moves again.
				_, sv, _, sok := othelloai.SolveExact(context.Background(), c)
				if !sok {
					t.Fatal("exact solve did not finish")
				}
				cv = float64(sv)
			}
			best = max(best, -cv)
		}
		if v != best {
			t.Errorf("position %#x %#x: exact score %v, negamax of its children %v", own, opp, v, best)
		}
		checked++
	}
	t.Logf("%d positions checked, %d passes skipped", checked, passes)
}
