package ai

import (
	"sync"

	"planiverse/ai/alakai"
	"planiverse/ai/dvonnai"
	"planiverse/ai/gomokuai"
	"planiverse/ai/othelloai"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// knowledgeMu guards knowledge.
var knowledgeMu sync.RWMutex

// knowledge maps a game's registry name (rules.Descriptor.Name) to the
// constructor of its knowledge.
var knowledge = map[string]func() Knowledge{
	othello.Descriptor.Name: func() Knowledge { return othelloai.New() },
	gomoku.Descriptor.Name:  func() Knowledge { return gomokuai.New() },
	dvonn.Descriptor.Name:   func() Knowledge { return dvonnai.New() },
	alak.Descriptor.Name:    func() Knowledge { return alakai.New() },
}

// ClockPlanner is a game's plan for a game clock: the weight share of the
// side to move's move in s and the total weight of the moves that side
// still has to play, this one included (0 < share <= total). A move's part
// of the time left on the clock is share/total, so a game spends its time
// where it is decided (Othello's exact solver, DVONN's movement phase).
type ClockPlanner func(s rules.State) (share, total float64)

// clockPlanners maps a game's registry name to its ClockPlanner.
var clockPlanners = map[string]ClockPlanner{
	othello.Descriptor.Name: othelloai.MoveShare,
	dvonn.Descriptor.Name:   dvonnai.MoveShare,
}

// advantageScales maps a game's registry name to its AdvantageScale when it
// differs from defaultAdvantageScale.
var advantageScales = map[string]int{
	// Gomoku's evaluation is fitted to a win probability (gomokuai's
	// TestFitTeacher): 1,250 to 1,300 units are one logit.
	gomoku.Descriptor.Name: 1300,
}

// defaultAdvantageScale is AdvantageScale for the games without their own:
// 6 discs or pieces.
const defaultAdvantageScale = 600

// AdvantageScale returns the score, in evaluation units, that marks a clear
// advantage in the named game (registry name), for displays such as the
// evaluation graph, which draws it at tanh(1) ≈ 76% of its height: 600 (6
// discs or pieces) unless the game's evaluation has a scale of its own
// (Gomoku's: about one logit of win probability).
func AdvantageScale(game string) int {
	if v, ok := advantageScales[game]; ok {
		return v
	}
	return defaultAdvantageScale
}

// MoveShare returns the part (0 < part <= 1) of the time left on a game
// clock that the side to move in s should spend on its move, by its
// game's ClockPlanner; ok is false for a game without one (the caller
// then uses its own rule, such as a fixed fraction).
func MoveShare(s rules.State) (part float64, ok bool) {
	plan := clockPlanners[rules.GameName(s)]
	if plan == nil {
		return 0, false
	}
	share, total := plan(s)
	if share <= 0 || total < share {
		return 0, false
	}
	return share / total, true
}

// Register makes newKnowledge the constructor of the knowledge of the game
// registered under that name (rules/registry), replacing any earlier one;
// nil removes it. Each engine calls newKnowledge once per game it binds to,
// so the values it returns may keep scratch buffers.
func Register(game string, newKnowledge func() Knowledge) {
	knowledgeMu.Lock()
	defer knowledgeMu.Unlock()
	if newKnowledge == nil {
		delete(knowledge, game)
		return
	}
	knowledge[game] = newKnowledge
}

// KnowledgeFor returns the game knowledge for s's game, found by the game's
// name (rules.GameName): othelloai.New(), gomokuai.New(), dvonnai.New(),
// alakai.New(), or what Register set. A position of any other game gets the
// generic Mobility evaluator. Each call returns a fresh value: knowledge may
// keep scratch buffers, so one value must not be shared between goroutines.
func KnowledgeFor(s rules.State) Knowledge {
	knowledgeMu.RLock()
	f := knowledge[rules.GameName(s)]
	knowledgeMu.RUnlock()
	if f != nil {
		return f()
	}
	return &Mobility{}
}

// gameName names the game of s ("othello", "gomoku", "dvonn", "alak", or
// another registered name), or "" for a State that does not say; it
// selects the level tables.
func gameName(s rules.State) string { return rules.GameName(s) }

// Preparer is optional knowledge that builds something slow once per
// process for a variant, such as Alak's retrograde tables.
type Preparer interface {
	// Prepare starts building, in the background, what s's variant needs
	// and reports whether it needs anything; with wait it also blocks
	// until that is ready.
	Prepare(s rules.State, wait bool) bool
}

// Prepare starts the preparation of s's game knowledge (Preparer), if it
// has any, and with wait blocks until it is done: the command line waits
// for Alak's table so that --level max plays perfectly; the app calls it
// without waiting when a game starts. It reports whether there was
// anything to prepare. s is not changed.
func Prepare(s rules.State, wait bool) bool {
	p, ok := KnowledgeFor(s).(Preparer)
	return ok && p.Prepare(s, wait)
}
