package widgets

import (
	"fyne.io/fyne/v2"
)

// DVONN hex geometry. A space (col, row) of RULES.md "DVONN" (col 0 = A ..
// 10 = K, row 0 = row 1 .. 4 = row 5; neighbors (c±1,r), (c,r±1),
// (c+1,r+1), (c−1,r−1)) sits on a triangular lattice with horizontal rows:
// in units of the distance between neighboring spaces,
//
//	x = col − row/2,  y = row·√3/2 (upwards).
//
// Row 1 is drawn at the bottom, row 5 at the top, so columns slant up to
// the left; the 9-10-11-10-9 rows make the long hexagon of the real plate,
// centered on x = 4. Cells are the indices of package dvonn.

// hexRowH is the vertical distance between rows: √3/2 units.
const hexRowH = 0.8660254

// Drawing bounds in lattice units: the plate (its rim reaches x = −1.72 at
// A3 and 9.72 at K3, around its center x = 4), the coordinates around it
// (row 3's label at x ≈ −2.1) and a margin of about a quarter unit,
// symmetric about x = 4 so that the plate is centered in the widget and as
// large as it allows.
const (
	hexMinX   = -2.4
	hexMaxX   = 10.4
	hexTopY   = 4*hexRowH + 0.85 // above row 5
	hexBotY   = -hexRowH - 0.45  // below the column letters under row 1
	hexWidth  = hexMaxX - hexMinX
	hexHeight = hexTopY - hexBotY
)

// hexGeom maps lattice coordinates to widget coordinates for one size.
type hexGeom struct {
	unit float32
	org  fyne.Position // widget position of lattice point x = 0, y = 0
}

func dvonnGeom(size fyne.Size) hexGeom {
	u, o := fit(size, hexWidth, hexHeight)
	return hexGeom{u, fyne.NewPos(o.X-hexMinX*u, o.Y+hexTopY*u)}
}

// at returns the widget position of lattice column col, row row (any
// integers or fractions, on the board or not).
func (g hexGeom) at(col, row float32) fyne.Position {
	return fyne.NewPos(g.org.X+(col-row/2)*g.unit, g.org.Y-row*hexRowH*g.unit)
}

// lattice returns the fractional lattice coordinates (col, row) of a widget
// position.
func (g hexGeom) lattice(p fyne.Position) (col, row float32) {
	row = (g.org.Y - p.Y) / (hexRowH * g.unit)
	col = (p.X-g.org.X)/g.unit + row/2
	return col, row
}

// nearest returns the lattice point nearest to p and its distance in
// units. On a triangular lattice the nearest point is a corner of the
// rhombus (floor/ceil in both coordinates) that contains p.
func (g hexGeom) nearest(p fyne.Position) (col, row int, dist float32) {
	if g.unit <= 0 {
		return 0, 0, 1e9
	}
	fc, fr := g.lattice(p)
	c0, r0 := floor(fc), floor(fr)
	dist = 1e9
	for dc := range 2 {
		for dr := range 2 {
			c, r := c0+dc, r0+dr
			q := g.at(float32(c), float32(r))
			if d := hypot(q.X-p.X, q.Y-p.Y) / g.unit; d < dist {
				col, row, dist = c, r, d
			}
		}
	}
	return col, row, dist
}

func floor(f float32) int {
	i := int(f)
	if float32(i) > f {
		i--
	}
	return i
}

// plateCorners returns the six corners (widget coordinates, clockwise on
// screen starting bottom-left, as canvas.ArbitraryPolygon wants them) of the
// hexagon through the outer spaces, pushed out by rim units.
func (g hexGeom) plateCorners(rim float32) [6]fyne.Position {
	// Corners on the lattice: A1, A3, C5, K5, K3, I1.
	pts := [6][2]float32{{0, 0}, {0, 2}, {2, 4}, {10, 4}, {10, 2}, {8, 0}}
	var lp [6]fyne.Position
	for i, q := range pts {
		lp[i] = g.at(q[0], q[1])
	}
	// Each corner moves out along the sum of the outward normals of its two
	// edges, scaled so every edge moves by rim (miter offset).
	var out [6]fyne.Position
	for i := range 6 {
		prev, cur, next := lp[(i+5)%6], lp[i], lp[(i+1)%6]
		n1 := outward(prev, cur)
		n2 := outward(cur, next)
		dot := n1.X*n2.X + n1.Y*n2.Y
		k := rim * g.unit / (1 + dot)
		out[i] = fyne.NewPos(cur.X+(n1.X+n2.X)*k, cur.Y+(n1.Y+n2.Y)*k)
	}
	return out
}

// outward returns the unit normal of edge a->b that points out of a
// polygon whose corners run clockwise on screen (y down): the inside is on
// the right of the direction of travel, (−dy, dx), so outside is (dy, −dx).
func outward(a, b fyne.Position) fyne.Position {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := hypot(dx, dy)
	if l == 0 {
		return fyne.Position{}
	}
	return fyne.NewPos(dy/l, -dx/l)
}
