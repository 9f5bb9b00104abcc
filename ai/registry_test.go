package ai

import (
	"testing"

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
	if _, ok := KnowledgeFor(othello.New()).(*othelloai.Knowledge); !ok {
		t.Fatalf("othello knowledge is %T", KnowledgeFor(othello.New()))
	}
	s := named{othello.New()}
	if _, ok := KnowledgeFor(s).(*Mobility); !ok {
		t.Fatalf("an unknown game gets %T, want Mobility", KnowledgeFor(s))
	}
	Register("named-toy", func() Knowledge { return constEval{} })
	defer Register("named-toy", nil)
	if _, ok := KnowledgeFor(s).(constEval); !ok {
		t.Fatalf("registered knowledge not used: %T", KnowledgeFor(s))
	}
	if !Prepare(alak.NewClassic(), true) || Prepare(othello.New(), false) {
		t.Fatal("Prepare: classic Alak has a table, Othello nothing to prepare")
	}
	g, _ := alak.NewModern(20)
	if Prepare(g, false) {
		t.Fatal("modern Alak on 20 points has no table")
	}
}
