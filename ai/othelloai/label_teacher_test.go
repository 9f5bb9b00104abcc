package othelloai_test

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// TestLabelTeacher relabels positions with another engine's scores (run
// only when asked). It reads the records (labelRecordSize bytes) of the
// files OTHELLO_TEACHER_IN (comma-separated, as TestLabelPositions writes
// them), keeps the positions with at least OTHELLO_TEACHER_MIN_EMPTIES
// empties (default 19), shuffles them (seed OTHELLO_TEACHER_SEED, default
// 7) and takes the first OTHELLO_TEACHER_N (default all). Each is sent to
// the engine command OTHELLO_TEACHER (split at spaces; it must speak the
// NBoard protocol's "set game" and "go", answering "=== <move>/<eval>/…"
// with the eval in discs for the side to move) as a GGF board with the
// side to move as Black, and the eval becomes the record's label (not
// exact; the game's final result is kept). OTHELLO_TEACHER_WORKERS engine
// processes (default 2) run side by side; records are appended to
// OTHELLO_TEACHER_OUT as they come. Positions whose side to move must pass
// are skipped. With Zebra at 12 plies (no endgame solve) a position takes
// about 60 ms:
//
//	OTHELLO_TEACHER_IN=labels3.bin OTHELLO_TEACHER_OUT=zebra.bin OTHELLO_TEACHER_N=110000 \
//	OTHELLO_TEACHER="zebra-nboard 12 0 0" go test -run TestLabelTeacher -timeout 0 ./ai/othelloai
func TestLabelTeacher(t *testing.T) {
	cmd, in, out := os.Getenv("OTHELLO_TEACHER"), os.Getenv("OTHELLO_TEACHER_IN"), os.Getenv("OTHELLO_TEACHER_OUT")
	if cmd == "" || in == "" || out == "" {
		t.Skip("set OTHELLO_TEACHER, OTHELLO_TEACHER_IN and OTHELLO_TEACHER_OUT to relabel positions with another engine")
	}
	minEmpties := envInt("OTHELLO_TEACHER_MIN_EMPTIES", 19)
	var recs [][labelRecordSize]byte
	for _, name := range strings.Split(in, ",") {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+labelRecordSize <= len(data); i += labelRecordSize {
			var r [labelRecordSize]byte
			copy(r[:], data[i:])
			own, opp := binary.LittleEndian.Uint64(r[0:]), binary.LittleEndian.Uint64(r[8:])
			if 64-bits.OnesCount64(own|opp) >= minEmpties {
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
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			teacher, err := startTeacher(strings.Fields(cmd))
			if err != nil {
				errs[w] = err
				return
			}
			defer teacher.close()
			for i := w; i < len(recs); i += workers {
				r := recs[i]
				eval, ok, err := teacher.eval(binary.LittleEndian.Uint64(r[0:]), binary.LittleEndian.Uint64(r[8:]))
				if err != nil {
					errs[w] = fmt.Errorf("position %d: %w", i, err)
					return
				}
				if !ok {
					continue
				}
				binary.LittleEndian.PutUint16(r[16:], uint16(int16(max(-6400, min(6400, math.Round(eval*100))))))
				r[18] = 0
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
	var cells [64]byte
	for sq := range cells {
		switch {
		case own>>sq&1 == 1:
			cells[sq] = '*'
		case opp>>sq&1 == 1:
			cells[sq] = 'O'
		default:
			cells[sq] = '-'
		}
	}
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
