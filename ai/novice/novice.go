// Package novice holds the novice baselines: simple players that stand for
// a true beginner, against which the gentlest level is measured (a level a
// beginner wins about half the time against). Each chooses a legal move
// from the rules alone, with ties broken by a seeded random source:
//
//   - random (every game): a legal move drawn uniformly;
//   - greedy (Othello): the placement that flips the most discs;
//   - liner (Gomoku): a five if it can make one, else a block of the
//     opponent's four, else the stone that makes its longest line longest,
//     next to the stones already played.
//
// planiverse engine GAME --player NAME plays one over the game's engine
// protocol, so that planiverse match can set it against a level. The
// package uses only the rules packages; the search (package ai) names no
// game and does not import it.
package novice

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"

	"planiverse/rules"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// Player is one novice baseline: its Name (the --player word), the
// registry name of the game it plays (Game; "" for every game), a one-line
// Description, and its move chooser.
type Player struct {
	Name        string
	Game        string
	Description string
	choose      func(s rules.State, r *rand.Rand) rules.Move
}

var players = []Player{
	{"random", "", "a legal move drawn at random", Random},
	{"greedy", othello.Descriptor.Name, "the placement that flips the most discs", Greedy},
	{"liner", gomoku.Descriptor.Name, "makes five, else blocks a four, else lengthens its longest line", Liner},
}

// Choose returns the player's move in s (not changed), rules.NoMove when
// the game is over; r breaks ties and draws the random moves.
func (p Player) Choose(s rules.State, r *rand.Rand) rules.Move { return p.choose(s, r) }

// Players returns the baselines that play the game named game (a registry
// name), random first.
func Players(game string) []Player {
	var out []Player
	for _, p := range players {
		if p.Game == "" || p.Game == game {
			out = append(out, p)
		}
	}
	return out
}

// Lookup returns the baseline called name (case-insensitive) for the game
// named game, or an error naming the baselines that game has.
func Lookup(game, name string) (Player, error) {
	var names []string
	for _, p := range Players(game) {
		if strings.EqualFold(p.Name, strings.TrimSpace(name)) {
			return p, nil
		}
		names = append(names, p.Name)
	}
	return Player{}, fmt.Errorf("no novice player %s for %s (players: %s)", rules.Quote(name), game, strings.Join(names, ", "))
}

// Random returns a legal move of s drawn uniformly with r, or rules.NoMove
// when the game is over.
func Random(s rules.State, r *rand.Rand) rules.Move {
	moves := s.Moves(nil)
	if len(moves) == 0 {
		return rules.NoMove
	}
	return moves[r.IntN(len(moves))]
}

// Greedy is the flip-maximiser of Othello: the placement that flips the
// most discs, ties drawn with r; the pass when it must pass. On another
// game's state it plays Random.
func Greedy(s rules.State, r *rand.Rand) rules.Move {
	b, ok := s.(*othello.Board)
	if !ok {
		return Random(s, r)
	}
	own, opp := b.Bitboards()
	legal := othello.MovesMask(own, opp)
	if legal == 0 {
		return Random(s, r) // the pass, or NoMove at the end
	}
	var t ties
	for m := legal; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		t.offer(rules.Move(sq), bits.OnesCount64(othello.FlipsMask(sq, own, opp)), r)
	}
	return t.best
}

// Liner is Gomoku's line-builder: a point that makes a five (by the rule in
// force) if there is one; else a point where the opponent would make five
// (a block of a four); else, among the empty points next to a stone (the
// center on an empty board), one where its own longest line through the
// point is longest. Ties are drawn with r. It never swaps or balances
// unless nothing else is legal. On another game's state it plays Random.
func Liner(s rules.State, r *rand.Rand) rules.Move {
	g, ok := s.(*gomoku.Game)
	if !ok {
		return Random(s, r)
	}
	all := g.Moves(nil)
	var points []rules.Move
	for _, m := range all {
		if m != rules.Swap && m != gomoku.Balance {
			points = append(points, m)
		}
	}
	if len(points) == 0 {
		return Random(s, r)
	}
	me := g.ColorToMove()
	foe := me.Opponent()
	var win, block, grow ties
	work := g.Clone()
	for _, m := range points {
		work.Play(m)
		if work.(*gomoku.Game).Won() {
			win.offer(m, 1, r)
		}
		work.Undo()
		if fives(g, foe, int(m)) {
			block.offer(m, 1, r)
		}
		if near(g, int(m)) {
			grow.offer(m, longest(g, me, int(m)), r)
		}
	}
	switch {
	case win.n > 0:
		return win.best
	case block.n > 0:
		return block.best
	case grow.n > 0:
		return grow.best
	}
	center := rules.Move(g.Size()/2*g.Size() + g.Size()/2)
	if g.Legal(center) {
		return center
	}
	return points[r.IntN(len(points))]
}

// ties keeps the highest-scoring candidate offered, choosing uniformly
// among equal scores (reservoir sampling).
type ties struct {
	best  rules.Move
	score int
	n     int // candidates with the best score so far
}

func (t *ties) offer(m rules.Move, score int, r *rand.Rand) {
	switch {
	case t.n == 0 || score > t.score:
		t.best, t.score, t.n = m, score, 1
	case score == t.score:
		t.n++
		if r.IntN(t.n) == 0 {
			t.best = m
		}
	}
}

// runs returns, for each direction, the length of color's run through the
// empty point p if color placed a stone there.
func runs(g *gomoku.Game, color rules.Seat, p int) [4]int {
	var out [4]int
	for dir := range 4 {
		line, b := gomoku.LineOf(g.Size(), dir, p)
		l := g.Line(color, dir, line) | 1<<b
		out[dir] = bits.TrailingZeros32(^(l >> b)) + bits.LeadingZeros32(^(l << (31 - b))) - 1
	}
	return out
}

// longest is color's longest run through p if it placed a stone there.
func longest(g *gomoku.Game, color rules.Seat, p int) int {
	rs := runs(g, color, p)
	return max(rs[0], rs[1], rs[2], rs[3])
}

// fives reports whether color would make a five at p: a run of five, or
// longer where the rule allows overlines (not under exact five, nor for
// Black under Renju).
func fives(g *gomoku.Game, color rules.Seat, p int) bool {
	exact := g.Rule() == gomoku.ExactFive || g.Rule() == gomoku.Renju && color == rules.First
	for _, n := range runs(g, color, p) {
		if n == 5 || n > 5 && !exact {
			return true
		}
	}
	return false
}

// near reports whether point p has a stone among its eight neighbors.
func near(g *gomoku.Game, p int) bool {
	size := g.Size()
	x, y := p%size, p/size
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if (dx != 0 || dy != 0) && x+dx >= 0 && x+dx < size && y+dy >= 0 && y+dy < size {
				if _, ok := g.At(x+dx, y+dy); ok {
					return true
				}
			}
		}
	}
	return false
}
