package ai

import (
	"sync"

	"planiverse/rules"
)

// The knowledge registry maps a game's registry name (rules.Descriptor.Name)
// to the constructor of its knowledge. Package ai names no game: the wiring
// package ai/games registers the four games' knowledge, and a test may
// register a toy game's.
var (
	knowledgeMu sync.RWMutex
	knowledge   = map[string]func() Knowledge{}
	// shared holds one knowledge value per game for the questions that
	// keep no state (AdvantageScale, MoveShare), made on first use.
	shared = map[string]Knowledge{}
)

// defaultAdvantageScale is AdvantageScale for a game whose knowledge is no
// AdvantageScaler: 600 evaluation units, 6 discs or pieces.
const defaultAdvantageScale = 600

// Register makes newKnowledge the constructor of the knowledge of the game
// registered under that name (rules/registry), replacing any earlier one;
// nil removes it. Each engine calls newKnowledge once per game it binds to,
// so the values it returns may keep scratch buffers.
func Register(game string, newKnowledge func() Knowledge) {
	knowledgeMu.Lock()
	defer knowledgeMu.Unlock()
	delete(shared, game)
	if newKnowledge == nil {
		delete(knowledge, game)
		return
	}
	knowledge[game] = newKnowledge
}

// KnowledgeFor returns a fresh value of the knowledge registered for s's
// game (rules.GameName), or the generic Mobility evaluator for a game
// without one. Knowledge may keep scratch buffers, so one value must not
// be shared between goroutines.
func KnowledgeFor(s rules.State) Knowledge {
	knowledgeMu.RLock()
	f := knowledge[rules.GameName(s)]
	knowledgeMu.RUnlock()
	if f != nil {
		return f()
	}
	return &Mobility{}
}

// sharedKnowledge returns the one knowledge value of the named game used
// for stateless questions, or nil for a game without registered knowledge.
func sharedKnowledge(game string) Knowledge {
	knowledgeMu.RLock()
	k, ok := shared[game]
	f := knowledge[game]
	knowledgeMu.RUnlock()
	if ok || f == nil {
		return k
	}
	knowledgeMu.Lock()
	defer knowledgeMu.Unlock()
	if k, ok := shared[game]; ok {
		return k
	}
	k = f()
	shared[game] = k
	return k
}

// AdvantageScale returns the score, in evaluation units, that marks a clear
// advantage in the named game (registry name), for displays such as the
// evaluation graph, which draws it at tanh(1) ≈ 0.76 of its height: the
// game knowledge's own (AdvantageScaler), else 600 (6 discs or pieces).
func AdvantageScale(game string) int {
	if a, ok := sharedKnowledge(game).(AdvantageScaler); ok {
		return a.AdvantageScale()
	}
	return defaultAdvantageScale
}

// MoveShare returns the part (0 < part <= 1) of the time left on a game
// clock that the side to move in s should spend on its move, by its game
// knowledge's ClockPlanner; ok is false for a game without one (the caller
// then uses its own rule, such as a fixed fraction).
func MoveShare(s rules.State) (part float64, ok bool) {
	plan, ok := sharedKnowledge(rules.GameName(s)).(ClockPlanner)
	if !ok {
		return 0, false
	}
	share, total := plan.MoveShare(s)
	if share <= 0 || total < share {
		return 0, false
	}
	return share / total, true
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
