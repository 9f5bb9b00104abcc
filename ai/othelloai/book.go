package othelloai

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"planiverse/rules"
	"planiverse/rules/othello"
)

// The opening book (book.bin, built by this package's own search with
// cmd/buildbook) maps positions to their value for
// the side to move. A position is keyed by its canonical form under the
// board's eight symmetries, so one entry serves all its images.
//
// The file: the magic "PVBK", a format byte (1), the entry count n as a
// little-endian uint32, then n keys (little-endian uint64, strictly
// increasing) and n values (int8, half-discs: the side to move's expected
// final disc difference times 2). Keys are BookKey values.
//
// The book is a deviation-limited self-play book (after T. Lincke's
// drop-out expansion and Buro's "Toward opening book learning", 1999):
// every expanded position has all its children in the book, each valued
// by a search or, if expanded itself, by the negamax of its children.

const (
	bookMagic   = "PVBK"
	bookVersion = 1
	// BookUnit is a book value's unit in evaluation units: a value v
	// means v*BookUnit on the search's scale (half a disc).
	BookUnit = 50
)

//go:embed book.bin
var bookFile []byte

// Book is a decoded opening book: sorted canonical keys and their values
// in half-discs for the side to move.
type Book struct {
	keys []uint64
	vals []int8
}

var (
	bookOnce    sync.Once
	theBook     *Book
	bookLoadErr error
)

// OpeningBook returns the embedded opening book, decoded once (about
// 0.1 ms, BenchmarkDecodeBook), or the decoding error of a damaged book.bin.
func OpeningBook() (*Book, error) {
	bookOnce.Do(func() { theBook, bookLoadErr = DecodeBook(bookFile) })
	return theBook, bookLoadErr
}

// DecodeBook parses a book file (format above). It returns an error for a
// wrong magic or version, a truncated or oversized file, or keys out of
// order.
func DecodeBook(data []byte) (*Book, error) {
	if len(data) < 9 || string(data[:4]) != bookMagic {
		return nil, errors.New("othello book: not a book file")
	}
	if data[4] != bookVersion {
		return nil, fmt.Errorf("othello book: format %d, want %d", data[4], bookVersion)
	}
	n := int(binary.LittleEndian.Uint32(data[5:9]))
	body := data[9:]
	if len(body) != 9*n {
		return nil, fmt.Errorf("othello book: %d bytes for %d entries, want %d", len(body), n, 9*n)
	}
	b := &Book{keys: make([]uint64, n), vals: make([]int8, n)}
	for i := range n {
		b.keys[i] = binary.LittleEndian.Uint64(body[8*i:])
		if i > 0 && b.keys[i] <= b.keys[i-1] {
			return nil, fmt.Errorf("othello book: key %d out of order", i)
		}
	}
	for i := range n {
		b.vals[i] = int8(body[8*n+i])
	}
	return b, nil
}

// EncodeBook writes entries (canonical key → value in half-discs) in the
// book format, keys sorted.
func EncodeBook(entries map[uint64]int8) []byte {
	keys := make([]uint64, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]byte, 9, 9+9*len(keys))
	copy(out, bookMagic)
	out[4] = bookVersion
	binary.LittleEndian.PutUint32(out[5:], uint32(len(keys)))
	for _, k := range keys {
		out = binary.LittleEndian.AppendUint64(out, k)
	}
	for _, k := range keys {
		out = append(out, byte(entries[k]))
	}
	return out
}

// Len returns the number of positions in the book.
func (b *Book) Len() int { return len(b.keys) }

// Value returns the book value of the position with own (side to move)
// and opp discs, in half-discs for the side to move, and whether the
// position is in the book.
func (b *Book) Value(own, opp uint64) (int, bool) {
	k := BookKey(own, opp)
	i, found := slices.BinarySearch(b.keys, k)
	if !found {
		return 0, false
	}
	return int(b.vals[i]), true
}

// Move returns the book move of the position (own to move): the move whose
// child has the best book value, with that value in half-discs for own.
// ok is false unless every legal move's child is in the book (that is, the
// position was expanded when the book was built); a position whose only
// move is a pass is never in the book.
func (b *Book) Move(own, opp uint64) (sq, value int, ok bool) {
	moves := othello.MovesMask(own, opp)
	if moves == 0 {
		return 0, 0, false
	}
	best, bestSq := -1<<30, -1
	for m := moves; m != 0; m &= m - 1 {
		s := bits.TrailingZeros64(m)
		f := othello.FlipsMask(s, own, opp)
		v, in := b.Value(opp&^f, own|f|1<<s)
		if !in {
			return 0, 0, false
		}
		if -v > best {
			best, bestSq = -v, s
		}
	}
	return bestSq, best, true
}

// BookMove is the search's optional Book hook: the book move of s (an
// *othello.Board) and its score on the search's scale (BookUnit units per
// book half-disc), ok = false when s is not in the embedded book or the
// book cannot be read.
func (k *Knowledge) BookMove(s rules.State) (m rules.Move, score int, ok bool) {
	b, isBoard := s.(*othello.Board)
	if !isBoard || k.NoBook {
		return rules.NoMove, 0, false
	}
	book, err := OpeningBook()
	if err != nil {
		return rules.NoMove, 0, false
	}
	own, opp := b.Bitboards()
	sq, v, ok := book.Move(own, opp)
	if !ok {
		return rules.NoMove, 0, false
	}
	return rules.Move(sq), v * BookUnit, true
}

// BookKey is the book's key of a position (own to move): a 64-bit mix of
// the lexicographically smallest (own, opp) pair among the position's
// eight symmetric images, so symmetric positions share a key.
func BookKey(own, opp uint64) uint64 {
	oi, pi := symmetryImages(own), symmetryImages(opp)
	bo, bp := oi[0], pi[0]
	for i := 1; i < 8; i++ {
		if oi[i] < bo || oi[i] == bo && pi[i] < bp {
			bo, bp = oi[i], pi[i]
		}
	}
	return mix64(bo ^ mix64(bp^0x9E3779B97F4A7C15))
}

// mix64 is SplitMix64's finaliser (Steele, Lea and Flood, 2014).
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	return x ^ x>>31
}
