package registry

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

func TestReadRecordPicksTheGame(t *testing.T) {
	cases := []struct{ file, text, game, moves string }{
		{"a.sgf", "(;GM[2];B[f5];W[d6])", "othello", "f5 d6"},
		{"a.SGF", "(;GM[4];B[hh])", "gomoku", "H8"},
		{"a.sgf", "(;GM[37];W[E3])", "dvonn", "E3"},
		{"a.sgf", "(;GM[Dvonn];P0[1 dropb E 3];P0[2 done])", "dvonn", "E3"},
		{"a.sgf", "(;PV[alak];B[3-5])", "alak", "3-5"},
		{"a.txt", "f5d6c3", "othello", "f5 d6 c3"},
		{"a.txt", "g unfinished : E3 D3", "dvonn", "E3 D3"},
		{"a.dvn", "g unfinished : E3 D3", "dvonn", "E3 D3"},
		{"a.ggf", "(;GM[Othello]TY[8]B[f5];)", "othello", "f5"},
		{"a.psq", "Piskvorky 15x15, 11:11, 0\n8,8,0\n", "gomoku", "H8"},
	}
	for _, c := range cases {
		r, f, err := ReadRecord(c.file, []byte(c.text))
		if err != nil || r.Game != c.game || strings.Join(r.Moves, " ") != c.moves || f == nil {
			t.Errorf("%s %q: %+v, %v", c.file, c.text, r, err)
		}
	}
}

func TestReadRecordErrors(t *testing.T) {
	cases := []struct {
		file, text string
		wrap       error
		mention    string
	}{
		{"a.pgn", "1. e4", rules.ErrFormat, ".sgf"},
		{"noext", "", rules.ErrFormat, "known extensions"},
		{"a.sgf", "(;GM[1];B[aa])", rules.ErrFormat, "no game reads"},
		{"a.sgf", "(;GM[2];B[f5];W[f5])", rules.ErrIllegal, "ply 2"},
		{"a.sgf", "(;GM[2];B[f5]", rules.ErrSyntax, "truncated"},
		{"a.txt", "f5f5", rules.ErrIllegal, "ply 2"},
		{"a.psq", "Piskvorky 13x13, 1:1, 0\n", rules.ErrFormat, "13x13"},
	}
	for _, c := range cases {
		_, _, err := ReadRecord(c.file, []byte(c.text))
		if !errors.Is(err, c.wrap) || !strings.Contains(err.Error(), c.mention) {
			t.Errorf("%s %q: %v, want an error wrapping %v that mentions %q", c.file, c.text, err, c.wrap, c.mention)
		}
	}
}

// TestWriteReadRecord writes random games of every game in every format
// through the registry and reads them back by file name.
func TestWriteReadRecord(t *testing.T) {
	for _, d := range Games() {
		for _, rec := range rulestest.RandomRecords(t, d, nil, 5, 300, 1) {
			for _, f := range d.Formats {
				for _, e := range f.Ext {
					name := "game." + e
					data, err := WriteRecord(name, rec)
					if err != nil {
						t.Fatalf("%s %s: %v", d.Name, name, err)
					}
					back, _, err := ReadRecord(name, data)
					if err != nil || back.Game != d.Name || strings.Join(back.Moves, " ") != strings.Join(rec.Moves, " ") {
						t.Fatalf("%s %s: read back %+v, %v\n%s", d.Name, name, back, err, data)
					}
				}
			}
		}
	}
	_, err := WriteRecord("x.psq", &rules.Record{Game: "othello"})
	if !errors.Is(err, rules.ErrFormat) || !strings.Contains(err.Error(), ".sgf, .ggf, .txt") {
		t.Errorf("othello as psq: %v", err)
	}
}

// TestReadRecordBOM: a UTF-8 byte order mark before any record is skipped.
func TestReadRecordBOM(t *testing.T) {
	for _, c := range []struct{ file, text string }{
		{"a.txt", "f5d6c3"}, {"a.sgf", "(;GM[2];B[f5])"}, {"a.psq", "Piskvorky 15x15, 11:11, 0\n8,8,0\n"},
		{"a.dvn", "g unfinished : E3 D3"}, {"a.ggf", "(;GM[Othello]TY[8]B[f5];)"},
	} {
		if _, _, err := ReadRecord(c.file, []byte("\ufeff"+c.text)); err != nil {
			t.Errorf("%s with a BOM: %v", c.file, err)
		}
	}
}

// TestReadGameRecord: a game's own parser's error, and another game's
// record named with the games' titles and articles.
func TestReadGameRecord(t *testing.T) {
	if r, _, err := ReadGameRecord("othello", "a.txt", []byte("\ufefff5 d6")); err != nil || r.Game != "othello" {
		t.Fatalf("%+v %v", r, err)
	}
	_, _, err := ReadGameRecord("othello", "a.txt", []byte("f5 d6 z9"))
	if err == nil || !strings.Contains(err.Error(), "z9") || strings.Contains(strings.ToLower(err.Error()), "dvonn") {
		t.Errorf("a bad Othello transcript: %v", err)
	}
	_, _, err = ReadGameRecord("othello", "a.txt", []byte("g unfinished : E3 D3"))
	if !errors.Is(err, ErrOtherGame) || !errors.Is(err, rules.ErrFormat) || !strings.Contains(err.Error(), `"a.txt" holds a DVONN game, not an Othello game`) {
		t.Errorf("a DVONN record read as Othello: %v", err)
	}
	_, _, err = ReadGameRecord("alak", "a.sgf", []byte("(;GM[4];B[hh])"))
	if !errors.Is(err, ErrOtherGame) || !strings.Contains(err.Error(), "holds a Gomoku game, not an Alak game") {
		t.Errorf("a Gomoku record read as Alak: %v", err)
	}
}

// zeros is an endless reader, like /dev/zero.
type zeros struct{ read int64 }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.read += int64(len(p))
	return len(p), nil
}

// TestReadLimited: an endless input stops after the cap with an error
// that says so; a record under the cap reads whole.
func TestReadLimited(t *testing.T) {
	z := &zeros{}
	data, err := ReadLimited(z)
	if err == nil || data != nil || !strings.Contains(err.Error(), "larger than 16 MB") || z.read > MaxRecordBytes+1<<16 {
		t.Errorf("endless input: %d bytes, read %d, %v", len(data), z.read, err)
	}
	if data, err := ReadLimited(strings.NewReader("f5d6")); err != nil || string(data) != "f5d6" {
		t.Errorf("%q %v", data, err)
	}
}

// TestReadRecordSetup: an SGF record with a set-up position (AB, AW, AE,
// PL) is refused in every game, never read without it.
func TestReadRecordSetup(t *testing.T) {
	for _, text := range []string{
		"(;FF[4]GM[2]SZ[8]AB[a1][a2]AW[h8];B[f5])",
		"(;GM[2];B[f5]AW[a1];W[d6])",
		"(;GM[2]PL[W];W[f5])",
		"(;GM[4]AB[hh];W[hi])",
		"(;GM[37]AE[E3];W[E3])",
		"(;GM[Dvonn]AB[E3];P0[1 dropb E 3];P0[2 done])",
		"(;PV[alak]AW[1];B[3-5])",
	} {
		r, _, err := ReadRecord("a.sgf", []byte(text))
		if err == nil || !strings.Contains(err.Error(), "set-up positions (AB/AW) are not supported") {
			t.Errorf("%q: read %+v, %v; want the set-up refused", text, r, err)
		}
	}
}

// TestReadRecordBounded: a record file within MaxRecordBytes made of
// millions of empty properties, values, lines or moves (the issue's
// bad-input tests) is read (or refused) by every game's format in under
// two seconds and 200 MB, as the window's Open and show --record read it.
func TestReadRecordBounded(t *testing.T) {
	rep := func(head, unit, tail string, size int) []byte {
		return []byte(head + strings.Repeat(unit, (size-len(head)-len(tail))/len(unit)) + tail)
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"a.sgf", rep("(;", "A[]", ")", MaxRecordBytes)},
		{"b.sgf", rep("(;A", "[]", ")", MaxRecordBytes)},
		{"c.ggf", rep("(;GM[Othello]BO[8 "+strings.Repeat("-", 64)+" *]", "C[x]", ";)", 12<<20)},
		{"d.psq", rep("Piskvorky 15x15, 11:11, 0\n", "\n", "", MaxRecordBytes)},
		{"e.psq", rep("", "\n", "", MaxRecordBytes)},
		{"f.txt", rep("", "f5 ", "", MaxRecordBytes)},
		{"g.dvn", rep("", "E3 ", "", MaxRecordBytes)},
	} {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		t0 := time.Now()
		_, _, err := ReadRecord(tc.name, tc.data)
		el := time.Since(t0)
		runtime.ReadMemStats(&m1)
		if alloc := m1.TotalAlloc - m0.TotalAlloc; alloc > 200<<20 || el > 2*time.Second || err == nil && tc.name[0] != 'd' {
			t.Errorf("%s: %v and %d MB allocated, error %v", tc.name, el, alloc>>20, err)
		}
	}
}
