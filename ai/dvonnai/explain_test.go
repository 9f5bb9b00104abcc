package dvonnai

import (
	"strings"
	"testing"

	"planiverse/ai/explaintest"
	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// dvonnPlacement is a full placement of the board (49 moves).
const dvonnPlacement = "C4 F4 J5 I4 C3 B2 B4 H3 D2 E2 G3 C1 C5 C2 H5 H4 F5 I1 F1 G4 D4 E3 E1 G1 G2 I2 E5 F2 H2 D5 A2 A3 D3 F3 D1 I3 H1 A1 J4 K4 J3 B1 B3 K5 J2 I5 G5 E4 K3"

// replayDvonn plays the moves of text from the empty board.
func replayDvonn(t *testing.T, text string) *dvonn.Game {
	t.Helper()
	g := dvonn.New()
	for _, f := range strings.Fields(text) {
		m, err := g.ParseMove(f)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(m)
	}
	return g
}

// stuckPosition is a small movement position: White to move, C3D3 makes a
// stack of 3 on D3 with nothing 3 spaces away, D3F3 a stack of 3 on F3
// that can move back onto C3.
func stuckPosition(t *testing.T) *dvonn.Game {
	t.Helper()
	var cells [dvonn.NumCells]dvonn.Contents
	set := func(name string, c dvonn.Contents) {
		i, ok := dvonn.CellIndex(name)
		if !ok {
			t.Fatalf("no cell %s", name)
		}
		cells[i] = c
	}
	white := dvonn.Contents{White: 1, Top: dvonn.White}
	set("E3", dvonn.Contents{Dvonns: 3, Black: 1, Top: dvonn.Black})
	set("C3", white)
	set("D3", dvonn.Contents{White: 2, Top: dvonn.White})
	set("F3", white)
	set("D4", white)
	set("E4", white)
	g, err := dvonn.NewPosition(cells, rules.First)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestExplain checks each of DVONN's reasons on a position where it holds
// for the move played and not for the best move.
func TestExplain(t *testing.T) {
	tests := []struct {
		name         string
		game         func(t *testing.T) *dvonn.Game
		played, best string
		want         string
	}{
		{"cuts its own stacks off", func(t *testing.T) *dvonn.Game {
			return replayDvonn(t, dvonnPlacement+" G5F5 C1D1 D2C2 E3E2 E5E4 I1J2 D3C2 A1B2 C2F5")
		}, "B2B4", "B1B2", "B2B4 cuts off 1 of Black's stacks (1 piece) from every DVONN piece, and it is removed; B1B2 keeps it."},
		{"lets a tall stack be captured", func(t *testing.T) *dvonn.Game { return replayDvonn(t, dvonnPlacement) },
			"D1C1", "D1E2", "D1C1 lets Black take White's stack of 2 on C1 with B1C1."},
		{"jumps onto a DVONN piece", func(t *testing.T) *dvonn.Game { return replayDvonn(t, dvonnPlacement) },
			"B4C4", "D1C1", "B4C4 jumps onto the DVONN piece on C4; D1C1 keeps more points."},
		{"leaves a stack with no moves", stuckPosition,
			"C3D3", "D3F3", "After C3D3 the stack of 3 on D3 has no move left; D3F3 keeps its stack movable."},
		{"none: the better move is the stuck one's alternative", stuckPosition, "D3F3", "C3D3", ""},
	}
	k := New()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.game(t)
			explaintest.CheckCase(t, k, g, tc.played, tc.best, tc.want)
		})
	}
}
