package prefsfile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

var when = time.Date(2026, 12, 2, 1, 30, 0, 0, time.UTC)

const sound = `{"engine":"","engines":"[{\"Name\":\"edax\",\"Command\":\"edax -q\"}]","game":"gomoku","level":3,"list":["a","b"],"sound":false,"stats.othello.won":12,"window.width":900}`

// TestCheckSound: a sound file, an empty one and none are left alone.
func TestCheckSound(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "preferences.json")
	if r, err := Check(path, when); err != nil || r.Damaged() {
		t.Fatalf("no file: %+v, %v", r, err)
	}
	for _, text := range []string{sound, "", "  \n"} {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		if r, err := Check(path, when); err != nil || r.Damaged() || r.Message() != "" {
			t.Errorf("%q: %+v, %v", text, r, err)
		}
		if b, _ := os.ReadFile(path); string(b) != text {
			t.Errorf("%q rewritten as %q", text, b)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.bad-*")); len(left) != 0 {
		t.Errorf("kept %v", left)
	}
}

// TestCheckDamaged: a settings file cut short is kept byte for byte as
// preferences.bad-<time>.json, every setting before the cut is kept in
// a file that reads, and the message says so with a correct plural.
func TestCheckDamaged(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "preferences.json")
	cut := sound[:150]
	if err := os.WriteFile(path, []byte(cut), 0o600); err != nil {
		t.Fatal(err)
	}
	r, err := Check(path, when)
	if err != nil || !r.Damaged() {
		t.Fatalf("%+v, %v", r, err)
	}
	if want := filepath.Join(dir, "preferences.bad-20261202-013000.json"); r.Bad != want {
		t.Errorf("kept as %s, want %s", r.Bad, want)
	}
	if b, _ := os.ReadFile(r.Bad); string(b) != cut {
		t.Errorf("the kept file holds %q", b)
	}
	var got map[string]any
	b, _ := os.ReadFile(path)
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("the repaired file does not read: %v: %q", err, b)
	}
	for _, key := range []string{"engine", "engines", "game", "level"} {
		if _, ok := got[key]; !ok {
			t.Errorf("%s lost: %q", key, b)
		}
	}
	if r.Kept != len(got) || r.Kept < 4 {
		t.Errorf("Kept %d, file %q", r.Kept, b)
	}
	msg := r.Message()
	if !strings.Contains(msg, "settings that still read were kept") || !strings.Contains(msg, "preferences.bad-20261202-013000.json") {
		t.Errorf("message %q", msg)
	}
	// A second damage in the same second keeps the first copy.
	if err := os.WriteFile(path, []byte(`{"game":"oth`), 0o600); err != nil {
		t.Fatal(err)
	}
	r2, err := Check(path, when)
	if err != nil || r2.Bad == r.Bad || r2.Kept != 0 || !strings.Contains(r2.Message(), "No setting could be read") {
		t.Errorf("second damage: %+v, %v, %q", r2, err, r2.Message())
	}
	if b, _ := os.ReadFile(r.Bad); string(b) != cut {
		t.Errorf("the first kept file now holds %q", b)
	}
}

// TestCheckWrongShape: values of a type Fyne cannot hold (a list of
// mixed types, an object, null) are dropped, the others kept.
func TestCheckWrongShape(t *testing.T) {
	path := filepath.Join(t.TempDir(), "preferences.json")
	text := `{"x":[true,"a"],"game":"gomoku","o":{"a":1},"n":null,"level":2,"l":[1,2],"m":[[1]]}`
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	r, err := Check(path, when)
	if err != nil || !r.Damaged() || !slices.Equal(r.Dropped, []string{"m", "n", "o", "x"}) || r.Kept != 3 {
		t.Fatalf("%+v, %v", r, err)
	}
	b, _ := os.ReadFile(path)
	if string(b) != `{"game":"gomoku","l":[1,2],"level":2}` {
		t.Errorf("repaired to %s", b)
	}
	if !strings.Contains(r.Message(), "3 settings") {
		t.Errorf("message %q", r.Message())
	}
}

// FuzzSalvage: no content makes Salvage panic, and what it keeps is a
// JSON object of values Fyne holds.
func FuzzSalvage(f *testing.F) {
	f.Add([]byte(sound))
	f.Add([]byte(sound[:150]))
	f.Add([]byte(`{"x":[true,"a"]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		kept, _, _ := Salvage(data)
		out, err := json.Marshal(kept)
		if err != nil {
			t.Fatal(err)
		}
		again, dropped, problem := Salvage(out)
		if problem != nil || len(dropped) != 0 || len(again) != len(kept) {
			t.Fatalf("%q kept %s, which does not read back: %v", data, out, problem)
		}
	})
}
