// Package rulestest holds checks every game in rules/... must pass: undo
// restores position and hash, the incremental Zobrist hash equals one
// computed from scratch, move text round-trips, Moves/Play/Undo allocate
// nothing, and random legal playouts driven by fuzz bytes.
//
// It imports package testing and is meant for _test.go files only.
package rulestest

import (
	"errors"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"planiverse/rules"
)

// Game describes a game to the generic checks.
type Game struct {
	// New returns a fresh start position.
	New func() rules.State
	// ScratchHash computes the Zobrist hash of s from scratch (not
	// incrementally); nil skips the hash check.
	ScratchHash func(s rules.State) uint64
	// Invariants checks game-specific invariants (piece counts,
	// connectivity, ...) and returns a description of the first broken one,
	// or "" when all hold; nil skips it.
	Invariants func(s rules.State) string
}

// Playout plays a game from g.New(), choosing move moves[b % len(moves)] for
// each byte b of choices (then the first move once the bytes run out, up to
// maxPlies plies in total), and after every Play and Undo checks: the hash
// against ScratchHash, the invariants, that every legal move's text parses
// back to the same move, and that Undo restores String() and Hash(). It
// reports failures through t.
func Playout(t testing.TB, g Game, choices []byte, maxPlies int) {
	t.Helper()
	s := g.New()
	var buf []rules.Move
	type snap struct {
		diagram string
		hash    uint64
	}
	var trail []snap
	check := func(when string) bool {
		if g.ScratchHash != nil {
			if inc, scr := s.Hash(), g.ScratchHash(s); inc != scr {
				t.Errorf("%s: incremental hash %#x != scratch hash %#x\n%s", when, inc, scr, s)
				return false
			}
		}
		if g.Invariants != nil {
			if msg := g.Invariants(s); msg != "" {
				t.Errorf("%s: invariant broken: %s\n%s", when, msg, s)
				return false
			}
		}
		return true
	}
	if !check("start") {
		return
	}
	for ply := 0; ply < maxPlies; ply++ {
		buf = s.Moves(buf[:0])
		over, _ := s.Outcome()
		if len(buf) == 0 {
			if !over {
				t.Errorf("ply %d: no moves but Outcome says not over\n%s", ply, s)
			}
			break
		}
		if over {
			t.Errorf("ply %d: Outcome says over but %d moves listed\n%s", ply, len(buf), s)
			return
		}
		for _, m := range buf {
			text := s.MoveString(m)
			back, err := s.ParseMove(text)
			if err != nil || back != m {
				t.Errorf("ply %d: move %d text %q parses back to %d, %v", ply, m, text, back, err)
				return
			}
		}
		m := buf[0]
		if ply < len(choices) {
			m = buf[int(choices[ply])%len(buf)]
		}
		trail = append(trail, snap{s.String(), s.Hash()})
		s.Play(m)
		if !check("after " + s.MoveString(m)) {
			return
		}
	}
	// Unwind the whole game, checking every Undo.
	for i := len(trail) - 1; i >= 0; i-- {
		s.Undo()
		if got := s.String(); got != trail[i].diagram {
			t.Errorf("undo to ply %d: position differs\nwant\n%s\ngot\n%s", i, trail[i].diagram, got)
			return
		}
		if got := s.Hash(); got != trail[i].hash {
			t.Errorf("undo to ply %d: hash %#x, want %#x", i, got, trail[i].hash)
			return
		}
		if !check("undo") {
			return
		}
	}
}

// RandomPlayouts runs n Playouts with bytes from a seeded generator.
func RandomPlayouts(t *testing.T, g Game, n, maxPlies int, seed uint64) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < n && !t.Failed(); i++ {
		b := make([]byte, maxPlies)
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		Playout(t, g, b, maxPlies)
	}
}

// NoAllocs checks that Moves, Play and Undo allocate nothing, along a random
// playout of up to maxPlies plies, once the move buffer has grown.
func NoAllocs(t *testing.T, g Game, maxPlies int, seed uint64) {
	t.Helper()
	s := g.New()
	r := rand.New(rand.NewPCG(seed, 2))
	buf := make([]rules.Move, 0, 1024)
	for ply := 0; ply < maxPlies; ply++ {
		buf = s.Moves(buf[:0])
		if len(buf) == 0 {
			break
		}
		m := buf[r.IntN(len(buf))]
		allocs := testing.AllocsPerRun(20, func() {
			buf = s.Moves(buf[:0])
			s.Play(m)
			s.Undo()
		})
		if allocs != 0 {
			t.Fatalf("ply %d: Moves/Play/Undo allocate %.1f times per run", ply, allocs)
		}
		s.Play(m)
	}
}

// Play plays space-separated move text on s through ParseMove, failing the
// test at the first unreadable or illegal move.
func Play(t testing.TB, s rules.State, moves string) {
	t.Helper()
	for _, text := range strings.Fields(moves) {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatalf("move %s: %v\n%s", text, err, s)
		}
		s.Play(m)
	}
}

// Positions returns the start position of g and n-1 positions reached from
// it by random legal plies (up to maxPlies), seeded by seed: the positions
// a text fuzz target tries each input on.
func Positions(g Game, n, maxPlies int, seed uint64) []rules.State {
	r := rand.New(rand.NewPCG(seed, 11))
	out := []rules.State{g.New()}
	var buf []rules.Move
	for len(out) < n {
		s := g.New()
		for k := r.IntN(maxPlies + 1); k > 0; k-- {
			buf = s.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			s.Play(buf[r.IntN(len(buf))])
		}
		out = append(out, s)
	}
	return out
}

// maxErrorText bounds the length of a move error's text, in bytes: errors
// quote their input cut to about 60 characters (rules.Quote).
const maxErrorText = 400

// CheckParseMove checks ParseMove on text in each of positions: no panic;
// an error wraps rules.ErrSyntax or rules.ErrIllegal and has a bounded
// text; a move it accepts is one of Moves and its MoveString reads back as
// the same move; the position is unchanged. It is the body of every game's
// FuzzParseMove.
func CheckParseMove(t *testing.T, positions []rules.State, text string) {
	t.Helper()
	var buf []rules.Move
	for _, s := range positions {
		h, diagram := s.Hash(), s.String()
		m, err := s.ParseMove(text)
		switch {
		case err != nil:
			if !errors.Is(err, rules.ErrSyntax) && !errors.Is(err, rules.ErrIllegal) {
				t.Fatalf("ParseMove(%q): error %v wraps neither ErrSyntax nor ErrIllegal", text, err)
			}
			if len(err.Error()) > maxErrorText {
				t.Fatalf("ParseMove(%.80q): %d bytes of error text", text, len(err.Error()))
			}
		default:
			buf = s.Moves(buf[:0])
			if !slices.Contains(buf, m) {
				t.Fatalf("ParseMove(%q) = %d, not a legal move\n%s", text, m, s)
			}
			if back, err := s.ParseMove(s.MoveString(m)); err != nil || back != m {
				t.Fatalf("ParseMove(%q) = %d, whose text %q reads back as %d, %v", text, m, s.MoveString(m), back, err)
			}
		}
		if s.Hash() != h || s.String() != diagram {
			t.Fatalf("ParseMove(%q) changed the position", text)
		}
	}
}

// RandomRecords returns n records of games of d's variant o played to the
// end (or to maxPlies plies) with uniformly random legal moves, seeded by
// seed, each with its result (Descriptor.ResultOf) and some match
// information for the formats to carry.
func RandomRecords(t testing.TB, d *rules.Descriptor, o rules.Options, n, maxPlies int, seed uint64) []*rules.Record {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 21))
	o, err := d.Resolve(o)
	if err != nil {
		t.Fatal(err)
	}
	var out []*rules.Record
	var buf []rules.Move
	for i := range n {
		s, err := d.New(o)
		if err != nil {
			t.Fatal(err)
		}
		rec := &rules.Record{Game: d.Name, Options: o, Info: rules.Info{
			Players: [2]string{"Ann [A]", `Bob \ B`},
			Levels:  [2]int{0, 1 + i%7},
			Date:    "2024-05-17",
			Event:   "Test match",
			Place:   "Planiverse",
			Comment: "random playout\nline two",
			Time:    "2 minutes per move",
		}}
		for range maxPlies {
			buf = s.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			m := buf[r.IntN(len(buf))]
			rec.Moves = append(rec.Moves, s.MoveString(m))
			s.Play(m)
		}
		rec.Info.Result = d.ResultOf(s)
		out = append(out, rec)
	}
	return out
}

// RoundTrip writes rec in format f, reads it back and checks that the game,
// the resolved variant and the moves are the same, and with keepInfo the
// match information too. It returns the record read, or nil after
// reporting a failure through t.
func RoundTrip(t testing.TB, d *rules.Descriptor, f rules.Format, rec *rules.Record, keepInfo bool) *rules.Record {
	t.Helper()
	data, err := f.Write(rec)
	if err != nil {
		t.Errorf("%s %s: write %q: %v", d.Name, f.Name, rec.Moves, err)
		return nil
	}
	back, err := f.Read(data)
	if err != nil {
		t.Errorf("%s %s: read back: %v\n%s", d.Name, f.Name, err, data)
		return nil
	}
	want, _ := d.Resolve(rec.Options)
	switch {
	case back.Game != d.Name:
		t.Errorf("%s %s: game %q", d.Name, f.Name, back.Game)
	case !maps.Equal(back.Options, want):
		t.Errorf("%s %s: options %v, want %v\n%s", d.Name, f.Name, back.Options, want, data)
	case !slices.Equal(back.Moves, rec.Moves):
		t.Errorf("%s %s: moves\n%q\nwant\n%q\n%s", d.Name, f.Name, back.Moves, rec.Moves, data)
	case keepInfo && back.Info != rec.Info:
		t.Errorf("%s %s: info %+v, want %+v\n%s", d.Name, f.Name, back.Info, rec.Info, data)
	default:
		return back
	}
	return nil
}

// CheckRead is the body of a record reader's fuzz target: f.Read(data)
// never panics; an error wraps rules.ErrSyntax, rules.ErrIllegal,
// rules.ErrFormat or rules.ErrOption and has a bounded text; a record read
// writes (f.Write) and reads back as the same record.
func CheckRead(t *testing.T, f rules.Format, data []byte) {
	t.Helper()
	r, err := f.Read(data)
	if err != nil {
		if !errors.Is(err, rules.ErrSyntax) && !errors.Is(err, rules.ErrIllegal) &&
			!errors.Is(err, rules.ErrFormat) && !errors.Is(err, rules.ErrOption) {
			t.Fatalf("%s read: error %v wraps no rules sentinel", f.Name, err)
		}
		if len(err.Error()) > maxErrorText {
			t.Fatalf("%s read: %d bytes of error text", f.Name, len(err.Error()))
		}
		return
	}
	out, err := f.Write(r)
	if err != nil {
		t.Fatalf("%s: a record read does not write: %v\n%+v", f.Name, err, r)
	}
	back, err := f.Read(out)
	if err != nil {
		t.Fatalf("%s: a record written does not read back: %v\n%s", f.Name, err, out)
	}
	if back.Game != r.Game || !maps.Equal(back.Options, r.Options) || !slices.Equal(back.Moves, r.Moves) || back.Info != r.Info {
		t.Fatalf("%s: read %+v\nwrote\n%s\nread back %+v", f.Name, r, out, back)
	}
}

// CheckWhy checks the rules.Refuser of each of positions against its
// Moves on every code of codes(s), legal or not: Why is "" for a legal
// move and, for any other code, one sentence (a capital letter first, a
// full stop last); the position is unchanged. It returns how many codes
// were refused with a reason, so that a test can make sure it tried some.
func CheckWhy(t *testing.T, positions []rules.State, codes func(s rules.State) []rules.Move) int {
	t.Helper()
	refused := 0
	var buf []rules.Move
	for _, s := range positions {
		e, ok := s.(rules.Refuser)
		if !ok {
			t.Fatalf("%T is not a rules.Refuser", s)
		}
		h, diagram := s.Hash(), s.String()
		buf = s.Moves(buf[:0])
		for _, m := range codes(s) {
			why := e.Why(m).String()
			legal := slices.Contains(buf, m)
			switch {
			case legal && why != "":
				t.Fatalf("Why(%s) = %q for a legal move\n%s", s.MoveString(m), why, s)
			case !legal && why == "":
				t.Fatalf("Why(code %d) = \"\" for a move that is not legal\n%s", m, s)
			case !legal && (why[0] < 'A' || why[0] > 'Z' || !strings.HasSuffix(why, ".")):
				t.Fatalf("Why(code %d) = %q: not a sentence", m, why)
			}
			if !legal {
				refused++
			}
		}
		if s.Hash() != h || s.String() != diagram {
			t.Fatal("Why changed the position")
		}
	}
	return refused
}
