// Package quality is the game analysis: it judges every move of a game by
// the engine, on one scale for every game, and sums a game up per side. It
// is part of the Fyne-free session layer (never imports Fyne); the window
// and the command line (planiverse analyze) show what it computes.
//
// The loss of a move is the drop in the mover's expected score (win
// probability, draws counting half) between the best move and the move
// played, or, in a game with a unit of its own (discs in Othello), the
// difference of their values in that unit. Values come from the game's
// exact solver or perfect table where it decides the position
// (ai.Analyst.ExactValue: Othello from 20 empty squares, Alak's table,
// Gomoku's VCF) and from the search elsewhere; a score is mapped to an
// expected score by the game's logistic scale (ai.AnalysisScale.Logit).
// Each move gets a Class: best, good, inaccuracy, mistake or blunder by the
// game's thresholds (ai.AnalysisScale), "missed-win" when the best move
// was a proven win and the move played is not, "losing" when the move
// played is a proven loss and the best move was not. A mistake or worse
// also gets one sentence of why (Move.Why): the game's own reason where
// its knowledge is an ai.Explainer, else what the best move keeps.
package quality

import (
	"fmt"
	"math"
	"strings"

	"planiverse/ai"
	"planiverse/rules/phrase"
)

// Class is the quality of a move.
type Class uint8

// The classes, from the best move to the worst; MissedWin and Losing are
// given only where a result is proven.
const (
	Best Class = iota
	Good
	Inaccuracy
	Mistake
	Blunder
	MissedWin
	Losing
	// NumClasses is the number of classes.
	NumClasses
)

// classNames are the classes' names on the command line and in JSON.
var classNames = [NumClasses]string{"best", "good", "inaccuracy", "mistake", "blunder", "missed-win", "losing"}

// classTitles are the classes' names in sentences and SGF comments.
var classTitles = [NumClasses]string{"Best move", "Good move", "Inaccuracy", "Mistake", "Blunder", "Missed win", "Losing move"}

// classPlurals are the classes' titles in lower case, in the plural.
var classPlurals = [NumClasses]string{"best moves", "good moves", "inaccuracies", "mistakes", "blunders", "missed wins", "losing moves"}

// Count writes n moves of the class in words, singular or plural: "1
// mistake", "4 inaccuracies", "0 losing moves" (CountPhrase in English).
func (c Class) Count(n int) string {
	if c >= NumClasses {
		return fmt.Sprintf("%d %s", n, c)
	}
	return c.CountPhrase(n).String()
}

// CountPhrase is Count in a translatable form (key
// "quality.count.<name>").
func (c Class) CountPhrase(n int) phrase.P {
	if c >= NumClasses {
		return phrase.T("", fmt.Sprintf("%d %s", n, c), nil)
	}
	return phrase.N("quality.count."+classNames[c], "{{.Count}} "+strings.ToLower(classTitles[c]), "{{.Count}} "+classPlurals[c], n, nil)
}

// String returns the class's name: "best", "missed-win"...
func (c Class) String() string {
	if c < NumClasses {
		return classNames[c]
	}
	return fmt.Sprintf("class(%d)", int(c))
}

// Title returns the class's name for people: "Best move", "Missed win"...
func (c Class) Title() string {
	if c < NumClasses {
		return classTitles[c]
	}
	return c.String()
}

// TitlePhrase is Title in a translatable form (key
// "quality.class.<name>").
func (c Class) TitlePhrase() phrase.P {
	if c < NumClasses {
		return phrase.T("quality.class."+classNames[c], classTitles[c], nil)
	}
	return phrase.T("", c.String(), nil)
}

// LowerPhrase is the class's title in lower case, for the middle of a
// sentence ("a mistake", "blunder"; key "quality.lower.<name>").
func (c Class) LowerPhrase() phrase.P {
	if c < NumClasses {
		return phrase.T("quality.lower."+classNames[c], strings.ToLower(classTitles[c]), nil)
	}
	return phrase.T("", c.String(), nil)
}

// MarshalText writes the class's name (String), for JSON.
func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a class's name (String).
func (c *Class) UnmarshalText(b []byte) error {
	v, ok := ParseClass(string(b))
	if !ok {
		return fmt.Errorf("unknown move class %q", b)
	}
	*c = v
	return nil
}

// ParseClass reads a class's name (String) or title (Title), any case.
func ParseClass(s string) (Class, bool) {
	s = strings.TrimSpace(s)
	for c := range NumClasses {
		if strings.EqualFold(s, classNames[c]) || strings.EqualFold(s, classTitles[c]) {
			return c, true
		}
	}
	return 0, false
}

// Value is the value of a position or of a move for the side that moves
// there.
type Value struct {
	// Score is on the search's scale (package ai): evaluation units, a
	// proven win in n plies ai.WinScore - n; for a game with a unit an
	// exact value is its final margin times the unit's score.
	Score int `json:"score"`
	// Exact says the value is proven: by the game's exact solver or
	// table, a finished game, or a win or loss the search proved.
	Exact bool `json:"exact,omitempty"`
}

// ProvenWin reports whether v is a proven win.
func (v Value) ProvenWin() bool {
	return v.Score > ai.MateBound || (v.Exact && v.Score > 0)
}

// ProvenLoss reports whether v is a proven loss.
func (v Value) ProvenLoss() bool {
	return v.Score < -ai.MateBound || (v.Exact && v.Score < 0)
}

// Scale is a game's scale for judging moves (ai.AnalysisScale).
type Scale struct {
	ai.AnalysisScale
}

// Expected returns v's expected score for its side, from 0 (lost) to 1
// (won): 1, ½ or 0 for a proven result, else the logistic of the score
// over the game's Logit.
func (sc Scale) Expected(v Value) float64 {
	switch {
	case v.ProvenWin():
		return 1
	case v.ProvenLoss():
		return 0
	case v.Exact:
		return 0.5
	}
	l := sc.Logit
	if l <= 0 {
		l = 600
	}
	return 1 / (1 + math.Exp(-float64(v.Score)/l))
}

// maxUnits bounds a value in the game's unit: a proven result the search
// found without a margin counts as this many units.
const maxUnits = 64

// Units returns v in the game's unit (discs), a proven result without a
// margin counting as ±64; 0 for a game without a unit.
func (sc Scale) Units(v Value) float64 {
	if sc.Unit == "" || sc.UnitScore <= 0 {
		return 0
	}
	if v.Score > ai.MateBound || v.Score < -ai.MateBound {
		return float64(ai.Sign(v.Score) * maxUnits)
	}
	return max(-maxUnits, min(maxUnits, float64(v.Score)/float64(sc.UnitScore)))
}

// Number returns v as the report's number: in the game's unit where it
// has one (discs), else the expected score in percent.
func (sc Scale) Number(v Value) float64 {
	if sc.Unit != "" {
		return sc.Units(v)
	}
	return 100 * sc.Expected(v)
}

// LossUnit is the unit of Move.Loss: the game's ("discs") or "%".
func (sc Scale) LossUnit() string {
	if sc.Unit != "" {
		return sc.Unit
	}
	return "%"
}

// Kind is what a value says, the one classification that Text, Label
// and Words write.
type Kind int

const (
	// WinIn is a win the search proved, in a known number of moves.
	WinIn Kind = iota
	// LossIn is a loss the search proved, in a known number of moves.
	LossIn
	// Won is a proven win without a distance (an exact solver or table)
	// in a game without a unit.
	Won
	// Lost is a proven loss without a distance in a game without a unit.
	Lost
	// Draw is a proven draw in a game without a unit.
	Draw
	// Margin is a margin in the game's unit (discs), exact when the
	// value is.
	Margin
	// Chance is the expected score of a value that is not proven.
	Chance
)

// Kind classifies v on sc: a win or loss in a known number of moves
// first, then a margin in a game with a unit, then a proven result, then
// the chance.
func (sc Scale) Kind(v Value) Kind {
	switch {
	case v.Score > ai.MateBound:
		return WinIn
	case v.Score < -ai.MateBound:
		return LossIn
	case sc.Unit != "":
		return Margin
	case v.ProvenWin():
		return Won
	case v.ProvenLoss():
		return Lost
	case v.Exact && v.Score == 0:
		return Draw
	}
	return Chance
}

// Text returns v for tables and records: "win in 4 moves" (the mover's
// moves), "loss in 2 moves" (the opponent's) for a proven result with a
// distance, "+4" (exact) or "+3.5" in the game's unit, "draw" for a
// proven draw, else the expected score, "63%" (a proven result without a
// distance too: "100%", "0%").
func (sc Scale) Text(v Value) string {
	switch sc.Kind(v) {
	case WinIn, LossIn:
		return sc.resultIn(v).String()
	case Margin:
		if v.Exact {
			return fmt.Sprintf("%+d", int(math.Round(sc.Units(v))))
		}
		return fmt.Sprintf("%+.1f", sc.Units(v))
	case Draw:
		return "draw"
	}
	return sc.percent(v)
}

// Label returns v briefly, for its point on the board: "win", "loss" or
// "draw" for a proven result, "+4" or "+3" (rounded) in the game's unit,
// else the expected score, "63%" (LabelPhrase in English).
func (sc Scale) Label(v Value) string { return sc.LabelPhrase(v).String() }

// LabelPhrase is Label in a translatable form.
func (sc Scale) LabelPhrase(v Value) phrase.P {
	switch sc.Kind(v) {
	case WinIn, Won:
		return phrase.T("quality.label.win", "win", nil)
	case LossIn, Lost:
		return phrase.T("quality.label.loss", "loss", nil)
	case Margin:
		return phrase.T("", "{{.Value}}", map[string]any{"Value": phrase.Number{X: float64(int(math.Round(sc.Units(v)))), Sign: true}})
	case Draw:
		return phrase.T("quality.label.draw", "draw", nil)
	}
	return phrase.T("", "{{.Value}}", map[string]any{"Value": sc.percentNumber(v)})
}

// Words returns v for sentences: "+2 discs" in a game with a unit, "win
// in 4 moves", "loss in 2 moves", "draw" for a proven result, else the
// expected score, "63% to win" (draws counting half) (WordsPhrase in
// English).
func (sc Scale) Words(v Value) string { return sc.WordsPhrase(v).String() }

// WordsPhrase is Words in a translatable form.
func (sc Scale) WordsPhrase(v Value) phrase.P {
	switch sc.Kind(v) {
	case Margin:
		// An exact margin is a whole number; an estimate has one
		// decimal, and a decimal count's plural form (phrase.ND).
		one, other := "{{.Value}} "+strings.TrimSuffix(sc.Unit, "s"), "{{.Value}} "+sc.Unit
		if v.Exact {
			n := math.Round(sc.Units(v))
			return phrase.N("quality.words.margin."+sc.Unit, one, other, int(math.Abs(n)),
				map[string]any{"Value": phrase.Number{X: n, Sign: true}})
		}
		return phrase.ND("quality.words.margin."+sc.Unit, one, other, sc.Units(v), 1,
			map[string]any{"Value": phrase.Number{X: sc.Units(v), Decimals: 1, Sign: true}})
	case Won, Lost, Chance:
		return phrase.T("quality.words.chance", "{{.Percent}} to win", map[string]any{"Percent": sc.percentNumber(v)})
	case WinIn, LossIn:
		return sc.resultIn(v)
	case Draw:
		return phrase.T("quality.words.draw", "draw", nil)
	}
	return phrase.T("", sc.Text(v), nil)
}

// resultIn says a proven win or loss with its distance: "win in 4
// moves" (the mover's moves), "loss in 2 moves" (the opponent's).
func (sc Scale) resultIn(v Value) phrase.P {
	n := forcedMoves(v)
	if v.Score > 0 {
		return phrase.N("quality.words.winIn", "win in {{.Count}} move", "win in {{.Count}} moves", n, nil)
	}
	return phrase.N("quality.words.lossIn", "loss in {{.Count}} move", "loss in {{.Count}} moves", n, nil)
}

// percent returns v's expected score in percent: "63%".
func (sc Scale) percent(v Value) string { return sc.percentNumber(v).String() }

// percentNumber is percent as a phrase's number.
func (sc Scale) percentNumber(v Value) phrase.Number {
	return phrase.Number{X: 100 * sc.Expected(v), Percent: true}
}

// judge returns the loss of a move of value played when best was
// possible (in the game's unit, else in percent of expected score), the
// drop of expected score in percent, and the move's class. same says the
// move played is the best move.
func (sc Scale) judge(best, played Value, same bool) (loss, drop float64, c Class) {
	drop = max(0, 100*(sc.Expected(best)-sc.Expected(played)))
	if sc.Unit != "" {
		loss = max(0, sc.Units(best)-sc.Units(played))
	} else {
		loss = drop
	}
	switch {
	case same || (loss == 0 && drop == 0):
		return 0, 0, Best
	case best.ProvenWin() && !played.ProvenWin():
		return loss, drop, MissedWin
	case played.ProvenLoss() && !best.ProvenLoss():
		return loss, drop, Losing
	case loss >= sc.Blunder:
		return loss, drop, Blunder
	case loss >= sc.Mistake:
		return loss, drop, Mistake
	case loss >= sc.Inaccuracy:
		return loss, drop, Inaccuracy
	}
	return loss, drop, Good
}

// MoveAccuracy is lichess's accuracy of a move from the drop of the
// mover's expected score in percent: 103.1668·e^(−0.04354·drop) − 3.1669,
// within 0..100, and 100 for a move that loses nothing.
func MoveAccuracy(drop float64) float64 {
	if drop <= 0 {
		return 100
	}
	return max(0, min(100, 103.1668*math.Exp(-0.04354*drop)-3.1669))
}

// Keeps says what the best move of q keeps that the move played gives
// up, from their values, in one sentence: "c4 wins by force in 4 moves;
// b2 lets the win slip.", "b2 loses by force within 2 moves; c4 does
// not.", "c4 keeps 16 more discs by the end with best play." in a game
// with a unit, else "c4 keeps a winning chance of 70% instead of 40%."
// (KeepsPhrase in English).
func (sc Scale) Keeps(q Move) string { return sc.KeepsPhrase(q).String() }

// KeepsPhrase is Keeps in a translatable form.
func (sc Scale) KeepsPhrase(q Move) phrase.P {
	data := map[string]any{"Move": q.Move, "Best": q.Best}
	switch q.Class {
	case MissedWin:
		if n := forcedMoves(q.BestValue); n > 0 {
			return phrase.N("quality.keeps.missedWinIn", "{{.Best}} wins by force in {{.Count}} move; {{.Move}} lets the win slip.",
				"{{.Best}} wins by force in {{.Count}} moves; {{.Move}} lets the win slip.", n, data)
		}
		return phrase.T("quality.keeps.missedWin", "{{.Best}} wins by force; {{.Move}} lets the win slip.", data)
	case Losing:
		if n := forcedMoves(q.Value); n > 0 {
			return phrase.N("quality.keeps.losingIn", "{{.Move}} loses by force within {{.Count}} move; {{.Best}} does not.",
				"{{.Move}} loses by force within {{.Count}} moves; {{.Best}} does not.", n, data)
		}
		return phrase.T("quality.keeps.losing", "{{.Move}} loses by force; {{.Best}} does not.", data)
	}
	if sc.Unit != "" {
		n := int(math.Round(q.Loss))
		one := strings.TrimSuffix(sc.Unit, "s")
		return phrase.N("quality.keeps.more."+sc.Unit, "{{.Best}} keeps {{.Count}} more "+one+" by the end with best play.",
			"{{.Best}} keeps {{.Count}} more "+sc.Unit+" by the end with best play.", n, data)
	}
	data["From"] = sc.percentNumber(q.BestValue)
	data["To"] = sc.percentNumber(q.Value)
	return phrase.T("quality.keeps.chance", "{{.Best}} keeps a winning chance of {{.From}} instead of {{.To}}.", data)
}

// forcedMoves says how soon a forced result v (the mover's value after
// its move) comes, in the mover's moves for a win and the opponent's for
// a loss (at least 1); 0 when v has no distance (an exact margin).
func forcedMoves(v Value) int {
	switch {
	case v.Score > ai.MateBound:
		return max(1, (ai.WinScore-v.Score+1)/2)
	case v.Score < -ai.MateBound:
		return max(1, (ai.WinScore+v.Score)/2)
	}
	return 0
}
