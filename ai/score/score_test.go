package score

import "testing"

func TestScale(t *testing.T) {
	if Sign(-7) != -1 || Sign(0) != 0 || Sign(3) != 1 {
		t.Fatal("Sign")
	}
	if Terminal(5, 3) != WinScore-3 || Terminal(-1, 4) != -(WinScore-4) || Terminal(0, 9) != 0 {
		t.Fatal("Terminal")
	}
	if !(MaxEval < MateBound && MateBound < WinScore-maxPlies) {
		t.Fatal("evaluations, proven results and the ply range overlap")
	}
}

// maxPlies is more than any search's ply (ai's maxPly is 256).
const maxPlies = 1000
