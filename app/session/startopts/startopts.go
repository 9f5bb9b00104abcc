// Package startopts reads how the window is asked to start on the command
// line: "planiverse FILE" opens a game record, and the start options
// ("planiverse --game othello --level 0 --you white --clock none") start a
// new game without the New game dialog. It turns them into a Start: the
// record's contents, checked, or the session.MatchSettings of the new
// game. Parse runs before the window opens, so that a bad option or an
// unreadable file ends the program with one line on stderr and no window.
//
// It may import app/session, app/protocol, ai and rules; never Fyne.
package startopts

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"planiverse/ai"
	"planiverse/app/protocol/link"
	"planiverse/app/session"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// Start is how the window opens: with a record (File), with a new game of
// chosen settings (Game), or, when both are empty, as usual (the autosaved
// game or the New game dialog).
type Start struct {
	// File is the path of the record to open, "" for none; Data is its
	// contents, which Parse has read and checked to open.
	File string
	Data []byte
	// Game is the game the start options choose (a registered game's
	// name), "" when none were given.
	Game string

	set session.MatchSettings // the new game's settings, when Game is set
}

// NewGame reports whether the start options chose a new game.
func (s Start) NewGame() bool { return s.Game != "" }

// Settings returns the settings of the new game the start options chose:
// those given, and for the rest the choices of a first start
// (session.DefaultSettings: level 2, the person in the first seat, no
// clock, each game's preferred options). Planiverse itself plays the
// computer's seats (no external engine). Only meaningful when NewGame.
func (s Start) Settings() session.MatchSettings { return s.set }

// Wants reports whether args ask for the window rather than a command
// (isCommand names the command line's commands, help included): no
// arguments; a first argument that begins with "-" and is not a command
// (start options); or a first argument that is not a command and names an
// existing file or ends in a record extension (FILE).
func Wants(args []string, isCommand func(string) bool) bool {
	if len(args) == 0 {
		return true
	}
	a := args[0]
	switch {
	case isCommand(a):
		return false
	case strings.HasPrefix(a, "-"):
		return true
	case isRecordName(a):
		return true
	}
	fi, err := os.Stat(a)
	return err == nil && fi.Mode().IsRegular()
}

// isRecordName reports whether name ends in an extension some game reads.
func isRecordName(name string) bool {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(name), "."))
	return ext != "" && slices.Contains(registry.Extensions(), ext)
}

// The answers of --you besides the color names.
const (
	youBoth = "both" // two people at the screen
	youNone = "none" // the computer against itself
)

// Parse reads the window's arguments: none, one FILE, or start options.
// A FILE is read (at most registry.MaxRecordBytes) and checked as the
// window's Open would check it. Every error is one line that names the
// option or the file; the program then exits with status 2.
func Parse(args []string) (Start, error) {
	fs := flag.NewFlagSet("planiverse", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	game := fs.String("game", "", "the game")
	level := fs.String("level", "", "the computer's level")
	you := fs.String("you", "", "the color you play, both or none")
	clock := fs.String("clock", "", "the time control")
	opts := map[string]*string{}
	for _, k := range optionKeys() {
		opts[k] = fs.String(k, "", "a game option")
	}
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return Start{}, flagError(err)
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	switch {
	case len(files) > 1:
		return Start{}, fmt.Errorf("one FILE at a time: %s", rules.Quote(files[1]))
	case len(files) == 1 && len(given) > 0:
		return Start{}, fmt.Errorf("a FILE opens with its own settings: give no start options with %s", rules.Quote(files[0]))
	case len(files) == 1:
		data, err := readRecord(files[0])
		if err != nil {
			return Start{}, err
		}
		return Start{File: files[0], Data: data}, nil
	case len(given) == 0:
		return Start{}, nil
	case !given["game"]:
		return Start{}, fmt.Errorf("the start options need --game %s", strings.Join(registry.Names(), "|"))
	}

	d, err := registry.Lookup(*game)
	if err != nil {
		return Start{}, fmt.Errorf("--game %s: want %s", rules.Quote(*game), strings.Join(registry.Names(), ", "))
	}
	set := session.DefaultSettings()
	set.Game, set.Engine = d.Name, ""
	for _, k := range optionKeys() {
		if !given[k] {
			continue
		}
		opt := d.Option(k)
		if opt == nil {
			return Start{}, fmt.Errorf("--%s: %s has no such option", k, d.Name)
		}
		if !opt.Valid(*opts[k]) {
			return Start{}, fmt.Errorf("--%s %s: %s", k, rules.Quote(*opts[k]), allowed(opt))
		}
		set = set.WithOption(d.Name, k, *opts[k])
	}
	full, err := d.Resolve(set.Variants[d.Name])
	if err != nil {
		return Start{}, err
	}
	if given["level"] {
		n, ok := levelNumber(*level)
		if !ok {
			return Start{}, fmt.Errorf("--level %s: want a whole number from %d to %d", rules.Quote(*level), ai.MinLevel, ai.MaxLevel)
		}
		set.Level, set.HasLevel2 = n, false
	}
	if given["you"] {
		if err := setYou(&set, d, full, *you); err != nil {
			return Start{}, err
		}
	}
	if given["clock"] {
		key, ok := clockKey(*clock)
		if !ok {
			return Start{}, fmt.Errorf("--clock %s: want %s", rules.Quote(*clock), strings.Join(clockNames(), ", "))
		}
		set.Clock = key
	}
	return Start{Game: d.Name, set: set}, nil
}

// Read is Parse for the program's start: the Start, with status 0, or
// for bad arguments status 2 after one line on stderr ("planiverse:
// --level "9": want a whole number from 0 to 6").
func Read(args []string, stderr io.Writer) (Start, int) {
	st, err := Parse(args)
	if err != nil {
		fmt.Fprintf(stderr, "planiverse: %s\n", link.OneLine(err.Error()))
		return Start{}, 2
	}
	return st, 0
}

// flagError rewords the flag package's errors as the start options' own.
func flagError(err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return fmt.Errorf("unknown option --%s (start options: %s)", strings.TrimLeft(name, "-"), strings.Join(optionNames(), ", "))
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return fmt.Errorf("--%s needs a value", strings.TrimLeft(name, "-"))
	}
	if errors.Is(err, flag.ErrHelp) {
		return fmt.Errorf("for help, run planiverse help")
	}
	return errors.New(msg)
}

// optionNames lists every start option, with its dashes.
func optionNames() []string {
	out := []string{"--game", "--level", "--you", "--clock"}
	for _, k := range optionKeys() {
		out = append(out, "--"+k)
	}
	return out
}

// optionKeys returns the keys of every registered game's options, in
// registry order: each is a start option of the same name (DVONN's
// --placement included).
func optionKeys() []string {
	var keys []string
	for _, d := range registry.Games() {
		for _, o := range d.Options {
			if !slices.Contains(keys, o.Key) {
				keys = append(keys, o.Key)
			}
		}
	}
	return keys
}

// allowed says which values opt takes.
func allowed(opt *rules.Option) string {
	if len(opt.Choices) == 0 {
		return fmt.Sprintf("want a whole number from %d to %d", opt.Min, opt.Max)
	}
	vals := make([]string, len(opt.Choices))
	for i, c := range opt.Choices {
		vals[i] = c.Value
	}
	return "want " + strings.Join(vals, ", ")
}

// levelNumber reads a level, ai.MinLevel..ai.MaxLevel.
func levelNumber(s string) (int, bool) {
	for _, l := range ai.AllLevels() {
		if s == fmt.Sprint(l.Number) {
			return l.Number, true
		}
	}
	return 0, false
}

// setYou sets who plays from --you: a color name of game d (the person
// plays the seat that has that color at the start of variant o, against
// the computer), both (two people) or none (the computer against itself).
func setYou(set *session.MatchSettings, d *rules.Descriptor, o rules.Options, you string) error {
	switch you {
	case youBoth:
		set.Opponent = session.VsPerson
		return nil
	case youNone:
		set.Opponent = session.Watch
		return nil
	}
	s, err := d.New(o)
	if err != nil {
		return err
	}
	for seat := rules.First; seat <= rules.Second; seat++ {
		if strings.ToLower(d.SeatName(s, seat)) == you {
			set.Opponent, set.Side = session.VsComputer, seat
			return nil
		}
	}
	return fmt.Errorf("--you %s: want %s, %s, %s or %s", rules.Quote(you),
		strings.ToLower(d.Colors[0]), strings.ToLower(d.Colors[1]), youBoth, youNone)
}

// clockName is how --clock names preset p: "none", MIN+INC for a time
// per game with an increment in seconds ("5+3"), and the preset's key for
// a limit per move ("move30s").
func clockName(p session.ClockPreset) string {
	switch {
	case !p.On():
		return "none"
	case p.Base > 0 && p.Base%time.Minute == 0 && p.Inc%time.Second == 0:
		return fmt.Sprintf("%d+%d", p.Base/time.Minute, p.Inc/time.Second)
	}
	return p.Key
}

// clockNames lists --clock's values, one per session.ClockPresets entry.
func clockNames() []string {
	var out []string
	for _, p := range session.ClockPresets {
		out = append(out, clockName(p))
	}
	return out
}

// clockKey returns the key of the preset that --clock v names: by
// clockName, or by the preset's own key ("game5", "off").
func clockKey(v string) (string, bool) {
	for _, p := range session.ClockPresets {
		if v == clockName(p) || v == p.Key {
			return p.Key, true
		}
	}
	return "", false
}

// readRecord reads the record at path and checks that it opens as the
// window's Open opens it (session.Controller.OpenRecord, on a controller
// of its own that never starts): a known format, a registered game, a
// valid variant and legal moves. Errors name the file.
func readRecord(path string) ([]byte, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rules.Quote(path), err)
	}
	c := session.NewController(nil, func(func()) {}, 1)
	defer c.Close()
	if err := c.OpenRecord(session.DefaultSettings(), path, data); err != nil {
		return nil, err
	}
	return data, nil
}

// readFile reads at most registry.MaxRecordBytes of path; an error says
// why without repeating the path.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, pe.Err
		}
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, errors.New("is a folder, not a game record")
	}
	return registry.ReadLimited(f)
}
