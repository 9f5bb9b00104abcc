package alakai

import (
	"math/rand/v2"
	"testing"

	"planiverse/rules"
)

// TestSoftTableMove: the softened choice never takes a move beyond the cap,
// prefers the better moves, and is reproducible for a seed.
func TestSoftTableMove(t *testing.T) {
	mk := func() []tableMove {
		return []tableMove{
			{m: 1, result: 0, dist: 1, reps: 1, u: 0},     // a quiet draw
			{m: 2, result: 0, dist: 1, reps: 1, u: 100},   // a draw winning a piece
			{m: 3, result: -1, dist: 2, reps: 1, u: -500}, // loses at once
			{m: 4, result: 1, dist: 3, reps: 1, u: 50},    // wins
		}
	}
	count := map[rules.Move]int{}
	for i := range 2000 {
		r := rand.New(rand.NewPCG(1, uint64(i)))
		tm := mk()
		count[tm[softTableMove(tm, tableLevelOf(1), r)].m]++
	}
	if count[3] != 0 || !(count[4] > count[2] && count[2] > count[1]) {
		t.Fatalf("choices %v: want no 3 and 4 > 2 > 1", count)
	}
	for i := range 20 {
		a, b := mk(), mk()
		ra, rb := rand.New(rand.NewPCG(5, uint64(i))), rand.New(rand.NewPCG(5, uint64(i)))
		if softTableMove(a, tableLevelOf(1), ra) != softTableMove(b, tableLevelOf(1), rb) {
			t.Fatal("same seed, different choice")
		}
	}
}

// TestTableDepth checks the depth of the search that scores the root
// moves of a table level: the level's own below Master, none (the static
// evaluation) at Master.
func TestTableDepth(t *testing.T) {
	k := New()
	for lv, want := range map[int]int{0: noviceLevel.Depth, 1: 1, 3: 3, 5: 5, 6: 0} {
		if got := k.TableDepth(lv); got != want {
			t.Errorf("level %d: depth %d, want %d", lv, got, want)
		}
	}
}
