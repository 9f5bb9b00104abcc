package ai

import (
	"planiverse/ai/alakai"
	"planiverse/ai/dvonnai"
	"planiverse/ai/gomokuai"
	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// KnowledgeFor returns the game knowledge for s's game, chosen by its
// concrete type (*othello.Board, *gomoku.Game, *dvonn.Game, *alak.Game from
// planiverse/rules/...): othelloai.New(), gomokuai.New(), dvonnai.New(),
// alakai.New(). Any other State gets the generic Mobility evaluator. Each call
// returns a fresh value: knowledge may keep scratch buffers, so one value
// must not be shared between goroutines.
func KnowledgeFor(s rules.State) Knowledge {
	switch s.(type) {
	case *othello.Board:
		return othelloai.New()
	case *gomoku.Game:
		return gomokuai.New()
	case *dvonn.Game:
		return dvonnai.New()
	case *alak.Game:
		return alakai.New()
	}
	return &Mobility{}
}

// gameName names the game of s ("othello", "gomoku", "dvonn", "alak"), or ""
// for another State; it selects the level tables.
func gameName(s rules.State) string {
	switch s.(type) {
	case *othello.Board:
		return "othello"
	case *gomoku.Game:
		return "gomoku"
	case *dvonn.Game:
		return "dvonn"
	case *alak.Game:
		return "alak"
	}
	return ""
}
