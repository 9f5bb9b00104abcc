package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"planiverse/app/i18n"
	"planiverse/app/internal/sessiontest"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
	"planiverse/rules/phrase"
	"planiverse/rules/registry"
	"planiverse/rules/sgf"
)

// TestErrorPhraseEnglish: an error's phrase (ErrorPhrase) writes in
// English exactly the error's own text, which the command line prints,
// whether its chain carries phrases, plain wrappers, a system error or
// nothing translatable.
func TestErrorPhraseEnglish(t *testing.T) {
	_, s, err := NewGame("othello", nil)
	if err != nil {
		t.Fatal(err)
	}
	illegal := rules.PlayMoves(s, "d3 a1")
	pathErr := &fs.PathError{Op: "open", Path: "/x/y.sgf", Err: syscall.EACCES}
	for _, err := range []error{
		illegal,
		fmt.Errorf("game.sgf: %w", illegal),
		fmt.Errorf("not saved: %w", pathErr),
		errors.New("plain words"),
		rules.Errorf(rules.ErrSyntax, "sgf: line %d: junk", 3),
	} {
		if got := ErrorPhrase(err).String(); got != err.Error() {
			t.Errorf("ErrorPhrase(%q) writes %q", err.Error(), got)
		}
	}
	if want := `ply 2: othello move "a1": a1 flips no disc`; illegal == nil || illegal.Error() != want {
		t.Errorf("PlayMoves: %v, want %q", illegal, want)
	}
}

// TestErrorTextTranslated: with a backend that marks what it translates,
// the window's text of an opened corrupt record, a pasted illegal move
// list, a pasted empty list, a save refused by the system or in the
// wrong format and a bad game option comes through the translations; what
// stays unmarked is the file name and punctuation.
func TestErrorTextTranslated(t *testing.T) {
	installMarks(t)
	c := newTestController(t, sessiontest.NewScripted(false), func(f func()) { f() }, settings("othello", VsPerson))

	_, err := ParseRecord("bad.sgf", []byte("(;GM[2]FF[4]SZ[8];B[a1])"))
	if err == nil {
		t.Fatal("a corrupt record opened")
	}
	if got, want := ErrorText(err), `bad.sgf⟦: ⟧⟦ply 1⟧⟦: ⟧⟦othello move "a1"⟧⟦: ⟧⟦a1 flips no disc⟧`; got != want {
		t.Errorf("corrupt record: %q, want %q", got, want)
	}

	err = c.LoadMoves(settings("othello", VsPerson), "d3 c3 d3")
	if err == nil {
		t.Fatal("an illegal move list loaded")
	}
	if got, want := ErrorText(err), `⟦ply 3⟧⟦: ⟧⟦othello move "d3"⟧⟦: ⟧⟦d3 is occupied⟧`; got != want {
		t.Errorf("illegal move list: %q, want %q", got, want)
	}
	if got, want := ErrorText(c.LoadMoves(settings("othello", VsPerson), "\n# x\n")), "⟦no moves to set up⟧"; got != want {
		t.Errorf("empty move list: %q, want %q", got, want)
	}
	if got, want := ErrorText(fmt.Errorf("⟦not saved⟧: %w", &fs.PathError{Op: "open", Path: "/x/y.sgf", Err: syscall.EACCES})), "⟦not saved⟧⟦: ⟧⟦open⟧⟦ ⟧/x/y.sgf⟦: ⟧⟦permission denied⟧"; got != want {
		t.Errorf("refused save: %q, want %q", got, want)
	}
	if _, _, err := NewGame("gomoku", rules.Options{"size": "7"}); err == nil {
		t.Error("a Gomoku board of size 7 started")
	} else if got := ErrorText(err); !strings.HasPrefix(got, "⟦gomoku size") || !strings.Contains(got, "⟦want ") {
		t.Errorf("bad option: %q, want its reason translated inside its sentence", got)
	} else {
		checkMarked(t, "bad option", got)
	}
	for _, list := range []string{"a a", "zz", "a z"} {
		if err := c.LoadMoves(settings("alak", VsPerson), list); err == nil {
			t.Errorf("Alak moves %q loaded", list)
		} else {
			checkMarked(t, "Alak moves "+list, ErrorText(err))
		}
	}
	if err := c.LoadMoves(settings("dvonn", VsPerson), "pass"); err == nil {
		t.Error("a DVONN pass during placement loaded")
	} else {
		checkMarked(t, "DVONN pass", ErrorText(err))
	}
	if err := c.SaveRecord(t.TempDir() + "/game.psq"); err == nil {
		t.Error("an Othello game saved as .psq")
	} else {
		checkMarked(t, "save as .psq", strings.ReplaceAll(ErrorText(err), "game.psq", ""))
	}
	if got := ErrorText(errors.New("words of an engine")); got != "words of an engine" {
		t.Errorf("plain error: %q", got)
	}
}

// TestEngineFailureTranslated: an external engine that plays an illegal
// move, and one whose program does not exist, end the game with a result
// whose reason came through the translations.
func TestEngineFailureTranslated(t *testing.T) {
	old, oldGrace := externalMoveTime, externalGrace
	externalMoveTime, externalGrace = 200*time.Millisecond, 300*time.Millisecond
	defer func() { externalMoveTime, externalGrace = old, oldGrace }()
	installMarks(t)
	q := sessiontest.NewQueue()
	c := externalController(t, q, fake("illegal", "gomoku"))
	c.Start()
	for _, mv := range []string{"H8", "A1"} {
		m, _ := c.State().ParseMove(mv)
		if err := c.Play(m); err != nil {
			t.Fatal(err)
		}
		q.RunUntil(t, "illegal", func() bool { return c.PersonToMove() || c.Over() })
	}
	if got := c.Result(); !strings.Contains(got, "⟦it played an illegal move⟧") {
		t.Errorf("result %q: the reason is not translated", got)
	}

	q = sessiontest.NewQueue()
	c = externalController(t, q, "/nonexistent/engine --x")
	c.Start()
	m, _ := c.State().ParseMove("H8")
	if err := c.Play(m); err != nil {
		t.Fatal(err)
	}
	q.RunUntil(t, "no engine", func() bool { return c.Over() })
	if got, want := c.Result(), `⟦it did not start⟧⟦: ⟧⟦program "/nonexistent/engine" not found⟧`; !strings.Contains(got, want) {
		t.Errorf("result %q, want it to hold %q", got, want)
	}
}

// TestRecordErrorsTranslated: with the marking backend, the window's text
// of each record format's common errors (a move that does not read, an
// illegal move at a ply, no moves, an unknown format) comes through the
// translations; only the file name stays as it is.
func TestRecordErrorsTranslated(t *testing.T) {
	installMarks(t)
	for _, c := range []struct{ name, data string }{
		{"t.txt", "f5f5"},
		{"t.txt", "f5 zz"},
		{"t.txt", ""},
		{"t.psq", "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n"},
		{"t.psq", "Piskvorky 9x9, 11:11, 0\n"},
		{"t.psq", "Gobang\n"},
		{"t.ggf", "(;GM[Chess]PC[x]TY[8]BO[8 --------]B[d3];)"},
		{"t.sgf", "(;GM[2]FF[4]SZ[8];W[d3])"},
		{"t.sgf", "(;GM[2]FF[4]SZ[8];B[d3"},
		{"t.xyz", "x"},
		{"t.sgf", "(;GM[2]FF[4]SZ[10];B[d3])"},
		{"t.ggf", "(;GM[Othello]PC[x]TY[10]BO[8 --------]B[d3];)"},
		{"t.sgf", "(;GM[2]FF[4]SZ[8];B[d3]"},
		{"t.sgf", "(;GM[2]FF[4]SZ[8];B[d3]]"},
		{"t.sgf", "(;GM[2]FF[4]SZ[8]AB[d4];B[d3])"},
		{"t.dvn", "x unfinished : zz"},
		{"t.ggf", "(;GM[Othello]PC[x]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[d3];W[d3];)"},
		{"t.sgf", "(;GM[Dvonn]VV[1]\n; P0[0 Start P0]\n; P0[1 dropb B]\n)"},
		{"t.dvn", "x nonsense : "},
		{"t.dvn", "x illegal a1 : "},
	} {
		_, err := ParseRecord(c.name, []byte(c.data))
		if err == nil {
			t.Errorf("%s %q opened", c.name, c.data)
			continue
		}
		got := ErrorText(err)
		checkMarked(t, c.name+" "+c.data, strings.ReplaceAll(got, c.name, ""))
		if !strings.Contains(got, "⟦") {
			t.Errorf("%s %q: %q is not translated", c.name, c.data, got)
		}
	}
}

// TestRareErrorsTranslated: with the marking backend, the window's text
// of the rarer errors (a square off the Othello board, a Gomoku game with
// a size, win rule or opening not offered, a DVONN set-up that cannot
// be, a folder opened as a record, a system file error and a move-aside
// with every name taken) comes through the translations, joiners
// included, while its English stays the error's own text.
func TestRareErrorsTranslated(t *testing.T) {
	installMarks(t)
	dir := t.TempDir()
	var cases []error
	_, err := othello.New().PlaceDisc(64)
	cases = append(cases, err)
	for _, o := range []gomoku.Options{
		{Size: 9},
		{Size: 15, Rule: 99},
		{Size: 19, Rule: gomoku.Renju},
		{Size: 15, Opening: 99},
	} {
		_, err := gomoku.New(o)
		cases = append(cases, err)
	}
	var cells [dvonn.NumCells]dvonn.Contents
	_, err = dvonn.NewPosition(cells, rules.First)
	cases = append(cases, err)
	cells[0] = dvonn.Contents{White: -1}
	_, err = dvonn.NewPosition(cells, rules.First)
	cases = append(cases, err)
	cells[0] = dvonn.Contents{White: 1, Top: dvonn.Black}
	_, err = dvonn.NewPosition(cells, rules.First)
	cases = append(cases, err)
	cells[0] = dvonn.Contents{White: 1, Top: dvonn.White}
	for _, c := range []int{dvonn.NumCells - 1, dvonn.NumCells - 2, dvonn.NumCells - 3} {
		cells[c] = dvonn.Contents{Dvonns: 1, Top: dvonn.Red}
	}
	_, err = dvonn.NewPosition(cells, rules.First)
	cases = append(cases, err)
	_, err = registry.OpenRegular(dir)
	cases = append(cases, err)
	_, err = othello.ParseSquare("z9")
	cases = append(cases, err)
	cases = append(cases, othello.New().PassTurn())
	_, err = alak.NewModern(99)
	cases = append(cases, err)
	_, err = registry.Lookup("chess")
	cases = append(cases, err)
	_, err = registry.WriteRecord("game.psq", &rules.Record{Game: "gomoku", Options: rules.Options{"rules": "renju"}})
	cases = append(cases, err)
	_, err = sgf.Annotate([]byte("(;GM[2];B[d3];W[c5])"), make([]sgf.Annotation, 1))
	cases = append(cases, err)
	_, err = sgf.Annotate([]byte("(;GM[2];B[d3];W[c5])"), make([]sgf.Annotation, 3))
	cases = append(cases, err)
	_, err = os.Open(filepath.Join(dir, "missing.sgf"))
	cases = append(cases, fmt.Errorf("game.sgf: %w", err))
	a := &Autosave{Dir: dir, Now: func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }}
	stem := filepath.Join(dir, a.Base()+".bad-20260102-030405")
	for i := 1; i < 100; i++ {
		name := stem + ".sgf"
		if i > 1 {
			name = fmt.Sprintf("%s-%d.sgf", stem, i)
		}
		if err := os.WriteFile(name, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	_, err = a.moveAside(filepath.Join(dir, "autosave.sgf"))
	cases = append(cases, err)
	for i, err := range cases {
		if err == nil {
			t.Errorf("case %d: no error", i)
			continue
		}
		if got := ErrorPhrase(err).String(); got != err.Error() {
			t.Errorf("case %d: ErrorPhrase writes %q, the error %q", i, got, err.Error())
		}
		got := ErrorText(err)
		if unmark(got) != err.Error() {
			t.Errorf("case %d: %q is not %q marked", i, got, err.Error())
		}
		checkMarked(t, fmt.Sprintf("case %d (%s)", i, err), strings.NewReplacer(dir, "", "game.sgf", "", "autosave", "", "missing.sgf", "").Replace(got))
	}
}

// TestErrorJoinersFrench: in French's templates the joiners of a chained
// error and of a system file error put a no-break space before the
// colon, and the file operation is translated.
func TestErrorJoinersFrench(t *testing.T) {
	fr, err := i18n.ReadBundle("fr")
	if err != nil {
		t.Fatal(err)
	}
	b := langBackend{}
	for _, k := range []string{"error.chain", "error.os.path", "error.os.op.open"} {
		b[k] = fr[k].Other
	}
	i18n.Install(b)
	t.Cleanup(func() { i18n.Install(nil) })
	err = fmt.Errorf("partie.sgf: %w", rules.Contextp(phrase.T("error.ply", "ply {{.Ply}}", map[string]any{"Ply": 2}),
		&fs.PathError{Op: "open", Path: "/x/y.sgf", Err: syscall.EACCES}))
	if got, want := ErrorText(err), "partie.sgf\u00a0: ply 2\u00a0: ouverture de /x/y.sgf\u00a0: permission denied"; got != want {
		t.Errorf("French: %q, want %q", got, want)
	}
}
