package ai_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/othello"
)

// TestMain installs the four games' AI knowledge for every test.
func TestMain(m *testing.M) {
	ai.Use(games.Knowledge())
	os.Exit(m.Run())
}

// named is an Othello position that names another game.
type named struct{ *othello.Board }

func (named) GameName() string { return "named-toy" }

type constEval struct{}

func (constEval) Evaluate(rules.State) int { return 7 }

func TestKnowledgeRegistry(t *testing.T) {
	if _, ok := ai.KnowledgeFor(othello.New()).(*othelloai.Knowledge); !ok {
		t.Fatalf("othello knowledge is %T", ai.KnowledgeFor(othello.New()))
	}
	s := named{othello.New()}
	ai.Register("named-toy", func() ai.Knowledge { return constEval{} })
	defer ai.Register("named-toy", nil)
	if _, ok := ai.KnowledgeFor(s).(constEval); !ok {
		t.Fatalf("registered knowledge not used: %T", ai.KnowledgeFor(s))
	}
	ai.Register("named-toy", nil)
	if _, err := ai.LookupKnowledge("named-toy"); !errors.Is(err, ai.ErrNoKnowledge) {
		t.Fatalf("a removed game's knowledge: %v, want ErrNoKnowledge", err)
	}
	if !ai.Prepare(alak.NewClassic(), true) || ai.Prepare(othello.New(), false) {
		t.Fatal("Prepare: classic Alak has a table, Othello nothing to prepare")
	}
	g, _ := alak.NewModern(20)
	if ai.Prepare(g, false) {
		t.Fatal("modern Alak on 20 points has no table")
	}
}

// mustPanicNoKnowledge fails the test unless f panics with an error
// wrapping ai.ErrNoKnowledge that names the game.
func mustPanicNoKnowledge(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		err, _ := recover().(error)
		if !errors.Is(err, ai.ErrNoKnowledge) || !strings.Contains(err.Error(), `"named-toy"`) {
			t.Errorf("%s for a game without knowledge: panic %v, want ErrNoKnowledge naming the game", what, err)
		}
	}()
	f()
}

// TestMissingKnowledgeIsAnError: a game without installed knowledge gets
// no generic evaluator: LookupKnowledge says so, and every question that
// needs the knowledge, a search included, panics with ErrNoKnowledge.
func TestMissingKnowledgeIsAnError(t *testing.T) {
	k, err := ai.LookupKnowledge("named-toy")
	if !errors.Is(err, ai.ErrNoKnowledge) || k != nil {
		t.Fatalf("LookupKnowledge of a game without knowledge: %T, %v", k, err)
	}
	if _, err := ai.LookupKnowledge(othello.Descriptor.Name); err != nil {
		t.Fatalf("LookupKnowledge(othello): %v", err)
	}
	s := named{othello.New()}
	mustPanicNoKnowledge(t, "KnowledgeFor", func() { ai.KnowledgeFor(s) })
	mustPanicNoKnowledge(t, "Prepare", func() { ai.Prepare(s, false) })
	mustPanicNoKnowledge(t, "MoveShare", func() { ai.MoveShare(s) })
	mustPanicNoKnowledge(t, "AdvantageScale", func() { ai.AdvantageScale("named-toy") })
	mustPanicNoKnowledge(t, "LevelFiguresOf", func() { ai.LevelFiguresOf("named-toy") })
	mustPanicNoKnowledge(t, "Search", func() { ai.NewEngine(1).Search(context.Background(), s, ai.Limits{Depth: 1}, nil) })
}
