package session

import (
	"strings"
	"testing"

	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// TestParseRecordHandsOverNotes: ParseRecord reads the annotations of an
// annotated SGF record along with the record, so the window need not read
// the file again; a record in a format without them has none.
func TestParseRecordHandsOverNotes(t *testing.T) {
	data, err := registry.WriteRecord("g.sgf", &rules.Record{Game: "othello", Moves: []string{"f5", "d6", "c3"}})
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, "d6]")
	if i < 0 {
		t.Fatalf("no d6 in %s", text)
	}
	text = text[:i+3] + "BM[2]C[Blunder: loses 6.0 discs]" + text[i+3:]
	p, err := ParseRecord("g.sgf", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if p.Record == nil || len(p.Record.Moves) != 3 {
		t.Fatalf("record %+v, want 3 moves", p.Record)
	}
	if p.NotesErr != nil || len(p.Notes) < 2 {
		t.Fatalf("notes %+v, error %v; want a note per move", p.Notes, p.NotesErr)
	}
	var found bool
	for _, n := range p.Notes {
		found = found || n.HasClass && n.Class == quality.Blunder
	}
	if !found {
		t.Errorf("notes %+v hold no blunder", p.Notes)
	}
}
