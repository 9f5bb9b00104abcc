package rules

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"planiverse/rules/phrase"
)

// Descriptor describes one game to every layer above the rules: its name
// and title, the options that define a variant, how to build a start
// position from them, the names of the sides and what the window says about
// moves and results. Each game package exports one (othello.Descriptor,
// gomoku.Descriptor...); package rules/registry lists them. The widget and the
// AI knowledge of a game are looked up by the same Name in packages widgets
// and ai, so that a new game needs its packages plus one registration in
// each registry, and no change to the app.
//
// Only Name, Title, Colors and New are required; every nil function has
// the default its comment gives. Functions that take a State are called
// with a position of this game only (New's concrete type).
type Descriptor struct {
	// Name is the registry key and the command-line name: lower case,
	// no spaces ("othello").
	Name string
	// Title is the display name ("Othello", "DVONN").
	Title string
	// Summary is one line for the new-game dialog when the game has no
	// options ("Standard 8x8 Othello; Black moves first."), or "".
	Summary string
	// Options are the choices that define a variant, in dialog order.
	Options []Option
	// Colors names the two piece colors, the dark one first: "Black",
	// "White" in every game of the registry. The command line writes them
	// in lower case.
	Colors [2]string
	// Notation is one line of command-line help on the move text
	// ("d3 (rows 1-8 top to bottom), pass").
	Notation string
	// Rules is a short description of the rules for the Help menu, in
	// English (the window's translations hold it under
	// "game.<name>.howToPlay", the examples' captions under
	// "game.<name>.example.<n>").
	Rules string

	// New returns the start position of the variant o. o holds a valid
	// value for every option (Resolve has checked and completed it).
	New func(o Options) (State, error)
	// ParsePosition reads a position in the game's position text (the
	// command line's --position) for the variant o; nil when the game has
	// no position text. Errors quote the offending part.
	ParsePosition func(o Options, text string) (State, error)
	// Setup returns the moves played by the app before the match starts,
	// which cannot be taken back (DVONN's random placement when
	// o["placement"] is "random"), drawing its random choices from r, or
	// nil; it does not change s. nil: no such moves.
	Setup func(s State, o Options, r *rand.Rand) []Move
	// Opening plays a few random plies on the start position s so that
	// self-play games differ (two per opening pair, colors swapped).
	// nil: two uniformly random plies.
	Opening func(s State, r *rand.Rand)

	// Color returns the color (Dark or Light: an index into Colors) that
	// seat plays in s. nil: the seat's own number (seat 0 Dark). DVONN's
	// first seat is White; Gomoku's seats exchange colors after a swap.
	Color func(s State, seat Seat) Color
	// Score returns seat's count in s and what it counts, in the plural
	// ("discs", "stones", "points"). nil: no score is shown.
	Score func(s State, seat Seat) (n int, unit string)
	// Action says what the side to move does now, after its color name:
	// "places a DVONN piece" (a phrase: the window translates it). nil or
	// the zero phrase: "to move".
	Action func(s State) phrase.P
	// Specials returns the legal moves of s that are not made on the
	// board, which the window offers as buttons (Gomoku's Swap2 "balance"),
	// besides rules.Swap (it has its own button). nil: none.
	Specials func(s State) []Special
	// Phase returns the phase of the game in s (DVONN: 0 placement, 1
	// movement); the window shows only the messages said in the current
	// phase. nil: the game has one phase.
	Phase func(s State) int
	// AutoPlay reports whether the single legal move of s plays itself
	// without asking (besides a forced Pass, which always does): DVONN's
	// last placement. nil: never.
	AutoPlay func(s State) bool
	// Intro returns the first messages of a new game of variant o.
	Intro func(o Options) []phrase.P
	// Warning returns a caution the new-game dialog shows for variant o
	// ("freestyle without an opening is a first-player win"), or the zero
	// phrase.
	Warning func(o Options) phrase.P
	// MoveNote returns a message about the move just played, or the zero
	// phrase: s is the position after it, p describes it. nil: no
	// messages (the app itself announces passes and swaps; Setup's moves
	// get none).
	MoveNote func(s State, p Played) phrase.P
	// Result returns the finished game's result without the final full
	// stop: "Black wins with five in a row", "Draw: the board is full".
	// nil: "<color> wins a–b" or "Draw, a–b." by Score.
	Result func(s State) phrase.P

	// Examples are small positions the Help shows beside Rules, in
	// order.
	Examples []Example

	// Formats are the game's record formats, the one the app saves first
	// (rules.Format); every game's first format is SGF (or an SGF-style
	// record when SGF has no number for the game).
	Formats []Format

	// PerftTerminalIsLeaf selects the perft convention (rules.Perft): a
	// finished game before the depth counts as a leaf (Othello, RULES.md).
	PerftTerminalIsLeaf bool
}

// Example is a small illustrated position of the Help: a caption and the
// moves (space-separated, the game's notation) played from the start
// position of a variant (Options; missing keys take their defaults).
type Example struct {
	Caption string
	Options Options
	Moves   string
}

// Special is a move made with a button rather than on the board
// (Descriptor.Specials).
type Special struct {
	Move  Move
	Label string // the button's text ("Place two more stones")
}

// Played describes a move just made, for Descriptor.MoveNote.
type Played struct {
	Move  Move
	Text  string // the move text
	Mover string // the mover's color name ("Black")
	Next  string // the color name of the side to move now
	Auto  bool   // the app played it by itself (a forced move)
}

// Option is one choice that defines a variant of a game, such as Gomoku's
// win rule or board size. Its value is text: one of Choices, or a whole
// number from Min to Max when Choices is empty.
type Option struct {
	// Key names the option in Options, on the command line (--key) and
	// in the preferences ("rules", "size", "opening").
	Key string
	// Label is the dialog's label ("Win rule").
	Label string
	// Help is the command-line help of the option.
	Help string
	// Choices are the allowed values in display order; empty for a
	// number option.
	Choices []Choice
	// Min and Max bound a number option.
	Min, Max int
	// Default is the value used when the option is not given.
	Default string
	// Preferred is the new-game dialog's choice on a first start when it
	// differs from Default (Gomoku's swap opening), or "".
	Preferred string
	// Format writes a number option's value for a game description, with
	// %s for the value ("%s points"); "" leaves it out.
	Format string
	// Applies reports whether the option means anything in the variant o
	// (Alak's size only with the modern rules); nil: always. An option
	// that does not apply may not be given with a value other than its
	// default.
	Applies func(o Options) bool
	// Match marks a choice of how the match starts rather than of the
	// rules (DVONN's random placement, played by Setup): the command line
	// has no flag for it.
	Match bool
}

// Choice is one allowed value of an Option.
type Choice struct {
	Value string // the value in Options and on the command line ("exact5")
	Label string // the dialog's text ("Exact five (six or more does not count)")
	Short string // the game description's text ("exact five"), or "" to leave it out
	Note  string // shown under the option while it is chosen, or ""
}

// Options are the values of a game's options by Option.Key.
type Options map[string]string

// Int returns the value of key as a whole number (0 when it is not one).
func (o Options) Int(key string) int {
	n, _ := strconv.Atoi(o[key])
	return n
}

// ErrOption is wrapped by every error about a game's options.
var ErrOption = errors.New("bad game option")

// Option returns the option with the given key, or nil.
func (g *Descriptor) Option(key string) *Option {
	for i := range g.Options {
		if g.Options[i].Key == key {
			return &g.Options[i]
		}
	}
	return nil
}

// Resolve checks o against the game's options and returns a complete copy:
// every missing option set to its default. It returns an error wrapping
// ErrOption for an unknown key, a value that is not allowed, or an option
// given a value other than its default where it does not apply.
func (g *Descriptor) Resolve(o Options) (Options, error) {
	out := g.Defaults()
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		opt := g.Option(k)
		if opt == nil {
			return nil, Errorp(ErrOption, phrase.T("error.option.unknown", "{{.Game}} has no {{.Option}} option", map[string]any{"Game": g.Name, "Option": k}))
		}
		v := o[k]
		if v == "" {
			continue
		}
		if why := opt.check(v); !why.IsZero() {
			return nil, Errorp(ErrOption, phrase.T("error.option.value", "{{.Game}} {{.Option}} {{.Value}}: {{.Why}}", map[string]any{"Game": g.Name, "Option": k, "Value": Quote(v), "Why": why}))
		}
		out[k] = v
	}
	for _, opt := range g.Options {
		if opt.Applies != nil && !opt.Applies(out) && out[opt.Key] != opt.Default {
			return nil, Errorp(ErrOption, phrase.T("error.option.game", "{{.Game}}: {{.Why}}", map[string]any{"Game": g.Name, "Why": g.notApplying(&opt, out)}))
		}
	}
	return out, nil
}

// notApplying says that opt does not apply to the variant out and which
// variants it needs: "the size option does not apply to rules classic;
// give rules modern". The variants are the other choice options' values
// under which it applies.
func (g *Descriptor) notApplying(opt *Option, out Options) phrase.P {
	for _, o := range g.Options {
		if o.Key == opt.Key || len(o.Choices) == 0 {
			continue
		}
		var need []string
		try := maps.Clone(out)
		for _, c := range o.Choices {
			if try[o.Key] = c.Value; opt.Applies(try) {
				need = append(need, c.Value)
			}
		}
		if len(need) > 0 {
			return phrase.T("error.option.not_applying_give", "the {{.Option}} option does not apply to {{.Other}} {{.Value}}; give {{.Other}} {{.Need}}",
				map[string]any{"Option": opt.Key, "Other": o.Key, "Value": out[o.Key], "Need": orList(need)})
		}
	}
	return phrase.T("error.option.not_applying", "the {{.Option}} option does not apply to this variant", map[string]any{"Option": opt.Key})
}

// orList joins words for a sentence: "a", "a or b", "a, b or c".
func orList(words []string) phrase.P {
	if len(words) < 2 {
		return phrase.T("", "{{.Word}}", map[string]any{"Word": strings.Join(words, "")})
	}
	return phrase.T("error.or_list", "{{.List}} or {{.Last}}", map[string]any{"List": strings.Join(words[:len(words)-1], ", "), "Last": words[len(words)-1]})
}

// Valid reports whether v is an allowed value of the option.
func (opt *Option) Valid(v string) bool { return opt.check(v).IsZero() }

// Defaults returns the default value of every option.
func (g *Descriptor) Defaults() Options {
	o := Options{}
	for _, opt := range g.Options {
		o[opt.Key] = opt.Default
	}
	return o
}

// check returns why v is not an allowed value of the option, or the zero
// phrase.
func (opt *Option) check(v string) phrase.P {
	if len(opt.Choices) > 0 {
		vals := make([]string, len(opt.Choices))
		for i, c := range opt.Choices {
			if c.Value == v {
				return phrase.P{}
			}
			vals[i] = c.Value
		}
		return phrase.T("error.option.want_choice", "want {{.Values}}", map[string]any{"Values": strings.Join(vals, ", ")})
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < opt.Min || n > opt.Max {
		return phrase.T("error.option.want_number", "want a whole number from {{.Min}} to {{.Max}}", map[string]any{"Min": opt.Min, "Max": opt.Max})
	}
	return phrase.P{}
}

// Start resolves o and returns the start position of the variant.
func (g *Descriptor) Start(o Options) (State, error) {
	r, err := g.Resolve(o)
	if err != nil {
		return nil, err
	}
	return g.New(r)
}

// Describe returns a one-line description of the variant o, which must be
// resolved: the title and the short texts of the options that apply
// ("Gomoku · 15x15 · freestyle · swap opening"), in English
// (DescribePhrases joined by " · ").
func (g *Descriptor) Describe(o Options) string { return g.DescribePhrase(o).String() }

// DescribePhrase returns Describe as one phrase: DescribePhrases joined
// by " · " (a join of translated parts, itself without a key).
func (g *Descriptor) DescribePhrase(o Options) phrase.P {
	ps := g.DescribePhrases(o)
	fields := make([]string, len(ps))
	data := make(map[string]any, len(ps))
	for i, p := range ps {
		name := "P" + strconv.Itoa(i)
		fields[i] = "{{." + name + "}}"
		data[name] = p
	}
	return phrase.T("", strings.Join(fields, " · "), data)
}

// DescribePhrases returns the parts of Describe as phrases: the title
// (key "game.<name>.title") and the short text of each option that
// applies (keys "game.<name>.<option>.format" with the argument Value,
// "game.<name>.<option>.<value>.short"); a number's format has the
// plural forms of its value.
func (g *Descriptor) DescribePhrases(o Options) []phrase.P {
	parts := []phrase.P{phrase.T("game."+g.Name+".title", g.Title, nil)}
	for _, opt := range g.Options {
		if opt.Applies != nil && !opt.Applies(o) {
			continue
		}
		v := o[opt.Key]
		if len(opt.Choices) == 0 {
			if opt.Format != "" {
				t := strings.ReplaceAll(opt.Format, "%s", "{{.Value}}")
				n, _ := strconv.Atoi(v)
				parts = append(parts, phrase.N("game."+g.Name+"."+opt.Key+".format", t, t, n, map[string]any{"Value": v}))
			}
			continue
		}
		for _, c := range opt.Choices {
			if c.Value == v && c.Short != "" {
				parts = append(parts, phrase.T("game."+g.Name+"."+opt.Key+"."+c.Value+".short", c.Short, nil))
			}
		}
	}
	return parts
}

// ColorOf returns the color (Dark or Light) that seat plays in s.
func (g *Descriptor) ColorOf(s State, seat Seat) Color {
	if g.Color == nil {
		return Color(seat & 1)
	}
	return g.Color(s, seat)
}

// SeatName returns the color name of the side seat plays in s ("Black").
func (g *Descriptor) SeatName(s State, seat Seat) string {
	return g.Colors[g.ColorOf(s, seat)&1]
}

// Status returns the command line's status of s: "black to move", "white
// wins" or "draw" (color names in lower case).
func (g *Descriptor) Status(s State) string {
	over, score := s.Outcome()
	name := func(p Seat) string { return strings.ToLower(g.SeatName(s, p)) }
	switch {
	case !over:
		return name(s.ToMove()) + " to move"
	case score > 0:
		return name(s.ToMove()) + " wins"
	case score < 0:
		return name(s.ToMove().Opponent()) + " wins"
	}
	return "draw"
}

// Winner returns the seat that won the finished game s; ok is false while
// the game goes on and after a draw.
func Winner(s State) (p Seat, ok bool) {
	over, score := s.Outcome()
	switch {
	case !over || score == 0:
		return 0, false
	case score < 0:
		return s.ToMove().Opponent(), true
	}
	return s.ToMove(), true
}

// ResultText returns the result of the finished game s without a final
// full stop, in English (ResultPhrase).
func (g *Descriptor) ResultText(s State) string { return g.ResultPhrase(s).String() }

// ResultPhrase returns the result of the finished game s without a final
// full stop: Result's, or by default "<color> wins a–b" / "Draw, a–b"
// from Score (keys "result.wins", "result.draw").
func (g *Descriptor) ResultPhrase(s State) phrase.P {
	if g.Result != nil {
		return g.Result(s)
	}
	w, ok := Winner(s)
	var a, b int
	if g.Score != nil {
		a, _ = g.Score(s, w)
		b, _ = g.Score(s, w.Opponent())
	}
	data := map[string]any{"A": a, "B": b}
	if !ok {
		return phrase.T("result.draw", "Draw, {{.A}}–{{.B}}", data)
	}
	data["Winner"] = phrase.Color(g.SeatName(s, w))
	return phrase.T("result.wins", "{{.Winner}} wins {{.A}}–{{.B}}", data)
}

// ActionPhrase returns Action's phrase for s, the zero phrase when the
// game has none.
func (g *Descriptor) ActionPhrase(s State) phrase.P {
	if g.Action == nil {
		return phrase.P{}
	}
	return g.Action(s)
}

// MoveNotePhrase returns MoveNote's phrase for the move p that led to s,
// the zero phrase when the game has none.
func (g *Descriptor) MoveNotePhrase(s State, p Played) phrase.P {
	if g.MoveNote == nil {
		return phrase.P{}
	}
	return g.MoveNote(s, p)
}

// PlayMoves plays space-separated move text on s. On an unreadable or
// illegal move it returns ParseMove's error (which quotes the move) prefixed
// with the move's ply, 1-based and counted from s, and leaves s as it was
// before the bad move.
func PlayMoves(s State, moves string) error {
	_, err := PlayMoveList(s, moves)
	return err
}

// PlayMoveList is PlayMoves that also returns the moves it played.
func PlayMoveList(s State, moves string) ([]Move, error) {
	var played []Move
	for i, text := range strings.Fields(moves) {
		m, err := s.ParseMove(text)
		if err != nil {
			return played, Contextp(phrase.T("error.ply", "ply {{.Ply}}", map[string]any{"Ply": i + 1}), err)
		}
		s.Play(m)
		played = append(played, m)
	}
	return played, nil
}

// RandomPlies plays n uniformly random legal plies on s (fewer when the game
// ends), drawing from r; the default Descriptor.Opening with n = 2.
func RandomPlies(s State, r *rand.Rand, n int) {
	var buf []Move
	for range n {
		buf = s.Moves(buf[:0])
		if len(buf) == 0 {
			return
		}
		s.Play(buf[r.IntN(len(buf))])
	}
}

// quoteMax is the longest input Quote shows in full, in bytes.
const quoteMax = 60

// Quote returns s quoted for an error message, cut to about 60 bytes with
// "…" and its length when longer, so that one bad token never floods a
// message.
func Quote(s string) string {
	if len(s) <= quoteMax {
		return strconv.Quote(s)
	}
	cut := quoteMax
	for cut > 0 && !utf8Start(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(s[:cut]), len(s))
}

// Printable returns s with its control characters (C0, DEL, C1: an
// escape sequence's ESC, a bell, a line end) and invalid UTF-8 bytes
// written as Go escapes (\x1b, \n, \u009b), so that text from a file
// or another program (a record's player names, an engine's messages)
// cannot act on a terminal when printed. Other text is kept as it is.
func Printable(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || unicode.IsControl(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsControl(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// utf8Start reports whether b begins a UTF-8 sequence.
func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// Errorf returns an error with the formatted text (fmt.Sprintf; no %w) that
// wraps sentinel (such as ErrSyntax, ErrIllegal or ErrOption) for errors.Is
// without repeating the sentinel's own text, so that a bad position or size
// does not read "unreadable move".
func Errorf(sentinel error, format string, args ...any) error {
	return &wrapped{msg: fmt.Sprintf(format, args...), err: sentinel}
}

type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }

// GameNamer is implemented by the positions of a registered game: it names
// the game (Descriptor.Name) the position belongs to, so that layers holding only
// a State can find the game's widget and AI knowledge.
type GameNamer interface {
	GameName() string
}

// GameName returns the name of s's game, or "" when s does not say
// (GameNamer).
func GameName(s State) string {
	if n, ok := s.(GameNamer); ok {
		return n.GameName()
	}
	return ""
}

// Refuser is implemented by the positions that can say why a move tried
// on the board is not allowed, so that the window answers a refused tap
// with a reason (the four games of the registry implement it).
type Refuser interface {
	// Why returns why m is not a legal move of the side to move, as one
	// sentence for the player that ends with a full stop ("No discs to
	// flip there."; a phrase, keys "why.<game>.<reason>"), or the zero
	// phrase when m is legal or the position cannot tell.
	// m is any code of the game's move encoding, legal or not, including
	// the code a game defines for the first tap of a two-tap move
	// (dvonn.Pick, alak.Pick: "" when the piece tapped can move).
	Why(m Move) phrase.P
}

// Why returns why m is not legal in s (Refuser) in English, or "" when it
// is legal or s cannot say.
func Why(s State, m Move) string { return WhyPhrase(s, m).String() }

// WhyPhrase is Why as a phrase, the zero phrase when m is legal or s
// cannot say.
func WhyPhrase(s State, m Move) phrase.P {
	if e, ok := s.(Refuser); ok {
		return e.Why(m)
	}
	return phrase.P{}
}
