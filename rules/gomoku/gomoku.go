// Package gomoku implements Gomoku (five in a row) for Planiverse, as fixed
// by RULES.md, section "Gomoku": boards of 15x15, 19x19 and 20x20
// intersections, the freestyle and exact-five win rules, the Renju rules
// (RIF, 15x15: Black's forbidden points, renju.go), no opening rule or the
// 1997 swap-after-the-first-move rule, and a draw on a full board.
//
// Points are numbered y*size + x, with x the column from the left and y the
// row from the TOP, both 0-based (the engine-protocol coordinates of
// RULES.md). Move text is the column letter (A.., no letter skipped) then
// the row counted from the BOTTOM (1..size): H8 is the center of 15x15.
//
// Besides the board, a Game keeps line bitboards: for each color and each of
// the four directions, one uint32 per line of the board with a bit per point
// of the line (see LineOf). Play updates them in O(1), win detection reads
// them in O(1), and the evaluator (package ai/gomokuai) scans patterns with
// them.
package gomoku

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Rule is the win rule of a game (RULES.md, Gomoku, "Win rule").
type Rule uint8

const (
	// Freestyle: five or more stones in a row win.
	Freestyle Rule = iota
	// ExactFive: exactly five in a row wins; an overline (six or more) does
	// not.
	ExactFive
	// Renju: the RIF rules, on 15x15 only. White wins with five or more;
	// Black wins only with exactly five and may not play a forbidden point
	// (a double-three, a double-four or an overline: see Foul and
	// Game.FoulAt). Forbidden points are not among Black's Moves.
	Renju
)

// String returns "freestyle", "exact5" or "renju" (the command-line
// spelling).
func (r Rule) String() string {
	switch r {
	case Freestyle:
		return "freestyle"
	case ExactFive:
		return "exact5"
	case Renju:
		return "renju"
	}
	return "Rule(" + strconv.Itoa(int(r)) + ")"
}

// Opening is the opening rule of a game (RULES.md, Gomoku, "Opening rule").
type Opening uint8

const (
	// NoOpening: the players simply alternate from the empty board.
	NoOpening Opening = iota
	// SwapOpening: the 1997 tournament rule. After the first stone the second
	// seat may answer rules.Swap (move text "swap"): it takes that stone over
	// as its own color (becoming Black), the board is unchanged, and the
	// first seat, now White, is to move.
	SwapOpening
	// Swap2Opening: the Gomocup and world-championship opening (RULES.md,
	// Gomoku, "Swap2"), as moves of the seats:
	//
	//   - plies 1-3: seat 0 places three stones, black, white, black (the
	//     seat to move stays seat 0);
	//   - ply 4, seat 1 chooses: a point (a white stone: seat 1 takes
	//     White, and Black, seat 0, moves next), rules.Swap (text "swap":
	//     seat 1 takes Black, the seats exchange colors, and seat 0, now
	//     White, places the fourth stone), or Balance (text "balance":
	//     seat 1 will place two more stones);
	//   - after Balance, plies 5-6: seat 1 places a white and a black
	//     stone;
	//   - ply 7, seat 0 chooses: a point (a white stone: seat 0 takes
	//     White, the seats exchange colors, and seat 1, now Black, moves
	//     next) or rules.Swap (seat 0 takes Black and seat 1, White,
	//     places the sixth stone).
	//
	// Until the choice is made, ColorOf reports the seats' provisional
	// colors, seat 0 Black; Deciding tells the phase.
	Swap2Opening
)

// Balance is the move code of the third choice of the Swap2 opening (move
// text "balance"): the second seat will place two more stones (a white and
// a black one) and hand the choice of color back to the first seat.
const Balance rules.Move = 0xFFFC

// String returns "none", "swap" or "swap2" (the command-line spelling).
func (o Opening) String() string {
	switch o {
	case NoOpening:
		return "none"
	case SwapOpening:
		return "swap"
	case Swap2Opening:
		return "swap2"
	}
	return "Opening(" + strconv.Itoa(int(o)) + ")"
}

// Options fixes a game before its first move.
type Options struct {
	// Size is the board side in points: 15, 19 or 20.
	Size int
	// Rule is the win rule.
	Rule Rule
	// Opening is the opening rule.
	Opening Opening
}

// MaxSize is the largest board side; arrays are sized for it.
const MaxSize = 20

// MaxPoints is the number of points of the largest board (20x20).
const MaxPoints = MaxSize * MaxSize

// MaxLines is the largest number of lines in one direction (the diagonals of
// the 20x20 board: 2*20-1).
const MaxLines = 2*MaxSize - 1

// Line directions, the index dir of LineOf, LinePoint, LineMask and Line.
// Lines are numbered within a direction, and points along a line by x (by y
// for Vertical), so that neighbors on the board are neighboring bits.
const (
	// Horizontal lines (dx, dy) = (1, 0): line y, position x.
	Horizontal = 0
	// Vertical lines (0, 1): line x, position y.
	Vertical = 1
	// Diagonal lines (1, 1), down to the right on the diagram: line
	// x-y+size-1, position x.
	Diagonal = 2
	// AntiDiagonal lines (1, -1), up to the right on the diagram: line x+y,
	// position x.
	AntiDiagonal = 3
)

// DirDelta gives the board step (dx, dy) of each direction, y counted from
// the top.
var DirDelta = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}

// NumLines returns how many lines of direction dir the board of the given
// size has: size for Horizontal and Vertical, 2*size-1 for the diagonals
// (including the short corner diagonals that cannot hold a five).
func NumLines(size, dir int) int {
	if dir < Diagonal {
		return size
	}
	return 2*size - 1
}

// LineOf returns the line (0..NumLines-1) of direction dir through point p
// of a board of the given size, and p's bit in that line's bitboard: bit
// position+1, so bits 1..size hold points and bits 0 and size+1 are always
// clear (a line never has stones off the board, which lets pattern code look
// one point past each end without a bounds check).
func LineOf(size, dir, p int) (line, bit int) {
	return lineOfXY(size, dir, p%size, p/size)
}

// LinePoint is the inverse of LineOf: the point at bit b of the given line.
// It returns -1 when that bit is not a point of the board.
func LinePoint(size, dir, line, b int) int {
	var x, y int
	switch dir {
	case Horizontal:
		x, y = b-1, line
	case Vertical:
		x, y = line, b-1
	case Diagonal:
		x = b - 1
		y = x - line + size - 1
	default:
		x = b - 1
		y = line - x
	}
	if x < 0 || y < 0 || x >= size || y >= size {
		return -1
	}
	return y*size + x
}

// LineMask returns the bits of the given line that are points of the board
// (a contiguous run of bits within 1..size).
func LineMask(size, dir, line int) uint32 {
	lo, hi := 0, size-1 // x (or y) range
	switch dir {
	case Diagonal: // y = x - line + size - 1 in 0..size-1
		lo = max(0, line-(size-1))
		hi = min(size-1, line)
	case AntiDiagonal: // y = line - x in 0..size-1
		lo = max(0, line-(size-1))
		hi = min(size-1, line)
	}
	if lo > hi {
		return 0
	}
	return (uint32(1)<<(hi-lo+1) - 1) << (lo + 1)
}

// Game is a Gomoku position with its history. It implements rules.State.
// The zero value is not usable: call New.
type Game struct {
	opts    Options
	size    int
	n       int                    // size*size
	board   [MaxPoints]uint8       // 0 empty, 1 black, 2 white
	lines   [2][4][MaxLines]uint32 // [color][dir][line] stone bitboards
	hist    [MaxPoints + 1]rules.Move
	ply     int // len of hist
	stones  [2]int
	swapped bool
	winDir  int8 // direction of the five made by the last move, -1 if none
	hash    uint64
}

var _ rules.State = (*Game)(nil)

// New returns the empty board for o. It fails for a size other than 15, 19
// or 20, for Renju on a board other than 15x15, or for an unknown rule or
// opening.
func New(o Options) (*Game, error) {
	switch o.Size {
	case 15, 19, 20:
	default:
		return nil, rules.Errorp(nil, phrase.T("error.gomoku.size", "gomoku: board size {{.Size}} not offered (want 15, 19 or 20)", map[string]any{"Size": o.Size}))
	}
	if o.Rule > Renju {
		return nil, rules.Errorp(nil, phrase.T("error.gomoku.rule", "gomoku: unknown win rule {{.Rule}}", map[string]any{"Rule": int(o.Rule)}))
	}
	if o.Rule == Renju && o.Size != 15 {
		return nil, rules.Errorp(nil, phrase.T("error.gomoku.renju_size", "gomoku: renju is played on 15x15 only, not {{.Size}}x{{.Size}}", map[string]any{"Size": o.Size}))
	}
	if o.Opening > Swap2Opening {
		return nil, rules.Errorp(nil, phrase.T("error.gomoku.opening", "gomoku: unknown opening rule {{.Opening}}", map[string]any{"Opening": int(o.Opening)}))
	}
	g := &Game{opts: o, size: o.Size, n: o.Size * o.Size, winDir: -1}
	g.hash = ScratchHash(g)
	return g, nil
}

// Options returns the options the game was created with.
func (g *Game) Options() Options { return g.opts }

// Size returns the board side in points (15, 19 or 20).
func (g *Game) Size() int { return g.size }

// Rule returns the win rule.
func (g *Game) Rule() Rule { return g.opts.Rule }

// At returns the color of the stone at column x, row y (0-based, y from the
// top): 0 black, 1 white; ok is false for an empty point or one off the
// board.
func (g *Game) At(x, y int) (color rules.Seat, ok bool) {
	if x < 0 || y < 0 || x >= g.size || y >= g.size {
		return 0, false
	}
	c := g.board[y*g.size+x]
	return rules.Seat(c - 1), c != 0
}

// Point returns the stone at point p (0..size*size-1): 0 empty, 1 black,
// 2 white. It is the fast accessor for search code; p must be on the board.
func (g *Game) Point(p int) uint8 { return g.board[p] }

// Line returns the bitboard of the stones of color (0 black, 1 white) on
// the given line of direction dir; bit numbering as in LineOf.
func (g *Game) Line(color rules.Seat, dir, line int) uint32 {
	return g.lines[color][dir][line]
}

// ColorOf returns the color (0 black, 1 white) the given seat plays now:
// seat 0 is Black until a swap, then White. During the Swap2 opening, before
// a seat has chosen, it returns the provisional colors (seat 0 Black), and
// after the first seat takes White (a white stone as the seventh ply) seat 0
// is White.
func (g *Game) ColorOf(seat rules.Seat) rules.Color {
	if g.swapped {
		return rules.Color(seat&1) ^ 1
	}
	return rules.Color(seat & 1)
}

// ColorToMove returns the color (0 black, 1 white) of the next stone. It
// is White exactly when there is one more black stone than white.
func (g *Game) ColorToMove() rules.Seat {
	return rules.Seat((g.stones[0] + g.stones[1]) & 1)
}

// Swapped reports whether the seats play the colors opposite to their
// numbers (seat 0 White): after the second seat's rules.Swap, or under
// Swap2 after the first seat took White.
func (g *Game) Swapped() bool { return g.swapped }

// CanSwap reports whether rules.Swap is legal now: the game uses the swap
// opening and exactly one ply (the first stone) has been played, or the
// Swap2 opening and a seat chooses its color (PhaseChoose,
// PhaseChooseAgain).
func (g *Game) CanSwap() bool {
	switch g.opts.Opening {
	case SwapOpening:
		return g.ply == 1
	case Swap2Opening:
		ph := g.phase()
		return ph == PhaseChoose || ph == PhaseChooseAgain
	}
	return false
}

// Swap2 phases (Game.Deciding): what the seat to move does now.
const (
	// PhaseNone: the colors are settled (or the opening is not Swap2);
	// the seats alternate.
	PhaseNone = iota
	// PhasePlaceThree: the first seat places the three opening stones.
	PhasePlaceThree
	// PhaseChoose: the second seat chooses: a white stone, rules.Swap or
	// Balance.
	PhaseChoose
	// PhasePlaceTwo: the second seat places the two balancing stones.
	PhasePlaceTwo
	// PhaseChooseAgain: the first seat chooses: a white stone or
	// rules.Swap.
	PhaseChooseAgain
)

// Deciding returns the Swap2 phase of the position (PhaseNone ..
// PhaseChooseAgain).
func (g *Game) Deciding() int { return g.phase() }

// phase computes the Swap2 phase from the opening and the history.
func (g *Game) phase() int {
	if g.opts.Opening != Swap2Opening || g.ply > 6 {
		return PhaseNone
	}
	switch {
	case g.ply < 3:
		return PhasePlaceThree
	case g.ply == 3:
		return PhaseChoose
	case g.hist[3] != Balance:
		return PhaseNone
	case g.ply < 6:
		return PhasePlaceTwo
	}
	return PhaseChooseAgain
}

// swappedNow computes the swapped flag from the opening and the history.
func (g *Game) swappedNow() bool {
	switch g.opts.Opening {
	case SwapOpening:
		return g.ply >= 2 && g.hist[1] == rules.Swap
	case Swap2Opening:
		switch {
		case g.ply >= 4 && g.hist[3] == rules.Swap:
			return true
		case g.ply >= 7 && g.hist[3] == Balance:
			return g.hist[6] != rules.Swap
		}
	}
	return false
}

// CanBalance reports whether Balance is legal now: the Swap2 opening's
// second seat is choosing (PhaseChoose).
func (g *Game) CanBalance() bool { return g.phase() == PhaseChoose }

// Ply returns the number of moves played, swap and balance included.
func (g *Game) Ply() int { return g.ply }

// Stones returns the number of stones on the board.
func (g *Game) Stones() int { return g.stones[0] + g.stones[1] }

// StonesOf returns the number of stones of color (0 black, 1 white).
func (g *Game) StonesOf(color rules.Seat) int { return g.stones[color] }

// LastMove returns the last move played, or rules.NoMove at the start.
func (g *Game) LastMove() rules.Move {
	if g.ply == 0 {
		return rules.NoMove
	}
	return g.hist[g.ply-1]
}

// History returns the i-th move played (0-based); it panics unless
// 0 <= i < Ply().
func (g *Game) History(i int) rules.Move { return g.hist[i] }

// ToMove returns the seat to move: the seat playing ColorToMove, except in
// the Swap2 opening, where the first seat places stones 1-3 and chooses
// again at ply 7, and the second seat chooses at ply 4 and places the
// balancing stones. Without Swap2 the seats alternate, swap included.
func (g *Game) ToMove() rules.Seat {
	if g.opts.Opening == Swap2Opening && g.ply <= 6 {
		switch g.phase() {
		case PhasePlaceThree, PhaseChooseAgain:
			return rules.First
		case PhaseChoose, PhasePlaceTwo:
			return rules.Second
		}
	}
	return g.ColorToMove() ^ rules.Seat(btoi(g.swapped))
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Won reports whether the last move made a five (by the rule in force), so
// that the previous mover has won.
func (g *Game) Won() bool { return g.winDir >= 0 }

// Moves appends every empty point (under Renju, when Black is to move,
// every empty point that is not forbidden), then rules.Swap and Balance
// when they are legal; nothing when the game is over (a five on the board, a full board,
// or under Renju Black to move with only forbidden points).
func (g *Game) Moves(buf []rules.Move) []rules.Move {
	if g.winDir >= 0 || g.Stones() == g.n {
		return buf
	}
	start := len(buf)
	if g.blackForbids() {
		near := g.blackNear()
		for p := 0; p < g.n; p++ {
			if g.board[p] == 0 && !(g.mayFoul(&near, p) && foulAt(&g.lines, g.size, p, 0) != NoFoul) {
				buf = append(buf, rules.Move(p))
			}
		}
	} else {
		for p := 0; p < g.n; p++ {
			if g.board[p] == 0 {
				buf = append(buf, rules.Move(p))
			}
		}
	}
	if len(buf) == start {
		return buf // Black has only forbidden points: a draw
	}
	if g.CanSwap() {
		buf = append(buf, rules.Swap)
	}
	if g.CanBalance() {
		buf = append(buf, Balance)
	}
	return buf
}

// Legal reports whether m is a legal move now.
func (g *Game) Legal(m rules.Move) bool {
	if g.winDir >= 0 || g.Stones() == g.n {
		return false
	}
	switch m {
	case rules.Swap:
		return g.CanSwap()
	case Balance:
		return g.CanBalance()
	}
	if int(m) >= g.n || g.board[m] != 0 {
		return false
	}
	return !g.blackForbids() || foulAt(&g.lines, g.size, int(m), 0) == NoFoul
}

// Play makes move m, which must be legal (see Legal): it places a stone of
// ColorToMove on point m, or makes the opening choice rules.Swap or Balance
// (see Opening). A five (by the rule in force) through the new stone ends
// the game.
func (g *Game) Play(m rules.Move) {
	early := g.ply <= 6 && g.opts.Opening != NoOpening // the opening flags change only on plies 1-7
	if early {
		g.hash ^= g.flagKeys()
	}
	g.hist[g.ply] = m
	g.ply++
	if m == rules.Swap || m == Balance {
		g.swapped = g.swappedNow()
		g.hash ^= g.flagKeys()
		return
	}
	c := g.ColorToMove()
	p := int(m)
	g.board[p] = uint8(c) + 1
	g.stones[c]++
	g.hash ^= zobrist[c][p]
	size := g.size
	x, y := p%size, p/size
	ls := &g.lines[c]
	ls[Horizontal][y] |= 1 << (x + 1)
	ls[Vertical][x] |= 1 << (y + 1)
	ls[Diagonal][x-y+size-1] |= 1 << (x + 1)
	ls[AntiDiagonal][x+y] |= 1 << (x + 1)
	g.winDir = -1
	exact := g.opts.Rule == ExactFive || (g.opts.Rule == Renju && c == 0)
	switch {
	case isFive(ls[Horizontal][y], x+1, exact):
		g.winDir = Horizontal
	case isFive(ls[Vertical][x], y+1, exact):
		g.winDir = Vertical
	case isFive(ls[Diagonal][x-y+size-1], x+1, exact):
		g.winDir = Diagonal
	case isFive(ls[AntiDiagonal][x+y], x+1, exact):
		g.winDir = AntiDiagonal
	}
	if early {
		g.swapped = g.swappedNow()
		g.hash ^= g.flagKeys()
	}
}

// isFive reports whether the run of set bits of l through bit b wins: five
// or more, exactly five under the exact-five rule.
func isFive(l uint32, b int, exact bool) bool {
	run := bits.TrailingZeros32(^(l >> b)) + bits.LeadingZeros32(^(l << (31 - b))) - 1
	return run == 5 || (run > 5 && !exact)
}

// Undo unmakes the last Play. It panics when no move has been played.
func (g *Game) Undo() {
	if g.ply == 0 {
		panic("gomoku: Undo at the start of the game")
	}
	early := g.ply <= 7 && g.opts.Opening != NoOpening // the opening flags change only on plies 1-7
	if early {
		g.hash ^= g.flagKeys()
	}
	g.ply--
	m := g.hist[g.ply]
	g.winDir = -1 // the game ends at the first five, so none stood before
	if m == rules.Swap || m == Balance {
		g.swapped = g.swappedNow()
		g.hash ^= g.flagKeys()
		return
	}
	p := int(m)
	c := rules.Seat(g.board[p] - 1)
	g.board[p] = 0
	g.stones[c]--
	g.hash ^= zobrist[c][p]
	size := g.size
	x, y := p%size, p/size
	ls := &g.lines[c]
	ls[Horizontal][y] &^= 1 << (x + 1)
	ls[Vertical][x] &^= 1 << (y + 1)
	ls[Diagonal][x-y+size-1] &^= 1 << (x + 1)
	ls[AntiDiagonal][x+y] &^= 1 << (x + 1)
	if early {
		g.swapped = g.swappedNow()
		g.hash ^= g.flagKeys()
	}
}

func lineOfXY(size, dir, x, y int) (line, bit int) {
	switch dir {
	case Horizontal:
		return y, x + 1
	case Vertical:
		return x, y + 1
	case Diagonal:
		return x - y + size - 1, x + 1
	default:
		return x + y, x + 1
	}
}

// flagKeys returns the Zobrist keys of the swapped flag, of swap being
// available and of the Swap2 phase, as they stand now.
func (g *Game) flagKeys() uint64 {
	var k uint64
	if g.swapped {
		k ^= keySwapped
	}
	if g.CanSwap() {
		k ^= keySwapAvailable
	}
	return k ^ keyPhase[g.phase()]
}

// Hash returns the Zobrist key of the position: one key per (color, point),
// plus keys for the swapped flag, for swap being available, for the Swap2
// phase and for the
// variant (win rule, opening rule and board size, so that no two variants
// share a hash). The color to move follows from the stone count, and the
// seat to move from that and the swapped flag, so both are covered.
func (g *Game) Hash() uint64 { return g.hash }

// ScratchHash computes g's Zobrist key from scratch (not incrementally),
// the variant's key included; it equals g.Hash() in every reachable
// position.
func ScratchHash(g *Game) uint64 {
	var h uint64
	for p := 0; p < g.n; p++ {
		if c := g.board[p]; c != 0 {
			h ^= zobrist[c-1][p]
		}
	}
	return h ^ g.flagKeys() ^ g.variantKey()
}

// Outcome reports the end of the game from ToMove's seat: a five made by the
// previous mover scores -1 (a loss), a full board without a five 0 (a
// draw), and so does, under Renju, Black to move with only forbidden points
// left (our rule: RIF would let Black pass; with no point left for either
// side the game is drawn).
func (g *Game) Outcome() (over bool, score int) {
	if g.winDir >= 0 {
		return true, -1
	}
	if g.Stones() == g.n || g.blackStuck() {
		return true, 0
	}
	return false, 0
}

// WinningLine returns the points of the winning line through the last
// stone, in order of increasing x (of increasing y for a vertical line):
// the five, or in freestyle the whole overline. It returns nil when nobody
// has won. When one stone made several fives, the first direction in the
// order Horizontal, Vertical, Diagonal, AntiDiagonal is reported.
func (g *Game) WinningLine() []int {
	if g.winDir < 0 {
		return nil
	}
	p := int(g.hist[g.ply-1])
	c := g.board[p]
	dx, dy := DirDelta[g.winDir][0], DirDelta[g.winDir][1]
	x, y := p%g.size, p/g.size
	for g.inside(x-dx, y-dy) && g.board[(y-dy)*g.size+x-dx] == c {
		x, y = x-dx, y-dy
	}
	var line []int
	for g.inside(x, y) && g.board[y*g.size+x] == c {
		line = append(line, y*g.size+x)
		x, y = x+dx, y+dy
	}
	return line
}

func (g *Game) inside(x, y int) bool {
	return x >= 0 && y >= 0 && x < g.size && y < g.size
}

// Clone returns a deep copy, history included.
func (g *Game) Clone() rules.State {
	c := *g
	return &c
}

// PointName returns the move text of point p on a board of the given size:
// column letter then row counted from the bottom, e.g. PointName(15, 112)
// is "H8". It returns "?" for a point off the board.
func PointName(size, p int) string {
	if size < 1 || size > 26 || p < 0 || p >= size*size {
		return "?"
	}
	x, y := p%size, p/size
	return string(rune('A'+x)) + strconv.Itoa(size-y)
}

// ParsePoint reads a point name (column letter, either case, then the row
// 1..size counted from the bottom) and returns its index y*size + x. Text
// that is not a letter followed by a number is an error wrapping
// rules.ErrSyntax; a well-formed name off this board wraps rules.ErrIllegal.
func ParsePoint(size int, s string) (int, error) {
	t := strings.TrimSpace(s)
	if len(t) < 2 {
		return 0, rules.Errorp(rules.ErrSyntax, phrase.T("error.gomoku.unreadable", "gomoku: {{.Move}}: want a column letter and a row number", map[string]any{"Move": rules.Quote(s)}))
	}
	l := t[0]
	if l >= 'a' && l <= 'z' {
		l -= 'a' - 'A'
	}
	if l < 'A' || l > 'Z' {
		return 0, rules.Errorp(rules.ErrSyntax, phrase.T("error.gomoku.unreadable", "gomoku: {{.Move}}: want a column letter and a row number", map[string]any{"Move": rules.Quote(s)}))
	}
	for i := 1; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return 0, rules.Errorp(rules.ErrSyntax, phrase.T("error.gomoku.unreadable", "gomoku: {{.Move}}: want a column letter and a row number", map[string]any{"Move": rules.Quote(s)}))
		}
	}
	if len(t) > 3 {
		return 0, rules.Errorp(rules.ErrIllegal, phrase.T("error.gomoku.row_range", "gomoku: {{.Move}}: row number out of range 1..{{.Size}}", map[string]any{"Move": rules.Quote(s), "Size": size}))
	}
	row, _ := strconv.Atoi(t[1:])
	x := int(l - 'A')
	if x >= size {
		return 0, rules.Errorp(rules.ErrIllegal, phrase.T("error.gomoku.column_off", "gomoku: {{.Move}}: column {{.Column}} off the {{.Size}}x{{.Size}} board", map[string]any{"Move": rules.Quote(s), "Column": string(rune(l)), "Size": size}))
	}
	if row < 1 || row > size {
		return 0, rules.Errorp(rules.ErrIllegal, phrase.T("error.gomoku.row_off", "gomoku: {{.Move}}: row {{.Row}} off the {{.Size}}x{{.Size}} board", map[string]any{"Move": rules.Quote(s), "Row": row, "Size": size}))
	}
	return (size-row)*size + x, nil
}

// MoveString returns the text of m: the point name (see PointName),
// "swap" for rules.Swap or "balance" for Balance.
func (g *Game) MoveString(m rules.Move) string {
	switch m {
	case rules.Swap:
		return "swap"
	case Balance:
		return "balance"
	}
	return PointName(g.size, int(m))
}

// ParseMove reads a point name, "swap" or "balance" (any case) and checks it against
// the position. Unreadable text wraps rules.ErrSyntax; a point off the
// board or occupied, a swap when it is not allowed, any move once the game
// is over, or under Renju a point forbidden for Black (the message names the
// foul: "double-three", "double-four" or "overline") wraps rules.ErrIllegal.
// The position is never changed.
func (g *Game) ParseMove(s string) (rules.Move, error) {
	t := strings.TrimSpace(s)
	var m rules.Move
	switch {
	case strings.EqualFold(t, "swap"):
		if !g.CanSwap() {
			return 0, rules.Errorp(rules.ErrIllegal, phrase.T("error.gomoku.swap", "gomoku: {{.Move}}: swap is allowed only as the second move of a game with the swap opening, or at a color choice of the swap2 opening", map[string]any{"Move": rules.Quote(s)}))
		}
		m = rules.Swap
	case strings.EqualFold(t, "balance"):
		if !g.CanBalance() {
			return 0, rules.Errorp(rules.ErrIllegal, phrase.T("error.gomoku.balance", "gomoku: {{.Move}}: balance is allowed only as the fourth move of a game with the swap2 opening", map[string]any{"Move": rules.Quote(s)}))
		}
		m = Balance
	default:
		p, err := ParsePoint(g.size, t)
		if err != nil {
			return 0, err
		}
		if g.board[p] != 0 {
			return 0, rules.Errorp(rules.ErrIllegal, phrase.T("error.gomoku.occupied", "gomoku: {{.Move}}: the point is occupied", map[string]any{"Move": rules.Quote(s)}))
		}
		m = rules.Move(p)
	}
	if over, _ := g.Outcome(); over {
		return 0, rules.Errorp(rules.ErrIllegal, phrase.T("error.gomoku.over", "gomoku: {{.Move}}: the game is over", map[string]any{"Move": rules.Quote(s)}))
	}
	if int(m) < g.n && g.blackForbids() {
		if f := foulAt(&g.lines, g.size, int(m), 0); f != NoFoul {
			return 0, rules.Errorp(rules.ErrIllegal, phrase.T("error.gomoku.foul", "gomoku: {{.Move}}: forbidden for Black under renju ({{.Foul}})", map[string]any{"Move": rules.Quote(s), "Foul": f.String()}))
		}
	}
	return m, nil
}

// String returns a diagram: rows from the top (row size) to the bottom
// (row 1), X black, O white, . empty, the last stone in brackets, then a
// status line.
func (g *Game) String() string {
	var b strings.Builder
	header := "   "
	for x := 0; x < g.size; x++ {
		header += " " + string(rune('A'+x))
	}
	b.WriteString(header + "\n")
	last := -1
	if m := g.LastMove(); int(m) < g.n {
		last = int(m)
	}
	for y := 0; y < g.size; y++ {
		fmt.Fprintf(&b, "%2d ", g.size-y)
		for x := 0; x < g.size; x++ {
			p := y*g.size + x
			ch := byte('.')
			switch g.board[p] {
			case 1:
				ch = 'X'
			case 2:
				ch = 'O'
			}
			switch {
			case p == last:
				b.WriteByte('(')
			case p-1 == last && x > 0:
				b.WriteByte(')')
			default:
				b.WriteByte(' ')
			}
			b.WriteByte(ch)
		}
		if last == y*g.size+g.size-1 {
			b.WriteByte(')')
		}
		fmt.Fprintf(&b, " %d\n", g.size-y)
	}
	b.WriteString(header + "\n")
	color := [2]string{"black (X)", "white (O)"}
	seat := g.ToMove()
	over, score := g.Outcome()
	switch {
	case over && score < 0:
		fmt.Fprintf(&b, "seat %d, %s, wins", seat^1, color[g.ColorOf(seat^1)])
	case over:
		b.WriteString("draw: the board is full")
	default:
		fmt.Fprintf(&b, "seat %d, %s, to move", seat, color[g.ColorOf(seat)])
	}
	if g.swapped {
		b.WriteString(" (colors swapped)")
	}
	switch g.phase() {
	case PhasePlaceThree:
		b.WriteString(" (swap2: seat 0 places three stones)")
	case PhaseChoose:
		b.WriteString(" (swap2: seat 1 chooses: a white stone, swap or balance)")
	case PhasePlaceTwo:
		b.WriteString(" (swap2: seat 1 places two stones)")
	case PhaseChooseAgain:
		b.WriteString(" (swap2: seat 0 chooses: a white stone or swap)")
	default:
		if g.CanSwap() {
			b.WriteString(" (swap allowed)")
		}
	}
	b.WriteByte('\n')
	return b.String()
}

// Zobrist keys, color-based, for the largest board, the swap flags, and
// one key per variant (win rule, opening rule, board size), so that
// positions of different variants never share a hash and no start position
// hashes to 0. Drawn from math/rand/v2's PCG with a fixed seed, so that
// hashes are the same in every run.
var (
	zobrist          [2][MaxPoints]uint64
	keySwapped       uint64
	keySwapAvailable uint64
	keyPhase         [PhaseChooseAgain + 1]uint64 // by Swap2 phase; 0 for PhaseNone
	keyVariant       [4][4][3]uint64              // [rule][opening][size 15, 19, 20]
)

func init() {
	next := rand.New(rand.NewPCG(uint64(0x9E3779B97F4A7C15^0x676f6d6f6b75), 0)).Uint64 // Zobrist keys from a fixed seed: "gomoku"
	for c := range zobrist {
		for p := range zobrist[c] {
			zobrist[c][p] = next()
		}
	}
	keySwapped = next()
	keySwapAvailable = next()
	for r := range keyVariant {
		for o := range keyVariant[r] {
			for z := range keyVariant[r][o] {
				keyVariant[r][o][z] = next()
			}
		}
	}
	for i := PhaseNone + 1; i < len(keyPhase); i++ {
		keyPhase[i] = next() // drawn last, so that the other keys are unchanged
	}
}

// variantKey is the Zobrist key of g's rules and board size.
func (g *Game) variantKey() uint64 {
	z := 0
	switch g.size {
	case 19:
		z = 1
	case 20:
		z = 2
	}
	return keyVariant[g.opts.Rule&3][g.opts.Opening&3][z]
}
