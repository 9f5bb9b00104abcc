package games_test

import (
	"errors"
	"reflect"
	"testing"

	"planiverse/ai"
	"planiverse/ai/alakai"
	"planiverse/ai/dvonnai"
	"planiverse/ai/games"
	"planiverse/ai/gomokuai"
	"planiverse/ai/othelloai"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
	"planiverse/rules/registry"
)

// TestKnowledgeCoversEveryGame: the set holds knowledge for each game of
// rules/registry and for no other name.
func TestKnowledgeCoversEveryGame(t *testing.T) {
	set := games.Knowledge()
	for _, d := range registry.Games() {
		if set[d.Name] == nil {
			t.Errorf("no knowledge for %q", d.Name)
		}
	}
	if len(set) != len(registry.Games()) {
		t.Errorf("%d knowledge constructors for %d games", len(set), len(registry.Games()))
	}
}

// TestUseInstallsTheSet: before Use no game has knowledge (an error, not a
// generic evaluator); after Use each game gets its own package's
// knowledge; Use of an empty set removes them again.
func TestUseInstallsTheSet(t *testing.T) {
	if _, err := ai.LookupKnowledge(othello.Descriptor.Name); !errors.Is(err, ai.ErrNoKnowledge) {
		t.Fatalf("before Use: %v, want ErrNoKnowledge", err)
	}
	ai.Use(games.Knowledge())
	want := map[string]ai.Knowledge{
		othello.Descriptor.Name: othelloai.New(),
		gomoku.Descriptor.Name:  gomokuai.New(),
		dvonn.Descriptor.Name:   dvonnai.New(),
		alak.Descriptor.Name:    alakai.New(),
	}
	for name, w := range want {
		k, err := ai.LookupKnowledge(name)
		if err != nil || reflect.TypeOf(k) != reflect.TypeOf(w) {
			t.Errorf("%s: %T, %v, want %T", name, k, err, w)
		}
	}
	ai.Use(ai.KnowledgeSet{})
	if _, err := ai.LookupKnowledge(othello.Descriptor.Name); !errors.Is(err, ai.ErrNoKnowledge) {
		t.Errorf("after Use of an empty set: %v, want ErrNoKnowledge", err)
	}
}
