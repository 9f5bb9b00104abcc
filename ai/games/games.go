// Package games wires the four games' AI knowledge (ai/othelloai,
// ai/gomokuai, ai/dvonnai, ai/alakai) to the search in package ai, keyed by
// each game's registry name (rules.Descriptor.Name). Importing it, even for
// its side effect only, registers them; package ai itself names no game.
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

func init() {
	ai.Register(othello.Descriptor.Name, func() ai.Knowledge { return othelloai.New() })
	ai.Register(gomoku.Descriptor.Name, func() ai.Knowledge { return gomokuai.New() })
	ai.Register(dvonn.Descriptor.Name, func() ai.Knowledge { return dvonnai.New() })
	ai.Register(alak.Descriptor.Name, func() ai.Knowledge { return alakai.New() })
}
