// Package puzzle holds Planiverse's puzzles: positions from real games
// where exactly one move keeps the best result, each proven by the
// engine's own exact solvers. It is free of Fyne; the command line
// (planiverse puzzles) and the window's puzzle player use it.
//
// What it has, and where:
//   - Puzzle, its JSON shape and the loaders (this file); the shipped
//     sets, one JSON-lines file a game under sets/, embedded (sets.go).
//   - Verify, which re-proves a puzzle (verify.go): Othello by the exact
//     endgame solver (othelloai.SolveExact, at most MaxOthelloEmpties
//     empties), Gomoku by the VCF proof search (gomokuai.VCF), DVONN by
//     the exact endgame solver (dvonnai's ExactValue), Alak by the
//     perfect retrograde table (alakai.Value). A line of several moves
//     follows lichess-puzzler's rule: each of the player's moves is the
//     only good one, each reply is one of the solver's best.
//   - Generate, which finds puzzles in game records (generate.go), and
//     the themes and initial ratings it gives them (themes.go).
//   - Glicko-2 ratings of players and puzzles (glicko2.go), after
//     Glickman's "Example of the Glicko-2 system".
//
// The JSON shape, one object a line (JSON Lines):
//
//	{"id":"othello-3f2a9c1e","game":"othello","moves":["f5","d6",...],
//	 "side":"black","goal":"win","solution":["a1","b1","h8"],
//	 "themes":["corner"],"rating":1420,"options":{"rules":"modern"}}
//
// Its fields:
//   - id: unique within the game's set.
//   - game: the game's name (rules.Descriptor.Name).
//   - moves: the moves from the variant's start position to the
//     puzzle's position, in the game's record notation, "pass" where a
//     side passed (DVONN: the 49 placements first).
//   - side: the color to move, in lower case ("black", "white").
//   - goal: "win" (the only winning move), "draw" (the only move that
//     does not lose) or "best" (Othello: the only move that keeps the
//     exact best disc count, every other losing at least
//     OthelloMargin discs).
//   - solution: the puzzle's line, the player's move first, the replies
//     between the player's moves; it ends with a player's move.
//   - themes: tags from Themes for the game.
//   - rating: the initial Glicko-2 rating from the difficulty.
//   - options: the variant (rules.Options) when it is not the default:
//     Gomoku's "rules" and "size", Alak's "rules" and "size"; left out
//     for the default variant.
package puzzle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"planiverse/app/i18n"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// Goal is what the player must achieve.
type Goal string

// The goals.
const (
	Win  Goal = "win"  // the only move that wins
	Draw Goal = "draw" // the only move that does not lose
	Best Goal = "best" // the only move that keeps the exact best score (Othello)
)

// Puzzle is one puzzle, as the JSON shape of the package doc.
type Puzzle struct {
	ID       string        `json:"id"`
	Game     string        `json:"game"`
	Moves    []string      `json:"moves"`
	Side     string        `json:"side"`
	Goal     Goal          `json:"goal"`
	Solution []string      `json:"solution"`
	Themes   []string      `json:"themes"`
	Rating   int           `json:"rating"`
	Options  rules.Options `json:"options,omitempty"`
}

// Rating bounds of a puzzle.
const (
	MinRating = 400
	MaxRating = 3000
)

// ErrPuzzle is wrapped by every error about a malformed puzzle.
var ErrPuzzle = errors.New("bad puzzle")

// Themes returns the themes a game's puzzles may carry, or nil for a game
// without puzzles.
func Themes(game string) []string { return kinds[game].themes }

// The themes (Themes lists each game's).
const (
	ThemeCorner    = "corner"     // Othello: the first move takes a corner
	ThemeEdge      = "edge"       // Othello: the first move is on an edge, not a corner
	ThemeParity    = "parity"     // Othello: the first move goes into an odd region while even regions remain
	ThemeWipeOut   = "wipe-out"   // Othello: best play leaves the opponent no disc
	ThemeVCF       = "VCF"        // Gomoku: a victory by continuous fours
	ThemeFourThree = "four-three" // Gomoku: the win comes from a four and an open three made at once
	ThemeDefense   = "defense"    // Gomoku: the first move must also block a four; Alak: no capture
	ThemeIsolation = "isolation"  // DVONN: the first move cuts stacks off the DVONN pieces
	ThemeCapture   = "capture"    // DVONN: onto an opponent's stack; Alak: the first move captures
	ThemeEndgame   = "endgame"    // DVONN: at most endgameMobile stacks can move
)

// ThemeName returns a theme's name (a Theme constant) in the window's
// language (package i18n, key "puzzle.theme." and the theme in lower
// case); a theme it does not know is returned as it is.
func ThemeName(theme string) string {
	switch theme {
	case ThemeCorner, ThemeEdge, ThemeParity, ThemeWipeOut, ThemeVCF, ThemeFourThree,
		ThemeDefense, ThemeIsolation, ThemeCapture, ThemeEndgame:
		return i18n.T("puzzle.theme."+strings.ToLower(theme), theme, nil)
	}
	return theme
}

// Games returns the names of the games with puzzles, in registry order.
func Games() []string {
	var out []string
	for _, d := range registry.Games() {
		if Themes(d.Name) != nil {
			out = append(out, d.Name)
		}
	}
	return out
}

// tasks are the English tasks by "goal.side" (Goal, Puzzle.Side), each
// one sentence under the key "puzzle.task.GOAL.SIDE" so that a language
// words its color as the sentence needs.
var tasks = map[string]string{
	"win.black":  "Black to play and win",
	"win.white":  "White to play and win",
	"draw.black": "Black to play and draw",
	"draw.white": "White to play and draw",
	"best.black": "Black to play and keep the best score",
	"best.white": "White to play and keep the best score",
}

// Task returns the puzzle's task in the window's language (package
// i18n, key "puzzle.task.GOAL.SIDE"): "White to play and win", "Black to
// play and keep the best score". A goal or side without an entry (a
// puzzle Validate refuses) is written in English from its fields.
func (p *Puzzle) Task() string {
	id := string(p.Goal) + "." + p.Side
	if en, ok := tasks[id]; ok {
		return i18n.T("puzzle.task."+id, en, nil)
	}
	side := p.Side
	if side != "" {
		side = strings.ToUpper(side[:1]) + side[1:]
	}
	return side + " to play and " + string(p.Goal)
}

// PlayerMoves returns the number of moves the player makes in the
// solution.
func (p *Puzzle) PlayerMoves() int { return (len(p.Solution) + 1) / 2 }

// Position returns the game's descriptor and the puzzle's position (its
// moves played on the variant's start position). Errors wrap ErrPuzzle.
func (p *Puzzle) Position() (*rules.Descriptor, rules.State, error) {
	d, err := registry.Lookup(p.Game)
	if err != nil {
		return nil, nil, rules.Errorf(ErrPuzzle, "puzzle %s: %v", rules.Quote(p.ID), err)
	}
	s, err := d.Start(p.Options)
	if err != nil {
		return nil, nil, rules.Errorf(ErrPuzzle, "puzzle %s: %v", rules.Quote(p.ID), err)
	}
	if err := rules.PlayMoves(s, strings.Join(p.Moves, " ")); err != nil {
		return nil, nil, rules.Errorf(ErrPuzzle, "puzzle %s: moves: %v", rules.Quote(p.ID), err)
	}
	return d, s, nil
}

// Check checks the puzzle's fields without proving it: a known game and
// variant, moves that replay, the side to move, a known goal and themes,
// a solution of legal moves that ends with the player's move, a rating
// in range. Errors wrap ErrPuzzle and name the field.
func (p *Puzzle) Check() error {
	bad := func(format string, args ...any) error {
		return rules.Errorf(ErrPuzzle, "puzzle %s: %s", rules.Quote(p.ID), fmt.Sprintf(format, args...))
	}
	if p.ID == "" {
		return bad("no id")
	}
	if Themes(p.Game) == nil {
		return bad("game %s has no puzzles (want %s)", rules.Quote(p.Game), strings.Join(Games(), ", "))
	}
	d, s, err := p.Position()
	if err != nil {
		return err
	}
	if over, _ := s.Outcome(); over {
		return bad("the game is over after its moves")
	}
	if want := strings.ToLower(d.SeatName(s, s.ToMove())); p.Side != want {
		return bad("side %s, but %s is to move", rules.Quote(p.Side), want)
	}
	switch p.Goal {
	case Win, Draw:
	case Best:
		if !kinds[p.Game].best {
			return bad("goal \"best\" is for Othello only")
		}
	default:
		return bad("goal %s (want win, draw or best)", rules.Quote(string(p.Goal)))
	}
	for _, t := range p.Themes {
		if !slices.Contains(Themes(p.Game), t) {
			return bad("theme %s (want %s)", rules.Quote(t), strings.Join(Themes(p.Game), ", "))
		}
	}
	if len(p.Solution) == 0 {
		return bad("no solution")
	}
	for i, text := range p.Solution {
		m, err := s.ParseMove(text)
		if err != nil {
			return bad("solution move %d: %v", i+1, err)
		}
		s.Play(m)
		if over, _ := s.Outcome(); over && i < len(p.Solution)-1 {
			return bad("the game ends at solution move %d of %d", i+1, len(p.Solution))
		}
	}
	if len(p.Solution)%2 == 0 {
		return bad("the solution ends with a reply, not the player's move")
	}
	if p.Rating < MinRating || p.Rating > MaxRating {
		return bad("rating %d (want %d to %d)", p.Rating, MinRating, MaxRating)
	}
	return nil
}

// maxLine is the longest line Read accepts, in bytes.
const maxLine = 1 << 20

// Read reads puzzles in JSON Lines from r (blank lines skipped), checking
// each (Check) and that ids are unique. name names the source in errors,
// which give the line number and wrap ErrPuzzle: "othello.jsonl line 7:
// unknown field \"colour\"".
func Read(r io.Reader, name string) ([]Puzzle, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	var out []Puzzle
	seen := map[string]int{}
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		p, err := Parse(line)
		if err == nil {
			err = p.Check()
		}
		if err == nil {
			if first, dup := seen[p.ID]; dup {
				err = rules.Errorf(ErrPuzzle, "id %s again (first on line %d)", rules.Quote(p.ID), first)
			}
		}
		if err != nil {
			return nil, rules.Errorf(ErrPuzzle, "%s line %d: %v", name, n, err)
		}
		seen[p.ID] = n
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, rules.Errorf(ErrPuzzle, "%s: %v", name, err)
	}
	return out, nil
}

// Parse reads one puzzle's JSON object, refusing unknown fields and
// trailing data; it does not Check the puzzle. Errors wrap ErrPuzzle.
func Parse(line []byte) (Puzzle, error) {
	var p Puzzle
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return Puzzle{}, rules.Errorf(ErrPuzzle, "not a puzzle object: %v", err)
	}
	if dec.More() {
		return Puzzle{}, rules.Errorf(ErrPuzzle, "more than one object on the line")
	}
	for _, f := range []struct {
		name string
		ok   bool
	}{{"id", p.ID != ""}, {"game", p.Game != ""}, {"moves", p.Moves != nil}, {"side", p.Side != ""},
		{"goal", p.Goal != ""}, {"solution", p.Solution != nil}, {"themes", p.Themes != nil}} {
		if !f.ok {
			return Puzzle{}, rules.Errorf(ErrPuzzle, "no %q field", f.name)
		}
	}
	return p, nil
}

// Write writes puzzles as JSON Lines, one object a line.
func Write(w io.Writer, ps []Puzzle) error {
	bw := bufio.NewWriter(w)
	for i := range ps {
		line, err := Marshal(&ps[i])
		if err != nil {
			return err
		}
		bw.Write(line)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// Marshal returns the puzzle's JSON object on one line, without the line
// end; an empty themes list is written as [].
func Marshal(p *Puzzle) ([]byte, error) {
	q := *p
	if q.Themes == nil {
		q.Themes = []string{}
	}
	if q.Moves == nil {
		q.Moves = []string{}
	}
	return json.Marshal(&q)
}
