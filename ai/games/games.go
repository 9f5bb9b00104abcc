// Package games builds the set of the four games' AI knowledge
// (ai/othelloai, ai/gomokuai, ai/dvonnai, ai/alakai), keyed by each game's
// registry name (rules.Descriptor.Name). A program installs it explicitly
// at start-up, ai.Use(games.Knowledge()); importing the package installs
// nothing, and package ai itself names no game.
//
// It may import ai, the knowledge packages and the rules packages; nothing
// in ai or a knowledge package imports it.
package games

import (
	"planiverse/ai"
	"planiverse/ai/alakai"
	"planiverse/ai/dvonnai"
	"planiverse/ai/gomokuai"
	"planiverse/ai/othelloai"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// Knowledge returns a new set holding the knowledge constructor of each
// of the four games, for ai.Use.
func Knowledge() ai.KnowledgeSet {
	return ai.KnowledgeSet{
		othello.Descriptor.Name: func() ai.Knowledge { return othelloai.New() },
		gomoku.Descriptor.Name:  func() ai.Knowledge { return gomokuai.New() },
		dvonn.Descriptor.Name:   func() ai.Knowledge { return dvonnai.New() },
		alak.Descriptor.Name:    func() ai.Knowledge { return alakai.New() },
	}
}
