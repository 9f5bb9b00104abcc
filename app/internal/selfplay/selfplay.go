// Package selfplay plays engine-against-engine games: the opening and the
// moves after it, as `planiverse selfplay` and levelquality play them.
package selfplay

import (
	"context"
	"math/rand/v2"

	"planiverse/ai"
	"planiverse/rules"
)

// MaxPlies is the most plies Play plays after the opening.
const MaxPlies = 2000

// Open plays the opening of a self-play game on s: d.Opening, or two
// random plies when d has none, drawn from stream of seed (a PCG source).
// Games that share seed and stream share the opening.
func Open(d *rules.Descriptor, s rules.State, seed, stream uint64) {
	or := rand.New(rand.NewPCG(seed, stream))
	if d.Opening != nil {
		d.Opening(s, or)
	} else {
		rules.RandomPlies(s, or, 2)
	}
}

// Player says which engine plays the move of seat and at which level.
type Player func(seat rules.Seat) (e *ai.Engine, level int)

// Play clears the hash tables of engines and plays s on until the game is
// over, an engine finds no move, or MaxPlies plies. Each move is the one
// player's engine chooses for the seat to move; the engines draw their
// random choices from stream game of seed^0x5eed. moved, when not nil, is
// called after each move with the seat that played it. Play returns
// ctx's error when ctx ends, the move in progress not played.
func Play(ctx context.Context, s rules.State, engines []*ai.Engine, player Player, seed, game uint64, moved func(seat rules.Seat, m rules.Move)) error {
	for _, e := range engines {
		e.ClearHash()
	}
	r := rand.New(rand.NewPCG(seed^0x5eed, game))
	for range MaxPlies {
		if over, _ := s.Outcome(); over {
			break
		}
		seat := s.ToMove()
		e, level := player(seat)
		res := e.Play(ctx, s, level, r, nil)
		if err := ctx.Err(); err != nil {
			return err
		}
		if res.Move == rules.NoMove {
			break
		}
		s.Play(res.Move)
		if moved != nil {
			moved(seat, res.Move)
		}
	}
	return nil
}
