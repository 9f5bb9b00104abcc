// Package explaintest holds the property test every game's ai.Explainer
// passes (CheckPlayedGames); the knowledge packages' tests call it. It
// imports ai and rules, never a game.
package explaintest

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/rules"
)

// CheckPlayedGames explains, on positions of four random games from the
// positions start returns (one per seed 1-4), one legal move against
// another every third ply, and fails unless each explanation leaves the
// position unchanged and is one sentence about the move played: it
// starts with the move's text (or "After" it) and ends with a full stop.
// Some explanation must name a reason.
func CheckPlayedGames(t *testing.T, k ai.Explainer, start func(seed uint64, r *rand.Rand) rules.State) {
	t.Helper()
	said := 0
	for seed := uint64(1); seed <= 4; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		s := start(seed, r)
		for ply := 0; ply < 120; ply++ {
			moves := s.Moves(nil)
			if len(moves) == 0 {
				break
			}
			if len(moves) >= 2 && ply%3 == 0 {
				before := s.Hash()
				p, b := moves[r.IntN(len(moves))], moves[r.IntN(len(moves))]
				if p != b {
					w := k.Explain(context.Background(), s, p, b).String()
					name := s.MoveString(p)
					if w != "" {
						said++
					}
					about := strings.HasPrefix(w, name+" ") || strings.HasPrefix(w, "After "+name+",") || strings.HasPrefix(w, "After "+name+" ")
					if w != "" && (!about || !strings.HasSuffix(w, ".")) {
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

// positioner is a state that writes its whole position as text.
type positioner interface{ Position() string }

// CheckCase explains the move played against best, both in s's notation,
// and fails unless the sentence is want and s is as it was (its hash and,
// where it writes one, its Position text).
func CheckCase(t *testing.T, k ai.Explainer, s rules.State, played, best, want string) {
	t.Helper()
	hash := s.Hash()
	var pos string
	if p, ok := s.(positioner); ok {
		pos = p.Position()
	}
	pm, err := s.ParseMove(played)
	if err != nil {
		t.Fatal(err)
	}
	bm, err := s.ParseMove(best)
	if err != nil {
		t.Fatal(err)
	}
	if got := k.Explain(context.Background(), s, pm, bm).String(); got != want {
		t.Errorf("Explain(%s, best %s) = %q, want %q", played, best, got, want)
	}
	if p, ok := s.(positioner); s.Hash() != hash || ok && p.Position() != pos {
		t.Errorf("Explain changed the position")
	}
}
