package patfit

import (
	"fmt"
	"os"
	"path/filepath"

	"planiverse/rules"
	"planiverse/rules/othello"
)

// Transcript is one Othello game read from a record file: the file's name
// and the game's moves from the start position, each legal where it is
// played.
type Transcript struct {
	Name  string
	Moves []rules.Move
}

// Glob returns the files matching each of the patterns (filepath.Glob),
// in order.
func Glob(patterns []string) ([]string, error) {
	var files []string
	for _, p := range patterns {
		m, err := filepath.Glob(p)
		if err != nil {
			return nil, err
		}
		files = append(files, m...)
	}
	return files, nil
}

// ReadTranscripts reads the games of the files in Othello's "txt" record
// format, as planiverse match --records writes them. A file that does not
// read or holds an illegal move is an error naming it.
func ReadTranscripts(files []string) ([]Transcript, error) {
	format := othello.Descriptor.FormatFor("txt")
	out := make([]Transcript, 0, len(files))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		rec, err := format.Read(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		b := othello.New()
		moves := make([]rules.Move, 0, len(rec.Moves))
		for _, tok := range rec.Moves {
			m, err := b.ParseMove(tok)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			b.Play(m)
			moves = append(moves, m)
		}
		out = append(out, Transcript{Name: name, Moves: moves})
	}
	return out, nil
}
