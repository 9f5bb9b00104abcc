package rules

import (
	"errors"
	"fmt"
	"strings"
)

// Record is a game record as the record formats (SGF, GGF, Piskvork's
// .psq, boardspace's DVONN records...) read and write it: the game and its
// variant, what is known about the match, and the moves from the start
// position of the variant.
type Record struct {
	// Game is the game's Descriptor.Name ("othello").
	Game string
	// Options is the variant (Descriptor.Options; missing keys take their
	// defaults).
	Options Options
	// Moves are the moves in the game's notation (State.MoveString), from
	// the variant's start position: every ply, passes, a Gomoku swap and
	// DVONN's 49 placements included.
	Moves []string
	// Info is what is known about the match.
	Info Info
}

// Info is the information about a match that a record carries. Every field
// may be empty (zero) when unknown.
type Info struct {
	// Players names the players by color (index 0 the dark color,
	// Descriptor.Colors[0], as in SGF's PB/PW).
	Players [2]string
	// Levels are the computer's levels by color (1..6, "max" as 7), 0 for
	// a person or an unknown player.
	Levels [2]int
	// Date is the date the game was played, "YYYY-MM-DD".
	Date string
	// Result is the result in SGF's form (FF[4] RE): "B+12" (Black, the
	// dark color, wins by 12), "W+R" (White wins by resignation), "W+T"
	// (on time), "B+" (a win, no count), "0" (a draw), "" unknown or
	// unfinished.
	Result string
	// Event, Place and Comment are free text (SGF's EV, PC, GC).
	Event, Place, Comment string
	// Time is the time control in words ("2 minutes per move"), or "".
	Time string
}

// Format is one record format of a game (Descriptor.Formats).
type Format struct {
	// Name is what the file dialog and the command line call the format
	// ("SGF", "GGF", "Piskvork PSQ").
	Name string
	// Ext are the file name extensions, lower case without the dot
	// ("sgf"); the first is the one written.
	Ext []string
	// Read reads one game from data. Errors wrap ErrSyntax for text that
	// is not the format and ErrIllegal for a move the rules forbid; they
	// name the line or ply and quote the offending part (Quote). Read
	// never panics on any input.
	Read func(data []byte) (*Record, error)
	// Write writes r, a record of this game, in the format; it returns an
	// error when the format cannot hold r (a variant it has no way to say).
	Write func(r *Record) ([]byte, error)
}

// ErrFormat is wrapped by the errors about a file whose format is unknown
// (no game reads its extension) or cannot hold a record.
var ErrFormat = errors.New("unknown record format")

// Replay returns the start position of r's variant with r's moves played,
// and the moves as played. It returns an error wrapping ErrOption for a bad
// variant, or ParseMove's error with the move's ply (1-based) for an
// unreadable or illegal move; the position then holds the moves before it.
func (g *Descriptor) Replay(r *Record) (State, []Move, error) {
	s, err := g.Start(r.Options)
	if err != nil {
		return nil, nil, err
	}
	played, err := PlayMoveList(s, strings.Join(r.Moves, " "))
	if err != nil {
		return s, played, err
	}
	return s, played, nil
}

// FormatFor returns the game's format that reads files with extension ext
// (lower case, without the dot), or nil.
func (g *Descriptor) FormatFor(ext string) *Format {
	ext = strings.ToLower(strings.TrimPrefix(ext, "."))
	for i := range g.Formats {
		for _, e := range g.Formats[i].Ext {
			if e == ext {
				return &g.Formats[i]
			}
		}
	}
	return nil
}

// ResultOf returns the SGF result (Info.Result) of the finished game s,
// "" while it goes on: "B+n"/"W+n" with the score difference when the game
// has a Score, else "B+"/"W+"; "0" for a draw.
func (g *Descriptor) ResultOf(s State) string {
	over, _ := s.Outcome()
	if !over {
		return ""
	}
	w, ok := Winner(s)
	if !ok {
		return "0"
	}
	letter := "B"
	if g.ColorOf(s, w) == 1 {
		letter = "W"
	}
	if g.Score == nil {
		return letter + "+"
	}
	a, _ := g.Score(s, w)
	b, _ := g.Score(s, w.Opponent())
	return fmt.Sprintf("%s+%d", letter, a-b)
}
