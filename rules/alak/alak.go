// Package alak implements the two rule sets of Alak, the one-dimensional
// Go-like game of A. K. Dewdney's "The Planiverse" (1984), as fixed by
// ../shared/RULES.md, section "Alak":
//
//   - classic (the default): Games::Alak's sliding game on 11 slots, start
//     xxxx...oooo, x moves first; a piece moves to the nearest empty slot to
//     its left or right, jumping over pieces; the opponent run next to the
//     landing slot is captured when the mover's piece closes its far side (no
//     capture against the edge); fewer than two pieces loses.
//   - modern (Baljeu, 2001): stones are placed on a line of 7 to 26 points,
//     x first; enemy groups next to the new stone without an empty neighbor
//     (closed by the mover's stone or the edge) are removed; no suicide; ko
//     forbids the points just emptied; the game ends when the side to move
//     has no legal point, and the side with more stones wins.
//
// In both, the third occurrence of the same position (board, side to move
// and, in modern, forbidden points) ends the game as a draw (our decision,
// RULES.md).
//
// Slots and points are 0-based inside the package (index 0 = leftmost, bit i
// of a board mask = slot i); the move text is 1-based for classic ("3-5")
// and a letter for modern ("a" = leftmost).
//
// Move codes: a classic move from slot f to slot t is rules.Move(f*32+t); a
// modern placement on point p is rules.Move(p).
package alak

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Board sizes (RULES.md, "Alak").
const (
	// ClassicSlots is the number of slots of classic Alak.
	ClassicSlots = 11
	// MinPoints and MaxPoints bound the number of points of modern Alak.
	MinPoints = 7
	MaxPoints = 26
	// DefaultPoints is the default number of points of modern Alak.
	DefaultPoints = 11
)

// classicStart is the classic start position (RULES.md: xxxx...oooo, x to move).
const classicStart = "xxxx...oooo x"

// histReserve is the history capacity reserved by every new game, so that
// Play does not allocate in ordinary games. Longer games (long shuffling in
// classic Alak) grow the history by append, amortised, and keep the
// capacity after Undo; no length cap is imposed: the repetition rule alone
// ends endless play (our decision).
const histReserve = 256

// Zobrist keys: stone[player][slot], the side to move (x or'ed in when o is
// to move), one key per forbidden point (modern ko) and one per rule set and
// board length (variant[modern][n]), so that positions of different variants
// never share a hash and no start position hashes to 0. Drawn from
// math/rand/v2's PCG with a fixed seed, so hashes are the same in every run.
var (
	zStone   [2][MaxPoints]uint64
	zSide    uint64
	zForbid  [MaxPoints]uint64
	zVariant [2][MaxPoints + 1]uint64
)

func init() {
	next := rand.New(rand.NewPCG(uint64(0x9E3779B97F4A7C15)^0xA1A4, 0)).Uint64 // Zobrist keys from a fixed seed
	for p := range zStone {
		for i := range zStone[p] {
			zStone[p][i] = next()
		}
	}
	zSide = next()
	for i := range zForbid {
		zForbid[i] = next()
	}
	for m := range zVariant {
		for n := range zVariant[m] {
			zVariant[m][n] = next()
		}
	}
}

// undo is one history record: the move played, what it captured and the
// state needed to take it back.
type undo struct {
	hash     uint64     // hash of the position before the move
	captured uint32     // mask of the opponent stones the move removed
	move     rules.Move // the move
	reps     uint8      // occurrences of the position after the move, itself included (max 3)
}

// Game is an Alak position with its history. It implements rules.State.
// Seat 0 (rules.First) is x, seat 1 is o. The zero value is not usable:
// build a Game with NewClassic, NewModern or ParsePosition.
type Game struct {
	n      int        // slots (classic: 11) or points (modern: 7..26)
	modern bool       // rule set
	stones [2]uint32  // stone masks of x and o, bit i = slot i
	side   rules.Seat // side to move
	hash   uint64     // incremental Zobrist hash
	hist   []undo     // one record per move played since the start position
	ko     uint32     // modern: points forbidden at the start position (ParsePosition's ko=)
}

var _ rules.State = (*Game)(nil)

// NewClassic returns the start position of classic Alak: 11 slots,
// xxxx...oooo, x to move (RULES.md, "Alak", "Classic").
func NewClassic() *Game {
	g, err := ParsePosition(false, classicStart)
	if err != nil {
		panic(err) // the constant start position is valid
	}
	return g
}

// NewModern returns the empty start position of modern Alak on n points, x
// to move (RULES.md, "Alak", "Modern"). The error (wrapping rules.ErrOption)
// reports n outside MinPoints..MaxPoints (7..26).
func NewModern(n int) (*Game, error) {
	if n < MinPoints || n > MaxPoints {
		return nil, rules.Errorp(rules.ErrOption, phrase.T("error.alak.points", "alak: modern Alak has {{.Min}} to {{.Max}} points, not {{.Points}}", map[string]any{"Min": MinPoints, "Max": MaxPoints, "Points": n}))
	}
	return ParsePosition(true, strings.Repeat(".", n)+" x")
}

// ParsePosition reads a position in the text of Position: the slots left to
// right as 'x', 'o' or '.', a space, and the side to move 'x' or 'o', e.g.
// ".xxx...xoo. x"; for modern Alak an optional third field "ko=<letters>"
// names the points the side to move may not play because the last move
// emptied them (ko; RULES.md, "Alak", "Modern"), as point letters ('a' =
// leftmost), e.g. "x.o.xx. o ko=b". Classic positions have exactly 11 slots
// and at least one empty slot; modern positions have 7 to 26 points. The new
// game has no history. Errors wrap rules.ErrSyntax and quote the text; a ko
// point that is occupied or off the board, or ko= in classic Alak, is an
// error too.
func ParsePosition(modern bool, s string) (*Game, error) {
	bad := func(why string) error {
		return rules.Errorf(rules.ErrSyntax, "alak: position %s: %s", rules.Quote(s), why)
	}
	f := strings.Fields(s)
	if len(f) != 2 && len(f) != 3 {
		return nil, bad("want the slots, a space and the side to move (x or o), and for modern Alak optionally ko=<letters>")
	}
	board, side := f[0], f[1]
	n := len(board)
	if modern && (n < MinPoints || n > MaxPoints) {
		return nil, bad(fmt.Sprintf("modern Alak has %d to %d points, not %d", MinPoints, MaxPoints, n))
	}
	if !modern && n != ClassicSlots {
		return nil, bad(fmt.Sprintf("classic Alak has %d slots, not %d", ClassicSlots, n))
	}
	g := &Game{n: n, modern: modern, hist: make([]undo, 0, histReserve)}
	for i := 0; i < n; i++ {
		switch board[i] {
		case 'x':
			g.stones[0] |= 1 << i
		case 'o':
			g.stones[1] |= 1 << i
		case '.':
		default:
			return nil, bad(fmt.Sprintf("slot %d is %q; want x, o or .", i+1, board[i]))
		}
	}
	switch side {
	case "x":
		g.side = 0
	case "o":
		g.side = 1
	default:
		return nil, bad(fmt.Sprintf("side to move %q; want x or o", side))
	}
	if !modern && g.stones[0]|g.stones[1] == g.full() {
		return nil, bad("a classic board needs an empty slot")
	}
	if len(f) == 3 {
		letters, ok := strings.CutPrefix(f[2], "ko=")
		switch {
		case !ok || letters == "":
			return nil, bad(fmt.Sprintf("third field %s; want ko=<point letters>", rules.Quote(f[2])))
		case !modern:
			return nil, bad("classic Alak has no ko")
		}
		for _, c := range []byte(letters) {
			p := int(c) - 'a'
			switch {
			case p < 0 || p >= n:
				return nil, bad(fmt.Sprintf("ko point %q is not one of a..%c", c, 'a'+n-1))
			case (g.stones[0]|g.stones[1])&(1<<p) != 0:
				return nil, bad(fmt.Sprintf("ko point %c is occupied", c))
			}
			g.ko |= 1 << p
		}
	}
	g.hash = ScratchHash(g)
	return g, nil
}

// Position returns the position in the text ParsePosition reads: slots
// 'x', 'o', '.', a space, the side to move and, for a modern position
// with forbidden points, " ko=<letters>", e.g. "xxxx...oooo x". It does not
// record the history.
func (g *Game) Position() string {
	var b strings.Builder
	for i := 0; i < g.n; i++ {
		b.WriteByte(g.cell(i))
	}
	b.WriteByte(' ')
	b.WriteByte("xo"[g.side])
	if f := g.Forbidden(); f != 0 {
		b.WriteString(" ko=")
		for ; f != 0; f &= f - 1 {
			b.WriteByte(byte('a' + bits.TrailingZeros32(f)))
		}
	}
	return b.String()
}

// cell returns the character of slot i: 'x', 'o' or '.'.
func (g *Game) cell(i int) byte {
	switch {
	case g.stones[0]&(1<<i) != 0:
		return 'x'
	case g.stones[1]&(1<<i) != 0:
		return 'o'
	}
	return '.'
}

// full returns the mask of all slots.
func (g *Game) full() uint32 { return 1<<g.n - 1 }

// Modern reports whether g follows the modern (Baljeu) rules rather than
// the classic sliding rules.
func (g *Game) Modern() bool { return g.modern }

// Len returns the number of slots (classic: 11) or points (modern: 7..26).
func (g *Game) Len() int { return g.n }

// At returns the owner of slot i (0-based, 0 = leftmost); ok is false for an
// empty slot or an i outside 0..Len()-1.
func (g *Game) At(i int) (p rules.Seat, ok bool) {
	if i < 0 || i >= g.n {
		return 0, false
	}
	switch {
	case g.stones[0]&(1<<i) != 0:
		return 0, true
	case g.stones[1]&(1<<i) != 0:
		return 1, true
	}
	return 0, false
}

// Stones returns the stone mask of player p (bit i = slot i).
func (g *Game) Stones(p rules.Seat) uint32 { return g.stones[p&1] }

// Count returns the number of x and o pieces on the board.
func (g *Game) Count() (x, o int) {
	return bits.OnesCount32(g.stones[0]), bits.OnesCount32(g.stones[1])
}

// Forbidden returns the points the side to move may not play (modern ko,
// RULES.md): bit i set when the opponent's last move removed the mover's
// stone from point i. Always 0 in classic Alak and at the start of a game.
func (g *Game) Forbidden() uint32 {
	if !g.modern {
		return 0
	}
	if len(g.hist) == 0 {
		return g.ko
	}
	return g.hist[len(g.hist)-1].captured
}

// LastCaptured returns the mask of the slots whose pieces the last move
// captured (0 when none, or before the first move).
func (g *Game) LastCaptured() uint32 {
	if len(g.hist) == 0 {
		return 0
	}
	return g.hist[len(g.hist)-1].captured
}

// LastMove returns the last move played, or rules.NoMove before the first.
func (g *Game) LastMove() rules.Move {
	if len(g.hist) == 0 {
		return rules.NoMove
	}
	return g.hist[len(g.hist)-1].move
}

// Plies returns the number of moves played since the start position.
func (g *Game) Plies() int { return len(g.hist) }

// Repetitions returns how many times the current position (board, side to
// move, forbidden points) has occurred in the game, itself included; 3 ends
// the game as a draw. The count is capped at 3.
func (g *Game) Repetitions() int {
	if len(g.hist) == 0 {
		return 1
	}
	return int(g.hist[len(g.hist)-1].reps)
}

// DecodeMove splits a move code of g's rule set into slots (0-based):
// classic (from, to), modern (-1, point). rules.NoMove gives (-1, -1).
func (g *Game) DecodeMove(m rules.Move) (from, to int) {
	switch {
	case m >= rules.NoMove:
		return -1, -1
	case g.modern:
		return -1, int(m)
	}
	return int(m) / 32, int(m) % 32
}

// ClassicMove returns the code of the classic move from slot from to slot
// to (0-based): from*32+to. It does not check legality.
func ClassicMove(from, to int) rules.Move { return rules.Move(from*32 + to) }

// Destinations returns the legal destinations (0-based, ascending) of the
// piece of the side to move on slot from, in classic Alak: the nearest
// empty slot to its left and to its right, where they exist. It returns
// nil in modern Alak, when the game is over, or when from does not hold a
// piece of the side to move. For the UI; it allocates.
func (g *Game) Destinations(from int) []int {
	if g.modern || from < 0 || from >= g.n || g.stones[g.side]&(1<<from) == 0 {
		return nil
	}
	if over, _ := g.Outcome(); over {
		return nil
	}
	var out []int
	l, r := classicTargets(g.n, g.stones[0]|g.stones[1], from)
	if l >= 0 {
		out = append(out, l)
	}
	if r >= 0 {
		out = append(out, r)
	}
	return out
}

// classicTargets returns the nearest empty slot left and right of slot from
// on a board of n slots with the occupied mask occ, or -1 where none.
func classicTargets(n int, occ uint32, from int) (left, right int) {
	empty := (1<<n - 1) &^ occ
	left, right = -1, -1
	if e := empty & (1<<from - 1); e != 0 {
		left = 31 - bits.LeadingZeros32(e)
	}
	if e := empty &^ (2<<from - 1); e != 0 {
		right = bits.TrailingZeros32(e)
	}
	return left, right
}

// AppendMoves appends the moves of the side owning own (its opponent owns
// opp) to buf, ignoring the end of the game: classic (modern false) moves
// f*32+t by ascending f, left destination first; modern placements on the
// empty points outside forbidden, ascending. n is the board length. It is
// the move generator of Game.Moves, exported for table builders (package
// alakai); it does not allocate when buf has room.
func AppendMoves(modern bool, n int, own, opp, forbidden uint32, buf []rules.Move) []rules.Move {
	full := uint32(1)<<n - 1
	if modern {
		for free := full &^ (own | opp | forbidden); free != 0; free &= free - 1 {
			buf = append(buf, rules.Move(bits.TrailingZeros32(free)))
		}
		return buf
	}
	occ := own | opp
	for p := own; p != 0; p &= p - 1 {
		f := bits.TrailingZeros32(p)
		l, r := classicTargets(n, occ, f)
		if l >= 0 {
			buf = append(buf, rules.Move(f*32+l))
		}
		if r >= 0 {
			buf = append(buf, rules.Move(f*32+r))
		}
	}
	return buf
}

// Step applies move m (classic f*32+t or modern point p, as produced by
// AppendMoves) for the side owning own on a board of n slots and returns
// the new masks and the mask of the opponent pieces captured. Capture
// (RULES.md): each opponent run next to the landing slot is removed when
// closed on its far side by a piece of the mover or, in modern Alak only,
// by the edge. Step does not check legality. Exported for table builders.
func Step(modern bool, n int, own, opp uint32, m rules.Move) (newOwn, newOpp, captured uint32) {
	var p int
	if modern {
		p = int(m)
		own |= 1 << p
	} else {
		p = int(m) % 32
		own = own&^(1<<(int(m)/32)) | 1<<p
	}
	captured = captures(n, own, opp, p, modern)
	return own, opp &^ captured, captured
}

// captures returns the opponent runs adjacent to slot p (which holds the
// mover's piece) closed on the far side by own, or by the edge when edge.
func captures(n int, own, opp uint32, p int, edge bool) uint32 {
	var c uint32
	r := p + 1
	for r < n && opp&(1<<r) != 0 {
		r++
	}
	if r > p+1 && (r == n && edge || r < n && own&(1<<r) != 0) {
		c |= (1<<r - 1) &^ (2<<p - 1)
	}
	l := p - 1
	for l >= 0 && opp&(1<<l) != 0 {
		l--
	}
	if l < p-1 && (l < 0 && edge || l >= 0 && own&(1<<l) != 0) {
		c |= (1<<p - 1) &^ (1<<(l+1) - 1) // bits l+1..p-1
	}
	return c
}

// Captures returns the mask of the opponent pieces the move m (of the side
// to move, from Moves) would capture, without playing it.
func (g *Game) Captures(m rules.Move) uint32 {
	_, _, c := Step(g.modern, g.n, g.stones[g.side], g.stones[g.side^1], m)
	return c
}

// ToMove returns the side to move: 0 = x, 1 = o.
func (g *Game) ToMove() rules.Seat { return g.side }

// Outcome reports whether the game is over and the score from the side to
// move's point of view (RULES.md, "Alak"):
//   - classic: a side with fewer than two pieces has lost; the score is the
//     piece difference (never 0 then). Our decision for positions given to
//     ParsePosition where both sides have fewer than two pieces: a draw.
//   - modern: the side to move has no legal point; the score is the stone
//     difference (0, a draw, when equal).
//   - both: the third occurrence of the position is a draw, score 0. When a
//     modern game both has no legal point and repeats, the count wins (ours).
func (g *Game) Outcome() (over bool, score int) {
	own := bits.OnesCount32(g.stones[g.side])
	opp := bits.OnesCount32(g.stones[g.side^1])
	if g.modern {
		if g.full()&^(g.stones[0]|g.stones[1]|g.Forbidden()) == 0 {
			return true, own - opp
		}
	} else if own < 2 || opp < 2 {
		if own < 2 && opp < 2 {
			return true, 0
		}
		return true, own - opp
	}
	if g.Repetitions() >= 3 {
		return true, 0
	}
	return false, 0
}

// Moves appends the legal moves of the side to move to buf (see
// AppendMoves for the order) and returns it; nothing when the game is over.
// It does not allocate when buf has room.
func (g *Game) Moves(buf []rules.Move) []rules.Move {
	if over, _ := g.Outcome(); over {
		return buf
	}
	return AppendMoves(g.modern, g.n, g.stones[g.side], g.stones[g.side^1], g.Forbidden(), buf)
}

// forbidKeys returns the xor of the ko keys of the points in mask f.
func forbidKeys(f uint32) uint64 {
	var h uint64
	for ; f != 0; f &= f - 1 {
		h ^= zForbid[bits.TrailingZeros32(f)]
	}
	return h
}

// Play makes move m, which must be one of Moves. It updates the hash
// incrementally and counts the repetitions of the new position by scanning
// the history back (in classic Alak only to the last capture, since
// captures are irreversible). It does not allocate once the history has
// room (histReserve moves are reserved).
func (g *Game) Play(m rules.Move) {
	s := g.side
	own, opp := g.stones[s], g.stones[s^1]
	newOwn, newOpp, captured := Step(g.modern, g.n, own, opp, m)
	h := g.hash ^ zSide
	for d := own ^ newOwn; d != 0; d &= d - 1 {
		h ^= zStone[s][bits.TrailingZeros32(d)]
	}
	for d := captured; d != 0; d &= d - 1 {
		h ^= zStone[s^1][bits.TrailingZeros32(d)]
	}
	if g.modern {
		h ^= forbidKeys(g.Forbidden()) ^ forbidKeys(captured)
	}
	rec := undo{hash: g.hash, captured: captured, move: m, reps: 1}
	// Positions 0..L are the hist hashes and g.hash; the new one is L+1.
	L := len(g.hist)
	if g.modern || captured == 0 {
		for k := L - 1; k >= 0; k-- {
			if !g.modern && g.hist[k].captured != 0 {
				break // position k had more pieces
			}
			if (L-k)%2 == 1 && g.hist[k].hash == h {
				if rec.reps++; rec.reps == 3 {
					break
				}
			}
		}
	}
	g.hist = append(g.hist, rec)
	g.stones[s], g.stones[s^1] = newOwn, newOpp
	g.side = s ^ 1
	g.hash = h
}

// Undo unmakes the last move. It panics when there is nothing to undo.
func (g *Game) Undo() {
	rec := g.hist[len(g.hist)-1]
	g.hist = g.hist[:len(g.hist)-1]
	s := g.side ^ 1 // the side that made the move
	if g.modern {
		g.stones[s] &^= 1 << int(rec.move)
	} else {
		g.stones[s] ^= 1<<(int(rec.move)/32) | 1<<(int(rec.move)%32)
	}
	g.stones[s^1] |= rec.captured
	g.side = s
	g.hash = rec.hash
}

// Hash returns the incremental Zobrist hash of the board, the side to move,
// (modern) the forbidden points and the variant (rule set and length, so
// that no two variants share a hash). It equals ScratchHash(g).
func (g *Game) Hash() uint64 { return g.hash }

// ScratchHash computes the Zobrist hash of g from scratch: the keys of every
// piece, of the side to move when o, of every forbidden point and of g's
// variant (rule set and length). Tests compare it with the incremental Hash.
func ScratchHash(g *Game) uint64 {
	var h uint64
	for p := 0; p < 2; p++ {
		for b := g.stones[p]; b != 0; b &= b - 1 {
			h ^= zStone[p][bits.TrailingZeros32(b)]
		}
	}
	if g.side == 1 {
		h ^= zSide
	}
	modern := 0
	if g.modern {
		modern = 1
	}
	return h ^ forbidKeys(g.Forbidden()) ^ zVariant[modern][g.n]
}

// Clone returns a deep copy of g, history included, as a rules.State
// (a *Game).
func (g *Game) Clone() rules.State { return g.Copy() }

// Copy returns a deep copy of g, history included.
func (g *Game) Copy() *Game {
	c := *g
	c.hist = make([]undo, len(g.hist), max(cap(g.hist), histReserve))
	copy(c.hist, g.hist)
	return &c
}

// MoveString returns the move text of m: classic "3-5" (1-based slots),
// modern the point letter ("a" = leftmost). rules.NoMove gives "-".
func (g *Game) MoveString(m rules.Move) string {
	if m >= rules.NoMove {
		return "-"
	}
	if g.modern {
		return string(rune('a' + int(m)))
	}
	return strconv.Itoa(int(m)/32+1) + "-" + strconv.Itoa(int(m)%32+1)
}

// ParseMove reads move text (the form of MoveString; surrounding spaces and
// upper-case letters are accepted) and checks it against the position.
// Errors wrap rules.ErrSyntax for unreadable text or a slot outside the
// board, and rules.ErrIllegal for a move the position does not allow; they
// quote the text. g is unchanged.
func (g *Game) ParseMove(s string) (rules.Move, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	syntax := func(why phrase.P) error {
		return rules.Contextp(phrase.T("error.alak.move", "alak: move {{.Move}}", map[string]any{"Move": rules.Quote(s)}), rules.Errorp(rules.ErrSyntax, why))
	}
	illegal := func(why phrase.P) error {
		return rules.Contextp(phrase.T("error.alak.move", "alak: move {{.Move}}", map[string]any{"Move": rules.Quote(s)}), rules.Errorp(rules.ErrIllegal, why))
	}
	var m rules.Move
	if g.modern {
		if len(t) != 1 || t[0] < 'a' || t[0] > 'z' {
			return 0, syntax(phrase.T("error.alak.want_letter", "want a point letter a-{{.Last}}", map[string]any{"Last": string(rune('a' + g.n - 1))}))
		}
		p := int(t[0] - 'a')
		if p >= g.n {
			return 0, syntax(phrase.N("error.alak.no_point", "no point {{.Point}} on a board of {{.Count}} point", "no point {{.Point}} on a board of {{.Count}} points", g.n, map[string]any{"Point": t}))
		}
		m = rules.Move(p)
		switch {
		case (g.stones[0]|g.stones[1])&(1<<p) != 0:
			return 0, illegal(phrase.T("error.alak.occupied", "point {{.Point}} is occupied", map[string]any{"Point": t}))
		case g.Forbidden()&(1<<p) != 0:
			return 0, illegal(phrase.T("error.alak.ko", "point {{.Point}} is forbidden by ko this turn", map[string]any{"Point": t}))
		}
	} else {
		a, b, ok := strings.Cut(t, "-")
		if !ok {
			return 0, syntax(phrase.T("error.alak.want_from_to", "want from-to, like 3-5", nil))
		}
		f, err1 := strconv.Atoi(a)
		to, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil {
			return 0, syntax(phrase.T("error.alak.want_slots", "want from-to slot numbers, like 3-5", nil))
		}
		if f < 1 || f > g.n || to < 1 || to > g.n {
			return 0, syntax(phrase.T("error.alak.slot_range", "slots are numbered 1-{{.Last}}", map[string]any{"Last": g.n}))
		}
		f, to = f-1, to-1
		m = ClassicMove(f, to)
		if g.stones[g.side]&(1<<f) == 0 {
			return 0, illegal(phrase.T("error.alak.no_piece", "slot {{.Slot}} holds no {{.Piece}} piece", map[string]any{"Slot": f + 1, "Piece": string("xo"[g.side])}))
		}
		l, r := classicTargets(g.n, g.stones[0]|g.stones[1], f)
		if to != l && to != r {
			return 0, illegal(phrase.T("error.alak.nearest", "the piece on slot {{.Slot}} can move only to the nearest empty slot on either side", map[string]any{"Slot": f + 1}))
		}
	}
	if over, _ := g.Outcome(); over {
		return 0, illegal(phrase.T("error.game_over", "the game is over", nil))
	}
	return m, nil
}

// String returns a text diagram for the command line: slot labels (1-based
// numbers in classic, letters in modern), the slots, the forbidden points
// (modern) and the side to move or the result.
func (g *Game) String() string {
	var b strings.Builder
	for i := 0; i < g.n; i++ {
		if g.modern {
			fmt.Fprintf(&b, " %c", 'a'+i)
		} else {
			fmt.Fprintf(&b, "%3d", i+1)
		}
	}
	b.WriteByte('\n')
	for i := 0; i < g.n; i++ {
		if g.modern {
			b.WriteByte(' ')
		} else {
			b.WriteString("  ")
		}
		b.WriteByte(g.cell(i))
	}
	b.WriteByte('\n')
	if f := g.Forbidden(); f != 0 {
		b.WriteString("forbidden:")
		for ; f != 0; f &= f - 1 {
			fmt.Fprintf(&b, " %c", 'a'+bits.TrailingZeros32(f))
		}
		b.WriteByte('\n')
	}
	side := "xo"[g.side]
	over, score := g.Outcome()
	switch {
	case !over:
		fmt.Fprintf(&b, "%c to move", side)
	case score == 0 && g.Repetitions() >= 3:
		b.WriteString("draw by repetition")
	case score == 0:
		b.WriteString("draw")
	case score > 0:
		fmt.Fprintf(&b, "%c wins by %d", side, score)
	default:
		fmt.Fprintf(&b, "%c wins by %d", "xo"[g.side^1], -score)
	}
	return b.String()
}
