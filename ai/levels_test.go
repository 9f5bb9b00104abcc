package ai_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/ai/alakai"
	"planiverse/rules"
	"planiverse/rules/alak"
)

// alakPositions returns n classic Alak positions reached by random plies
// from the start (0 to 60), none of them finished.
func alakPositions(n int, seed uint64) []*alak.Game {
	r := rand.New(rand.NewPCG(seed, 7))
	var out []*alak.Game
	var buf []rules.Move
	for len(out) < n {
		g := alak.NewClassic()
		for range r.IntN(61) {
			if over, _ := g.Outcome(); over {
				break
			}
			buf = g.Moves(buf[:0])
			g.Play(buf[r.IntN(len(buf))])
		}
		if over, _ := g.Outcome(); !over {
			out = append(out, g)
		}
	}
	return out
}

// tableValue is the value by Alak's table of the position g reached by a
// move, for the player who made it: result +1/0/-1 and the distance in
// plies from before the move.
func tableValue(g *alak.Game) (result, dist int) {
	if over, sc := g.Outcome(); over {
		if sc == 0 {
			return 0, 1
		}
		return -ai.Sign(sc), 1
	}
	res, d, ok := alakai.Value(g)
	if !ok {
		return 0, 1
	}
	return -res, d + 1
}

// bestValue is the best (result, distance) over g's moves by the table:
// the shortest win, else a draw, else the longest loss.
func bestValue(g *alak.Game) (result, dist int) {
	result, dist = -2, 0
	for _, m := range g.Moves(nil) {
		g.Play(m)
		r, d := tableValue(g)
		g.Undo()
		if r > result || r == result && (r > 0 && d < dist || r < 0 && d > dist) {
			result, dist = r, d
		}
	}
	return result, dist
}

// TestAlakMasterIsTableOptimal: level 6 always plays a move of the best
// perfect-play value, with the same distance when the game is decided.
func TestAlakMasterIsTableOptimal(t *testing.T) {
	alakai.Value(alak.NewClassic()) // build the table first
	e := ai.NewEngine(1)
	e.SetMoveTime(50 * time.Millisecond)
	for _, g := range alakPositions(300, 1) {
		before := g.Position()
		res := e.Play(context.Background(), g, ai.MaxLevel, nil, nil)
		if g.Position() != before {
			t.Fatalf("Play changed the position %s", before)
		}
		if !slices.Contains(g.Moves(nil), res.Move) {
			t.Fatalf("illegal move %d in\n%s", res.Move, g)
		}
		wr, wd := bestValue(g)
		g.Play(res.Move)
		r, d := tableValue(g)
		g.Undo()
		if r != wr || r != 0 && d != wd {
			t.Fatalf("level 6 plays %s (result %d in %d plies), best is %d in %d, in\n%s", g.MoveString(res.Move), r, d, wr, wd, g)
		}
	}
}

// TestAlakLevelsErrLessAsTheyRise counts, over drawn positions that
// offer a losing move, how often each level picks one: never at level 6,
// no more often at each level up, at level 5 under a quarter as often as
// at level 1, and never an immediate loss (one that lets the opponent
// finish at once) from level 3 on.
func TestAlakLevelsErrLessAsTheyRise(t *testing.T) {
	alakai.Value(alak.NewClassic())
	var drawn []*alak.Game
	for _, g := range alakPositions(2000, 2) {
		if r, _ := bestValue(g); r != 0 {
			continue
		}
		for _, m := range g.Moves(nil) {
			g.Play(m)
			r, _ := tableValue(g)
			g.Undo()
			if r < 0 {
				drawn = append(drawn, g)
				break
			}
		}
	}
	if len(drawn) < 100 {
		t.Fatalf("only %d drawn positions with a losing move", len(drawn))
	}
	e := ai.NewEngine(1)
	prev, first := len(drawn)+1, 0
	for lv := 1; lv <= ai.MaxLevel; lv++ {
		r := rand.New(rand.NewPCG(3, uint64(lv)))
		losses, quick := 0, 0
		for _, g := range drawn {
			res := e.Play(context.Background(), g, lv, r, nil)
			g.Play(res.Move)
			if res, d := tableValue(g); res < 0 {
				losses++
				if d <= 2 {
					quick++
				}
			}
			g.Undo()
		}
		t.Logf("level %d: %d losing moves in %d positions (%d immediate)", lv, losses, len(drawn), quick)
		if lv == 1 {
			first = losses
		}
		if losses > prev || lv == ai.MaxLevel && losses != 0 || lv >= 3 && quick != 0 || lv == ai.MaxLevel-1 && losses*4 > first {
			t.Errorf("level %d: %d losing moves (%d immediate), level below %d, level 1 %d", lv, losses, quick, prev, first)
		}
		prev = losses
	}
}

// TestAlakLevelsReproducible: a game between two levels is the same for
// the same seed, every move legal, for the table levels (classic) and the
// search levels (modern Alak on 15 points, which has no table).
func TestAlakLevelsReproducible(t *testing.T) {
	alakai.Value(alak.NewClassic())
	newGame := map[string]func() *alak.Game{
		"classic": alak.NewClassic,
		"modern15": func() *alak.Game {
			g, _ := alak.NewModern(15)
			return g
		},
	}
	for name, mk := range newGame {
		for lv := 1; lv < ai.MaxLevel; lv++ {
			play := func() string {
				e := [2]*ai.Engine{ai.NewEngine(1), ai.NewEngine(1)}
				for _, x := range e {
					x.SetMoveTime(40 * time.Millisecond)
				}
				r := rand.New(rand.NewPCG(9, uint64(lv)))
				g := mk()
				var line []string
				for ply := 0; ply < 60; ply++ {
					if over, _ := g.Outcome(); over {
						break
					}
					res := e[ply%2].Play(context.Background(), g, lv+ply%2, r, nil)
					if !slices.Contains(g.Moves(nil), res.Move) {
						t.Fatalf("%s level %d: illegal move %d in\n%s", name, lv+ply%2, res.Move, g)
					}
					line = append(line, g.MoveString(res.Move))
					g.Play(res.Move)
				}
				return g.Position() + " " + strings.Join(line, " ")
			}
			if lv >= 4 && name == "modern15" {
				continue // levels 5 and 6 search by time there: not reproducible
			}
			a, b := play(), play()
			if a != b {
				t.Errorf("%s levels %d/%d: two runs differ:\n%s\n%s", name, lv, lv+1, a, b)
			}
		}
	}
}
