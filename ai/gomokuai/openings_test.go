package gomokuai

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"

	"planiverse/rules/gomoku"
)

// TestBalancedOpenings checks testdata/openings-balanced.txt, the Gomoku
// match openings (see its header): 36 openings of three legal stones on
// 15x15, Black's first on H8 and the other two within 3 points of it, none
// the image of another under the board's 8 symmetries (so that no opening
// is played twice in disguise).
func TestBalancedOpenings(t *testing.T) {
	f, err := os.Open("testdata/openings-balanced.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const size, center = 15, 7
	seen := map[[6]int]string{}
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		n++
		g, err := gomoku.New(gomoku.Options{Size: size})
		if err != nil {
			t.Fatal(err)
		}
		moves := strings.Fields(line)
		if len(moves) != 3 {
			t.Fatalf("%q: %d moves, want 3", line, len(moves))
		}
		var pts [3][2]int
		for i, s := range moves {
			m, err := g.ParseMove(s)
			if err != nil || !g.Legal(m) {
				t.Fatalf("%q: move %s is not legal (%v)", line, s, err)
			}
			g.Play(m)
			x, y := int(m)%size-center, int(m)/size-center
			if i == 0 && (x != 0 || y != 0) || max(abs(x), abs(y)) > 3 {
				t.Errorf("%q: %s is not where the set's rule puts it", line, s)
			}
			pts[i] = [2]int{x, y}
		}
		if over, _ := g.Outcome(); over {
			t.Errorf("%q ends the game", line)
		}
		// The class of the opening: the least of its 8 images, as
		// (x, y) of its three stones relative to H8.
		var key [6]int
		for sym := range 8 {
			var img [6]int
			for i, p := range pts {
				x, y := p[0], p[1]
				if sym&1 != 0 {
					x, y = y, x
				}
				if sym&2 != 0 {
					x = -x
				}
				if sym&4 != 0 {
					y = -y
				}
				img[2*i], img[2*i+1] = x, y
			}
			if sym == 0 || slices.Compare(img[:], key[:]) < 0 {
				key = img
			}
		}
		if other, ok := seen[key]; ok {
			t.Errorf("%q is %q turned or mirrored", line, other)
		}
		seen[key] = line
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 36 {
		t.Errorf("%d openings, want 36", n)
	}
}
