package othelloai

import (
	"testing"

	"planiverse/ai/explaintest"
	"planiverse/rules/othello"
)

// TestExplain checks each of Othello's reasons on a position where it
// holds for the move played and not for the best move.
func TestExplain(t *testing.T) {
	tests := []struct {
		name, pos, played, best, want string
	}{
		{"wipe-out", "-------------XX--XXXXX-----XXO---XXXXX-----O-X-----XO----------- O", "f7", "f1",
			"f7 lets Black take every white disc with f8."},
		{"corner", "----X-------X-O----OXO----OXOX----XXXX------O------------------- O", "d1", "c6",
			"d1 gives Black the corner h1."},
		{"X-square", "----X-------X------OXX----OXXX-----OOX------O------------------- O", "g2", "f1",
			"g2 is an X-square next to the empty corner h1, which Black may take later."},
		{"C-square", "----XO------O-O----OXO----OXOX----OOXX----O-X-------X----------- X", "g1", "c2",
			"g1 is a C-square next to the empty corner h1, which White may take later."},
		{"no move left", "---XXXXX--OOOOXXX-OOOXOXXXXXOOXXXXXXXOOXXOXXOXOXOOOOOOXXXXXXXXXX X", "c1", "b1",
			"After c1, Black has no move left on the board and White can play on; b1 keeps 3 moves."},
		{"mobility", "-------------------XO------XO------XO--------------------------- X", "f2", "f3",
			"f2 leaves White 6 moves (Black had 5); f3 leaves 3."},
		{"parity", "--O-XXXXOO-OOXX--OXXXXXX-XXXOXXO-XXXXOXOX-XOXOXO--XXXXXO--XXXOOO O", "c2", "h2",
			"c2 plays into a region of 4 empty squares, where Black gets the last move; h2, in a region of 1 empty square, keeps parity."},
		{"none: the reverse of the mobility case", "-------------------XO------XO------XO--------------------------- X", "f3", "f2", ""},
	}
	k := New()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := othello.ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			explaintest.CheckCase(t, k, b, tc.played, tc.best, tc.want)
		})
	}
}
