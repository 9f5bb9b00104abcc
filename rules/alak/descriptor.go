package alak

import (
	"math/bits"
	"strconv"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// GameName names Alak in the game registry (rules.GameNamer).
func (g *Game) GameName() string { return Descriptor.Name }

// Descriptor describes Alak to the app, the command line and the AI
// (rules.Descriptor; RULES.md, "Alak"). Options: "rules" (classic, modern)
// and "size", the number of points of modern Alak (7..26, default 11).
// ParsePosition reads Position's text and takes the number of points from
// it, not from "size".
var Descriptor = &rules.Descriptor{
	Name:   "alak",
	Title:  "Alak",
	Colors: colorNames,
	Options: []rules.Option{
		{
			Key: "rules", Label: "Rules", Help: "alak rules: classic (default) or modern",
			Choices: []rules.Choice{
				{Value: "classic", Label: "Classic (11 slots, slide)", Short: "classic"},
				{Value: "modern", Label: "Modern (place stones on a line)", Short: "modern"},
			},
			Default: "classic",
		},
		{
			Key: "size", Label: "Points", Help: "modern alak: number of points, 7-26 (default 11)",
			Min: MinPoints, Max: MaxPoints, Default: strconv.Itoa(DefaultPoints), Format: "%s points",
			Applies: func(o rules.Options) bool { return o["rules"] == "modern" },
		},
	},
	Examples: []rules.Example{
		{Caption: "Classic Alak: each side starts with its pieces at its end of the row of slots.", Options: rules.Options{"rules": "classic"}},
		{Caption: "Modern Alak: Black played b, and White's stone on a, with no empty neighbor left, was captured; White may not play a again at once (ko).",
			Options: rules.Options{"rules": "modern", "size": "11"}, Moves: "c a b"},
	},
	Notation: "alak: classic a slide such as 3-5 (slots 1-11 from the left); modern a point letter a, b, ...",
	Rules: "Classic: move one of your pieces to the nearest empty slot on its left or right, " +
		"jumping over any pieces. A run of enemy pieces next to where you land, closed on its " +
		"far side by one of yours, is captured. A player with fewer than two pieces loses.\n\n" +
		"Modern: place a stone on an empty point; enemy groups next to it with no empty " +
		"neighbor (closed by your stone or the edge) are removed. You may not place where your " +
		"stone was just captured (ko). When the player to move has no legal point, more stones wins.\n\n" +
		"In both, the third repetition of a position is a draw.",
	New: func(o rules.Options) (rules.State, error) {
		if o["rules"] == "modern" {
			return NewModern(o.Int("size"))
		}
		return NewClassic(), nil
	},
	ParsePosition: func(o rules.Options, text string) (rules.State, error) {
		return ParsePosition(o["rules"] == "modern", text)
	},
	Score: func(s rules.State, seat rules.Seat) (int, string) {
		g := s.(*Game)
		x, o := g.Count()
		if g.Modern() {
			return [2]int{x, o}[seat&1], "stones"
		}
		return [2]int{x, o}[seat&1], "pieces"
	},
	Intro: func(o rules.Options) []phrase.P {
		if o["rules"] == "modern" {
			return []phrase.P{phrase.N("game.alak.intro.modern", "Modern Alak on {{.Count}} points: place a stone; enclosed enemy groups are removed.",
				"Modern Alak on {{.Count}} points: place a stone; enclosed enemy groups are removed.", o.Int("size"), nil)}
		}
		return []phrase.P{phrase.T("game.alak.intro.classic", "Classic Alak: move a piece to the nearest empty slot left or right; enclosed enemy runs are captured.", nil)}
	},
	MoveNote: func(s rules.State, p rules.Played) phrase.P {
		if n := bits.OnesCount32(s.(*Game).LastCaptured()); n > 0 {
			return phrase.N("game.alak.captures", "{{.Mover}} {{.Move}} captures {{.Count}}.", "{{.Mover}} {{.Move}} captures {{.Count}}.", n,
				map[string]any{"Mover": phrase.Color(p.Mover), "Move": p.Text})
		}
		return phrase.P{}
	},
	Result: result,
}

// colorNames are the names of the two sides as the player sees them, by
// the pieces' colors: Black for x (0, the dark pieces, moving first), White
// for o. The notation keeps x and o (Position, RULES.md).
var colorNames = [2]string{"Black", "White"}

// result is Alak's Descriptor.Result.
func result(s rules.State) phrase.P {
	g := s.(*Game)
	x, o := g.Count()
	count := [2]int{x, o}
	w, ok := rules.Winner(s)
	switch {
	case !ok && g.Modern() && g.Repetitions() < 3:
		return phrase.T("game.alak.result.noPoint", "Draw: no legal point left, {{.A}}–{{.B}}", map[string]any{"A": x, "B": o})
	case !ok:
		return phrase.T("game.alak.result.repetition", "Draw: the same position occurred for the third time", nil)
	case g.Modern():
		return phrase.T("result.wins", "{{.Winner}} wins {{.A}}–{{.B}}", map[string]any{"Winner": phrase.Color(colorNames[w]), "A": count[w], "B": count[w^1]})
	}
	return phrase.T("game.alak.result.fewer", "{{.Winner}} wins: {{.Loser}} has fewer than two pieces left",
		map[string]any{"Winner": phrase.Color(colorNames[w]), "Loser": phrase.Color(colorNames[w^1])})
}

// The record formats refer to Descriptor, so they join it here.
func init() { Descriptor.Formats = Formats }
