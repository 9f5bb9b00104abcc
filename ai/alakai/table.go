package alakai

import (
	"context"
	"math/bits"
	"sync"
	"time"

	"planiverse/rules"
	"planiverse/rules/alak"
)

// MaxSolvedPoints is the largest modern board whose table Solve and Value
// build (3^13 boards x 2 sides x ko states, about 90 MB while building).
// Classic Alak (11 slots) is always covered.
const MaxSolvedPoints = 13

// maxKo bounds the number of forbidden-point sets of one (board, side):
// none, at most 7 single runs and 6 pairs on 13 points.
const maxKo = 32

// A table is the retrograde win/draw/loss-with-distance table of one rule
// set (classic 11 slots, or modern on n points), ignoring the repetition
// rule: positions from which neither side can force the end are draws.
//
// A state is (board, side to move, forbidden points). Boards are indexed in
// base 3 (slot i has weight 3^i; digit 0 empty, 1 x, 2 o) and b*2+side
// indexes (board, side). Classic has no forbidden points: the state index is
// b*2+side. In modern Alak the forbidden set is the set of points the
// previous move captured, which is always empty, one maximal empty run, or
// two maximal empty runs on both sides of one opponent stone, each run
// bounded by opponent stones or the edge (koOptions lists them); the state
// index is offset[b*2+side] + the set's position in that list.
type table struct {
	modern bool
	n      int
	pow    int      // 3^n
	tern   []uint32 // tern[mask] = sum over bits i of mask of 3^i
	offset []uint32 // modern: first state of each (board, side); len 2*pow+1
	val    []int16  // per state: 0 draw, d+1 win in d plies, -(d+1) loss in d plies
}

// states returns the number of states.
func (t *table) states() int {
	if t.modern {
		return int(t.offset[len(t.offset)-1])
	}
	return 2 * t.pow
}

// boardIndex returns the base-3 index of the board with x stones xs and o
// stones os.
func (t *table) boardIndex(xs, os uint32) int { return int(t.tern[xs] + 2*t.tern[os]) }

// masks decodes a base-3 board index into the x and o masks.
func (t *table) masks(b int) (xs, os uint32) {
	for i := 0; i < t.n; i++ {
		switch b % 3 {
		case 1:
			xs |= 1 << i
		case 2:
			os |= 1 << i
		}
		b /= 3
	}
	return xs, os
}

// koOptions writes to out the possible forbidden sets of a modern position
// where the side to move owns own and the side that just moved owns opp:
// out[0] = 0 (no capture), then each maximal empty run bounded on both
// sides by opp stones or the edge (not by two edges), then each pair of
// such runs separated by one opp stone. It returns the count.
func koOptions(n int, own, opp uint32, out *[maxKo]uint32) int {
	empty := (uint32(1)<<n - 1) &^ (own | opp)
	out[0] = 0
	k := 1
	var runs [16]uint32
	var starts, ends [16]int
	r := 0
	for i := 0; i < n; {
		if empty&(1<<i) == 0 {
			i++
			continue
		}
		a := i
		for i < n && empty&(1<<i) != 0 {
			i++
		}
		b := i - 1
		leftOK := a == 0 || opp&(1<<(a-1)) != 0
		rightOK := b == n-1 || opp&(1<<(b+1)) != 0
		if leftOK && rightOK && (a > 0 || b < n-1) {
			runs[r] = (uint32(1)<<(b+1) - 1) &^ (uint32(1)<<a - 1)
			starts[r], ends[r] = a, b
			r++
		}
	}
	for j := 0; j < r; j++ {
		out[k] = runs[j]
		k++
	}
	for j := 0; j+1 < r; j++ {
		if starts[j+1] == ends[j]+2 {
			out[k] = runs[j] | runs[j+1]
			k++
		}
	}
	return k
}

// koIndex returns the position of the forbidden set f in koOptions, or -1.
func koIndex(n int, own, opp, f uint32) int {
	if f == 0 {
		return 0
	}
	var opts [maxKo]uint32
	k := koOptions(n, own, opp, &opts)
	for i := 1; i < k; i++ {
		if opts[i] == f {
			return i
		}
	}
	return -1
}

// index returns the state index of the position with stones xs, os, side
// to move and forbidden set f, or -1 when f is not a possible ko set.
func (t *table) index(xs, os uint32, side rules.Seat, f uint32) int {
	bs := t.boardIndex(xs, os)*2 + int(side)
	if !t.modern {
		return bs
	}
	own, opp := xs, os
	if side == 1 {
		own, opp = os, xs
	}
	k := koIndex(t.n, own, opp, f)
	if k < 0 {
		return -1
	}
	return int(t.offset[bs]) + k
}

// lookup returns the table value of a position: result +1 win, 0 draw, -1
// loss for the side to move, and the distance in plies to the end of the
// game with perfect play (the winner hurrying, the loser delaying).
func (t *table) lookup(xs, os uint32, side rules.Seat, f uint32) (result, distance int, ok bool) {
	i := t.index(xs, os, side, f)
	if i < 0 {
		return 0, 0, false
	}
	v := int(t.val[i])
	switch {
	case v > 0:
		return 1, v - 1, true
	case v < 0:
		return -1, -v - 1, true
	}
	return 0, 0, true
}

// buildTable computes the table of a rule set by retrograde analysis: the
// finished positions are classified (classic: a side with fewer than two
// pieces; modern: no legal point, counted), then a breadth-first pass walks
// predecessors (unmoves, checked by replaying them forward with alak.Step):
// a predecessor of a lost position is won one ply later; a predecessor all
// of whose moves lead to won positions (a counter of unresolved moves
// reaches zero) is lost one ply after the last of them. Breadth-first order
// makes the win distances shortest and the loss distances longest. What
// remains unresolved is a draw.
func buildTable(modern bool, n int) *table {
	t := &table{modern: modern, n: n, pow: 1}
	for i := 0; i < n; i++ {
		t.pow *= 3
	}
	t.tern = make([]uint32, 1<<n)
	for m := 1; m < 1<<n; m++ {
		low := bits.TrailingZeros32(uint32(m))
		w := uint32(1)
		for i := 0; i < low; i++ {
			w *= 3
		}
		t.tern[m] = t.tern[m&(m-1)] + w
	}
	var opts [maxKo]uint32
	if modern {
		t.offset = make([]uint32, 2*t.pow+1)
		total := uint32(0)
		for b := 0; b < t.pow; b++ {
			xs, os := t.masks(b)
			t.offset[2*b] = total
			total += uint32(koOptions(n, xs, os, &opts))
			t.offset[2*b+1] = total
			total += uint32(koOptions(n, os, xs, &opts))
		}
		t.offset[2*t.pow] = total
	}
	ns := t.states()
	t.val = make([]int16, ns)
	count := make([]uint8, ns)
	queue := make([]uint32, 0, ns/4)
	full := uint32(1)<<n - 1
	moves := make([]rules.Move, 0, 64)
	var preds [][2]uint32

	// Queue entries pack (b*2+side)<<5 | ko position.
	for b := 0; b < t.pow; b++ {
		xs, os := t.masks(b)
		for side := 0; side < 2; side++ {
			own, opp := xs, os
			if side == 1 {
				own, opp = os, xs
			}
			bs := b*2 + side
			if !modern {
				no, np := bits.OnesCount32(own), bits.OnesCount32(opp)
				switch {
				case no < 2 && np < 2: // a draw (alak.Game.Outcome)
				case no < 2:
					t.val[bs] = -1
					queue = append(queue, uint32(bs)<<5)
				case np < 2:
					t.val[bs] = 1
					queue = append(queue, uint32(bs)<<5)
				default:
					moves = alak.AppendMoves(false, n, own, opp, 0, moves[:0])
					count[bs] = uint8(len(moves))
				}
				continue
			}
			k := koOptions(n, own, opp, &opts)
			empty := full &^ (own | opp)
			for j := 0; j < k; j++ {
				i := int(t.offset[bs]) + j
				legal := empty &^ opts[j]
				if legal != 0 {
					count[i] = uint8(bits.OnesCount32(legal))
					continue
				}
				no, np := bits.OnesCount32(own), bits.OnesCount32(opp)
				switch {
				case no > np:
					t.val[i] = 1
				case no < np:
					t.val[i] = -1
				default:
					continue
				}
				queue = append(queue, uint32(bs)<<5|uint32(j))
			}
		}
	}

	for head := 0; head < len(queue); head++ {
		e := queue[head]
		bs, j := int(e>>5), int(e&31)
		b, side := bs/2, rules.Seat(bs%2)
		xs, os := t.masks(b)
		i := bs
		var f uint32
		if modern {
			i = int(t.offset[bs]) + j
			own, opp := xs, os
			if side == 1 {
				own, opp = os, xs
			}
			koOptions(n, own, opp, &opts)
			f = opts[j]
		}
		v := t.val[i]
		preds = t.predecessors(xs, os, side, f, preds[:0])
		for _, pb := range preds {
			pbs := t.boardIndex(pb[0], pb[1])*2 + int(side^1)
			if !modern {
				queue = t.visit(v, pbs, uint32(pbs)<<5, count, queue)
				continue
			}
			// The predecessor's own forbidden set may be any of its ko
			// options that leaves the point played free.
			pown, popp := ownOf(pb[0], pb[1], side^1), ownOf(pb[0], pb[1], side)
			played := pown ^ ownOf(xs, os, side^1)
			pk := koOptions(n, pown, popp, &opts)
			for pj := 0; pj < pk; pj++ {
				if opts[pj]&played == 0 {
					queue = t.visit(v, int(t.offset[pbs])+pj, uint32(pbs)<<5|uint32(pj), count, queue)
				}
			}
		}
	}
	return t
}

// visit updates the unresolved predecessor state p (queue entry entry) of
// a resolved state of value v, and returns the queue with p appended when
// p became resolved: a move to a lost state wins one ply later; when the
// last unresolved move leads to a won state, p is lost one ply later.
func (t *table) visit(v int16, p int, entry uint32, count []uint8, queue []uint32) []uint32 {
	if t.val[p] != 0 || count[p] == 0 {
		return queue
	}
	if v < 0 {
		t.val[p] = -v + 1
		return append(queue, entry)
	}
	if count[p]--; count[p] == 0 {
		t.val[p] = -(v + 1)
		return append(queue, entry)
	}
	return queue
}

// ownOf returns the stones of player p.
func ownOf(xs, os uint32, p rules.Seat) uint32 {
	if p == 1 {
		return os
	}
	return xs
}

// predecessors appends to buf the boards (x and o masks) of every position,
// with side^1 to move and the game not over, from which one legal move
// leads to the position (xs, os, side to move, forbidden f); the
// predecessor's own forbidden points are left to the caller. Candidates are
// built by undoing a move and each is checked by replaying the move with
// alak.Step. Each predecessor board appears once.
func (t *table) predecessors(xs, os uint32, side rules.Seat, f uint32, buf [][2]uint32) [][2]uint32 {
	mover := side ^ 1
	T, S := ownOf(xs, os, mover), ownOf(xs, os, side)
	if t.modern {
		return t.modernPredecessors(T, S, f, mover, buf)
	}
	if bits.OnesCount32(T) < 2 {
		return buf // the game was over before the move
	}
	empty := (uint32(1)<<t.n - 1) &^ (T | S)
	for c := T; c != 0; c &= c - 1 {
		to := bits.TrailingZeros32(c)
		left, right := t.capturedRuns(T, empty, to)
		caps := [4]uint32{0, left, right, left | right}
		for ci, capt := range caps {
			if ci > 0 && (ci&1 != 0 && left == 0 || ci&2 != 0 && right == 0) {
				continue
			}
			if bits.OnesCount32(S|capt) < 2 {
				continue // the game was over before the move
			}
			buf = t.classicUnmoves(T, S, empty, to, capt, mover, buf)
		}
	}
	return buf
}

// appendBoard appends to buf the board with the mover's stones pt and the
// other side's ps, as x and o masks.
func appendBoard(buf [][2]uint32, mover rules.Seat, pt, ps uint32) [][2]uint32 {
	if mover == 0 {
		return append(buf, [2]uint32{pt, ps})
	}
	return append(buf, [2]uint32{ps, pt})
}

// modernPredecessors is predecessors in modern Alak, where the mover owns
// T, the other side S, and the move captured f: the mover's last stone was
// dropped on an empty point.
func (t *table) modernPredecessors(T, S, f uint32, mover rules.Seat, buf [][2]uint32) [][2]uint32 {
	for c := T; c != 0; c &= c - 1 {
		p := bits.TrailingZeros32(c)
		if f != 0 && f&(uint32(1)<<(p+1)|uint32(1)<<p>>1) == 0 {
			continue // the captured runs must touch p
		}
		pt, ps := T&^(1<<p), S|f
		nt, nsx, cap := alak.Step(true, t.n, pt, ps, rules.Move(p))
		if nt == T && nsx == S && cap == f {
			buf = appendBoard(buf, mover, pt, ps)
		}
	}
	return buf
}

// capturedRuns returns the empty runs next to the classic mover's piece on
// to, each closed on its far side by another mover's piece (T): the
// opponent runs the move to to may have captured (0 where there is none).
func (t *table) capturedRuns(T, empty uint32, to int) (left, right uint32) {
	l := to - 1
	for l >= 0 && empty&(1<<l) != 0 {
		l--
	}
	if l >= 0 && l < to-1 && T&(1<<l) != 0 {
		left = (uint32(1)<<to - 1) &^ (uint32(1)<<(l+1) - 1)
	}
	r := to + 1
	for r < t.n && empty&(1<<r) != 0 {
		r++
	}
	if r < t.n && r > to+1 && T&(1<<r) != 0 {
		right = (uint32(1)<<r - 1) &^ (uint32(1)<<(to+1) - 1)
	}
	return left, right
}

// classicUnmoves appends to buf the classic boards from which the mover
// (owning T after the move, the other side S) moved a piece from an empty
// slot to to, capturing capt.
func (t *table) classicUnmoves(T, S, empty uint32, to int, capt uint32, mover rules.Seat, buf [][2]uint32) [][2]uint32 {
	for fc := empty &^ capt; fc != 0; fc &= fc - 1 {
		from := bits.TrailingZeros32(fc)
		pt := T&^(1<<to) | 1<<from
		ps := S | capt
		lo, hi := from, to
		if lo > hi {
			lo, hi = hi, lo
		}
		between := (uint32(1)<<hi - 1) &^ (uint32(1)<<(lo+1) - 1)
		if (pt|ps)&between != between {
			continue // to is not the nearest empty slot
		}
		nt, nsx, cap := alak.Step(false, t.n, pt, ps, alak.ClassicMove(from, to))
		if nt == T && nsx == S && cap == capt {
			buf = appendBoard(buf, mover, pt, ps)
		}
	}
	return buf
}

// A lazily built table, shared by the whole process.
type lazyTable struct {
	once sync.Once
	done chan struct{}
	t    *table
}

// tables: index 0 classic, index n modern on n points (7..MaxSolvedPoints).
var tables [MaxSolvedPoints + 1]lazyTable

func init() {
	for i := range tables {
		tables[i].done = make(chan struct{})
	}
}

// slot returns the lazy table of g's rule set, or nil when none is offered.
func slot(modern bool, n int) *lazyTable {
	switch {
	case !modern && n == alak.ClassicSlots:
		return &tables[0]
	case modern && n >= alak.MinPoints && n <= MaxSolvedPoints:
		return &tables[n]
	}
	return nil
}

// start begins building the table in a goroutine, once per process.
func (l *lazyTable) start(modern bool, n int) {
	l.once.Do(func() {
		go func() {
			l.t = buildTable(modern, n)
			close(l.done)
		}()
	})
}

// wait starts the build if needed and returns the table, blocking.
func (l *lazyTable) wait(modern bool, n int) *table {
	l.start(modern, n)
	<-l.done
	return l.t
}

// ready starts the build of l's table if needed and reports whether it is
// ready: at once if built, else after waiting until ctx is done or a
// quarter (params.tableWait) of the time to ctx's deadline has passed.
func (l *lazyTable) ready(ctx context.Context, modern bool, n int) bool {
	l.start(modern, n)
	select {
	case <-l.done:
		return true
	default:
	}
	var timeout <-chan time.Time
	if dl, ok := ctx.Deadline(); ok {
		timer := time.NewTimer(time.Until(dl) / params.tableWait)
		defer timer.Stop()
		timeout = timer.C
	}
	select {
	case <-l.done:
		return true
	case <-ctx.Done():
	case <-timeout:
	}
	return false
}
