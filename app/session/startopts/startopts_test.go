package startopts

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/app/session"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// TestMain installs the four games' AI knowledge for every test.
func TestMain(m *testing.M) {
	ai.Use(games.Knowledge())
	os.Exit(m.Run())
}

// shortRecord is an Othello record of five moves.
const shortRecord = "testdata/othello-short.sgf"

// isCommand stands in for the command line's command names.
func isCommand(a string) bool { return a == "show" || a == "convert" || a == "help" || a == "--help" }

// TestWants: which arguments open the window and which are a command.
func TestWants(t *testing.T) {
	dir := t.TempDir()
	noExt := filepath.Join(dir, "mygame")
	if err := os.WriteFile(noExt, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want bool
	}{
		{nil, true},
		{[]string{"--game", "othello"}, true},
		{[]string{"-game=othello"}, true},
		{[]string{"--bogus"}, true}, // the start options say it is unknown
		{[]string{shortRecord}, true},
		{[]string{"missing.sgf"}, true}, // a record name: the start says it is missing
		{[]string{"missing.GGF"}, true},
		{[]string{"x.psq"}, true},
		{[]string{"x.dvn"}, true},
		{[]string{noExt}, true}, // an existing file
		{[]string{"show", "othello"}, false},
		{[]string{"convert", "a.sgf", "b.ggf"}, false},
		{[]string{"help"}, false},
		{[]string{"--help"}, false},
		{[]string{"frob"}, false}, // the command line says it is unknown
		{[]string{dir}, false},    // a folder is not a FILE
	} {
		if got := Wants(c.args, isCommand); got != c.want {
			t.Errorf("Wants(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}

// parse parses args and fails the test on an error.
func parse(t *testing.T, args ...string) Start {
	t.Helper()
	st, err := Parse(args)
	if err != nil {
		t.Fatalf("Parse(%q): %v", args, err)
	}
	return st
}

// TestNoArguments: no arguments is the usual start.
func TestNoArguments(t *testing.T) {
	st := parse(t)
	if st.NewGame() || st.File != "" || st.Data != nil {
		t.Fatalf("no arguments gave %+v", st)
	}
}

// TestStartOptions: every start option reaches the new game's settings,
// and what is not given is a first start's choice.
func TestStartOptions(t *testing.T) {
	def := session.DefaultSettings()
	st := parse(t, "--game", "othello", "--level", "0", "--you", "white", "--clock", "none")
	set := st.Settings()
	if !st.NewGame() || st.Game != "othello" || set.Game != "othello" || set.Level != 0 ||
		set.Opponent != session.VsComputer || set.Side != rules.Second || set.Clock != "off" || set.Engine != "" {
		t.Fatalf("othello start: %+v", set)
	}
	// Defaults: level, side and clock of a first start.
	set = parse(t, "--game", "alak").Settings()
	if set.Game != "alak" || set.Level != def.Level || set.Side != def.Side || set.Opponent != def.Opponent || set.Clock != def.Clock {
		t.Fatalf("alak with defaults: %+v", set)
	}
	for _, c := range []struct {
		args  []string
		check func(session.MatchSettings) bool
	}{
		{[]string{"--you", "black"}, func(s session.MatchSettings) bool { return s.Opponent == session.VsComputer && s.Side == rules.First }},
		{[]string{"--you", "both"}, func(s session.MatchSettings) bool { return s.Opponent == session.VsPerson }},
		{[]string{"--you", "none"}, func(s session.MatchSettings) bool { return s.Opponent == session.Watch }},
		{[]string{"--level", "6"}, func(s session.MatchSettings) bool { return s.Level == 6 && !s.HasLevel2 }},
		{[]string{"--clock", "5+3"}, func(s session.MatchSettings) bool { return s.Clock == "game5" }},
		{[]string{"--clock", "1+1"}, func(s session.MatchSettings) bool { return s.Clock == "game1" }},
		{[]string{"--clock", "15+10"}, func(s session.MatchSettings) bool { return s.Clock == "game15" }},
		{[]string{"--clock", "move30s"}, func(s session.MatchSettings) bool { return s.Clock == "move30s" }},
		{[]string{"--clock", "move2m"}, func(s session.MatchSettings) bool { return s.Clock == "move2m" }},
		{[]string{"--clock", "game5"}, func(s session.MatchSettings) bool { return s.Clock == "game5" }},
		{[]string{"--clock", "off"}, func(s session.MatchSettings) bool { return s.Clock == "off" }},
	} {
		set := parse(t, append([]string{"--game", "othello"}, c.args...)...).Settings()
		if !c.check(set) {
			t.Errorf("%q gave %+v", c.args, set)
		}
	}
	// DVONN's first seat is White: --you white is the first seat.
	if set := parse(t, "--game", "dvonn", "--you", "white", "--placement", "random").Settings(); set.Side != rules.First ||
		set.Option("placement") != "random" {
		t.Errorf("dvonn --you white --placement random: side %d, placement %q", set.Side, set.Option("placement"))
	}
	if set := parse(t, "--game", "dvonn", "--you", "black").Settings(); set.Side != rules.Second {
		t.Errorf("dvonn --you black: side %d", set.Side)
	}
	// Each game's options, by the command line's names.
	set = parse(t, "--game", "gomoku", "--rules", "renju", "--size", "15", "--opening", "swap2").Settings()
	if o := set.Options(); o["rules"] != "renju" || o["opening"] != "swap2" { // renju is 15x15 only: no size
		t.Errorf("gomoku options: %v", o)
	}
	set = parse(t, "--game", "gomoku", "--size", "19", "--opening", "none").Settings()
	if o := set.Options(); o["size"] != "19" || o["opening"] != "none" || o["rules"] != "freestyle" {
		t.Errorf("gomoku 19: %v", o)
	}
	set = parse(t, "--game=alak", "--rules=modern", "--size=9").Settings()
	if o := set.Options(); o["rules"] != "modern" || o["size"] != "9" {
		t.Errorf("alak modern 9: %v", o)
	}
	// Every game starts a controller's new game from its settings.
	for _, g := range []string{"dvonn", "othello", "gomoku", "alak"} {
		c := session.NewController(nil, func(func()) {}, 1)
		if err := c.NewGame(parse(t, "--game", g).Settings()); err != nil {
			t.Errorf("%s: %v", g, err)
		}
		c.Close()
	}
}

// TestBadStartOptions: every bad option or value is one line that names
// it, and Read gives status 2.
func TestBadStartOptions(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--bogus"}, "unknown option --bogus (start options: --game, --level, --you, --clock"},
		{[]string{"--game"}, "--game needs a value"},
		{[]string{"-level"}, "--level needs a value"},
		{[]string{"--game", "chess"}, `--game "chess": want dvonn, othello, gomoku, alak`},
		{[]string{"--level", "1"}, "the start options need --game"},
		{[]string{"--game", "othello", "--level", "7"}, `--level "7": want a whole number from 0 to 6`},
		{[]string{"--game", "othello", "--level", "-1"}, `--level "-1": want a whole number from 0 to 6`},
		{[]string{"--game", "othello", "--level", "max"}, `--level "max": want a whole number from 0 to 6`},
		{[]string{"--game", "othello", "--you", "red"}, `--you "red": want black, white, both or none`},
		{[]string{"--game", "othello", "--you", "White"}, `--you "White": want black, white, both or none`},
		{[]string{"--game", "othello", "--clock", "3+2"}, `--clock "3+2": want none, move2m, move30s, 1+1, 5+3, 15+10`},
		{[]string{"--game", "othello", "--clock", "5"}, `--clock "5": want none,`},
		{[]string{"--game", "othello", "--clock", ""}, `--clock "": want none,`},
		{[]string{"--game", "othello", "--size", "10"}, "--size: othello has no such option"},
		{[]string{"--game", "othello", "--placement", "random"}, "--placement: othello has no such option"},
		{[]string{"--game", "gomoku", "--size", "17"}, `--size "17": want 15, 19, 20`},
		{[]string{"--game", "gomoku", "--rules", "pente"}, `--rules "pente": want freestyle, exact5, renju`},
		{[]string{"--game", "gomoku", "--opening", "swap3"}, `--opening "swap3": want none, swap, swap2`},
		{[]string{"--game", "gomoku", "--rules", "renju", "--size", "19"}, "gomoku"},
		{[]string{"--game", "alak", "--size", "99"}, `--size "99": want a whole number from 7 to 26`},
		{[]string{"--game", "alak", "--size", "9"}, "alak: the size option does not apply"},
		{[]string{"--game", "dvonn", "--placement", "dice"}, `--placement "dice": want hand, random`},
		{[]string{shortRecord, "--level", "1"}, "a FILE opens with its own settings: give no start options with"},
		{[]string{"--game", "othello", shortRecord}, "a FILE opens with its own settings"},
		{[]string{shortRecord, shortRecord}, "one FILE at a time"},
		{[]string{"--game", "othello", "stray"}, "a FILE opens with its own settings"},
	} {
		_, err := Parse(c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q): %v, want %q", c.args, err, c.want)
			continue
		}
		var out bytes.Buffer
		st, code := Read(c.args, &out)
		if code != 2 || st.NewGame() || st.File != "" || strings.Count(out.String(), "\n") != 1 ||
			!strings.HasPrefix(out.String(), "planiverse: ") {
			t.Errorf("Read(%q): status %d, stderr %q", c.args, code, out.String())
		}
	}
}

// TestFileStart: a FILE is read and checked before the window opens; a
// missing, unreadable or corrupt file is one line and status 2.
func TestFileStart(t *testing.T) {
	st := parse(t, shortRecord)
	want, _ := os.ReadFile(shortRecord)
	if st.File != shortRecord || !bytes.Equal(st.Data, want) || st.NewGame() {
		t.Fatalf("FILE start: %+v", st)
	}
	c := session.NewController(nil, func(func()) {}, 1)
	defer c.Close()
	if err := c.OpenRecord(session.DefaultSettings(), st.File, st.Data); err != nil || c.Plies() != 5 {
		t.Fatalf("the data read does not open: %v (%d plies)", err, c.Plies())
	}

	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		path string
		want string
	}{
		{filepath.Join(dir, "missing.sgf"), "missing.sgf\": no such file or directory"},
		{dir, "is a folder"},
		{write("truncated.sgf", "(;FF[4]GM[2];B[f5];W[d6];B[c3];W[d"), "truncated.sgf"},
		{write("illegal.sgf", "(;FF[4]GM[2];B[a1])"), "illegal.sgf"},
		{write("notes.doc", "hello"), "unknown record format"},
		{write("empty.ggf", ""), "empty.ggf"},
	} {
		var out bytes.Buffer
		st, code := Read([]string{c.path}, &out)
		if code != 2 || st.File != "" || !strings.Contains(out.String(), c.want) || strings.Count(out.String(), "\n") != 1 {
			t.Errorf("%s: status %d, stderr %q, want one line with %q", c.path, code, out.String(), c.want)
		}
	}
}

// TestFileFormats: a FILE in every record format of every game (by its
// extension) opens with its moves, and so does a boardspace DVONN record.
func TestFileFormats(t *testing.T) {
	dir := t.TempDir()
	for _, game := range []string{"dvonn", "othello", "gomoku", "alak"} {
		set := session.DefaultSettings()
		set.Game, set.Opponent = game, session.VsPerson
		if game == "gomoku" {
			set = set.WithOption(game, "opening", "none") // stones only, no swap choices
		}
		c := session.NewController(nil, func(func()) {}, 1)
		if err := c.NewGame(set); err != nil {
			t.Fatal(err)
		}
		c.Start()
		for c.Plies() < 6 {
			if err := c.Play(c.State().Moves(nil)[0]); err != nil {
				t.Fatalf("%s: %v", game, err)
			}
		}
		rec := c.Record()
		c.Close()
		for _, f := range set.Descriptor().Formats {
			for _, ext := range f.Ext {
				path := filepath.Join(dir, game+"."+ext)
				data, err := registry.WriteRecord(path, rec)
				if err != nil {
					t.Fatalf("%s %s: %v", game, ext, err)
				}
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				if !Wants([]string{path}, isCommand) {
					t.Errorf("%s: not a window start", path)
				}
				st := parse(t, path)
				o := session.NewController(nil, func(func()) {}, 1)
				if err := o.OpenRecord(session.DefaultSettings(), st.File, st.Data); err != nil || o.Plies() != 6 || o.Settings().Game != game {
					t.Errorf("%s: %v, %d plies of %s", path, err, o.Plies(), o.Settings().Game)
				}
				o.Close()
			}
		}
	}
	boardspace := "../../../rules/dvonn/testdata/boardspace/DV-guest-Dumbot-2017-07-25-2157.sgf"
	if st := parse(t, boardspace); len(st.Data) == 0 || st.File != boardspace {
		t.Errorf("the boardspace record: %+v", st)
	}
}
