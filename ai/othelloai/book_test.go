package othelloai_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// images returns the eight symmetric images of a bitboard (rows are bytes,
// a1 is bit 0), written here independently of the package's own.
func images(x uint64) [8]uint64 {
	var out [8]uint64
	for sq := range 64 {
		if x>>sq&1 == 0 {
			continue
		}
		r, c := sq/8, sq%8
		pts := [8][2]int{{r, c}, {7 - r, c}, {r, 7 - c}, {7 - r, 7 - c}, {c, r}, {7 - c, r}, {c, 7 - r}, {7 - c, 7 - r}}
		for i, p := range pts {
			out[i] |= 1 << (p[0]*8 + p[1])
		}
	}
	return out
}

// randomPlayout plays n random legal moves from the start.
func randomPlayout(r *rand.Rand, n int) *othello.Board {
	b := othello.New()
	for range n {
		if over, _ := b.Outcome(); over {
			break
		}
		ms := b.Moves(nil)
		b.Play(ms[r.IntN(len(ms))])
	}
	return b
}

func TestBookKeySymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	keys := map[uint64]uint64{}
	for i := range 200 {
		own, opp := randomPlayout(r, 4+i%30).Bitboards()
		k := othelloai.BookKey(own, opp)
		oi, pi := images(own), images(opp)
		for j := range 8 {
			if got := othelloai.BookKey(oi[j], pi[j]); got != k {
				t.Fatalf("position %d image %d: key %x, want %x", i, j, got, k)
			}
		}
		if othelloai.BookKey(opp, own) == k && own != opp {
			t.Errorf("position %d: swapping the side to move keeps the key", i)
		}
		canon := min(oi[0], oi[1], oi[2], oi[3], oi[4], oi[5], oi[6], oi[7])
		if prev, ok := keys[k]; ok && prev != canon {
			t.Errorf("position %d: key %x collides with another position", i, k)
		}
		keys[k] = canon
	}
}

func TestBookEncodeDecode(t *testing.T) {
	entries := map[uint64]int8{5: 3, 1: -7, 1 << 63: 127, 42: -128}
	data := othelloai.EncodeBook(entries)
	b, err := othelloai.DecodeBook(data)
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != len(entries) {
		t.Fatalf("Len %d, want %d", b.Len(), len(entries))
	}
	bad := map[string][]byte{
		"empty":     nil,
		"magic":     append([]byte("XXXX"), data[4:]...),
		"version":   append(append([]byte("PVBK"), 9), data[5:]...),
		"truncated": data[:len(data)-1],
		"long":      append(append([]byte(nil), data...), 0),
	}
	unsorted := append([]byte(nil), data...)
	copy(unsorted[9:17], unsorted[17:25]) // first key equals the second
	bad["unsorted"] = unsorted
	for name, d := range bad {
		if _, err := othelloai.DecodeBook(d); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestBookLookup checks Value and Move on a hand-made book: the start
// position's four children, one of them (and so all, by symmetry) valued.
func TestBookLookup(t *testing.T) {
	start := othello.New()
	own, opp := start.Bitboards()
	child := start.Copy()
	child.Play(rules.Move(37)) // f5
	co, cp := child.Bitboards()
	book, err := othelloai.DecodeBook(othelloai.EncodeBook(map[uint64]int8{othelloai.BookKey(co, cp): -3}))
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := book.Value(co, cp); !ok || v != -3 {
		t.Fatalf("Value of f5 = %d, %v; want -3, true", v, ok)
	}
	sq, v, ok := book.Move(own, opp)
	if !ok || v != 3 || othello.MovesMask(own, opp)>>sq&1 == 0 {
		t.Fatalf("Move from the start = %d, %d, %v; want a legal move worth +3", sq, v, ok)
	}
	if _, _, ok := book.Move(co, cp); ok {
		t.Error("a position whose children are not in the book has a book move")
	}
}

// TestEmbeddedBook follows the embedded book from the start: every book
// move is legal, the values stay near an even game, and symmetric
// positions get symmetric moves.
func TestEmbeddedBook(t *testing.T) {
	book, err := othelloai.OpeningBook()
	if err != nil {
		t.Fatal(err)
	}
	if book.Len() < 1000 {
		t.Fatalf("the book has %d positions, want at least 1000", book.Len())
	}
	b := othello.New()
	own, opp := b.Bitboards()
	if _, v, ok := book.Move(own, opp); !ok || v < -8 || v > 8 {
		t.Fatalf("start: book value %d half-discs, ok %v; want within ±4 discs", v, ok)
	}
	r := rand.New(rand.NewPCG(3, 4))
	inBook := 0
	for game := range 40 {
		b := othello.New()
		for ply := 0; ply < 20; ply++ {
			own, opp := b.Bitboards()
			sq, v, ok := book.Move(own, opp)
			if !ok {
				break
			}
			if othello.MovesMask(own, opp)>>sq&1 == 0 {
				t.Fatalf("game %d ply %d: book move %d is illegal", game, ply, sq)
			}
			// Mirror images of the position must get the mirrored move.
			oi, pi := images(own), images(opp)
			for j := 1; j < 8; j++ {
				sj, _, ok := book.Move(oi[j], pi[j])
				mo := othello.MovesMask(oi[j], pi[j])
				if !ok || mo>>sj&1 == 0 {
					t.Fatalf("game %d ply %d image %d: no legal book move", game, ply, j)
				}
				// Equal values may pick different moves; compare values.
				if _, vj, _ := book.Move(oi[j], pi[j]); vj != v {
					t.Fatalf("game %d ply %d image %d: value %d, want %d", game, ply, j, vj, v)
				}
			}
			inBook++
			// Play the book move half the time, a random move otherwise.
			if r.IntN(2) == 0 {
				b.Play(rules.Move(sq))
			} else {
				ms := b.Moves(nil)
				b.Play(ms[r.IntN(len(ms))])
			}
		}
	}
	if inBook < 100 {
		t.Errorf("only %d book positions met in 40 games", inBook)
	}
}

// TestSearchUsesBook: a timed Search and the top levels answer from the
// book at once; a depth-limited Search, the depth levels and NoBook
// knowledge search.
func TestSearchUsesBook(t *testing.T) {
	b := othello.New()
	b.Play(rules.Move(37)) // f5
	e := ai.NewEngine(1)
	res := e.Search(context.Background(), b, ai.Limits{Time: 2 * time.Second}, nil)
	if !res.Book || res.Depth != 0 || !legal(b, res.Move) {
		t.Fatalf("timed search: %+v, want a legal book move", res)
	}
	if res.Elapsed > time.Second {
		t.Logf("book move took %v", res.Elapsed) // informative only
	}
	if res := e.Search(context.Background(), b, ai.Limits{Depth: 2}, nil); res.Book || res.Depth != 2 {
		t.Errorf("depth-2 search: %+v, want a search", res)
	}
	e.SetMoveTime(200 * time.Millisecond)
	if res := e.Play(context.Background(), b, ai.MaxLevel, nil, nil); !res.Book {
		t.Errorf("Master: %+v, want a book move", res)
	}
	if res := e.Play(context.Background(), b, 4, nil, nil); res.Book {
		t.Errorf("level 4: %+v, want a search", res)
	}
	k := othelloai.New()
	k.NoBook = true
	e.SetKnowledge(k)
	if res := e.Search(context.Background(), b, ai.Limits{Time: 50 * time.Millisecond}, nil); res.Book {
		t.Errorf("NoBook: %+v, want a search", res)
	}
}

func legal(b *othello.Board, m rules.Move) bool {
	own, opp := b.Bitboards()
	return m >= 0 && m < 64 && othello.MovesMask(own, opp)>>uint(m)&1 == 1
}
