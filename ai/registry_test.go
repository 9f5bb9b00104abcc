package ai_test

import (
	"testing"

	"planiverse/ai"
	_ "planiverse/ai/games" // the four games' knowledge
	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/othello"
)

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
	if _, ok := ai.KnowledgeFor(s).(*ai.Mobility); !ok {
		t.Fatalf("an unknown game gets %T, want Mobility", ai.KnowledgeFor(s))
	}
	ai.Register("named-toy", func() ai.Knowledge { return constEval{} })
	defer ai.Register("named-toy", nil)
	if _, ok := ai.KnowledgeFor(s).(constEval); !ok {
		t.Fatalf("registered knowledge not used: %T", ai.KnowledgeFor(s))
	}
	if !ai.Prepare(alak.NewClassic(), true) || ai.Prepare(othello.New(), false) {
		t.Fatal("Prepare: classic Alak has a table, Othello nothing to prepare")
	}
	g, _ := alak.NewModern(20)
	if ai.Prepare(g, false) {
		t.Fatal("modern Alak on 20 points has no table")
	}
}
