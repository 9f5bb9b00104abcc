package session

import (
	"planiverse/rules"
	"planiverse/rules/registry"
)

// NewGame returns the game named game and the start position of its
// variant o (rules.Descriptor.Start), or an error naming the unknown game
// or the bad option.
func NewGame(game string, o rules.Options) (*rules.Descriptor, rules.State, error) {
	d, err := registry.Lookup(game)
	if err != nil {
		return nil, nil, err
	}
	s, err := d.Start(o)
	if err != nil {
		return nil, nil, err
	}
	return d, s, nil
}
