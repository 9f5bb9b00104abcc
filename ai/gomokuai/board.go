package gomokuai

import (
	"math/bits"
	"math/rand/v2"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// board is the VCF search's private copy of a Gomoku position: the line
// bitboards of package gomoku (same layout as gomoku.Game.Line) and the
// color to move. Unlike a gomoku.Game, whose color to move follows from
// the stone count, a board can pass (a null move), so that the search can
// ask whether the opponent would win by VCF if the side to move did
// nothing. Its Zobrist hash covers the stones, the color to move, the size
// and the rule.
type board struct {
	size   int
	rule   gomoku.Rule
	exact  [2]bool                       // per color: only exactly five wins (exactFor)
	renju  bool                          // Black may not play forbidden points (gomoku.FoulIn)
	lines  [2][4][gomoku.MaxLines]uint32 // [color][dir][line], as gomoku.Game.Line
	toMove rules.Seat                    // color of the next stone, 0 black
	hash   uint64
	won    bool // the last stone made a five (by the rule)
	ply    int
	hist   [gomoku.MaxPoints + 1]int16 // points played, passNull for a pass
	wonAt  [gomoku.MaxPoints + 1]bool  // won before each move, for undo

	// dirty: per direction, the lines whose stones changed since the
	// analyzer that last read the whole board (analyzer.src) did so.
	dirty [4]uint64
}

// passNull marks a pass in board.hist.
const passNull = -1

// boardKeys are the board's Zobrist keys: per color and point, for White
// to move, and per size and rule.
var (
	boardKeys      [2][gomoku.MaxPoints]uint64
	keyWhiteToMove uint64
)

func init() {
	next := rand.New(rand.NewPCG(uint64(0x766366626f617264), 0)).Uint64 // Zobrist keys from a fixed seed: "vcfboard"
	for c := range boardKeys {
		for p := range boardKeys[c] {
			boardKeys[c][p] = next()
		}
	}
	keyWhiteToMove = next()
}

// load copies g's stones and color to move into b and clears its history.
// g must not be over.
func (b *board) load(g *gomoku.Game) {
	b.size, b.rule = g.Size(), g.Rule()
	b.exact = exactFor(b.rule)
	b.renju = b.rule == gomoku.Renju
	b.hash = uint64(b.size)*0x9E3779B97F4A7C15 ^ uint64(b.rule)*0xC2B2AE3D27D4EB4F
	for c := rules.Seat(0); c < 2; c++ {
		for dir := 0; dir < 4; dir++ {
			for l := 0; l < gomoku.NumLines(b.size, dir); l++ {
				b.lines[c][dir][l] = g.Line(c, dir, l)
			}
		}
	}
	for p := 0; p < b.size*b.size; p++ {
		if c := g.Point(p); c != 0 {
			b.hash ^= boardKeys[c-1][p]
		}
	}
	b.toMove = g.ColorToMove()
	if b.toMove == 1 {
		b.hash ^= keyWhiteToMove
	}
	b.won = false
	b.ply = 0
	b.dirty = [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
}

// touch marks the four lines through (x, y) dirty.
func (b *board) touch(x, y int) {
	b.dirty[gomoku.Horizontal] |= 1 << y
	b.dirty[gomoku.Vertical] |= 1 << x
	b.dirty[gomoku.Diagonal] |= 1 << (x - y + b.size - 1)
	b.dirty[gomoku.AntiDiagonal] |= 1 << (x + y)
}

// play puts a stone of the color to move on the empty point p and passes
// the turn. b.won tells whether it made a five.
func (b *board) play(p int) {
	b.hist[b.ply] = int16(p)
	b.wonAt[b.ply] = b.won
	b.ply++
	c := b.toMove
	size := b.size
	x, y := p%size, p/size
	ls := &b.lines[c]
	ls[gomoku.Horizontal][y] |= 1 << (x + 1)
	ls[gomoku.Vertical][x] |= 1 << (y + 1)
	ls[gomoku.Diagonal][x-y+size-1] |= 1 << (x + 1)
	ls[gomoku.AntiDiagonal][x+y] |= 1 << (x + 1)
	b.touch(x, y)
	ex := b.exact[c]
	b.won = isFive(ls[gomoku.Horizontal][y], x+1, ex) ||
		isFive(ls[gomoku.Vertical][x], y+1, ex) ||
		isFive(ls[gomoku.Diagonal][x-y+size-1], x+1, ex) ||
		isFive(ls[gomoku.AntiDiagonal][x+y], x+1, ex)
	b.hash ^= boardKeys[c][p] ^ keyWhiteToMove
	b.toMove = c ^ 1
}

// pass hands the turn to the other color without a stone (a null move).
func (b *board) pass() {
	b.hist[b.ply] = passNull
	b.wonAt[b.ply] = b.won
	b.ply++
	b.hash ^= keyWhiteToMove
	b.toMove ^= 1
	b.won = false
}

// undo takes back the last play or pass.
func (b *board) undo() {
	b.ply--
	p := int(b.hist[b.ply])
	b.won = b.wonAt[b.ply]
	b.toMove ^= 1
	b.hash ^= keyWhiteToMove
	if p == passNull {
		return
	}
	c := b.toMove
	size := b.size
	x, y := p%size, p/size
	ls := &b.lines[c]
	ls[gomoku.Horizontal][y] &^= 1 << (x + 1)
	ls[gomoku.Vertical][x] &^= 1 << (y + 1)
	ls[gomoku.Diagonal][x-y+size-1] &^= 1 << (x + 1)
	ls[gomoku.AntiDiagonal][x+y] &^= 1 << (x + 1)
	b.touch(x, y)
	b.hash ^= boardKeys[c][p]
}

// foul reports whether a black stone may not go on the empty point p
// (Renju's forbidden points; never under other rules).
func (b *board) foul(p int) bool {
	return b.renju && gomoku.FoulIn(&b.lines, b.size, p) != gomoku.NoFoul
}

// isFive reports whether the run of set bits of line l through bit i wins:
// five or more, exactly five when exact.
func isFive(l uint32, i int, exact bool) bool {
	run := bits.TrailingZeros32(^(l >> i)) + bits.LeadingZeros32(^(l << (31 - i))) - 1
	return run == 5 || (run > 5 && !exact)
}
