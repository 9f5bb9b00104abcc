package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGamePositions checks the -games reader on a game with a
// pass: the positions from ply 8 with at least 21 empties, in order.
func TestGamePositions(t *testing.T) {
	game := "f5 d6 c3 d3 c4 f4 c5 b3 c2 e3 d2 c6 b4 b5 f2 e6 f3 c1 a3 a4 a5 g4 f6 a6 a7 b2 f7 e7 b6 d7 g6 c7 h4 e2 e1 d1 f1 g3 f8 e8 h3 g1 a1 a2 b1 h5 g5 a8 g2 h6 b7 g8 h1 h2 b8 g7 d8 c8 h7 pass h8"
	dir := t.TempDir()
	for name, text := range map[string]string{"a.txt": game, "b.txt": game[:17]} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := gamePositions(filepath.Join(dir, "*.txt"), 8, 21)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 39-8+1 { // plies 8..39 of the first game; the second is too short
		t.Fatalf("%d positions, want %d", len(got), 39-8+1)
	}
	for i, b := range got {
		if e := b.Empties(); e != 52-i {
			t.Errorf("position %d has %d empties, want %d", i, e, 52-i)
		}
	}
}
