package alak

import (
	"strings"

	"planiverse/rules"
	"planiverse/rules/sgf"
)

// Formats are Alak's record formats (Descriptor.Formats): one SGF-style
// record.
//
// SGF (FF[4], red-bean.com/sgf) has no game number for Alak, and GM takes
// only numbers, so the record carries no GM (strict readers take it for
// Go and fail on the moves) and names the game by Planiverse's own
// property PV[alak]. RU[classic] or RU[modern] gives the rules and, for
// modern Alak, SZ[n] the number of points. Moves are B[...] for X (the
// first player) and W[...] for O, in Alak's notation: "3-5" classic, a
// point letter modern. Extension "sgf".
var Formats = []rules.Format{sgfGame.Format()}

var sgfGame = &sgf.Game{
	D:       Descriptor,
	Private: "alak",
	Variant: func(o rules.Options) (sgf.Node, error) {
		n := sgf.Node{{ID: "RU", Values: []string{o["rules"]}}}
		if o["rules"] == "modern" {
			n.Add("SZ", o["size"])
		}
		return n, nil
	},
	Options: func(root sgf.Node) (rules.Options, error) {
		o := rules.Options{"rules": strings.ToLower(strings.TrimSpace(root.Value("RU")))}
		if sz, ok := root.Get("SZ"); ok {
			o["size"] = strings.TrimSpace(sz)
		}
		return o, nil
	},
}
