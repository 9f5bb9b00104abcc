package othelloai

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/othello"
)

// TestExplainOnPlayedGames: on positions of random games, every
// explanation of one legal move against another leaves the position
// unchanged and is one sentence about the move played: it starts with the
// move's text (or "After" it) and ends with a full stop. Some of them
// must name a reason.
func TestExplainOnPlayedGames(t *testing.T) {
	k := New()
	said := 0
	for seed := uint64(1); seed <= 4; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		var s rules.State = othello.New()
		for ply := 0; ply < 120; ply++ {
			moves := s.Moves(nil)
			if len(moves) == 0 {
				break
			}
			if len(moves) >= 2 && ply%3 == 0 {
				before := s.Hash()
				p, b := moves[r.IntN(len(moves))], moves[r.IntN(len(moves))]
				if p != b {
					w := k.Explain(context.Background(), s, p, b)
					name := s.MoveString(p)
					if w != "" {
						said++
					}
					if w != "" && !(strings.HasPrefix(w, name+" ") || strings.HasPrefix(w, "After "+name+",") || strings.HasPrefix(w, "After "+name+" ")) || w != "" && !strings.HasSuffix(w, ".") {
						t.Errorf("seed %d ply %d: %s against %s: %q", seed, ply, name, s.MoveString(b), w)
					}
					if s.Hash() != before {
						t.Fatalf("seed %d ply %d: Explain changed the position", seed, ply)
					}
				}
			}
			s.Play(moves[r.IntN(len(moves))])
		}
	}
	if said == 0 {
		t.Error("no move explained: not a test")
	}
	t.Logf("%d explanations", said)
}
