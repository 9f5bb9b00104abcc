package referee

import "testing"

func TestEloDiff(t *testing.T) {
	if e, m := eloDiff(5, 5*0.25*2, 10); e != 0 || m <= 0 || m > 400 {
		t.Errorf("even: %v +- %v", e, m)
	}
	// 3 wins 1 loss: 75%, about +191 Elo.
	if e, _ := eloDiff(3, 3, 4); e < 190 || e > 192 {
		t.Errorf("75%%: %v", e)
	}
}
