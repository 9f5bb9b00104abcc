package dvonn

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// corpusFile holds the 9,707 boardspace games as move lines (README there).
const corpusFile = "../../../shared/data/dvonn-boardspace-games.txt.gz"

// TestRecordCorpus reads every corpus line (Formats[1]), writes the game in
// every format and reads it back: same moves and result, and the line
// written is the line read. Lines marked illegal give an ErrIllegal error at
// the ply after the listed moves; skip lines an ErrFormat error. All
// 9,707 lines always (about 3 s, 26 s under -race); -short reads every
// 10th.
func TestRecordCorpus(t *testing.T) {
	f, err := os.Open(corpusFile)
	if err != nil {
		t.Skipf("corpus not found: %v", err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	step := 1
	if testing.Short() {
		step = 10
	}
	sc := bufio.NewScanner(z)
	sc.Buffer(nil, 1<<20)
	counts := map[string]int{}
	for i := 0; sc.Scan(); i++ {
		line := sc.Text()
		if i%step != 0 {
			continue
		}
		head, moves, _ := strings.Cut(line, " : ")
		kind := strings.Fields(head)[1]
		counts[kind]++
		r, err := Formats[1].Read([]byte(line))
		switch kind {
		case "illegal":
			want := fmt.Sprintf("ply %d:", len(strings.Fields(moves))+1)
			if !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), want) {
				t.Errorf("line %d: %v, want an ErrIllegal error at %s", i+1, err, want)
			}
			continue
		case "skip":
			if !errors.Is(err, rules.ErrFormat) {
				t.Errorf("line %d: %v, want an ErrFormat error", i+1, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if got := strings.Join(r.Moves, " "); got != moves {
			t.Fatalf("line %d: moves %q", i+1, got)
		}
		if out, err := Formats[1].Write(r); err != nil || strings.TrimSpace(string(out)) != strings.TrimSpace(line) {
			t.Fatalf("line %d written as %q, %v", i+1, out, err)
		}
		for _, fm := range Formats {
			if back := rulestest.RoundTrip(t, Descriptor, fm, r, false); back == nil || back.Info.Result != r.Info.Result {
				t.Fatalf("line %d %s: result %+v, want %q", i+1, fm.Name, back, r.Info.Result)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("every %d. line: %v", step, counts)
	if step == 1 && counts["over"]+counts["resigned"]+counts["illegal"]+counts["skip"] != 9707 {
		t.Errorf("%v: want 9,707 games", counts)
	}
}

// TestRecordRoundTrip writes random games (both placements) in every format
// and reads them back; SGF keeps the match information.
func TestRecordRoundTrip(t *testing.T) {
	for _, placement := range []string{"hand", "random"} {
		for _, rec := range rulestest.RandomRecords(t, Descriptor, rules.Options{"placement": placement}, 50, 200, 3) {
			rulestest.RoundTrip(t, Descriptor, Formats[0], rec, true)
			if placement == "hand" {
				rulestest.RoundTrip(t, Descriptor, Formats[1], rec, false)
			}
			if t.Failed() {
				return
			}
		}
	}
}

// TestReadBoardspace reads real boardspace.net records (testdata/boardspace,
// README there) and checks them against their corpus lines.
func TestReadBoardspace(t *testing.T) {
	lines, err := os.ReadFile("testdata/boardspace/corpus-lines.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(lines)), "\n") {
		head, moves, _ := strings.Cut(line, " : ")
		hf := strings.Fields(head)
		data, err := os.ReadFile(filepath.Join("testdata/boardspace", hf[0]))
		if err != nil {
			t.Fatal(err)
		}
		r, err := Formats[0].Read(data)
		if hf[1] == "illegal" {
			want := fmt.Sprintf("ply %d:", len(strings.Fields(moves))+1)
			if !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %v, want an ErrIllegal error at %s", hf[0], err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", hf[0], err)
			continue
		}
		if got := strings.Join(r.Moves, " "); got != moves {
			t.Errorf("%s: moves\n%s\nwant\n%s", hf[0], got, moves)
		}
		if r.Info.Players[1] == "" || r.Info.Players[0] == "" {
			t.Errorf("%s: info %+v", hf[0], r.Info)
		}
		if want := map[string]string{"over": "W+23", "resigned": "B+R"}[hf[1]]; hf[0] != "DV-guest-Dumbot-2017-07-25-2157.sgf" && r.Info.Result != want {
			t.Errorf("%s: result %q, want %q", hf[0], r.Info.Result, want)
		}
	}
}

func TestReadDvonnRecordErrors(t *testing.T) {
	cases := []struct {
		format  int
		text    string
		wrap    error
		mention string
	}{
		{0, "(;FF[4]GM[37];W[E3];B[E3])", rules.ErrIllegal, "ply 2"},
		{0, "(;GM[37];B[E3])", rules.ErrIllegal, "ply 1"},
		{0, "(;GM[37]RU[fancy])", rules.ErrFormat, "RU"},
		{0, "(;GM[2];B[f5])", rules.ErrFormat, "GM"},
		{0, "(;GM[37];W[E3]", rules.ErrSyntax, "truncated"},
		{0, "(;GM[Dvonn];P0[1 dropb E 3];P0[2 done];P1[3 dropb E 3];P1[4 done])", rules.ErrIllegal, "ply 2"},
		{0, "(;GM[Dvonn];P0[1 dropb Z 9])", rules.ErrSyntax, "ply 1"},
		{0, "(;GM[Dvonn];P0[1 edit])", rules.ErrFormat, "edit"},
		{0, "(;GM[Dvonn];P0[1 fly E 3])", rules.ErrSyntax, "fly"},
		{1, "x over W1 B0 : E3 E3", rules.ErrIllegal, "ply 2"},
		{1, "x over W1 B0 : E3", rules.ErrSyntax, "the moves give"},
		{1, "x illegal E3 : E3", rules.ErrIllegal, "ply 2"},
		{1, "x illegal E4 : E3", rules.ErrSyntax, "is legal"},
		{1, "x skip edit : E3", rules.ErrFormat, "nothing to replay"},
		{1, "x won : E3", rules.ErrSyntax, "result"},
		{1, "E3 E4 E5", rules.ErrSyntax, "want"},
	}
	for _, c := range cases {
		_, err := Formats[c.format].Read([]byte(c.text))
		if !errors.Is(err, c.wrap) || !strings.Contains(err.Error(), c.mention) {
			t.Errorf("%s %q: error %v, want one wrapping %v that mentions %q", Formats[c.format].Name, c.text, err, c.wrap, c.mention)
		}
	}
}

// FuzzReadSGF reads arbitrary SGF text. The seeds are small (the
// fuzzer minimises every new input, so a seed of kilobytes leaves it a
// few runs a second): the CodeCup notation, and boardspace.net's header,
// placements and its pick, move and resign lines, cut from
// testdata/boardspace.
func FuzzReadSGF(f *testing.F) {
	f.Add([]byte("(;FF[4]GM[37]RU[random]PB[a];W[E3];B[D3];W[C3];B[PASS])"))
	f.Add([]byte(" (;\nGM[Dvonn]VV[1]\nRE[Partie gagn\xe9e par b]\nP0[id \"a\"]\nP1[id \"b\"]\n; P0[0 Start P0]\n; P0[1 dropb F 3]\n; P0[2 done]\n; P1[3 dropb F 2]\n; P1[4 done]\n;\nP0[time 0:03:35 ]\n)\n"))
	f.Add([]byte("(;GM[Dvonn];P0[101 pickb B 4];P0[102 dropb C 5];P0[103 done];P1[104 move I 5 H 5];P1[105 done];P0[106 resign];P0[107 done])"))
	f.Fuzz(func(t *testing.T, data []byte) { rulestest.CheckRead(t, Formats[0], data) })
}

func FuzzReadLine(f *testing.F) {
	f.Add([]byte("g resigned : E3 D3 C3 C4\n"))
	f.Add([]byte("g illegal E3 : E3\n"))
	f.Fuzz(func(t *testing.T, data []byte) { rulestest.CheckRead(t, Formats[1], data) })
}
