package nboard

import (
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/app/protocol/link"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// TestMain installs the four games' AI knowledge for every test.
func TestMain(m *testing.M) {
	ai.Use(games.Knowledge())
	os.Exit(m.Run())
}

func TestNBoardGameClock(t *testing.T) {
	// With --time-game the clock is charged by each "go" and starts again
	// with a new game (a position with more empty squares).
	p := link.NewServer(link.Options{Level: 1, TableMB: 1, Rand: rand.New(rand.NewPCG(1, 2)), GameTime: 2 * time.Second})
	n := &nboard{p: p, reply: func(string, ...any) {}, b: othello.New()}
	if res := n.move(); res.Move == rules.NoMove {
		t.Fatal("no move at the start")
	}
	first := n.left
	if first >= p.GameTime() || first <= 0 {
		t.Fatalf("after the first move the clock has %v of %v", first, p.GameTime())
	}
	n.b.Play(n.b.Moves(nil)[0])
	n.b.Play(n.b.Moves(nil)[0])
	p.SetCPUClock(true) // charged with CPU time from here
	n.move()
	if n.left > first {
		t.Errorf("the second move left the clock at %v (after the first: %v)", n.left, first)
	}
	n.left = -time.Hour // overspent: only a new game gives time again
	n.b = othello.New()
	n.move()
	if n.left <= 0 || n.left >= p.GameTime() {
		t.Errorf("a new game's clock has %v after its first move, want (0, %v)", n.left, p.GameTime())
	}
	if n.clockEmpties != 60 {
		t.Errorf("clock empties %d after a new game, want 60", n.clockEmpties)
	}
}

// TestNBoardKeepsHash: "set game" with a later position of the same game
// keeps the transposition table (searching the position again costs far
// fewer nodes), and a position of another game empties it (the search
// costs exactly what it cost the fresh engine).
func TestNBoardKeepsHash(t *testing.T) {
	start := "---------------------------O*------*O---------------------------"
	game := "(;GM[Othello]TY[8]BO[8 " + start + " *]B[F5]W[D6]B[C3]W[D3]B[C4];)"
	later := "(;GM[Othello]TY[8]BO[8 " + start + " *]B[F5]W[D6]B[C3]W[D3]B[C4]W[F4];)"
	other := "(;GM[Othello]TY[8]BO[8 " + start + " *]B[D3]W[C5]B[F6]W[F5]B[E6]W[E3];)"
	n := &nboard{p: link.NewServer(link.Options{Level: ai.MaxLevel, TableMB: 4}), reply: func(string, ...any) {}, b: othello.New()}
	n.depth = 7
	nodes := func(ggf string) int64 {
		t.Helper()
		n.set("game " + ggf)
		res := n.search(nil)
		if res.Move == rules.NoMove || res.Nodes == 0 {
			t.Fatalf("no search of %s: %+v", ggf, res)
		}
		return res.Nodes
	}
	fresh := nodes(game)
	if again := nodes(game); again*2 > fresh {
		t.Errorf("the same position again searched %d nodes, fresh %d: the table was not kept", again, fresh)
	}
	nodes(later)
	nodes(other)
	if back := nodes(game); back != fresh {
		t.Errorf("after another game's position the search took %d nodes, fresh %d: the table was kept", back, fresh)
	}
	for _, c := range []struct {
		prev, next string
		want       bool
	}{{game, later, true}, {game, game, true}, {later, game, false}, {game, other, false}} {
		p, _ := parseGGF(c.prev)
		q, _ := parseGGF(c.next)
		if got := continues(p, q); got != c.want {
			t.Errorf("continues(%s, %s) = %v", p.Position(), q.Position(), got)
		}
	}
}

func TestParseGGF(t *testing.T) {
	start := "---------------------------O*------*O---------------------------"
	b, err := parseGGF("(;GM[Othello]TY[8]BO[8 " + start + " *]B[F5]W[D6]B[C3//1.2]W[PA];)")
	if err == nil {
		t.Fatalf("a pass with moves available was accepted: %v", b)
	}
	b, err = parseGGF("(;GM[Othello]TY[8]BO[8 " + start + " *]B[F5]W[D6]B[C3//1.2];)")
	want := othello.New()
	rules.PlayMoves(want, "f5 d6 c3")
	if err != nil || b.Hash() != want.Hash() {
		t.Fatalf("%v %v", b, err)
	}
	for _, bad := range []string{"", "(;", "(;GM[Othello]BO[8 --- *];)", "(;GM[Othello]B[F5];)", "(;GM[Othello]BO[8 " + start + " *]W[F5];)"} {
		if _, err := parseGGF(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// FuzzParseGGF reads arbitrary GGF text: never a panic; an accepted game is
// a legal Othello position.
func FuzzParseGGF(f *testing.F) {
	f.Add("(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6];)")
	f.Add("(;)")
	f.Add("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- O]W[pa];)")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := parseGGF(text)
		if err == nil && b.Hash() != othello.ScratchHash(b) {
			t.Fatalf("%q: inconsistent position", text)
		}
	})
}
