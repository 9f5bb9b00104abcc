package session

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"planiverse/ai"
	"planiverse/app/i18n"
	"planiverse/app/internal/sessiontest"
	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/phrase"
	"planiverse/rules/registry"
)

// markBackend is a translation backend that marks every text it writes,
// ⟦like this⟧, filling in English (en.json's "one" form for a count of 1),
// so that a test sees which texts came through the translations. It
// fails the test on a key that en.json lacks or whose English is not the
// code's.
type markBackend struct {
	t  *testing.T
	en map[string]i18n.Entry
}

func (b markBackend) Translate(key, fallback string, data map[string]any) string {
	b.check(key, fallback)
	if joinerKeys[key] {
		return phrase.Fill(markLiterals(fallback), data)
	}
	return "⟦" + phrase.Fill(fallback, data) + "⟧"
}

// joinerKeys are the templates that only join their arguments, whose
// own words markBackend marks apart from the arguments they join, so
// that a test still sees which of those arguments escape translation.
var joinerKeys = map[string]bool{"error.chain": true, "error.os.path": true}

// templateAction is an action of a template ("{{.Cause}}").
var templateAction = regexp.MustCompile(`{{[^}]*}}`)

// markLiterals returns the template text with each text between its
// actions marked: "{{.A}}: {{.B}}" gives "{{.A}}⟦: ⟧{{.B}}".
func markLiterals(text string) string {
	var out strings.Builder
	last := 0
	for _, m := range templateAction.FindAllStringIndex(text, -1) {
		if m[0] > last {
			out.WriteString("⟦" + text[last:m[0]] + "⟧")
		}
		out.WriteString(text[m[0]:m[1]])
		last = m[1]
	}
	if last < len(text) {
		out.WriteString("⟦" + text[last:] + "⟧")
	}
	return out.String()
}

func (b markBackend) Plural(key, fallback string, count int, data map[string]any) string {
	b.check(key, fallback)
	if e, ok := b.en[key]; ok && count == 1 && e.One != "" {
		fallback = e.One
	}
	return "⟦" + phrase.Fill(fallback, data) + "⟧"
}

func (b markBackend) check(key, fallback string) {
	if e, ok := b.en[key]; !ok || e.Other != fallback {
		b.t.Errorf("key %q, English %q: en.json has %q (%v)", key, fallback, e.Other, ok)
	}
}

// installMarks installs markBackend for the rest of the test.
func installMarks(t *testing.T) {
	t.Helper()
	en, err := i18n.ReadBundle("en")
	if err != nil {
		t.Fatal(err)
	}
	i18n.Install(markBackend{t: t, en: en})
	t.Cleanup(func() { i18n.Install(nil) })
}

// innerMark is a marked text with no mark inside.
var innerMark = regexp.MustCompile(`⟦[^⟦⟧]*⟧`)

// unmarked returns what of text is outside every mark.
func unmarked(text string) string {
	for {
		next := innerMark.ReplaceAllString(text, "")
		if next == text {
			return text
		}
		text = next
	}
}

// checkMarked fails unless every word of text came through the backend:
// outside the marks only numbers, spaces and punctuation are left (a
// clock, a move mark "?!"). what says which text it is.
func checkMarked(t *testing.T, what, text string) {
	t.Helper()
	if strings.ContainsFunc(unmarked(text), unicode.IsLetter) {
		t.Errorf("%s escapes translation: %q (outside the marks: %q)", what, text, unmarked(text))
	}
}

// unmark removes the marks, leaving the English.
func unmark(text string) string {
	return strings.NewReplacer("⟦", "", "⟧", "").Replace(text)
}

// panelTexts are the texts of a panel view with their names.
func panelTexts(v PanelView) map[string]string {
	out := map[string]string{
		"Title": v.Title, "Turn": v.Turn, "Thinking": v.Thinking.Text, "Thinking tip": v.Thinking.Tip,
		"Message": v.Message, "Coach": v.Coach.Text,
	}
	for i, s := range v.Seats {
		out["seat "+string(rune('1'+i))+" name"] = s.Name
		out["seat "+string(rune('1'+i))+" score"] = s.Score
		out["seat "+string(rune('1'+i))+" clock"] = s.Clock
	}
	for i, m := range v.Moves {
		out["move row "+string(rune('1'+i%9))+" text"] = m.Text
		out["move row "+string(rune('1'+i%9))+" mark"] = m.Mark
	}
	for i, sp := range v.Buttons.Specials {
		out["special "+string(rune('1'+i))] = sp.Label
	}
	return out
}

// checkPanel checks every text of c's panel view (when marked and
// nonempty: at least one is) and that without the marks it reads as the
// English panel does.
func checkPanel(t *testing.T, step string, c *Controller, english PanelView) {
	t.Helper()
	marked := c.Panel()
	want := panelTexts(english)
	some := false
	for name, text := range panelTexts(marked) {
		checkMarked(t, step+": "+name, text)
		some = some || text != ""
		if unmark(text) != want[name] {
			t.Errorf("%s: %s reads %q without the marks, English %q", step, name, unmark(text), want[name])
		}
	}
	if !some {
		t.Errorf("%s: the panel shows no text", step)
	}
}

// panels returns the English panel of c and then checks the marked one
// against it (checkPanel).
func panels(t *testing.T, step string, c *Controller) {
	t.Helper()
	i18n.Install(nil)
	english := c.Panel()
	installMarks(t)
	checkPanel(t, step, c, english)
}

// findMistake plays a fixed game of d's variant set from the start and
// returns the moves before the first position where a move is a mistake
// or worse (quality at depth 1), and that move.
func findMistake(t *testing.T, set MatchSettings) (before []string, bad rules.Move) {
	t.Helper()
	d := set.Descriptor()
	s, err := d.Start(set.Options())
	if err != nil {
		t.Fatal(err)
	}
	ai.Prepare(s, true)
	a := quality.New(d, quality.Options{Depth: 1})
	for ply := 1; ply < 120; ply++ {
		if over, _ := s.Outcome(); over {
			break
		}
		moves := s.Moves(nil)
		if ply > 6 { // past the opening's choices (Gomoku's swap)
			for _, m := range moves {
				if m == rules.Pass || m == rules.Swap {
					continue
				}
				q, err := a.Analyze(context.Background(), s, ply, m)
				if err != nil {
					t.Fatal(err)
				}
				if IsMistake(q.Class) && q.Why != "" {
					return before, m
				}
			}
		}
		m := moves[(ply*7)%len(moves)]
		before = append(before, s.MoveString(m))
		s.Play(m)
	}
	t.Fatalf("%s: no mistake found", d.Name)
	return nil, rules.NoMove
}

// TestPanelTextsTranslated drives a game of each game against the
// computer with the translations marking every text they write: a hint
// search, a refused tap, a mistake told by the teaching game, the game
// report on the mistake and at the start, Learn from your mistakes with a
// move tried and the answer shown, and resigning. At every step each text
// of the panel view came through the translations (nothing but numbers
// and punctuation outside the marks) and reads, without the marks, as
// the English panel does; so do the search's words and the level words.
func TestPanelTextsTranslated(t *testing.T) {
	t.Cleanup(func() { i18n.Install(nil) })
	for _, game := range []string{"othello", "gomoku", "dvonn", "alak"} {
		t.Run(game, func(t *testing.T) {
			i18n.Install(nil)
			set := settings(game, VsComputer)
			before, bad := findMistake(t, set)
			d := set.Descriptor()
			s, _ := d.Start(set.Options())
			if _, err := rules.PlayMoveList(s, joinMoves(before)); err != nil {
				t.Fatal(err)
			}
			set.Side = s.ToMove()
			set.Level = 2
			q := sessiontest.NewQueue()
			eng := sessiontest.NewScripted(true)
			c := newTestController(t, eng, q.Post, set)
			if len(before) > 0 {
				if err := c.LoadMoves(set, joinMoves(before)); err != nil {
					t.Fatal(err)
				}
			}
			c.Start()
			c.SetTeachingOptions(quality.Options{Depth: 1})
			c.SetReportOptions(quality.Options{Depth: 1})
			c.SetTeaching(true)
			panels(t, "the game", c)

			c.RequestHint()
			eng.WaitStarted(t)
			panels(t, "looking for a hint", c)
			close(eng.Release)
			q.RunUntil(t, "the hint", func() bool { return c.Hint() != rules.NoMove })
			panels(t, "the hint", c)

			for m := range rules.Move(400) {
				if rules.Why(c.ViewState(), m) != "" {
					c.Refused(m)
					break
				}
			}
			panels(t, "a refused move", c)

			if err := c.Play(bad); err != nil {
				t.Fatal(err)
			}
			q.RunUntil(t, "the verdict", func() bool { return c.Panel().Coach.Kind == CoachVerdict })
			panels(t, "the verdict", c)

			c.StartReport()
			c.Review(len(before) + 1)
			panels(t, "the report running", c)
			q.RunUntil(t, "the report", func() bool { return c.Report() != nil })
			panels(t, "the mistake in the report", c)
			c.Review(0)
			panels(t, "the report at the start", c)

			if !c.StartLearning() {
				t.Fatal("no mistake to learn from")
			}
			panels(t, "learning", c)
			var tried rules.Move = rules.NoMove
			for _, m := range c.ViewState().Moves(nil) {
				if m != c.LearnBest() && m != rules.Pass && m != rules.Swap {
					tried = m
				}
			}
			if tried != rules.NoMove {
				if err := c.TryLearn(tried); err != nil {
					t.Fatal(err)
				}
				q.RunUntil(t, "the tried move", func() bool { _, trying, ok := c.LearnTried(); return ok && !trying })
				panels(t, "a move tried", c)
			}
			c.RevealLearn()
			panels(t, "the answer", c)
			c.StopLearning()

			c.Resign()
			panels(t, "resigned", c)
			// The record names the players in English, the marks on.
			if p := c.Record().Info.Players; !slices.Contains(p[:], "Player") || !strings.Contains(p[0]+" "+p[1], "Planiverse level ") {
				t.Errorf("the record names the players %q, want Player and Planiverse level", p)
			}

			installMarks(t)
			s = c.State()
			for _, info := range []ai.Info{{}, {Depth: 5, Score: 250, Nodes: 12345, Elapsed: time.Second},
				{Depth: 9, Score: -ai.WinScore + 5}, {Depth: 3, Score: 0}} {
				words, figures := SearchWords(d, s, info)
				checkMarked(t, "search words", words)
				checkMarked(t, "search figures", figures)
			}
			for level := ai.MinLevel; level <= ai.MaxLevel; level++ {
				checkMarked(t, "level words", LevelWords(d, level))
				checkMarked(t, "level name", LevelName(level))
				checkMarked(t, "level description", LevelDescription(level))
			}
			checkMarked(t, "How to play", GameRules(d))
			if d.Warning != nil {
				o := d.Defaults()
				o["rules"], o["opening"] = "freestyle", "none"
				w := GameWarning(d, o)
				if w == "" {
					t.Error("no warning for freestyle without an opening")
				}
				checkMarked(t, "New game warning", w)
			}
			for i := range d.Examples {
				checkMarked(t, "example caption", ExampleCaption(d, i))
			}
			c.Close()
		})
	}
}

// langBackend is a translation backend of a made-up language: the
// templates of its keys, English for the others.
type langBackend map[string]string

func (b langBackend) Translate(key, fallback string, data map[string]any) string {
	if t, ok := b[key]; ok {
		fallback = t
	}
	return phrase.Fill(fallback, data)
}

func (b langBackend) Plural(key, fallback string, count int, data map[string]any) string {
	return b.Translate(key, fallback, data)
}

// TestSentencesJoinedByLanguage: the coach's sentences are joined as the
// language joins them (session.sentences): Japanese and Chinese without
// a space between them.
func TestSentencesJoinedByLanguage(t *testing.T) {
	sc := quality.ScaleFor(mustStart(t, "othello"))
	q := quality.Move{Ply: 5, Color: "Black", Move: "b2", Best: "c4", Class: quality.Mistake, Loss: 6, Unit: "discs",
		Value: quality.Value{Score: -400}, BestValue: quality.Value{Score: 200},
		Why: "b2 gives White the corner a1.", Reason: phrase.T("explain.othello.corner", "{{.Move}} gives {{.Opponent}} the corner {{.Square}}.",
			map[string]any{"Move": "b2", "Opponent": phrase.Color("White"), "Square": "a1"})}
	english := MoveWords(q, sc, false)
	if !strings.Contains(english, "). Mistake, it cost 6.0 discs. b2 gives White the corner a1.") {
		t.Fatalf("English: %q", english)
	}
	i18n.Install(langBackend{"session.sentences": "{{.First}}{{.Second}}"})
	t.Cleanup(func() { i18n.Install(nil) })
	joined := MoveWords(q, sc, false)
	if !strings.Contains(joined, ").Mistake, it cost 6.0 discs.b2 gives White the corner a1.") {
		t.Errorf("joined without spaces: %q", joined)
	}
}

// mustStart returns the start position of game's default variant.
func mustStart(t *testing.T, game string) rules.State {
	t.Helper()
	d, err := registry.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	s, err := d.Start(d.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// numberCheck is a translation backend that fails the test when a number
// reaches it unwritten (a phrase.Number: the window's language writes
// numbers, i18n.Decimal and i18n.Percent).
type numberCheck struct{ t *testing.T }

func (b numberCheck) Translate(key, fallback string, data map[string]any) string {
	for k, v := range data {
		if _, ok := v.(phrase.Number); ok {
			b.t.Errorf("%s: the number %s reached the translation unwritten", key, k)
		}
	}
	return phrase.Fill(fallback, data)
}

func (b numberCheck) Plural(key, fallback string, count int, data map[string]any) string {
	return b.Translate(key, fallback, data)
}

// TestNumbersWrittenByTheLanguage: the coach's numbers (a loss in discs,
// a value, a percentage) reach the translations written as the
// language writes them, and read in English as before.
func TestNumbersWrittenByTheLanguage(t *testing.T) {
	i18n.Install(numberCheck{t})
	t.Cleanup(func() { i18n.Install(nil) })
	sc := quality.ScaleFor(mustStart(t, "othello"))
	q := quality.Move{Ply: 5, Color: "Black", Move: "b2", Best: "c4", Class: quality.Mistake, Loss: 6.5, Unit: "discs",
		Value: quality.Value{Score: -450}, BestValue: quality.Value{Score: 200}}
	if got, want := MoveWords(q, sc, true), "Move 5: You played b2 (-4.5 discs); best was c4 (+2.0 discs). Mistake, it cost 6.5 discs."; got != want {
		t.Errorf("MoveWords = %q, want %q", got, want)
	}
	gomoku := quality.ScaleFor(mustStart(t, "gomoku"))
	q = quality.Move{Class: quality.Mistake, Drop: 12.4, Value: quality.Value{Score: 100}}
	if got, want := LossWords(q, gomoku), "it cost 12% of winning chances"; got != want {
		t.Errorf("LossWords = %q, want %q", got, want)
	}
	if got := local(gomoku.WordsPhrase(q.Value)); !strings.HasSuffix(got, "% to win") {
		t.Errorf("WordsPhrase = %q", got)
	}
}

// TestMoveWordsAddressThePerson: the person's own move is written with
// its own templates (session.move.*You), so that the verb agrees with
// "you" ("Sie spielten", "vous avez joué"), and a color keeps the third
// person.
func TestMoveWordsAddressThePerson(t *testing.T) {
	sc := quality.ScaleFor(mustStart(t, "othello"))
	q := quality.Move{Ply: 5, Color: "Black", Move: "b2", Best: "c4", Class: quality.Mistake, Loss: 6, Unit: "discs",
		Value: quality.Value{Score: -400}, BestValue: quality.Value{Score: 200}}
	best := q
	best.Class, best.Best, best.BestValue = quality.Best, "b2", q.Value
	for _, c := range []struct{ lang, you, color string }{
		{"de", "Sie spielten b2", "Schwarz spielte b2"},
		{"fr", "vous avez joué b2", "Noir a joué b2"},
		{"ko", "내가 b2에", "흑이 b2에"},
		{"cs", "zahráli jste b2", "Černý — b2"},
	} {
		bundle, err := i18n.ReadBundle(c.lang)
		if err != nil {
			t.Fatal(err)
		}
		b := langBackend{}
		for k, e := range bundle {
			b[k] = e.Other
		}
		i18n.Install(b)
		t.Cleanup(func() { i18n.Install(nil) })
		for _, m := range []quality.Move{q, best} {
			if got := MoveWords(m, sc, true); !strings.Contains(got, c.you) {
				t.Errorf("%s, %s, the person's move: %q does not hold %q", c.lang, m.Class, got, c.you)
			}
			if got := MoveWords(m, sc, false); !strings.Contains(got, c.color) {
				t.Errorf("%s, %s, a color's move: %q does not hold %q", c.lang, m.Class, got, c.color)
			}
		}
	}
}
