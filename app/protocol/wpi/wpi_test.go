package wpi

import (
	"testing"

	"planiverse/rules"
)

func TestWPIMoveText(t *testing.T) {
	g := wpiGame(15)
	m, err := wpiParse(g, rules.First, "(W H 8)")
	if err != nil || wpiFormat(g, rules.First, m) != "(W H 8)" {
		t.Fatalf("%v %v", m, err)
	}
	g.Play(m)
	if sw, err := wpiParse(g, rules.Second, "(B H 8)"); err != nil || sw != rules.Swap || wpiFormat(g, rules.Second, sw) != "(B H 8)" {
		t.Fatalf("swap: %v %v", sw, err)
	}
	for _, bad := range []string{"(W A 1)", "B A 1", "(B Z 1)", "(B A)", "(B A 99)", ""} {
		if _, err := wpiParse(g, rules.Second, bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
