// Package lesson is Planiverse's course of interactive lessons (Help →
// Learn): per game, a few stages, each teaching one rule or idea on a small
// position with a task the player does on the board.
//
// The stages are data: one embedded JSON file per game (data/<game>.json,
// a Course), read by one Player. A stage names its position (moves from
// the game's start, or the game's position text), its task, an accepted-move
// Rule from a small closed set (rule.go) and the texts the player sees;
// adding a stage needs no code. Every text is one whole English sentence
// (or several), the source of its translations: the window shows a stage's
// texts through i18n (Stage.Say) under keys made of the stage's stable id
// (Stage.Key), and en.json holds each text as the course file has it.
//
// The package does not import Fyne; rules that ask the engine (keeps-result,
// forces-win) search with package ai, so a program that uses them installs
// the games' knowledge first (ai.Use).
package lesson

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"

	"planiverse/app/i18n"
	"planiverse/rules"
	"planiverse/rules/registry"
)

//go:embed data/*.json
var files embed.FS

// Course is the lessons of one game, in the order they are taught.
type Course struct {
	Game   string  `json:"game"`   // the game's registry name (rules.Descriptor.Name)
	Intro  string  `json:"intro"`  // one sentence shown above the stage list
	Stages []Stage `json:"stages"` // at least one
}

// Stage is one lesson step: a position, a task and the rule that accepts
// the player's move.
type Stage struct {
	// ID is the stable key of the stage ("othello.corner"), for saved
	// progress and translations; it starts with the game's name and a dot.
	ID    string `json:"id"`
	Title string `json:"title"`
	// Options is the variant (Gomoku's rules, Alak's rule set); missing
	// keys take their defaults.
	Options rules.Options `json:"options,omitempty"`
	// Moves are played from the variant's start position, in the game's
	// record notation, space-separated; Position, when set, is the game's
	// position text (rules.Descriptor.ParsePosition) to start from instead.
	Moves    string `json:"moves,omitempty"`
	Position string `json:"position,omitempty"`
	// Task says what to do ("Take a corner.").
	Task string `json:"task"`
	Rule Rule   `json:"rule"`
	// Wrong explains a refused try in one sentence each: "rule" for a
	// legal move the rule does not accept (required), "illegal" for a
	// move the rules forbid (optional: the rules' own reason is used
	// otherwise), and a move's text for that particular move.
	Wrong map[string]string `json:"wrong"`
	// Success is said when the task is done.
	Success string `json:"success"`
	// Reply, when set, is a move the opponent plays after the accepted
	// move, to show its consequence ("pass" included).
	Reply string `json:"reply,omitempty"`
	// Solution is one move the rule accepts and Mistake one legal move it
	// refuses: the tests check both, and Show solution plays Solution.
	Solution string `json:"solution"`
	Mistake  string `json:"mistake"`
}

// Load returns the course of the game named game, or an error when it has
// none or its file is malformed (an unknown rule kind or field, a stage
// without its texts, a position the game cannot load).
func Load(game string) (*Course, error) {
	data, err := files.ReadFile("data/" + game + ".json")
	if err != nil {
		return nil, fmt.Errorf("lesson: no lessons for the game %s", rules.Quote(game))
	}
	return parse(game, data)
}

// Games returns the names of the games that have a course, in registry
// order.
func Games() []string {
	var out []string
	for _, name := range registry.Names() {
		if _, err := files.ReadFile("data/" + name + ".json"); err == nil {
			out = append(out, name)
		}
	}
	return out
}

// parse reads and checks one course file.
func parse(game string, data []byte) (*Course, error) {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	var c Course
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("lesson: %s: %w", game, err)
	}
	if c.Game != game {
		return nil, fmt.Errorf("lesson: %s: the file is for the game %s", game, rules.Quote(c.Game))
	}
	if len(c.Stages) == 0 {
		return nil, fmt.Errorf("lesson: %s: no stages", game)
	}
	seen := map[string]bool{}
	for i := range c.Stages {
		st := &c.Stages[i]
		if err := st.check(game); err != nil {
			return nil, fmt.Errorf("lesson: %s stage %d: %w", game, i+1, err)
		}
		if seen[st.ID] {
			return nil, fmt.Errorf("lesson: %s: stage id %s used twice", game, rules.Quote(st.ID))
		}
		seen[st.ID] = true
	}
	return &c, nil
}

// check reports what a stage of game lacks.
func (st *Stage) check(game string) error {
	switch {
	case !strings.HasPrefix(st.ID, game+"."):
		return fmt.Errorf("id %s does not start with %q", rules.Quote(st.ID), game+".")
	case st.Title == "" || st.Task == "" || st.Success == "" || st.Wrong["rule"] == "":
		return fmt.Errorf("%s needs a title, a task, a success text and a wrong[\"rule\"] text", st.ID)
	case st.Solution == "" || st.Mistake == "":
		return fmt.Errorf("%s needs a solution and a mistake", st.ID)
	}
	if err := st.Rule.check(); err != nil {
		return fmt.Errorf("%s: %w", st.ID, err)
	}
	if _, err := st.Start(); err != nil {
		return fmt.Errorf("%s: %w", st.ID, err)
	}
	return nil
}

// Start returns the stage's position: its game's variant with the moves
// played, or its position text read.
func (st *Stage) Start() (rules.State, error) {
	game, _, _ := strings.Cut(st.ID, ".")
	d, err := registry.Lookup(game)
	if err != nil {
		return nil, err
	}
	o, err := d.Resolve(st.Options)
	if err != nil {
		return nil, err
	}
	var s rules.State
	if st.Position != "" {
		if d.ParsePosition == nil {
			return nil, fmt.Errorf("%s has no position text", d.Title)
		}
		s, err = d.ParsePosition(o, st.Position)
	} else {
		s, err = d.New(o)
	}
	if err != nil {
		return nil, err
	}
	if err := rules.PlayMoves(s, st.Moves); err != nil {
		return nil, err
	}
	if over, _ := s.Outcome(); over {
		return nil, fmt.Errorf("the game is over in the stage's position")
	}
	return s, nil
}

// Game returns the name of the stage's game.
func (st *Stage) Game() string {
	game, _, _ := strings.Cut(st.ID, ".")
	return game
}

// Key is the translation key of one of the stage's texts: "lesson.", the
// stage's ID, a dot and field, the field being "title", "task", "success"
// or "wrong." and a key of Wrong ("lesson.othello.flip.wrong.rule",
// "lesson.gomoku.block-four.wrong.J4").
func (st *Stage) Key(field string) string { return "lesson." + st.ID + "." + field }

// Say is the stage's text field (as Key names it) in the window's
// language (i18n.T), english being the course file's text: english itself
// where the language has no translation.
func (st *Stage) Say(field, english string) string { return i18n.T(st.Key(field), english, nil) }

// Texts are the stage's texts by field (as Key names them): its title,
// task, success text and each Wrong text, in English as the course file
// has them.
func (st *Stage) Texts() map[string]string {
	out := map[string]string{"title": st.Title, "task": st.Task, "success": st.Success}
	for k, v := range st.Wrong {
		out["wrong."+k] = v
	}
	return out
}
