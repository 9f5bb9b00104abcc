package gomoku

import (
	"errors"
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// TestRecordRoundTrip writes random games of every variant in every format
// that can hold it and reads them back.
func TestRecordRoundTrip(t *testing.T) {
	n := 0
	for _, size := range []string{"15", "19", "20"} {
		for _, rule := range []string{"freestyle", "exact5", "renju"} {
			for _, opening := range []string{"none", "swap", "swap2"} {
				o := rules.Options{"size": size, "rules": rule, "opening": opening}
				if _, err := Descriptor.Resolve(o); err != nil {
					continue // renju is 15x15 only
				}
				for _, rec := range rulestest.RandomRecords(t, Descriptor, o, 20, 400, uint64(n)) {
					rulestest.RoundTrip(t, Descriptor, Formats[0], rec, true)
					if rule == "freestyle" && opening == "none" {
						if back := rulestest.RoundTrip(t, Descriptor, Formats[1], rec, false); back != nil && back.Info.Players != rec.Info.Players {
							t.Errorf("psq players %q, want %q", back.Info.Players, rec.Info.Players)
						}
					} else if _, err := Formats[1].Write(rec); !errors.Is(err, rules.ErrFormat) {
						t.Errorf("psq of %v: %v, want an ErrFormat error", o, err)
					}
					if t.Failed() {
						return
					}
					n++
				}
			}
		}
	}
	// A Swap2 game through balance and swap, under renju.
	s2 := &rules.Record{Game: "gomoku", Options: rules.Options{"opening": "swap2", "rules": "renju"},
		Moves: strings.Fields("H8 H9 J8 balance G9 K8 swap J10")}
	if back := rulestest.RoundTrip(t, Descriptor, Formats[0], s2, true); back != nil && strings.Join(back.Moves, " ") != strings.Join(s2.Moves, " ") {
		t.Errorf("swap2 record read back as %v", back.Moves)
	}
	// A swap game.
	rec := &rules.Record{Game: "gomoku", Options: rules.Options{"opening": "swap"}, Moves: strings.Fields("H8 swap G7 J9")}
	if back := rulestest.RoundTrip(t, Descriptor, Formats[0], rec, true); back != nil {
		data, _ := Formats[0].Write(rec)
		if !strings.Contains(string(data), "RU[freestyle swap]") || !strings.Contains(string(data), ";B[hh];W[swap];W[gi];B[jg]") {
			t.Errorf("swap game written as\n%s", data)
		}
	}
}

func TestReadGomokuRecords(t *testing.T) {
	cases := []struct {
		format int
		text   string
		moves  string
		opts   rules.Options
	}{
		{0, "(;FF[4]GM[4]SZ[15];B[hh];W[ii];B[H6])", "H8 I7 H6", rules.Options{"size": "15", "rules": "freestyle", "opening": "none"}},
		{0, "(;GM[4]SZ[19]RU[Exact5 swap];B[jj];W[swap];W[kk])", "J10 swap K9", rules.Options{"size": "19", "rules": "exact5", "opening": "swap"}},
		{1, "Piskvorky 20x20, 11:11, 0\r\n10,10,120\r\n11,11,98\r\n10,11,0\r\npbrain-a.zip\r\npbrain-b.zip\r\n-1\r\n", "J11 K10 J10",
			rules.Options{"size": "20", "rules": "freestyle", "opening": "none"}},
	}
	for _, c := range cases {
		r, err := Formats[c.format].Read([]byte(c.text))
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if got := strings.Join(r.Moves, " "); got != c.moves || r.Options["rules"] != c.opts["rules"] || r.Options["size"] != c.opts["size"] || r.Options["opening"] != c.opts["opening"] {
			t.Errorf("%q: moves %q options %v, want %q %v", c.text, got, r.Options, c.moves, c.opts)
		}
		if c.format == 1 && r.Info.Players != [2]string{"pbrain-a.zip", "pbrain-b.zip"} {
			t.Errorf("psq players %q", r.Info.Players)
		}
	}
}

func TestReadGomokuRecordErrors(t *testing.T) {
	cases := []struct {
		format  int
		text    string
		wrap    error
		mention string
	}{
		{0, "(;GM[4]SZ[15];B[hh];W[hh])", rules.ErrIllegal, "ply 2"},
		{0, "(;GM[4]SZ[15];B[zz])", rules.ErrIllegal, "ply 1"},
		{0, "(;GM[4]SZ[13])", rules.ErrOption, "13"},
		{0, "(;GM[4]RU[caro])", rules.ErrOption, "renju"},
		{0, "(;GM[4];B[hh];W[swap])", rules.ErrIllegal, "ply 2"},
		{0, "(;GM[2];B[f5])", rules.ErrFormat, "GM"},
		{0, "(;GM[4];B[hh]", rules.ErrSyntax, "truncated"},
		{1, "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", rules.ErrIllegal, "ply 2"},
		{1, "Piskvorky 15x15, 11:11, 0\n16,1,0\n", rules.ErrIllegal, "ply 1"},
		{1, "Piskvorky 13x13, 11:11, 0\n", rules.ErrFormat, "13x13"},
		{1, "(;GM[4];B[hh])", rules.ErrSyntax, "Piskvorky"},
	}
	for _, c := range cases {
		_, err := Formats[c.format].Read([]byte(c.text))
		if !errors.Is(err, c.wrap) || !strings.Contains(err.Error(), c.mention) {
			t.Errorf("%s %q: error %v, want one wrapping %v that mentions %q", Formats[c.format].Name, c.text, err, c.wrap, c.mention)
		}
	}
}

func FuzzReadSGF(f *testing.F) {
	f.Add([]byte("(;FF[4]GM[4]SZ[15]RU[freestyle swap]PB[a];B[hh];W[swap];W[ii])"))
	f.Add([]byte("(;FF[4]GM[4]SZ[15]RU[renju swap2];B[hh];W[hg];B[ih];W[balance];W[gg];B[jh];W[swap])"))
	f.Fuzz(func(t *testing.T, data []byte) { rulestest.CheckRead(t, Formats[0], data) })
}

func FuzzReadPSQ(f *testing.F) {
	f.Add([]byte("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,10\nA\nB\n-1\n"))
	f.Fuzz(func(t *testing.T, data []byte) { rulestest.CheckRead(t, Formats[1], data) })
}
