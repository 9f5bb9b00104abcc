package gomokuai

import (
	"testing"

	"planiverse/rules/gomoku"
)

// Features allocates nothing, and its threat masks and class counts add
// up: one pair of masks, one class per empty point and side.
func TestFeatures(t *testing.T) {
	g, _ := gomoku.New(gomoku.Options{Size: 15})
	for _, s := range []string{"H8", "H9", "I9", "G10", "J10", "I8"} {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(m)
	}
	k := New()
	var x [NumFeatures]int32
	if n := testing.AllocsPerRun(10, func() { k.Features(g, &x) }); n != 0 {
		t.Errorf("Features allocates %v times", n)
	}
	var own, opp, masks int32
	for c := range NumClasses {
		own += x[FeatureClass+c]
		opp += x[FeatureOppClass+c]
	}
	for m := range NumThreatMasks {
		masks += x[FeatureThreats+m]
	}
	empty := int32(15*15 - g.Stones())
	if own != empty || opp != empty || masks != 1 || x[FeatureTempo] != 1 {
		t.Errorf("classes %d and %d of %d empty points, %d threat masks, tempo %d", own, opp, empty, masks, x[FeatureTempo])
	}
	if !DecisiveClass(int(classOfSet[patFive])) || DecisiveClass(0) {
		t.Error("DecisiveClass: a five is not decisive, or the empty class is")
	}
}
