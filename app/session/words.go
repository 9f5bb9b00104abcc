package session

import (
	"fmt"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Engine figures in words. A search reports its depth in plies, its score
// in evaluation units from the side to move's view (about 100 units per
// disc, stone or piece, package ai; beyond ai.MateBound a forced result)
// and its node count; SearchWords turns them into a sentence for the
// player and keeps the numbers for a tooltip.

// countScale is the advantage scale (ai.AdvantageScale) of a game whose
// evaluation counts its pieces, about 100 units a piece: the default, 6
// discs or pieces. A game with a scale of its own (Gomoku's, fitted to
// win probabilities) is described in words only.
const countScale = 600

// countUnits are the Score units an evaluation in hundredths counts
// (Othello's discs, Alak's pieces and stones); DVONN's points, the heights
// of the stacks a player controls, are not what its evaluation counts.
var countUnits = map[string]bool{"discs": true, "stones": true, "pieces": true}

// SearchWords describes a search's latest progress (info) on position s of
// game d for a player: how far it looked and who is ahead, in the game's
// words: "Looked 23 moves ahead; Black leads by about 51 discs.",
// "Looked 9 moves ahead; White can force a win in 3 moves.",
// "Looked 12 moves ahead; White is ahead." A lead is counted in the
// game's unit (d.Score's, "discs") where the evaluation counts pieces
// (the default ai.AdvantageScale), and otherwise said in words, measured
// against the game's ai.AdvantageScale. Before the first finished
// iteration (info.Depth 0) it returns "Looking at the moves…".
//
// figures is the same report in numbers, for a tooltip: "depth 23, score
// +51.09 for Black, 1.7M positions in 2.4 s" (the score in hundredths of
// the unit, from the side to move's view).
func SearchWords(d *rules.Descriptor, s rules.State, info ai.Info) (words, figures string) {
	if info.Depth <= 0 {
		return tr("session.search.looking", "Looking at the moves…", nil), ""
	}
	mover := sideColor(d.SeatName(s, s.ToMove()))
	other := sideColor(d.SeatName(s, s.ToMove().Opponent()))
	figures = tr("session.search.figures", "depth {{.Depth}}, score {{.Score}} for {{.Side}}, {{.Nodes}} positions in {{.Seconds}} s",
		map[string]any{"Depth": info.Depth, "Score": phrase.Number{X: float64(info.Score) / 100, Decimals: 2, Sign: true}, "Side": mover,
			"Nodes": countText(info.Nodes), "Seconds": phrase.Number{X: info.Elapsed.Seconds(), Decimals: 1}})
	return tr("session.search.looked", "Looked {{.Moves}} ahead; {{.Standing}}.",
		map[string]any{"Moves": nMoves(info.Depth), "Standing": standing(d, s, info.Score, mover, other)}), figures
}

// standing says who is ahead by score (side to move's view, whose color
// is mover; other is the opponent's), without the full stop.
func standing(d *rules.Descriptor, s rules.State, score int, mover, other phrase.P) phrase.P {
	leader, v := mover, score
	if score < 0 {
		leader, v = other, -score
	}
	data := map[string]any{"Side": leader}
	if v > ai.MateBound {
		// A win n plies from the root: the mover plays plies 1, 3, 5...
		n := ai.WinScore - v
		moves := n / 2
		if score > 0 {
			moves = (n + 1) / 2
		}
		if moves <= 1 {
			return phrase.T("session.standing.winNext", "{{.Side}} can win with the next move", data)
		}
		return phrase.N("session.standing.forceWin", "{{.Side}} can force a win in {{.Count}} move", "{{.Side}} can force a win in {{.Count}} moves", moves, data)
	}
	even := phrase.T("session.standing.even", "the position is about even", nil)
	scale := ai.AdvantageScale(d.Name)
	if unit := scoreUnit(d, s); scale == countScale && unit != "" {
		if n := (v + 50) / 100; n >= 1 {
			data["Amount"] = phrase.Count(unit, singular(unit), unit, n)
			return phrase.T("session.standing.leads", "{{.Side}} leads by about {{.Amount}}", data)
		}
		return even
	}
	switch f := float64(v) / float64(scale); {
	case f < 0.15:
		return even
	case f < 0.6:
		return phrase.T("session.standing.slightly", "{{.Side}} is slightly ahead", data)
	case f < 2:
		return phrase.T("session.standing.ahead", "{{.Side}} is ahead", data)
	}
	return phrase.T("session.standing.well", "{{.Side}} is well ahead", data)
}

// scoreUnit returns what d's Score counts when it is one of countUnits,
// else "".
func scoreUnit(d *rules.Descriptor, s rules.State) string {
	if d.Score == nil {
		return ""
	}
	if _, unit := d.Score(s, s.ToMove()); countUnits[unit] {
		return unit
	}
	return ""
}

// singular returns the singular of a countUnits unit ("discs" -> "disc").
func singular(unit string) string { return unit[:len(unit)-1] }

// Plural writes a count n and the noun one (singular): "1 move", "2
// moves", "0 moves".
func Plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %ss", n, one)
}

// countText writes a node count briefly: 950, 12.3k, 4.1M.
func countText(n int64) string {
	switch {
	case n >= 1_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}

// ThinkingWords describes the running search (the computer's move or a
// hint, Thinking) in words, with its figures for a tooltip (SearchWords);
// both are "" when no search runs.
func (c *Controller) ThinkingWords() (words, figures string) {
	on, _, info := c.Thinking()
	if !on || c.desc == nil || c.state == nil {
		return "", ""
	}
	return SearchWords(c.desc, c.state, info)
}
