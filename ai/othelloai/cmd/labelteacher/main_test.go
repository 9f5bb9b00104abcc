package main

import (
	"context"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

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
