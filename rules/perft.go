package rules

// Perft counts the leaf nodes of the legal move tree of s to the given depth
// in plies (perft: "performance test", the standard move-generator check).
// Forced passes count as one ply. A finished game reached before depth counts
// as one leaf when terminalIsLeaf is set (the Othello convention of RULES.md)
// and as none otherwise (the DVONN convention: no children). buf is scratch
// space for moves; perft appends to it and returns it so the caller can reuse
// the grown buffer. s is restored before Perft returns.
func Perft(s State, depth int, terminalIsLeaf bool, buf []Move) (uint64, []Move) {
	if depth == 0 {
		return 1, buf
	}
	start := len(buf)
	buf = s.Moves(buf)
	moves := buf[start:]
	if len(moves) == 0 {
		buf = buf[:start]
		if terminalIsLeaf {
			return 1, buf
		}
		return 0, buf
	}
	if depth == 1 {
		n := uint64(len(moves))
		return n, buf[:start]
	}
	var total uint64
	for i := start; i < len(buf); i++ {
		s.Play(buf[i])
		var n uint64
		n, buf = Perft(s, depth-1, terminalIsLeaf, buf)
		total += n
		s.Undo()
	}
	return total, buf[:start]
}
