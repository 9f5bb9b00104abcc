package ui

import (
	"errors"
	"fmt"
	"image/color"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"planiverse/ai"
	"planiverse/app/i18n"
	"planiverse/app/internal/prefsfile"
	"planiverse/app/session"
	"planiverse/app/session/startopts"
	"planiverse/rules"
	"planiverse/rules/registry"
	"planiverse/widgets"
)

// AppID is the application ID (also in FyneApp.toml); preferences are kept
// under it.
const AppID = "net.planiverse.app"

// guiTTMegabytes is the size of the window engine's transposition table.
const guiTTMegabytes = 64

// Run opens the main window on the game start asks for (beginWith) and
// runs the Fyne event loop until it closes.
//
// Call CheckDisplay first: without a display Fyne's driver panics.
func Run(start startopts.Start) {
	// A panic of Fyne's driver while the window is made or opened (GLFW's
	// "PlatformUnavailable"), on this goroutine, ends in startFailed.
	defer func() {
		if r := recover(); r != nil {
			startFailed(r)
		}
	}()
	quietLog()
	prepareCache()
	preferX11()
	if f, err := strconv.ParseFloat(os.Getenv("FYNE_SCALE"), 32); err == nil && f > 0 {
		startScale = float32(f) // Fyne's driver reads it; its Settings do not
	}
	go exitAfterSignal(termGrace)
	repaired := repairPreferences(prefsfile.Path(AppID), time.Now()) // before Fyne reads the file
	a := app.NewWithID(AppID)
	setupLanguage(a.Preferences()) // language.go; before anything shows a word
	prefsNote := repairNote(repaired)
	a.SetIcon(iconResource)
	g := newGUI(a, ai.NewEngine(guiTTMegabytes), fyne.Do, uint64(time.Now().UnixNano()))
	g.sound = newSounder(openOto, !loadSoundOn(a.Preferences()))
	g.lessonOffers = true
	g.beginWith(start) // start.go
	if prefsNote != "" {
		g.ctl.Note(prefsNote)
	}
	g.win.Show()
	// The canvas scale is known once the window is on the screen: fit
	// the window to the screen again with it.
	go func() {
		time.Sleep(300 * time.Millisecond)
		fyne.Do(func() {
			scale := g.win.Canvas().Scale()
			g.least.SetMinSize(g.leastSize(scale))
			if sz := fitScreen(g.win.Canvas().Size(), scale); sz != g.win.Canvas().Size() {
				g.win.Resize(sz)
			}
		})
	}()
	a.Run()
}

// preferX11 tells Fyne's driver to use X11 outside a Wayland session:
// GLFW's automatic choice tries Wayland first, and libwayland prints an
// error on stderr when XDG_RUNTIME_DIR is not set. FYNE_PLATFORM, when
// set, is left as it is.
func preferX11() {
	if runtime.GOOS == "linux" && os.Getenv("FYNE_PLATFORM") == "" && os.Getenv("WAYLAND_DISPLAY") == "" && os.Getenv("DISPLAY") != "" {
		_ = os.Setenv("FYNE_PLATFORM", "x11")
	}
}

// termGrace is how long the window has to close after SIGINT or SIGTERM
// (Fyne's driver quits on them) before the process exits by itself.
const termGrace = 3 * time.Second

// exitAfterSignal waits for SIGINT or SIGTERM and, if the process is still
// running grace later (the UI goroutine busy, a driver that did not quit),
// says so on stderr and exits with status 1. The game is autosaved after
// every move, so nothing is lost.
func exitAfterSignal(grace time.Duration) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	s := <-sig
	time.Sleep(grace)
	fmt.Fprintf(os.Stderr, "planiverse: the window did not close within %v of %v; exiting\n", grace, s)
	os.Exit(1)
}

// retryEnv marks the second start after the window failed to open.
const retryEnv = "PLANIVERSE_WINDOW_RETRY"

// startFailed handles a panic of Fyne's driver while the window opens
// (GLFW's "PlatformUnavailable" when the display is not ready): the
// program starts itself once more; if that was the second start it prints
// one line and exits with status 1.
func startFailed(r any) {
	code, msg := retryStart(r, os.Getenv(retryEnv) != "", rerun)
	if msg != "" {
		fmt.Fprintln(os.Stderr, msg)
	}
	os.Exit(code)
}

// retryStart decides what a failed start does: on the first start it runs
// the program once more (rerun: its exit code, or an error when it could
// not run) and ends with that start's code; on the second start, or when
// the rerun could not run, it gives exit code 1 and the one line to print.
func retryStart(r any, second bool, rerun func() (int, error)) (code int, msg string) {
	if !second {
		if code, err := rerun(); err == nil {
			return code, ""
		}
	}
	if !displayFailure(r) {
		return 1, fmt.Sprintf("planiverse: the window could not open (%v); this is a fault of the program, not of the display: please report it", r)
	}
	return 1, fmt.Sprintf("planiverse: the window could not open (%v); use the CLI commands (planiverse help) or check DISPLAY", r)
}

// displayFailure reports whether r, a panic while the window opened, is
// the display's or the graphics driver's (GLFW's platform and API
// errors, X11, Wayland, OpenGL), rather than a fault of the program.
func displayFailure(r any) bool {
	msg := strings.ToLower(fmt.Sprint(r))
	for _, w := range []string{"glfw", "platform", "display", "x11", "wayland", "opengl", "glx", "egl", "apiunavailable", "versionunavailable"} {
		if strings.Contains(msg, w) {
			return true
		}
	}
	return false
}

// rerun starts this program again with the same arguments and retryEnv
// set, and returns its exit code.
func rerun() (int, error) {
	exe, err := os.Executable()
	if err != nil {
		return 0, err
	}
	cmd := exec.Command(exe, os.Args[1:]...)
	cmd.Env = append(os.Environ(), retryEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, nil
	case errors.As(err, &exit):
		return exit.ExitCode(), nil
	}
	return 0, err
}

// gui is the main window: the board of the current game in the center, the
// side panel on the right, the menus and keyboard shortcuts, wired to a
// Controller that owns the match.
type gui struct {
	app       fyne.App
	win       fyne.Window
	ctl       *session.Controller
	post      func(func()) // runs a function on the UI goroutine (fyne.Do)
	panel     *panel
	board     widgets.Board
	shown     rules.State // the position the board widget draws (Controller.ViewState)
	boardBox  *fyne.Container
	showLegal bool

	// trace, set by the environment variable PLANIVERSE_TRACE=1, prints
	// every move, hint and result on stderr (for scripted runs under Xvfb).
	trace      bool
	traced     int
	tracedHint rules.Move
	tracedOver bool

	menu                                  *fyne.MainMenu
	newItem, undoItem, redoItem, hintItem *fyne.MenuItem
	swapItem, legalItem, enginesItem      *fyne.MenuItem
	resignItem                            *fyne.MenuItem
	gameOver                              dialog.Dialog
	ticker                                *time.Ticker // redraws the clocks
	counted                               bool         // the finished game is in the statistics
	sound                                 *sounder
	soundItem                             *fyne.MenuItem
	heard                                 int               // moves of the game the sound has played for
	saved                                 string            // what the autosave holds: moves and result
	holding                               bool              // a dialog is open: the clocks are held
	closed                                bool              // the window closed
	least                                 *canvas.Rectangle // holds the window's least size (leastSize)
	modals                                []*modal
	autosaver                             session.Autosave // the autosave file (files.go, autosave.go)
	an                                    *analysisUI      // game report, values, teaching (report.go)
	lessonOffers                          bool             // offer a game's lessons at its first start (lessons.go)
	learn                                 *lessonsUI       // the Learn dialog last opened (lessons.go)
}

// modal is an open dialog that takes Enter (enter) and Escape (cancels).
type modal struct {
	d     dialog.Dialog
	enter func()
}

// clockTick is how often the window redraws running clocks and checks for
// a fallen flag.
const clockTick = 100 * time.Millisecond

// tick checks the clocks and redraws them while one runs.
func (g *gui) tick() {
	g.holdWhileDialog()
	if s := g.ctl.State(); s == nil {
		return
	} else if _, running, _ := g.ctl.Clock(s.ToMove()); running {
		g.ctl.Tick()
		g.panel.showClocks(g.ctl.PanelSeats())
	}
}

// holdWhileDialog holds the clocks while any dialog (or menu) is open
// over the window, and lets them run when the last one has gone.
func (g *gui) holdWhileDialog() {
	open := g.win.Canvas().Overlays().Top() != nil
	if open != g.holding {
		g.holding = open
		g.ctl.HoldClock(open)
	}
}

// show shows dialog d, holding the clocks while it is open; Enter calls
// enter (nil: Enter closes it like Escape), Escape closes it with its
// cancel answer.
func (g *gui) show(d dialog.Dialog, enter func()) {
	m := &modal{d: d, enter: enter}
	g.modals = append(g.modals, m)
	d.SetOnClosed(func() {
		g.modals = slices.DeleteFunc(g.modals, func(o *modal) bool { return o == m })
		g.holdWhileDialog()
	})
	d.Show()
	g.holdWhileDialog()
}

// showError shows err in a dialog that Enter and Escape close, in the
// window's language (session.ErrorText).
func (g *gui) showError(err error) {
	if g.trace {
		fmt.Fprintf(os.Stderr, "planiverse: error: %v\n", err)
	}
	g.show(dialog.NewError(errors.New(session.ErrorText(err)), g.win), nil)
}

// dialogKey gives Enter and Escape to the newest open dialog; it reports
// whether one took the key (every key while a dialog is open: none
// reaches the board or the review under it).
func (g *gui) dialogKey(k fyne.KeyName) bool {
	if g.win.Canvas().Overlays().Top() == nil {
		g.modals = nil // closed without their callback (an overlay removed)
	}
	if len(g.modals) == 0 {
		return false
	}
	m := g.modals[len(g.modals)-1]
	switch k {
	case fyne.KeyEscape:
		m.d.Hide()
	case fyne.KeyReturn, fyne.KeyEnter:
		if m.enter != nil {
			m.enter()
		} else {
			m.d.Hide()
		}
	}
	return true // no key reaches the board under a dialog
}

// togglePause pauses or resumes computer against computer.
func (g *gui) togglePause() { g.ctl.SetPaused(!g.ctl.Paused()) }

// newGUI builds the window of app a with the engine eng; post hands work to
// the UI goroutine (fyne.Do). It does not show the window.
func newGUI(a fyne.App, eng session.Searcher, post func(func()), seed uint64) *gui {
	g := &gui{app: a, showLegal: LoadShowLegal(a.Preferences()), trace: os.Getenv("PLANIVERSE_TRACE") == "1",
		sound: newSounder(nil, !loadSoundOn(a.Preferences()))}
	a.Settings().SetTheme(newAppTheme())
	g.win = a.NewWindow("Planiverse")
	g.post = post
	g.ctl = session.NewController(eng, post, seed)
	g.panel = newPanel(g.showNewGame, g.undo, g.redo, g.hint, g.resign, g.swap, g.togglePause, g.setShowLegal)
	g.panel.onReview = g.ctl.Review
	g.panel.onContinue = g.continueHere
	g.panel.onSpecial = func(m rules.Move) { _ = g.ctl.Play(m) }
	g.panel.onLog = g.showLog
	g.panel.moves.onKey = g.reviewKey
	g.panel.showLegal.SetChecked(g.showLegal)
	g.panel.graphChosen = a.Preferences().Bool(prefPanelGraph)
	g.panel.markChoice()
	g.panel.onChoose = func(graph bool) { a.Preferences().SetBool(prefPanelGraph, graph) }
	g.boardBox = container.NewStack()

	g.ctl.OnNewGame = func() {
		g.traced, g.tracedHint, g.tracedOver = 0, rules.NoMove, false
		g.counted = false
		g.heard = g.ctl.Plies()
		if g.trace {
			fmt.Fprintf(os.Stderr, "planiverse: new game %s\n", session.GameLine(g.ctl.Settings()))
		}
		g.rebuildBoard(g.ctl.State())
	}
	g.ctl.OnChange = g.refresh
	g.ctl.SetAnalysis(true)
	widgets.SetAnimationSpeed(loadAnimation(a.Preferences()))
	g.ctl.Engines = func() []session.EngineConfig { return LoadEngines(a.Preferences()) }
	g.ctl.OnProgress = func(ai.Info) { g.panel.showThinking(g.ctl.PanelThinking()) }
	g.ctl.OnGameOver = g.showGameOver

	g.buildMenu()
	g.addShortcuts()
	g.an = newAnalysisUI(g) // report.go
	// The window's least height shows the whole panel (six rows of moves)
	// where the screen has room for it at this scale; on a smaller screen
	// it is the screen's, and the panel's lower parts give way
	// (panelLayout). It is set once: nothing the panel shows later makes
	// the window grow.
	scale := a.Settings().Scale()
	if startScale > 0 {
		scale = startScale
	}
	g.least = canvas.NewRectangle(color.Transparent)
	g.least.SetMinSize(g.leastSize(scale))
	g.win.SetContent(container.NewStack(g.least,
		container.NewBorder(nil, nil, nil, g.panel.content, container.NewPadded(g.boardBox))))
	g.win.Resize(fitScreen(windowSize(a.Preferences()), scale))
	g.ticker = time.NewTicker(clockTick)
	stopTick := make(chan struct{})
	go func(t *time.Ticker) {
		for {
			select {
			case <-t.C:
				post(g.tick)
			case <-stopTick:
				return
			}
		}
	}(g.ticker)
	var once sync.Once
	g.win.SetOnClosed(func() {
		once.Do(func() {
			g.closed = true
			saveWindowSize(a.Preferences(), fitScreen(g.win.Canvas().Size(), g.win.Canvas().Scale()))
			g.ticker.Stop()
			close(stopTick)
			g.ctl.Close()
			g.autosaver.Release() // another window may take this autosave now
		})
	})
	return g
}

// The window's first size is defaultWindow; later starts use the size the
// window had when it closed, within limits. Either way fitScreen makes it
// fit the screen at the canvas scale. The least size is the content's
// (Fyne keeps the window from shrinking below it): the board's least and
// the panel's width; below the panel's fixed part, its parts give way when
// the window is shorter than them (panelLayout).
var (
	defaultWindow = fyne.NewSize(1040, 660)
	minWindow     = fyne.NewSize(560, 300)
	maxWindow     = fyne.NewSize(7680, 4320)
)

// startScale is the canvas scale the window will have, when Run knows it
// before the window opens (FYNE_SCALE); 0: the app's settings' scale.
var startScale float32

// menuHeight is about the height of the window's menu bar, which Fyne
// draws inside the canvas on Linux and Windows.
const menuHeight = 40

// assumedScreen is the screen size in pixels when the display check could
// not tell it (Wayland, macOS, Windows): a common small laptop screen.
var assumedScreen = [2]int{1366, 768}

// Room that the window manager's title bar and a panel or task bar take
// from the screen, in pixels.
const screenMarginW, screenMarginH = 16, 96

// fitScreen returns size (Fyne units) made to fit the screen at scale
// (Fyne units to pixels): never wider or taller than the screen less the
// title bar and task bar.
func fitScreen(size fyne.Size, scale float32) fyne.Size {
	if scale <= 0 {
		scale = 1
	}
	w, h := screenPixels.w, screenPixels.h
	if w <= 0 || h <= 0 {
		w, h = assumedScreen[0], assumedScreen[1]
	}
	maxW := float32(w-screenMarginW) / scale
	maxH := float32(h-screenMarginH) / scale
	return fyne.NewSize(min(size.Width, maxW), min(size.Height, maxH))
}

// leastSize is the least size the window's content (below the menu bar)
// asks for at scale: the height of the whole panel, within the screen.
func (g *gui) leastSize(scale float32) fyne.Size {
	h := fitScreen(fyne.NewSize(0, g.panel.fullHeight()+2*theme.Padding()+menuHeight), scale).Height
	return fyne.NewSize(0, max(h-menuHeight, 0))
}

// windowSize returns the size to open the window at (Fyne units).
func windowSize(p fyne.Preferences) fyne.Size {
	w := float32(p.FloatWithFallback(prefWidth, float64(defaultWindow.Width)))
	h := float32(p.FloatWithFallback(prefHeight, float64(defaultWindow.Height)))
	if !(w >= minWindow.Width && w <= maxWindow.Width && h >= minWindow.Height && h <= maxWindow.Height) {
		return defaultWindow
	}
	return fyne.NewSize(w, h)
}

// saveWindowSize remembers the window's size for the next start.
func saveWindowSize(p fyne.Preferences, size fyne.Size) {
	if size.Width >= minWindow.Width && size.Height >= minWindow.Height {
		p.SetFloat(prefWidth, float64(size.Width))
		p.SetFloat(prefHeight, float64(size.Height))
	}
}

// begin sets up the last game played (from the preferences) and shows the
// new-game dialog over it; the game starts when the dialog closes.
func (g *gui) begin() {
	if g.restore() {
		return
	}
	set := LoadSettings(g.app.Preferences())
	if err := g.ctl.NewGame(set); err != nil {
		_ = g.ctl.NewGame(session.DefaultSettings())
	}
	g.showNewGame()
}

// showNewGame shows the new-game dialog; Start (or Enter) begins the
// chosen game, asking first when it would abandon a game in progress;
// Cancel (or Escape) goes on with the current one.
func (g *gui) showNewGame() {
	if g.gameOver != nil {
		g.gameOver.Hide()
		g.gameOver = nil
	}
	d := newGameDialog(g.win, g.ctl.Settings(), LoadEngines(g.app.Preferences()), g.startChosen, g.ctl.Start, g.dialogKey)
	g.show(d, d.Confirm)
}

// startChosen starts the game the new-game dialog chose; a game in
// progress is abandoned only when the person confirms, and against the
// computer it counts as a loss.
func (g *gui) startChosen(set session.MatchSettings) {
	if !g.ctl.InProgress() {
		g.startGame(set)
		return
	}
	text := i18n.T("ui.abandon.question", "Abandon the game in progress?", nil)
	if g.ctl.Counted() {
		text = i18n.T("ui.abandon.question_counted", "Abandon the game in progress?\nIt counts as a loss in your statistics.", nil)
	}
	d := dialog.NewConfirm(i18n.T("ui.new_game", "New game", nil), text, func(yes bool) {
		if !yes {
			return
		}
		if g.ctl.Counted() && !g.counted {
			g.counted = true
			cur := g.ctl.Settings()
			countGame(g.app.Preferences(), cur.Game, cur.Level, "lost")
		}
		g.startGame(set)
	}, g.win)
	d.SetConfirmText(i18n.T("ui.button.abandon", "Abandon", nil))
	g.show(d, d.Confirm)
}

// startGame starts a game with set and remembers the choices.
func (g *gui) startGame(set session.MatchSettings) {
	if err := g.ctl.NewGame(set); err != nil {
		g.showError(err)
		return
	}
	SaveSettings(g.app.Preferences(), set)
	g.ctl.Start()
	if g.lessonOffers {
		g.offerLessons(set.Game)
	}
}

// rebuildBoard replaces the board widget by one drawing s (the
// controller's new position object, or the position on view in review),
// from the widget registry (widgets.New).
func (g *gui) rebuildBoard(s rules.State) {
	b, err := widgets.New(g.ctl.Settings().Game, s)
	if err != nil {
		// A game registered without a widget: a programming error that
		// the window reports rather than crashing on.
		g.showError(err)
		return
	}
	g.board, g.shown = b, s
	lm, ok := b.(widgets.LegalMarker)
	if ok {
		lm.ShowLegal(g.showLegal)
	}
	g.panel.legalMarks = ok
	g.board.SetOnMove(func(m rules.Move) {
		if err := g.ctl.Play(m); err != nil && !errors.Is(err, session.ErrNotYourTurn) {
			fyne.LogError("board move", err)
		}
	})
	if r, ok := g.board.(interface{ SetOnRefused(func(rules.Move)) }); ok {
		r.SetOnRefused(g.ctl.Refused)
	}
	g.boardBox.Objects = []fyne.CanvasObject{g.board}
	g.boardBox.Refresh()
}

// refresh shows the controller's state on the board, the panel and the
// menus.
func (g *gui) refresh() {
	c := g.ctl
	if vs := c.ViewState(); vs != nil && vs != g.shown {
		g.rebuildBoard(vs)
	}
	if g.board != nil {
		g.board.Update()
		g.board.SetHint(c.Hint())
		g.board.SetInteractive(c.PersonToMove())
	}
	v := c.Panel()
	g.panel.show(v)
	if key := g.autosaveKey(); key != g.saved && c.Started() {
		g.saved = key
		g.autosave()
	}
	if n := c.Plies(); n != g.heard {
		if n > g.heard && c.Started() {
			g.sound.Play(SoundMove)
		}
		g.heard = n
	}
	if g.trace {
		g.traceState()
	}
	g.an.refresh(v.Buttons) // report.go
	changed := setDisabled(g.undoItem, !c.CanUndo())
	changed = setDisabled(g.redoItem, !c.CanRedo()) || changed
	changed = setDisabled(g.hintItem, !c.PersonToMove()) || changed
	changed = setDisabled(g.swapItem, !c.CanSwap()) || changed
	changed = setDisabled(g.resignItem, !c.CanResign()) || changed
	changed = setDisabled(g.legalItem, !g.panel.legalMarks) || changed
	if g.legalItem.Checked != g.showLegal {
		g.legalItem.Checked = g.showLegal
		changed = true
	}
	if changed {
		g.menu.Refresh()
	}
}

// traceState prints what changed since the last call: new moves, a new
// hint, the result.
func (g *gui) traceState() {
	c := g.ctl
	texts, _, sides := c.History()
	if len(texts) < g.traced {
		fmt.Fprintf(os.Stderr, "planiverse: undo to %d moves\n", len(texts))
		g.traced = len(texts)
	}
	for ; g.traced < len(texts); g.traced++ {
		fmt.Fprintf(os.Stderr, "planiverse: move %d %s %s\n", g.traced+1, sides[g.traced], texts[g.traced])
	}
	if h := c.Hint(); h != g.tracedHint {
		g.tracedHint = h
		if h != rules.NoMove {
			fmt.Fprintf(os.Stderr, "planiverse: hint %s\n", c.State().MoveString(h))
		}
	}
	if c.Over() != g.tracedOver {
		g.tracedOver = c.Over()
		if c.Over() {
			fmt.Fprintf(os.Stderr, "planiverse: over %s\n", c.Result())
		}
	}
	if c.PersonToMove() {
		fmt.Fprintf(os.Stderr, "planiverse: person to move (%s)\n", c.SeatName(c.State().ToMove()))
	}
}

func setDisabled(it *fyne.MenuItem, off bool) bool {
	if it.Disabled == off {
		return false
	}
	it.Disabled = off
	return true
}

func (g *gui) undo() { g.ctl.Undo() }
func (g *gui) redo() { g.ctl.Redo() }
func (g *gui) hint() { g.ctl.RequestHint() }

// resign asks before the person's side resigns.
func (g *gui) resign() {
	if !g.ctl.CanResign() {
		return
	}
	d := dialog.NewConfirm(i18n.T("ui.resign.title", "Resign", nil), i18n.T("ui.resign.question", "Resign this game?", nil), func(yes bool) {
		if yes {
			g.ctl.Resign()
		}
	}, g.win)
	g.show(d, d.Confirm)
}

func (g *gui) swap() {
	if g.ctl.CanSwap() {
		_ = g.ctl.Play(rules.Swap)
	}
}

// setShowLegal turns Othello's legal-move marks on or off and remembers it.
func (g *gui) setShowLegal(on bool) {
	if on == g.showLegal {
		return
	}
	g.showLegal = on
	SaveShowLegal(g.app.Preferences(), on)
	if b, ok := g.board.(widgets.LegalMarker); ok {
		b.ShowLegal(on)
	}
	g.panel.showLegal.SetChecked(on)
	g.refresh()
}

// showGameOver shows the result with a New game button.
func (g *gui) showGameOver(summary string) {
	g.countFinished()
	g.sound.Play(SoundEnd)
	text := widget.NewLabelWithStyle(summary, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	d := dialog.NewCustomConfirm(i18n.T("ui.game_over", "Game over", nil), i18n.T("ui.new_game", "New game", nil),
		i18n.T("ui.button.close", "Close", nil), text, func(again bool) {
			g.gameOver = nil
			if again {
				g.showNewGame()
			}
		}, g.win)
	g.gameOver = d
	g.show(d, d.Confirm)
}

// shortcut is Ctrl (Cmd on macOS) plus key, with extra modifiers.
func shortcut(key fyne.KeyName, extra fyne.KeyModifier) *desktop.CustomShortcut {
	return &desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault | extra}
}

func (g *gui) buildMenu() {
	g.newItem = fyne.NewMenuItem(i18n.T("ui.menu.new_game", "New game…", nil), g.showNewGame)
	g.newItem.Shortcut = shortcut(fyne.KeyN, 0)
	// Fyne's desktop driver turns Ctrl+Z and Ctrl+Y (Cmd on macOS) into
	// its own ShortcutUndo and ShortcutRedo before any custom shortcut is
	// matched, and matches menu shortcuts by name: so the menu items carry
	// those, not CustomShortcuts.
	g.undoItem = fyne.NewMenuItem(i18n.T("ui.menu.undo", "Undo", nil), g.undo)
	g.undoItem.Shortcut = &fyne.ShortcutUndo{}
	g.redoItem = fyne.NewMenuItem(i18n.T("ui.menu.redo", "Redo", nil), g.redo)
	g.redoItem.Shortcut = &fyne.ShortcutRedo{}
	g.hintItem = fyne.NewMenuItem(i18n.T("ui.menu.hint", "Hint", nil), g.hint)
	g.hintItem.Shortcut = shortcut(fyne.KeyH, 0)
	g.swapItem = fyne.NewMenuItem(i18n.T("ui.menu.swap", "Swap colors (Gomoku)", nil), g.swap)
	g.legalItem = fyne.NewMenuItem(i18n.T("ui.show_legal", "Show legal moves", nil), func() { g.setShowLegal(!g.showLegal) })
	g.legalItem.Checked = g.showLegal
	g.enginesItem = fyne.NewMenuItem(i18n.T("ui.menu.engines", "Engines…", nil), g.showEngines)
	languageItem := fyne.NewMenuItem(i18n.T("ui.menu.language", "Language…", nil), g.showLanguage)
	g.soundItem = fyne.NewMenuItem(i18n.T("ui.menu.sound", "Sound", nil), g.toggleSound)
	animItem := fyne.NewMenuItem(i18n.T("ui.menu.animation", "Animation", nil), nil)
	var animItems []*fyne.MenuItem
	for _, sp := range animationSpeeds {
		it := fyne.NewMenuItem(sp.label(), nil)
		it.Checked = widgets.CurrentAnimationSpeed() == sp.speed
		it.Action = func() {
			widgets.SetAnimationSpeed(sp.speed)
			g.app.Preferences().SetString(prefAnimation, sp.key)
			for _, o := range animItems {
				o.Checked = o == it
			}
			g.menu.Refresh()
		}
		animItems = append(animItems, it)
	}
	animItem.ChildMenu = fyne.NewMenu("", animItems...)
	g.soundItem.Checked = !g.sound.Muted()
	g.resignItem = fyne.NewMenuItem(i18n.T("ui.menu.resign", "Resign…", nil), g.resign)
	openItem := fyne.NewMenuItem(i18n.T("ui.menu.open", "Open…", nil), g.openGame)
	openItem.Shortcut = shortcut(fyne.KeyO, 0)
	saveItem := fyne.NewMenuItem(i18n.T("ui.menu.save", "Save…", nil), g.save)
	saveItem.Shortcut = shortcut(fyne.KeyS, 0)
	copyItem := fyne.NewMenuItem(i18n.T("ui.menu.copy_moves", "Copy moves", nil), g.copyMoves)
	copyItem.Shortcut = &fyne.ShortcutCopy{}
	pasteItem := fyne.NewMenuItem(i18n.T("ui.menu.paste_moves", "Paste moves (new game)", nil), g.pasteMoves)
	pasteItem.Shortcut = &fyne.ShortcutPaste{}
	quitItem := fyne.NewMenuItem(i18n.T("ui.menu.quit", "Quit", nil), g.quit)
	quitItem.IsQuit = true
	quitItem.Shortcut = shortcut(fyne.KeyQ, 0)
	puzzlesItem := fyne.NewMenuItem(i18n.T("ui.menu.puzzles", "Puzzles…", nil), g.showPuzzles)
	game := fyne.NewMenu(i18n.T("ui.menu.game", "Game", nil), g.newItem, openItem, saveItem, fyne.NewMenuItemSeparator(),
		g.undoItem, g.redoItem, g.hintItem, g.swapItem, g.resignItem, fyne.NewMenuItemSeparator(),
		copyItem, pasteItem, fyne.NewMenuItemSeparator(), g.legalItem,
		g.soundItem, animItem, fyne.NewMenuItemSeparator(), g.enginesItem, fyne.NewMenuItemSeparator(), quitItem)
	help := fyne.NewMenu(i18n.T("ui.menu.help", "Help", nil),
		fyne.NewMenuItem(i18n.T("ui.how_to_play", "How to play", nil), g.showRules),
		fyne.NewMenuItem(i18n.T("ui.menu.learn", "Learn…", nil), g.showLessons),
		puzzlesItem, // the Game menu already fills the window's default height
		fyne.NewMenuItem(i18n.T("ui.statistics", "Statistics", nil), g.showStats),
		languageItem, // the Game menu already fills the window's default height
		fyne.NewMenuItem(i18n.T("ui.about.title", "About Planiverse", nil), g.showAbout),
	)
	g.menu = fyne.NewMainMenu(game, help)
	g.win.SetMainMenu(g.menu)
}

func (g *gui) addShortcuts() {
	c := g.win.Canvas()
	c.AddShortcut(shortcut(fyne.KeyN, 0), func(fyne.Shortcut) { g.showNewGame() })
	c.AddShortcut(&fyne.ShortcutUndo{}, func(fyne.Shortcut) { g.undo() })
	c.AddShortcut(&fyne.ShortcutRedo{}, func(fyne.Shortcut) { g.redo() })
	c.AddShortcut(shortcut(fyne.KeyZ, fyne.KeyModifierShift), func(fyne.Shortcut) { g.redo() })
	c.AddShortcut(shortcut(fyne.KeyH, 0), func(fyne.Shortcut) { g.hint() })
	c.AddShortcut(shortcut(fyne.KeyO, 0), func(fyne.Shortcut) { g.openGame() })
	c.AddShortcut(shortcut(fyne.KeyS, 0), func(fyne.Shortcut) { g.save() })
	c.AddShortcut(shortcut(fyne.KeyQ, 0), func(fyne.Shortcut) { g.quit() })
	g.clipboardShortcuts(c)
	// Enter and Escape answer the newest dialog; the arrow keys and
	// Home/End walk through the game when no widget has the keyboard
	// focus (a focused board moves its cursor instead; the focused move
	// list walks through the game as well). While a dialog or pop-up is
	// open no key goes further, even one this window did not show
	// through g.show (a file dialog).
	c.SetOnTypedKey(func(e *fyne.KeyEvent) {
		if g.dialogKey(e.Name) || c.Overlays().Top() != nil || g.reviewKey(e.Name) {
			return
		}
		switch e.Name {
		case fyne.KeyUp, fyne.KeyDown, fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
			g.focusBoard()
		}
	})
}

// reviewKey walks through the game for the arrow keys, Home and End
// (Escape returns to the game); it reports whether k was one of them.
// The move list's Up and Down step like Left and Right.
func (g *gui) reviewKey(k fyne.KeyName) bool {
	switch k {
	case fyne.KeyLeft, fyne.KeyUp:
		if k == fyne.KeyUp && g.win.Canvas().Focused() != g.panel.moves {
			return false
		}
		g.ctl.ReviewStep(-1)
	case fyne.KeyRight, fyne.KeyDown:
		if k == fyne.KeyDown && g.win.Canvas().Focused() != g.panel.moves {
			return false
		}
		g.ctl.ReviewStep(1)
	case fyne.KeyHome:
		g.ctl.Review(0)
	case fyne.KeyEnd, fyne.KeyEscape:
		g.ctl.Review(g.ctl.Plies())
	default:
		return false
	}
	return true
}

// save asks where to save the game; asking is the person's action, so
// the messages that last until then go.
func (g *gui) save() {
	g.ctl.Acted()
	g.saveGame()
}

// quit closes the window (Ctrl+Q), which ends the program.
func (g *gui) quit() { g.win.Close() }

// showLog shows every message of the game so far, newest last.
func (g *gui) showLog() {
	text := newWrapLabel(strings.Join(g.ctl.MessageLog(), "\n"))
	scroll := container.NewVScroll(text)
	d := dialog.NewCustom(i18n.T("ui.log.title", "Messages of this game", nil), i18n.T("ui.button.close", "Close", nil), scroll, g.win)
	size := g.win.Canvas().Size()
	d.Resize(fyne.NewSize(min(560, size.Width-40), min(420, size.Height-40)))
	g.show(d, nil)
	scroll.ScrollToBottom()
}

// focusBoard gives the board the keyboard: from then on the arrow keys
// move its cursor and Enter or Space plays (until the focus moves away, by
// Tab or a click elsewhere).
func (g *gui) focusBoard() {
	if f, ok := g.board.(fyne.Focusable); ok {
		g.win.Canvas().Focus(f)
	}
}

// continueHere asks before Continue from here takes back the moves after
// the position on view.
func (g *gui) continueHere() {
	c := g.ctl
	if !c.CanContinue() {
		return
	}
	ply, _ := c.Reviewing()
	n := c.Plies() - ply
	d := dialog.NewConfirm(i18n.T("ui.continue.title", "Continue from here", nil),
		i18n.N("ui.continue.question", "Take back the {{.Count}} later moves and play on from move {{.Move}}?", n,
			map[string]any{"Move": i18n.Number(ply)}), func(yes bool) {
			if yes {
				c.ContinueFromHere()
			}
		}, g.win)
	g.show(d, d.Confirm)
}

// showRules shows every game's rules (rules.Descriptor.Rules) with its
// small example diagrams (Descriptor.Examples, drawn by the game's own
// board widget), one tab a game, the current game's tab open.
func (g *gui) showRules() {
	tabs := container.NewAppTabs()
	for _, d := range registry.Games() {
		tabs.Append(container.NewTabItem(gameTitle(d), container.NewVScroll(rulesPage(d))))
		if d.Name == g.ctl.Settings().Game {
			tabs.SelectIndex(len(tabs.Items) - 1)
		}
	}
	dlg := dialog.NewCustom(i18n.T("ui.how_to_play", "How to play", nil), i18n.T("ui.button.close", "Close", nil), tabs, g.win)
	size := g.win.Canvas().Size()
	dlg.Resize(fyne.NewSize(min(720, size.Width-40), min(600, size.Height-40)))
	g.show(dlg, nil)
}

// rulesPage is one game's page of the Help: the rules, then each example
// as a captioned diagram.
func rulesPage(d *rules.Descriptor) fyne.CanvasObject {
	text := newWrapLabel(session.GameRules(d))
	box := container.NewVBox(text)
	for i, ex := range d.Examples {
		s, err := d.Start(ex.Options)
		if err != nil || rules.PlayMoves(s, ex.Moves) != nil {
			continue // TestExamples keeps this from happening
		}
		b, err := widgets.New(d.Name, s)
		if err != nil {
			continue
		}
		b.SetInteractive(false)
		caption := newWrapLabel(session.ExampleCaption(d, i))
		diagram := container.New(layout.NewGridWrapLayout(fyne.NewSize(260, 200)), b)
		box.Add(widget.NewSeparator())
		box.Add(container.NewBorder(nil, nil, diagram, nil, caption))
	}
	return box
}

// version is Planiverse's version, as About shows it.
const version = "0.1.0"

func (g *gui) showAbout() {
	g.show(dialog.NewInformation(i18n.T("ui.about.title", "About Planiverse", nil),
		i18n.T("ui.about.text", "Planiverse {{.Version}}\nDVONN, Othello, Gomoku and Alak against the computer or a friend.",
			map[string]any{"Version": version}), g.win), nil)
}

// toggleSound mutes or unmutes the sounds and remembers it.
func (g *gui) toggleSound() {
	on := g.sound.Muted()
	g.sound.SetMuted(!on)
	g.app.Preferences().SetBool(prefSound, on)
	g.soundItem.Checked = on
	g.menu.Refresh()
}

// gameTitle is the game's title in the window's language (its
// descriptor's Title in English); DVONN and Alak keep their names.
func gameTitle(d *rules.Descriptor) string {
	return i18n.T("ui.game."+d.Name, d.Title, nil)
}
