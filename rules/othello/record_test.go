package othello

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// TestRecordRoundTrip writes random finished games in every format and
// reads them back: same moves; SGF keeps all the match information, GGF
// the players, place, date, result and time.
func TestRecordRoundTrip(t *testing.T) {
	recs := rulestest.RandomRecords(t, Descriptor, nil, 200, 80, 1)
	for _, rec := range recs {
		rulestest.RoundTrip(t, Descriptor, Formats[0], rec, true)
		if back := rulestest.RoundTrip(t, Descriptor, Formats[1], rec, false); back != nil {
			want := rec.Info
			want.Levels, want.Event, want.Comment = [2]int{}, "", ""
			if back.Info != want {
				t.Errorf("GGF info %+v, want %+v", back.Info, want)
			}
		}
		rulestest.RoundTrip(t, Descriptor, Formats[2], rec, false)
		if t.Failed() {
			return
		}
	}
	// An unfinished record ending with a pass keeps it in a transcript.
	n := 0
	for _, rec := range recs {
		if i := slices.Index(rec.Moves, "pass"); i >= 0 {
			cut := *rec
			cut.Moves = rec.Moves[:i+1]
			rulestest.RoundTrip(t, Descriptor, Formats[2], &cut, false)
			n++
		}
	}
	if n == 0 {
		t.Error("no random game with a pass")
	}
}

func TestReadOthelloRecords(t *testing.T) {
	cases := []struct {
		format int
		text   string
		moves  string
		info   rules.Info
	}{
		{0, "(;FF[4]GM[2]SZ[8]PB[Black \\] bracket]PW[W]RE[B+4];B[f5];W[d6];B[c3])", "f5 d6 c3",
			rules.Info{Players: [2]string{"Black ] bracket", "W"}, Result: "B+4"}},
		// Upper case, variations (the main line is the first), soft line
		// breaks, whitespace, two games in a collection.
		{0, "(;GM[2]C[a\\\nb] ; B [F5] (;W[d6];B[c3])(;W[f4]))(;GM[2];B[d3])", "f5 d6 c3", rules.Info{}},
		// A GGF game from GGS: evaluations and times after the moves.
		{1, "(;GM[Othello]PC[GGS/os]DT[2003.11.24_09:44:02.MST]PB[logtest]PW[ant]RE[-8.00]TI[05:00//02:00]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5//1.03]W[d6/-2.1/0.5]B[C3];)",
			"f5 d6 c3", rules.Info{Players: [2]string{"logtest", "ant"}, Place: "GGS/os", Date: "2003-11-24", Result: "W+8", Time: "05:00//02:00"}},
		{2, "F5d6 C3\n", "f5 d6 c3", rules.Info{}},
	}
	for _, c := range cases {
		r, err := Formats[c.format].Read([]byte(c.text))
		if err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		if got := strings.Join(r.Moves, " "); got != c.moves || r.Info != c.info {
			t.Errorf("%s: moves %q info %+v, want %q %+v", c.text, got, r.Info, c.moves, c.info)
		}
	}
}

// TestReadImplicitPasses reads a game with a forced pass left out (SGF B
// after B, a transcript without "pa") and with it written out.
func TestReadImplicitPasses(t *testing.T) {
	for _, rec := range rulestest.RandomRecords(t, Descriptor, nil, 400, 80, 7) {
		i := slices.Index(rec.Moves, "pass")
		if i < 0 || i == len(rec.Moves)-1 {
			continue
		}
		var sgfText, txt strings.Builder
		sgfText.WriteString("(;GM[2]")
		s := New()
		for _, mv := range rec.Moves {
			color := "B"
			if s.ToMove() == 1 {
				color = "W"
			}
			m, _ := s.ParseMove(mv)
			s.Play(m)
			if mv == "pass" {
				continue
			}
			sgfText.WriteString(";" + color + "[" + mv + "]")
			txt.WriteString(mv)
		}
		sgfText.WriteString(")")
		for f, text := range []string{sgfText.String(), "", txt.String()} {
			if text == "" {
				continue
			}
			r, err := Formats[f].Read([]byte(text))
			if err != nil || strings.Join(r.Moves, " ") != strings.Join(rec.Moves, " ") {
				t.Errorf("%s: %v, %v", text, r, err)
			}
		}
		return
	}
	t.Fatal("no random game with a pass before its end")
}

func TestReadOthelloRecordErrors(t *testing.T) {
	cases := []struct {
		format  int
		text    string
		wrap    error
		mention string
	}{
		{0, "(;GM[2];B[f5];W[d6]", rules.ErrSyntax, "truncated"},
		{0, "(;GM[2];B[f5", rules.ErrSyntax, "not closed"},
		{0, "(;GM[4]SZ[15];B[hh])", rules.ErrFormat, "GM"},
		{0, "(;GM[2]SZ[10])", rules.ErrFormat, "SZ"},
		{0, "(;GM[2];B[f5];W[a1])", rules.ErrIllegal, "ply 2"},
		{0, "(;GM[2];B[f5];B[d6])", rules.ErrIllegal, "ply 2"},
		{0, "(;GM[2];B[z9])", rules.ErrSyntax, "ply 1"},
		{0, "hello world", rules.ErrSyntax, "no game tree"},
		{0, "\x89PNG\r\n\x1a\n", rules.ErrSyntax, "no game tree"},
		{1, "(;GM[Othello]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------* *]B[f5];)", rules.ErrFormat, "start"},
		{1, "(;GM[Othello]TY[10];)", rules.ErrFormat, "TY"},
		{1, "(;GM[Amazons]TY[10];)", rules.ErrFormat, "GM"},
		{1, "(;GM[Othello]TY[8]B[f5]W[f5];)", rules.ErrIllegal, "ply 2"},
		{2, "f5d6c3x9", rules.ErrSyntax, "ply 4"},
		{2, "f5d6pa", rules.ErrIllegal, "ply 3"},
		{2, "f5f5", rules.ErrIllegal, "ply 2"},
		{2, "", rules.ErrSyntax, "no moves"},
	}
	for _, c := range cases {
		_, err := Formats[c.format].Read([]byte(c.text))
		if !errors.Is(err, c.wrap) || !strings.Contains(err.Error(), c.mention) {
			t.Errorf("%s %q: error %v, want one wrapping %v that mentions %q", Formats[c.format].Name, c.text, err, c.wrap, c.mention)
		}
	}
}

func FuzzReadSGF(f *testing.F) {
	f.Add([]byte("(;FF[4]GM[2]SZ[8]PB[a]BR[level 3]TM[60];B[f5];W[d6];B[])"))
	f.Add([]byte("(;GM[2](;B[f5])(;B[d3]))"))
	f.Fuzz(func(t *testing.T, data []byte) { rulestest.CheckRead(t, Formats[0], data) })
}

func FuzzReadGGF(f *testing.F) {
	f.Add([]byte("(;GM[Othello]PC[x]DT[2003.11.24_09:44:02.MST]RE[+2.00:r]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5//1]W[d6];)"))
	f.Fuzz(func(t *testing.T, data []byte) { rulestest.CheckRead(t, Formats[1], data) })
}

func FuzzReadTranscript(f *testing.F) {
	f.Add([]byte("f5d6c3d3c4"))
	f.Add([]byte("F5 pa --"))
	f.Fuzz(func(t *testing.T, data []byte) { rulestest.CheckRead(t, Formats[2], data) })
}
