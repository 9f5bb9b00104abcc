package puzzle

import (
	"fmt"
	"hash/fnv"
	"slices"

	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
)

// regionCandidates is how many points of legal moves a hint region holds
// at least, where the position has that many: the move to find is then
// one of several in the region.
const regionCandidates = 3

// area is a game's board geometry for hint regions: its points, each
// point's neighbors (one step of the board's own distance) and the point
// a move is made at. The points are numbered as the board widgets number
// them (widgets.RegionMarker).
type area struct {
	// radius is the region's first radius, in steps of neighbors: the
	// region is the points within radius of a center near the move.
	radius int
	// points is the number of points of s's board.
	points func(s rules.State) int
	// neighbors appends to buf the points one step from p on s's board.
	neighbors func(s rules.State, p int, buf []int) []int
	// point is the point move m of s is made at (a moving piece's start),
	// -1 for a move with none (a pass).
	point func(s rules.State, m rules.Move) int
}

// squareNeighbors appends the up to 8 points around p on an n×n grid
// numbered row by row (one king's step: Chebyshev distance 1).
func squareNeighbors(n, p int, buf []int) []int {
	x, y := p%n, p/n
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if (dx != 0 || dy != 0) && x+dx >= 0 && x+dx < n && y+dy >= 0 && y+dy < n {
				buf = append(buf, (y+dy)*n+x+dx)
			}
		}
	}
	return buf
}

// The games' areas (kind.area): Othello's region starts as a 3×3 block
// and Gomoku's as a 5×5 block, DVONN's as a stack and its six neighbors,
// Alak's as 3 slots in a row.
var (
	othelloArea = area{
		radius:    1,
		points:    func(rules.State) int { return 64 },
		neighbors: func(_ rules.State, p int, buf []int) []int { return squareNeighbors(8, p, buf) },
		point: func(_ rules.State, m rules.Move) int {
			if m < 64 {
				return int(m)
			}
			return -1
		},
	}
	gomokuArea = area{
		radius: 2,
		points: func(s rules.State) int { n := s.(*gomoku.Game).Size(); return n * n },
		neighbors: func(s rules.State, p int, buf []int) []int {
			return squareNeighbors(s.(*gomoku.Game).Size(), p, buf)
		},
		point: func(s rules.State, m rules.Move) int {
			if n := s.(*gomoku.Game).Size(); int(m) < n*n {
				return int(m)
			}
			return -1
		},
	}
	dvonnArea = area{
		radius:    1,
		points:    func(rules.State) int { return dvonn.NumCells },
		neighbors: func(_ rules.State, p int, buf []int) []int { return append(buf, dvonn.Neighbors(p)...) },
		point: func(_ rules.State, m rules.Move) int {
			if from, to, _ := dvonn.Decode(m); from >= 0 {
				return from
			} else {
				return to
			}
		},
	}
	alakArea = area{
		radius: 1,
		points: func(s rules.State) int { return s.(*alak.Game).Len() },
		neighbors: func(s rules.State, p int, buf []int) []int {
			if p > 0 {
				buf = append(buf, p-1)
			}
			if p+1 < s.(*alak.Game).Len() {
				buf = append(buf, p+1)
			}
			return buf
		},
		point: func(s rules.State, m rules.Move) int {
			if from, to := s.(*alak.Game).DecodeMove(m); from >= 0 {
				return from
			} else {
				return to
			}
		},
	}
)

// Region returns the hint region of move m in position s of the game
// named game (Descriptor.Name), the board's points ascending: the points
// within the game's radius of a center picked near m's point, so that m
// lies somewhere in the block rather than at its middle. When that block
// holds fewer than regionCandidates points of legal moves (or all of the
// position's, when it has fewer), blocks picked the same way around the
// legal points nearest m are added until it does: the region is then a
// few blocks, each with a legal move. seed picks the centers (the same
// seed, the same region). It returns nil for a game without an area or a
// move made at no point.
func Region(game string, s rules.State, m rules.Move, seed string) []int {
	a := kinds[game].area
	if a.point == nil {
		return nil
	}
	p := a.point(s, m)
	n := a.points(s)
	if p < 0 || p >= n {
		return nil
	}
	legal := make([]bool, n)
	total := 0
	for _, x := range s.Moves(nil) {
		if q := a.point(s, x); q >= 0 && q < n && !legal[q] {
			legal[q] = true
			total++
		}
	}
	need := min(regionCandidates, total)
	in := make([]bool, n)
	count := 0
	// add adds the block of a center picked among the points near q.
	add := func(q int) {
		h := fnv.New64a()
		fmt.Fprintf(h, "%s/%d", seed, q)
		near := ball(a, s, n, q, a.radius)
		slices.Sort(near)
		for _, x := range ball(a, s, n, near[h.Sum64()%uint64(len(near))], a.radius) {
			if !in[x] {
				in[x] = true
				if legal[x] {
					count++
				}
			}
		}
	}
	add(p)
	// The legal points nearest p first (ball lists by distance).
	for _, q := range ball(a, s, n, p, n) {
		if count >= need {
			break
		}
		if legal[q] && !in[q] {
			add(q)
		}
	}
	var region []int
	for x, ok := range in {
		if ok {
			region = append(region, x)
		}
	}
	return region
}

// ball returns the points of s's board (n points) within r steps of p,
// nearest first.
func ball(a area, s rules.State, n, p, r int) []int {
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	dist[p] = 0
	queue := []int{p}
	var buf []int
	for i := 0; i < len(queue); i++ {
		q := queue[i]
		if dist[q] == r {
			continue
		}
		buf = a.neighbors(s, q, buf[:0])
		for _, x := range buf {
			if dist[x] < 0 {
				dist[x] = dist[q] + 1
				queue = append(queue, x)
			}
		}
	}
	return queue
}

// Region returns the hint region of the solution's next move (Region, the
// puzzle's id picking the center and the step the puzzle is at), for the
// window to highlight; the attempt no longer counts as solved. It returns
// nil when the attempt is done.
func (a *Attempt) Region() []int {
	if a.Done() {
		return nil
	}
	a.Hinted = true
	m, err := a.s.ParseMove(a.P.Solution[a.step])
	if err != nil {
		return nil
	}
	return Region(a.P.Game, a.s, m, a.P.ID+"#"+a.P.Solution[a.step])
}
