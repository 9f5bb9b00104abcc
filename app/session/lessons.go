package session

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"planiverse/app/i18n"
	"planiverse/app/lesson"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// LessonProgress is the stars earned in the lessons (Help → Learn), the
// best of each stage by its stable id (lesson.Stage.ID), 1 to 3. The window
// keeps it in the preferences as its String.
type LessonProgress map[string]int

// String writes the progress as "id=stars" pairs, sorted by id and
// separated by commas ("alak.move=3,othello.flip=2").
func (p LessonProgress) String() string {
	ids := make([]string, 0, len(p))
	for id := range p {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = id + "=" + strconv.Itoa(p[id])
	}
	return strings.Join(parts, ",")
}

// ParseLessonProgress reads LessonProgress.String's text; a pair it cannot
// read (a hand-edited or damaged preference) is skipped, never an error,
// and stars are kept within 1 to 3.
func ParseLessonProgress(text string) LessonProgress {
	p := LessonProgress{}
	for _, pair := range strings.Split(text, ",") {
		id, n, ok := strings.Cut(strings.TrimSpace(pair), "=")
		stars, err := strconv.Atoi(n)
		if !ok || err != nil || id == "" || stars < 1 {
			continue
		}
		p[id] = min(stars, 3)
	}
	return p
}

// LessonOffer returns the offer of a game's lessons shown at the first
// start of a game never played ("New to DVONN? Learn the rules in 8 short
// steps.", in the window's language), or "" when the game has been played
// (played > 0 finished games), the offer was made once already, or the
// game has no lessons.
func LessonOffer(game string, played int, offered bool) string {
	if played > 0 || offered {
		return ""
	}
	c, err := lesson.Load(game)
	d, derr := registry.Lookup(game)
	if err != nil || derr != nil {
		return ""
	}
	return i18n.N("lesson.offer", "New to {{.Game}}? Learn the rules in {{.Count}} short steps.", len(c.Stages),
		map[string]any{"Game": lessonGameTitle(d)})
}

// Lessons is the view-model of the Learn dialog: one game's course, the
// stage on view with its lesson.Player, and the stars earned. It is used
// on the UI goroutine; a try that asks the engine is checked on another
// goroutine and its answer handed back through post.
type Lessons struct {
	// OnChange is called on the UI goroutine when the view changed after
	// a try was checked.
	OnChange func()
	// OnProgress is called with the whole progress when a stage earned
	// more stars than before, for the window to save it.
	OnProgress func(LessonProgress)

	course   *lesson.Course
	desc     *rules.Descriptor
	progress LessonProgress
	post     func(func())
	cur      int
	player   *lesson.Player
	feedback string
	good     bool // feedback is the success text
	shown    bool // feedback names the solution (ShowSolution)
	busy     bool // a try is being checked
	tries    int  // generation of the stage: a check for an older one is dropped
}

// NewLessons returns the view-model of game's course at its first stage
// not yet done (the first when all are), with the progress earned so far;
// post runs a function on the UI goroutine.
func NewLessons(game string, progress LessonProgress, post func(func())) (*Lessons, error) {
	c, err := lesson.Load(game)
	if err != nil {
		return nil, err
	}
	d, err := registry.Lookup(game)
	if err != nil {
		return nil, err
	}
	if progress == nil {
		progress = LessonProgress{}
	}
	l := &Lessons{course: c, desc: d, progress: progress, post: post}
	first := slices.IndexFunc(c.Stages, func(st lesson.Stage) bool { return progress[st.ID] == 0 })
	if err := l.Open(max(first, 0)); err != nil {
		return nil, err
	}
	return l, nil
}

// Open shows stage i (0-based) from its start.
func (l *Lessons) Open(i int) error {
	if i < 0 || i >= len(l.course.Stages) {
		return fmt.Errorf("lesson: no stage %d of %d", i+1, len(l.course.Stages))
	}
	p, err := lesson.NewPlayer(&l.course.Stages[i])
	if err != nil {
		return err
	}
	l.cur, l.player = i, p
	l.feedback, l.good, l.busy, l.shown = "", false, false, false
	l.tries++
	return nil
}

// Retry puts the stage on view back at its start.
func (l *Lessons) Retry() error { return l.Open(l.cur) }

// Next opens the stage after the one on view; it reports false at the
// last stage.
func (l *Lessons) Next() bool {
	if l.cur+1 >= len(l.course.Stages) {
		return false
	}
	return l.Open(l.cur+1) == nil
}

// Position returns the position of the stage on view, for the board
// widget to draw (it must not play on it).
func (l *Lessons) Position() rules.State { return l.player.Position() }

// Game returns the name of the course's game.
func (l *Lessons) Game() string { return l.course.Game }

// Title returns the title of the course's game in the window's language
// ("DVONN", "オセロ").
func (l *Lessons) Title() string { return lessonGameTitle(l.desc) }

// lessonGameTitle is the game's title (Descriptor.Title) in the window's
// language, under the key the window's game menu uses.
func lessonGameTitle(d *rules.Descriptor) string { return i18n.T("ui.game."+d.Name, d.Title, nil) }

// ShowSolution returns a move that solves the stage on view, for the board
// to mark, and says which in the feedback ("The marked move solves it:
// d3.", in the window's language); solving the stage after it earns one
// star. It returns rules.NoMove once the stage is solved or while a try is
// checked.
func (l *Lessons) ShowSolution() rules.Move {
	if l.busy {
		return rules.NoMove
	}
	m := l.player.Reveal()
	if m != rules.NoMove {
		l.feedback, l.good, l.shown = i18n.T("lesson.view.solution", "The marked move solves it: {{.Move}}.",
			map[string]any{"Move": l.player.Stage.Solution}), false, true
	}
	return m
}

// Try checks move m, tapped on the board. The answer comes back through
// post, then OnChange is called; a try while another is being checked,
// or after the stage is solved, is ignored.
func (l *Lessons) Try(m rules.Move) {
	if l.busy || l.player.Done() {
		return
	}
	l.busy = true
	p, gen, s := l.player, l.tries, l.player.Position().Clone()
	go func() {
		v := p.Judge(context.Background(), s, m)
		l.post(func() {
			if gen != l.tries {
				return // the stage was left or restarted meanwhile
			}
			l.busy = false
			if f, err := p.Record(m, v); err == nil {
				l.feedback, l.good, l.shown = f.Text, f.OK, false
				if f.OK && f.Stars > l.progress[p.Stage.ID] {
					l.progress[p.Stage.ID] = f.Stars
					if l.OnProgress != nil {
						l.OnProgress(l.progress)
					}
				}
			}
			if l.OnChange != nil {
				l.OnChange()
			}
		})
	}()
}

// LessonView is what the Learn dialog shows, computed by Lessons.View;
// every text is in the window's language (i18n), the stages' texts
// included (lesson.Stage.Say).
type LessonView struct {
	Heading  string       // "Othello · step 3 of 8: Passing"
	Task     string       // the stage's task
	Feedback string       // the answer to the last try, "Checking…" while one is checked, or ""
	Solved   bool         // Feedback is the success text
	Shown    bool         // Feedback names the solution (ShowSolution)
	Stars    string       // the stars earned at this stage ("★★☆"), "" before any
	Tries    string       // "2 tries" once there was one, else ""
	Stages   []LessonItem // the course, in order
	Current  int          // index of the stage on view in Stages
	HasNext  bool         // a stage follows this one
	Busy     bool         // a try is being checked: the board takes no taps
	Summary  string       // "5 of 8 steps done, 13 of 24 stars"
}

// LessonItem is one line of the stage list.
type LessonItem struct {
	Title string // "3. Passing"
	Stars string // "★★☆" once done, "" before
}

// View returns what the dialog shows now.
func (l *Lessons) View() LessonView {
	st := l.player.Stage
	n := len(l.course.Stages)
	v := LessonView{
		Heading: i18n.T("lesson.view.heading", "{{.Game}} · step {{.Step}} of {{.Steps}}: {{.Title}}", map[string]any{
			"Game": l.Title(), "Step": i18n.Number(l.cur + 1), "Steps": i18n.Number(n), "Title": st.Say("title", st.Title)}),
		Task:     st.Say("task", st.Task),
		Feedback: l.feedback, Solved: l.good, Shown: l.shown,
		Current: l.cur, HasNext: l.cur+1 < n, Busy: l.busy,
	}
	if l.busy {
		v.Feedback = i18n.T("lesson.view.checking", "Checking…", nil)
	}
	if l.good {
		v.Stars = starText(l.player.Stars())
	}
	if t := l.player.Tries(); t > 0 && !l.busy {
		v.Tries = i18n.N("lesson.view.tries", "{{.Count}} tries", t, nil)
	}
	done, stars := 0, 0
	for i := range l.course.Stages {
		s := &l.course.Stages[i]
		item := LessonItem{Title: i18n.T("lesson.view.item", "{{.Step}}. {{.Title}}",
			map[string]any{"Step": i18n.Number(i + 1), "Title": s.Say("title", s.Title)})}
		if k := l.progress[s.ID]; k > 0 {
			item.Stars = starText(k)
			done++
			stars += k
		}
		v.Stages = append(v.Stages, item)
	}
	v.Summary = i18n.T("lesson.view.summary", "{{.Steps}}, {{.Stars}}", map[string]any{
		"Steps": i18n.N("lesson.view.steps_done", "{{.Done}} of {{.Count}} steps done", n, map[string]any{"Done": i18n.Number(done)}),
		"Stars": i18n.N("lesson.view.stars_earned", "{{.Earned}} of {{.Count}} stars", 3*n, map[string]any{"Earned": i18n.Number(stars)}),
	})
	return v
}

// starText draws k of three stars: "★★☆".
func starText(k int) string {
	k = max(0, min(k, 3))
	return strings.Repeat("★", k) + strings.Repeat("☆", 3-k)
}
