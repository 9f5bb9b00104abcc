package main

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"planiverse/ai"
	"planiverse/ai/othelloai"
)

// TestLabelGame checks the records of labelGame on a few short games: the
// bitboards are disjoint, a position's label is in discs times 100 within
// 64 discs either way, and from the first exactly labeled position on (where both
// sides play the solver's best move) every exact label equals the game's
// final result from that side's view, which also checks the sides of the
// final-result field.
func TestLabelGame(t *testing.T) {
	eng := ai.NewEngine(4)
	k := othelloai.New()
	k.NoBook = true
	eng.SetKnowledge(k)
	r := rand.New(rand.NewPCG(5, 6))
	for range 3 {
		recs := labelGame(eng, r, 2, 10)
		if len(recs) < 40 {
			t.Fatalf("%d records", len(recs))
		}
		exact := 0
		for i, rec := range recs {
			own, opp := binary.LittleEndian.Uint64(rec[0:]), binary.LittleEndian.Uint64(rec[8:])
			label := int(int16(binary.LittleEndian.Uint16(rec[16:])))
			final := int(int8(rec[19]))
			if own&opp != 0 || label < -6400 || label > 6400 {
				t.Fatalf("record %d: own %x opp %x label %d", i, own, opp, label)
			}
			if rec[18] == 1 {
				exact++
				if label != 100*final {
					t.Fatalf("record %d: exact label %d, final result %d", i, label, final)
				}
			}
		}
		if exact == 0 {
			t.Fatal("no exactly labeled position")
		}
	}
}
