package puzzle

import (
	"slices"
	"testing"

	"planiverse/rules"
)

// TestRegionHidesTheMoveAmongOthers checks every shipped puzzle's first
// hint region: it holds the solution's point and other points, at least
// regionCandidates points of legal moves where the position has them,
// the move not always at its middle, and the same region each time.
func TestRegionHidesTheMoveAmongOthers(t *testing.T) {
	for _, game := range Games() {
		ps, err := Shipped(game)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) == 0 {
			t.Fatalf("%s: no shipped puzzles", game)
		}
		a := kinds[game].area
		offCenter := 0
		for i := range ps {
			at, err := Start(&ps[i])
			if err != nil {
				t.Fatal(err)
			}
			s := at.State()
			m, _ := s.ParseMove(ps[i].Solution[0])
			p := a.point(s, m)
			region := at.Region()
			if !at.Hinted {
				t.Fatalf("%s: a region was shown but the attempt is not hinted", ps[i].ID)
			}
			if len(region) < 2 || !slices.Contains(region, p) {
				t.Fatalf("%s: region %v of move %s (point %d): want it and more points",
					ps[i].ID, region, ps[i].Solution[0], p)
			}
			legal := map[int]bool{}
			for _, x := range s.Moves(nil) {
				legal[a.point(s, x)] = true
			}
			in := 0
			for _, q := range region {
				if legal[q] {
					in++
				}
			}
			if in < min(regionCandidates, len(legal)) {
				t.Errorf("%s: region %v holds %d points of legal moves, want %d",
					ps[i].ID, region, in, min(regionCandidates, len(legal)))
			}
			if again := Region(game, s, m, ps[i].ID+"#"+ps[i].Solution[0]); !slices.Equal(again, region) {
				t.Errorf("%s: region %v, then %v", ps[i].ID, region, again)
			}
			if centered := ball(a, s, a.points(s), p, a.radius); !slices.Equal(region, slices.Sorted(slices.Values(centered))) {
				offCenter++
			}
		}
		if offCenter == 0 {
			t.Errorf("%s: every region of %d puzzles is centered on its move", game, len(ps))
		}
	}
}

// TestRegionOfNoPoint checks that a game without an area and a move made
// at no point (an Othello pass) have no region.
func TestRegionOfNoPoint(t *testing.T) {
	at, err := Start(firstShipped(t, "othello", 1))
	if err != nil {
		t.Fatal(err)
	}
	if r := Region("chess", at.State(), 19, "x"); r != nil {
		t.Errorf("region of a game without an area: %v", r)
	}
	if r := Region("othello", at.State(), rules.Pass, "x"); r != nil {
		t.Errorf("region of a pass: %v", r)
	}
}
