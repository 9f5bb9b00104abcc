package ui

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"planiverse/ai"
	"planiverse/app/cli"
	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
	"planiverse/rules"
	"planiverse/rules/registry"
	"planiverse/widgets"
)

// A fifth game registered from a test, with nothing in app/ knowing it:
// tic-tac-toe, with a misère option (three in a row loses). It proves that
// the registries (rules/registry, widgets, ai) are all the app needs.

type ttt struct {
	cell   [9]int8 // 0 empty, 1 x, 2 o
	hist   []rules.Move
	misere bool
}

var tttLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (g *ttt) GameName() string               { return "tictactoe" }
func (g *ttt) ToMove() rules.Seat             { return rules.Seat(len(g.hist) & 1) }
func (g *ttt) Clone() rules.State             { c := *g; c.hist = append([]rules.Move(nil), g.hist...); return &c }
func (g *ttt) MoveString(m rules.Move) string { return fmt.Sprintf("%c%d", 'a'+int(m)%3, 1+int(m)/3) }

func (g *ttt) line() bool {
	for _, l := range tttLines {
		if v := g.cell[l[0]]; v != 0 && v == g.cell[l[1]] && v == g.cell[l[2]] {
			return true
		}
	}
	return false
}

func (g *ttt) Outcome() (bool, int) {
	switch {
	case g.line() && g.misere:
		return true, 1 // the side that completed the line lost
	case g.line():
		return true, -1
	case len(g.hist) == 9:
		return true, 0
	}
	return false, 0
}

func (g *ttt) Moves(buf []rules.Move) []rules.Move {
	if over, _ := g.Outcome(); over {
		return buf
	}
	for i, v := range g.cell {
		if v == 0 {
			buf = append(buf, rules.Move(i))
		}
	}
	return buf
}

func (g *ttt) Play(m rules.Move) { g.cell[m] = int8(g.ToMove()) + 1; g.hist = append(g.hist, m) }
func (g *ttt) Undo()             { g.cell[g.hist[len(g.hist)-1]] = 0; g.hist = g.hist[:len(g.hist)-1] }

func (g *ttt) Hash() uint64 {
	h := uint64(len(g.hist)&1) + 2
	if g.misere {
		h++
	}
	for _, v := range g.cell {
		h = h*3 + uint64(v)
	}
	return h * 0x9E3779B97F4A7C15
}

func (g *ttt) ParseMove(s string) (rules.Move, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'c' || s[1] < '1' || s[1] > '3' {
		return 0, rules.Errorf(rules.ErrSyntax, "tictactoe: move %s: want a1..c3", rules.Quote(s))
	}
	m := rules.Move(int(s[1]-'1')*3 + int(s[0]-'a'))
	if over, _ := g.Outcome(); over || g.cell[m] != 0 {
		return 0, rules.Errorf(rules.ErrIllegal, "tictactoe: move %s: not free", rules.Quote(s))
	}
	return m, nil
}

func (g *ttt) String() string {
	var b strings.Builder
	for r := 2; r >= 0; r-- {
		for c := range 3 {
			b.WriteByte(".xo"[g.cell[r*3+c]])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

var tttDescriptor = &rules.Descriptor{
	Name: "tictactoe", Title: "Tic-tac-toe", Colors: [2]string{"X", "O"},
	Options: []rules.Option{{Key: "variant", Label: "Variant", Default: "normal", Choices: []rules.Choice{
		{Value: "normal", Label: "Three in a row wins"},
		{Value: "misere", Label: "Three in a row loses", Short: "misère"},
	}}},
	New: func(o rules.Options) (rules.State, error) { return &ttt{misere: o["variant"] == "misere"}, nil },
	Score: func(s rules.State, seat rules.Seat) (int, string) {
		n := 0
		for _, v := range s.(*ttt).cell {
			if v == int8(seat)+1 {
				n++
			}
		}
		return n, "marks"
	},
	PerftTerminalIsLeaf: true,
}

// tttBoard is the toy's widget: the diagram as text; a tap plays the first
// legal move.
type tttBoard struct {
	widget.BaseWidget
	g      *ttt
	onMove func(rules.Move)
	text   *canvas.Text
}

func (b *tttBoard) CreateRenderer() fyne.WidgetRenderer {
	b.text = canvas.NewText(b.g.String(), nil)
	return widget.NewSimpleRenderer(b.text)
}
func (b *tttBoard) SetInteractive(bool)          {}
func (b *tttBoard) SetHint(rules.Move)           {}
func (b *tttBoard) SetOnMove(f func(rules.Move)) { b.onMove = f }
func (b *tttBoard) Update()                      { b.Refresh() }
func (b *tttBoard) Tapped(*fyne.PointEvent) {
	if m := b.g.Moves(nil); len(m) > 0 && b.onMove != nil {
		b.onMove(m[0])
	}
}

// tttWidget registers the toy's board once per process (widgets.Register
// refuses a second registration).
var tttWidget sync.Once

// registerToy registers the toy game in all three registries for the test.
func registerToy(t *testing.T) {
	registry.Register(tttDescriptor)
	tttWidget.Do(func() {
		widgets.Register("tictactoe", func(s rules.State) (widgets.Board, error) {
			b := &tttBoard{g: s.(*ttt)}
			b.ExtendBaseWidget(b)
			return b, nil
		})
	})
	ai.Register("tictactoe", func() ai.Knowledge { return &ai.Mobility{} })
	t.Cleanup(func() {
		registry.Unregister("tictactoe")
		ai.Register("tictactoe", nil)
	})
}

// TestToyGame registers tic-tac-toe and uses it through the command line,
// the controller with the real engine, the new-game dialog and the window.
func TestToyGame(t *testing.T) {
	registerToy(t)

	out, errOut, code := runArgs("show", "tictactoe", "--moves", "a1 b1 a2 b2 a3")
	if code != 0 || lastLine(out) != "status: x wins" {
		t.Fatalf("show: exit %d, %q %q", code, out, errOut)
	}
	out, _, _ = runArgs("show", "tictactoe", "--variant", "misere", "--moves", "a1 b1 a2 b2 a3")
	if lastLine(out) != "status: o wins" {
		t.Fatalf("misère show: %q", out)
	}
	// 255,168 possible games of tic-tac-toe (Schaeffer); perft counts
	// finished games as leaves.
	out, errOut, code = runArgs("perft", "tictactoe", "9")
	if code != 0 || !strings.HasSuffix(out, "perft(9) = 255168\n") {
		t.Fatalf("perft: exit %d, %q %q", code, out, errOut)
	}
	out, errOut, code = runArgs("bestmove", "tictactoe", "--depth", "9")
	if code != 0 || !strings.Contains(out, " score 0 ") {
		t.Fatalf("bestmove: the empty board is a draw: exit %d, %q %q", code, out, errOut)
	}
	if _, errOut, code = runArgs("show", "tictactoe", "--variant", "x"); code != 2 || !strings.Contains(errOut, `"x"`) {
		t.Fatalf("bad option: exit %d, %q", code, errOut)
	}

	// The controller, computer against computer with the real engine.
	test.NewTempApp(t)
	set := settings("tictactoe", session.Watch)
	set.Level = ai.MaxLevel
	// The queue runs the controller's posts on this goroutine, as the UI
	// goroutine would.
	tq := sessiontest.NewQueue()
	c := session.NewController(ai.NewEngine(1), tq.Post, 1)
	c.MinDelay, c.WatchDelay, c.ShowDelay, c.HintTime = 0, 0, 0, time.Second
	// Nothing of the controller may search the toy game once its cleanup
	// (registered earlier, so run later) has removed it.
	t.Cleanup(func() { c.Close(); c.Wait() })
	var over string
	c.OnGameOver = func(s string) { over = s }
	if err := c.NewGame(set); err != nil {
		t.Fatal(err)
	}
	c.Start()
	tq.RunUntilWithin(t, "the toy game's end", time.Minute, func() bool { return over != "" })
	if over != "Draw, 4–5." && over != "Draw, 5–4." {
		t.Fatalf("perfect play ended %q", over)
	}
	c.Close()

	// The dialog offers it with its option, and the window builds its board.
	f := newNewGameForm(set, nil)
	f.game.SetSelected("Tic-tac-toe")
	f.optionRow("tictactoe", "variant").setValue("misere")
	if got := f.Settings(); got.Game != "tictactoe" || got.Option("variant") != "misere" || session.GameLine(got) != "Tic-tac-toe · misère" {
		t.Fatalf("dialog: %+v %q", got, session.GameLine(got))
	}
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.ctl.MinDelay = 0
	t.Cleanup(func() { g.ctl.Close(); g.ctl.Wait() })
	g.startGame(settings("tictactoe", session.VsComputer))
	if _, ok := g.board.(*tttBoard); !ok {
		t.Fatalf("board %T", g.board)
	}
	test.Tap(g.board.(*tttBoard))
	q.RunUntil(t, "the computer's reply", g.ctl.PersonToMove)
	if texts, _, _ := g.ctl.History(); len(texts) != 2 || !strings.Contains(g.panel.turn.Text, "X to move") {
		t.Fatalf("history %v, turn %q", texts, g.panel.turn.Text)
	}
	g.win.Close()
}

// runArgs runs the command line args and returns its output and status.
func runArgs(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = cli.Run(args, &out, &errb)
	return out.String(), errb.String(), code
}

// lastLine returns the last line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}
