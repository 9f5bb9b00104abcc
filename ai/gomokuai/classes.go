package gomokuai

import "slices"

// Pattern classes. A point's class for a color is the multiset of its
// four pattern codes (patternSet, in any order of the directions): C(11,4)
// = 330 classes of the 4,096 sets. The evaluation gives each class a value
// for the side to move and one for the opponent (classValue), so that a
// point where two twos cross (a double three in the making) can be worth
// more than two twos apart.
const numClasses = 330

// classOfSet maps a pattern set to its class, classCodes a class to its
// codes.
var classOfSet, classCodes = patternClasses()

// patternClasses numbers the classes (a class's codes ascending, the
// classes in lexicographic order of their codes) and maps every pattern
// set to its class.
func patternClasses() (ofSet *[1 << 12]int16, codes [][4]uint8) {
	ofSet = new([1 << 12]int16)
	index := map[[4]uint8]int16{}
	for a := uint8(0); a < numPatterns; a++ {
		for b := a; b < numPatterns; b++ {
			for c := b; c < numPatterns; c++ {
				for d := c; d < numPatterns; d++ {
					index[[4]uint8{a, b, c, d}] = int16(len(codes))
					codes = append(codes, [4]uint8{a, b, c, d})
				}
			}
		}
	}
	for s := range ofSet {
		ps := patternSet(s)
		var cs [4]uint8
		for dir := 0; dir < 4; dir++ {
			cs[dir] = ps.code(dir)
		}
		slices.Sort(cs[:])
		ofSet[s] = index[cs]
	}
	return ofSet, codes
}
