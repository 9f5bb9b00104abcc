package registry

import (
	"slices"
	"testing"

	"planiverse/rules"
	"planiverse/rules/othello"
)

func TestRegistry(t *testing.T) {
	if got := Names(); !slices.Equal(got, []string{"dvonn", "othello", "gomoku", "alak"}) {
		t.Fatalf("games %v", got)
	}
	toy := &rules.Descriptor{Name: "toy", Title: "Toy", New: func(rules.Options) (rules.State, error) { return othello.New(), nil }}
	Register(toy)
	defer Unregister("toy")
	if d, err := Lookup("toy"); err != nil || d != toy || Names()[4] != "toy" {
		t.Fatalf("toy not registered: %v %v", d, err)
	}
	for _, bad := range []*rules.Descriptor{toy, {Name: "x"}, nil} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%v) did not panic", bad)
				}
			}()
			Register(bad)
		}()
	}
	Unregister("toy")
	if _, err := Lookup("toy"); err == nil {
		t.Fatal("toy still registered")
	}
}

// TestEveryGameExplains: every registered game says why a move is refused
// (rules.Refuser), so that the window can answer every refused tap.
func TestEveryGameExplains(t *testing.T) {
	for _, name := range Names() {
		d, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		s, err := d.Start(nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := s.(rules.Refuser); !ok {
			t.Errorf("%s: %T is not a rules.Refuser", name, s)
		}
	}
}
