package alak

import (
	"errors"
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// TestRecordRoundTrip writes random games of classic Alak and of modern
// Alak on every size and reads them back with their variant and
// information.
func TestRecordRoundTrip(t *testing.T) {
	variants := []rules.Options{{"rules": "classic"}}
	for n := MinPoints; n <= MaxPoints; n++ {
		variants = append(variants, rules.Options{"rules": "modern", "size": itoa(n)})
	}
	for i, o := range variants {
		for _, rec := range rulestest.RandomRecords(t, Descriptor, o, 10, 300, uint64(i)) {
			if rulestest.RoundTrip(t, Descriptor, Formats[0], rec, true) == nil {
				return
			}
		}
	}
}

func TestReadAlakRecords(t *testing.T) {
	r, err := Formats[0].Read([]byte("(;FF[4]PV[alak]RU[modern]SZ[7]PB[x];B[a];W[c])"))
	if err != nil || strings.Join(r.Moves, " ") != "a c" || r.Options["size"] != "7" || r.Info.Players[0] != "x" {
		t.Errorf("modern: %+v, %v", r, err)
	}
	r, err = Formats[0].Read([]byte("(;PV[Alak];B[3-5];W[9-7])"))
	if err != nil || strings.Join(r.Moves, " ") != "3-5 9-7" || r.Options["rules"] != "classic" {
		t.Errorf("classic: %+v, %v", r, err)
	}
	for _, c := range []struct {
		text    string
		wrap    error
		mention string
	}{
		{"(;PV[alak];B[3-5];W[3-5])", rules.ErrIllegal, "ply 2"},
		{"(;PV[alak];W[9-7])", rules.ErrIllegal, "ply 1"},
		{"(;PV[alak]RU[modern]SZ[40])", rules.ErrOption, "size"},
		{"(;PV[alak]RU[classic]SZ[9])", rules.ErrOption, "size"},
		{"(;GM[2];B[f5])", rules.ErrFormat, "PV[alak]"},
		{"(;PV[alak];B[3-5]", rules.ErrSyntax, "truncated"},
	} {
		_, err := Formats[0].Read([]byte(c.text))
		if !errors.Is(err, c.wrap) || !strings.Contains(err.Error(), c.mention) {
			t.Errorf("%q: error %v, want one wrapping %v that mentions %q", c.text, err, c.wrap, c.mention)
		}
	}
}

func FuzzReadSGF(f *testing.F) {
	f.Add([]byte("(;FF[4]PV[alak]RU[modern]SZ[9]PB[x]WR[level 2];B[a];W[c])"))
	f.Add([]byte("(;PV[alak];B[3-5];W[9-7])"))
	f.Fuzz(func(t *testing.T, data []byte) { rulestest.CheckRead(t, Formats[0], data) })
}
