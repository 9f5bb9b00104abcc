package ai

import (
	"errors"
	"fmt"
	"sync"

	"planiverse/rules"
)

// KnowledgeSet maps a game's registry name (rules.Descriptor.Name) to the
// constructor of its knowledge. Package ai names no game: ai/games builds
// the set of the four games (games.Knowledge), and a program installs it
// with Use at start-up.
type KnowledgeSet map[string]func() Knowledge

// ErrNoKnowledge is the error, wrapped with the game's name, for a game
// whose knowledge was never installed (Use, Register).
var ErrNoKnowledge = errors.New("no AI knowledge installed for the game")

// The installed knowledge, by game registry name.
var (
	knowledgeMu sync.RWMutex
	knowledge   = KnowledgeSet{}
	// shared holds one knowledge value per game for the questions that
	// keep no state (AdvantageScale, MoveShare), made on first use.
	shared = map[string]Knowledge{}
)

// defaultAdvantageScale is AdvantageScale for a game with no scale of its
// own (AnalysisScale.Advantage): 600 evaluation units, 6 discs or pieces.
const defaultAdvantageScale = 600

// Use installs set as the knowledge of every game the engines play,
// replacing whatever was installed before; the set is copied. Each program
// and each test binary that searches calls it once at start-up, before any
// engine runs: ai.Use(games.Knowledge()). Until then every game is
// without knowledge, and asking for it panics (KnowledgeFor).
func Use(set KnowledgeSet) {
	knowledgeMu.Lock()
	defer knowledgeMu.Unlock()
	knowledge = make(KnowledgeSet, len(set))
	for game, newKnowledge := range set {
		if newKnowledge != nil {
			knowledge[game] = newKnowledge
		}
	}
	shared = map[string]Knowledge{}
}

// Register makes newKnowledge the constructor of the knowledge of the game
// registered under that name (rules/registry), replacing any earlier one;
// nil removes it. It adds one game to the set Use installed, such as a
// test's toy game. Each engine calls newKnowledge once per game it binds
// to, so the values it returns may keep scratch buffers.
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

// LookupKnowledge returns a fresh value of the knowledge installed for the
// named game (registry name), or an error wrapping ErrNoKnowledge when
// there is none: no game falls back to a generic evaluator.
func LookupKnowledge(game string) (Knowledge, error) {
	knowledgeMu.RLock()
	f := knowledge[game]
	knowledgeMu.RUnlock()
	if f == nil {
		return nil, fmt.Errorf("ai: %w %q (install it with ai.Use)", ErrNoKnowledge, game)
	}
	return f(), nil
}

// KnowledgeFor returns a fresh value of the knowledge installed for s's
// game (rules.GameName). It panics with an error wrapping ErrNoKnowledge
// for a game without knowledge: a program that forgot Use fails at its
// first search instead of playing a different engine. Knowledge may keep
// scratch buffers, so one value must not be shared between goroutines.
func KnowledgeFor(s rules.State) Knowledge {
	k, err := LookupKnowledge(rules.GameName(s))
	if err != nil {
		panic(err)
	}
	return k
}

// sharedKnowledge returns the one knowledge value of the named game used
// for stateless questions. Like KnowledgeFor, it panics with an error
// wrapping ErrNoKnowledge for a game without knowledge.
func sharedKnowledge(game string) Knowledge {
	knowledgeMu.RLock()
	k, ok := shared[game]
	f := knowledge[game]
	knowledgeMu.RUnlock()
	if ok {
		return k
	}
	if f == nil {
		_, err := LookupKnowledge(game)
		panic(err)
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
// game's own (its Analyst's AnalysisScale.Advantage), else 600 (6 discs or
// pieces).
// It panics for a game without knowledge (ErrNoKnowledge).
func AdvantageScale(game string) int {
	if a, ok := sharedKnowledge(game).(Analyst); ok {
		if v := a.AnalysisScale().Advantage; v > 0 {
			return v
		}
	}
	return defaultAdvantageScale
}

// MoveShare returns the part (0 < part <= 1) of the time left on a game
// clock that the side to move in s should spend on its move, by its game
// knowledge's ClockPlanner; ok is false for knowledge without one (the
// caller then uses its own rule, such as a fixed fraction). It panics for
// a game without knowledge (ErrNoKnowledge).
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

// Prepare starts the preparation of s's game knowledge (ExactTable), if it
// has any, and with wait blocks until it is done: the command line waits
// for Alak's table so that --level max plays perfectly; the app calls it
// without waiting when a game starts. It reports whether there was
// anything to prepare. s is not changed. It panics for a game without
// knowledge (ErrNoKnowledge).
func Prepare(s rules.State, wait bool) bool {
	p, ok := KnowledgeFor(s).(ExactTable)
	return ok && p.Prepare(s, wait)
}
