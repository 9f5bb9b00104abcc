package widgets

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2/test"

	"planiverse/rules"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

func TestRegistry(t *testing.T) {
	test.NewTempApp(t)
	b, err := New("othello", othello.New())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := b.(*OthelloBoard); !ok {
		t.Fatalf("othello board is %T", b)
	}
	if _, ok := b.(LegalMarker); !ok {
		t.Fatal("the Othello board does not mark legal moves")
	}
	g, _ := gomoku.New(gomoku.Options{Size: 15})
	if _, ok := Board(NewGomokuBoard(g)).(LegalMarker); ok {
		t.Fatal("the Gomoku board claims to mark legal moves")
	}
	if _, err := New("othello", g); err == nil || !strings.Contains(err.Error(), "othello") {
		t.Fatalf("othello board for a gomoku game: %v", err)
	}
	if _, err := New("nope", g); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Fatalf("unknown game: %v", err)
	}
	toy := NewGomokuBoard(g)
	name := fmt.Sprintf("toy-board-%d", toyBoards.Add(1)) // a new name for each run (-count)
	Register(name, func(rules.State) (Board, error) { return toy, nil })
	if b, err := New(name, othello.New()); err != nil || b != Board(toy) {
		t.Fatalf("registered constructor not used: %v %v", b, err)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a second registration did not panic")
		}
	}()
	Register(name, func(rules.State) (Board, error) { return toy, nil })
}

var toyBoards atomic.Int32
