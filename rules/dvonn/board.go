package dvonn

import (
	"strings"
)

// NumCells is the number of spaces of the DVONN board (RULES.md, DVONN:
// rows of 9, 10, 11, 10 and 9 spaces).
const NumCells = 49

// Cells are numbered 0..48 in reading order of rows 1..5: row 1 = A1..I1 =
// 0..8, row 2 = A2..J2 = 9..18, row 3 = A3..K3 = 19..29, row 4 = B4..K4 =
// 30..39, row 5 = C5..K5 = 40..48. Bit c of a cell mask (uint64) is cell c.

// rowFirst[r] is the first column (0 = A) of row r (0 = row 1), rowLast[r]
// the last; rowStart[r] is the index of the row's first cell.
var (
	rowFirst = [5]int{0, 0, 0, 1, 2}
	rowLast  = [5]int{8, 9, 10, 10, 10}
	rowStart = [5]int{0, 9, 19, 30, 40}
)

// directions are the six neighbor steps (dcol, drow) of RULES.md, DVONN:
// (c±1,r), (c,r±1), (c+1,r+1), (c−1,r−1).
var directions = [6][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}}

// maxDistance is the longest straight line on the board (the 11 spaces of
// row 3 give a distance of 10): a stack taller than this cannot move.
const maxDistance = 10

var (
	cellCol, cellRow [NumCells]int8
	neighbors        [NumCells][]int
	neighborMask     [NumCells]uint64
	// inner marks the cells with six neighbors on the board; only those
	// can be surrounded (RULES.md: an edge stack is never surrounded).
	inner uint64
	// targetMask[c][h] holds the cells exactly h spaces from c in a straight
	// line (h = 1..maxDistance; zero otherwise).
	targetMask [NumCells][maxDistance + 1]uint64
	// allCells is the mask of the 49 cells.
	allCells uint64 = 1<<NumCells - 1
)

func init() {
	for r := 0; r < 5; r++ {
		for c := rowFirst[r]; c <= rowLast[r]; c++ {
			i := rowStart[r] + c - rowFirst[r]
			cellCol[i], cellRow[i] = int8(c), int8(r)
		}
	}
	for i := 0; i < NumCells; i++ {
		c, r := int(cellCol[i]), int(cellRow[i])
		for _, d := range directions {
			if n, ok := CellAt(c+d[0], r+d[1]); ok {
				neighbors[i] = append(neighbors[i], n)
				neighborMask[i] |= 1 << n
			}
			for h := 1; h <= maxDistance; h++ {
				if t, ok := CellAt(c+h*d[0], r+h*d[1]); ok {
					targetMask[i][h] |= 1 << t
				}
			}
		}
		if len(neighbors[i]) == 6 {
			inner |= 1 << i
		}
	}
}

// CellAt returns the cell index at column col (0 = A .. 10 = K) and row row
// (0 = row 1 .. 4 = row 5); ok is false when there is no such space.
func CellAt(col, row int) (cell int, ok bool) {
	if row < 0 || row > 4 || col < rowFirst[row] || col > rowLast[row] {
		return -1, false
	}
	return rowStart[row] + col - rowFirst[row], true
}

// CellCoord returns the column (0 = A .. 10 = K) and row (0 = row 1 .. 4 =
// row 5) of cell 0..48, or -1, -1 for an index outside the board.
func CellCoord(cell int) (col, row int) {
	if uint(cell) >= NumCells {
		return -1, -1
	}
	return int(cellCol[cell]), int(cellRow[cell])
}

// CellName returns the name of cell 0..48 as on every DVONN site ("A1" ..
// "K5", RULES.md), or "??" for an index outside the board.
func CellName(cell int) string {
	if cell < 0 || cell >= NumCells {
		return "??"
	}
	return string([]byte{'A' + byte(cellCol[cell]), '1' + byte(cellRow[cell])})
}

// CellIndex reads a cell name ("E3", case-insensitive, surrounding spaces
// ignored) and returns its index 0..48; ok is false for any other text.
func CellIndex(name string) (cell int, ok bool) {
	name = strings.TrimSpace(name)
	if len(name) != 2 {
		return -1, false
	}
	col := int(name[0]|0x20) - 'a'
	row := int(name[1]) - '1'
	if col < 0 || col > 10 || row < 0 || row > 4 {
		return -1, false
	}
	return CellAt(col, row)
}

// Neighbors returns the board indices of the spaces adjacent to cell 0..48
// (2 to 6 of them; RULES.md neighbors). The slice is shared: do not modify
// it. It is nil for an index outside the board.
func Neighbors(cell int) []int {
	if uint(cell) >= NumCells {
		return nil
	}
	return neighbors[cell]
}

// NeighborMask returns the cell mask (bit c = cell c) of the spaces
// adjacent to cell 0..48 (0 for an index outside the board).
func NeighborMask(cell int) uint64 {
	if uint(cell) >= NumCells {
		return 0
	}
	return neighborMask[cell]
}

// TargetMask returns the cell mask of the spaces exactly dist spaces away
// from cell in one of the six straight lines, whether occupied or not; zero
// when dist is outside 1..10 (no line on the board is longer) or cell
// outside 0..48.
func TargetMask(cell, dist int) uint64 {
	if dist < 1 || dist > maxDistance || uint(cell) >= NumCells {
		return 0
	}
	return targetMask[cell][dist]
}

// EdgeCell reports whether cell lies on the edge of the board (fewer than
// six neighbors), where a stack is never surrounded. Indices outside 0..48
// report true.
func EdgeCell(cell int) bool { return uint(cell) >= NumCells || inner&(1<<cell) == 0 }

// Connected returns the cells of occ (a cell mask) joined to a cell of
// from by a chain of adjacent cells of occ (from's own cells in occ
// included): the flood fill used for the removal rule. It works on a
// padded 12-column grid where the six neighbor steps are the shifts ±1,
// ±12 and ±13 (the padding column and missing spaces are never occupied).
func Connected(occ, from uint64) uint64 {
	o := toGrid(occ)
	x := toGrid(from) & o
	for {
		n := (x | x<<1 | x>>1 | x<<12 | x>>12 | x<<13 | x>>13) & o
		if n == x {
			return fromGrid(x)
		}
		x = n
	}
}

// toGrid maps a cell mask to the padded grid (bit row*12+col).
func toGrid(m uint64) uint64 {
	return m&0x1FF |
		(m>>9&0x3FF)<<12 |
		(m>>19&0x7FF)<<24 |
		(m>>30&0x3FF)<<37 |
		(m>>40&0x1FF)<<50
}

// fromGrid is the inverse of toGrid.
func fromGrid(g uint64) uint64 {
	return g&0x1FF |
		(g>>12&0x3FF)<<9 |
		(g>>24&0x7FF)<<19 |
		(g>>37&0x3FF)<<30 |
		(g>>50&0x1FF)<<40
}
