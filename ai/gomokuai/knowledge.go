// Package gomokuai is the Gomoku knowledge of the Planiverse search (it
// satisfies the interfaces of planiverse/ai structurally, without
// importing it): an evaluation from line patterns and from the pattern
// classes of the empty points (patterns.go: what a stone there would make
// in each of its four lines, kept up to date incrementally; classes.go:
// the four codes together), candidate moves near the stones that answer
// forced threats, capped to the best by pattern code, move ordering by
// pattern code, a VCF (victory by continuous fours) solver, a VCT (victory
// by continuous threats: fours and threes) threat-space search (vct.go),
// and a root filter that drops the root moves after which the opponent
// wins by VCF, and under a deadline by VCT (rootfilter.go); for the main
// search, a quiescence over fours at its leaves, the wins the patterns
// decide within five plies at every node (QuickWin), the single-reply
// extension, forward pruning and reductions (quiesce.go). The VCF and VCT
// searches run on a private copy of the position that can pass (board.go),
// which is how the opponent's threats are seen.
//
// All of it reads the line bitboards of package gomoku (Game.Line): each
// line of the board is one uint32 per colour, and patterns are found with
// shifts and masks over the line's five-point windows (see lines.go). The
// analysis of every line is cached and redone only for lines whose stones
// changed, which makes the evaluation incremental across a search.
//
// Strength against Rapfi (classical; dhbloo/rapfi, the strongest of the
// peers in ../shared/PEERS.md), 2026-11-26, on the 36 openings of the
// issue's matches with colours swapped, Master at 1 s a move (planiverse
// match gomoku --time-ms 1000 --time-ms-b T): at equal time it scores
// 13-130-1 (9%); at time odds, with Rapfi told T = 150 ms (it uses 89 ms
// a move) 11-61 (15%), 100 ms (53 ms used) 21-50-1 (30%), and 50 ms (19
// ms used) 37-33-2 (53%). Rapfi plays as well as Master on about a
// thirtieth of its time. Matches at those last odds are the most
// sensitive to a change: 72 games give +- 13 points paired by opening
// and colour, about +- 90 Elo, where 72 at equal time, scoring near 9%,
// give +- 7 points, about +- 160 Elo.
//
// Where the difference lies: on 143 positions of those games where Rapfi
// (300 ms) first scores a forced win for the side to move, Master at 1 s
// proves 50 (at 3 s, 72). After H8 I9 F6 I10 F7, White to move, Rapfi
// proves a win in 27 plies in 0.6 s; Master, in 20 s, does not; it
// proves the same line's win from 4 plies further on in 1.1 s, from 2 in
// 9 s. The games are lost early: in the 34 that Master lost to Rapfi told
// 50 ms (2026-11-27, a new set of 36 openings), the first of Master's
// moves after which Rapfi (300 ms) scores a forced win came at a median
// ply of 16, often at plies 6-12, with wins of 13 to 55 plies; of the 19
// such moves made in a position Rapfi did not already score as lost,
// Master still chose a losing one in 14 at 1 s and in 12 at 8 s.
//
// The losses at equal time were White's on those openings (2026-11-27),
// but that says more about the openings than about Master's defence. Over
// four runs of the 36 openings at 1 s a move each (main and three variants
// that scored within the noise of it, 288 games), Master as Black scored
// 61-78-5 and as White 1-143; as White it lost in a median of 33 to 35
// plies, as Black at 56 to 74. Rapfi against itself at 1 s on the same
// openings won 33 of 38 games with Black, 2 with White, and drew 3: at
// this strength White is lost in nearly all of them. The gap showed in
// Black's games, which Master won less than half of, where Rapfi wins
// nearly all. Openings that one colour wins for everyone also pull a
// weaker engine's score toward 50%.
//
// Those openings lean to Black at Rapfi's depth: asked at 300 ms, Rapfi
// scores them for White to move between -353 and +31 on its scale, -229 on
// average. In the 35 games that main lost as White at equal time, Rapfi's
// score for Master first fell below -300 by ply 6 in 23 and below -600 by
// ply 10 in 15, and kept falling. Part of that fall is Rapfi's own search
// seeing further as the game goes on: on the balanced set below, its score
// for Master could fall from -110 to -607 over two plies in which Master
// played Rapfi's own choice. Of the 18 positions where Master's move first
// let Rapfi score a forced win and Rapfi had not scored one before it, a new
// search at 1 s chose a move that Rapfi (500 ms) does not score as lost in
// 5, at 8 s in 4.
//
// On balanced openings the gap shows in full. testdata/openings-balanced.txt
// holds the 36 three-stone openings within 3 points of H8 that Rapfi at 1 s
// scores closest to even (its header says how they were chosen); Rapfi
// against itself at 1 s won 24 of 47 games on them with Black and 10 with
// White, and drew 13 (Black 64.9% +- 11.4, where the openings above give it
// 90.8% +- 8.1). There, at equal time, Master scored 11-61-0 (15.3% +- 7.6,
// about -300 Elo): 10-26 as Black and 1-35 as White; against Rapfi told
// 50 ms (it used 18 ms a move), 48-21-3 (68.8% +- 8.6); against AIWine at
// equal time, 63-9-0 (87.5% +- 7.2), and against Pela 68-0-4 (97.2% +- 2.6),
// all four draws full boards. More time does not close the gap: Master at
// 2 s a move against Rapfi's 1 s scored 12-59-1 (17.4% +- 8.2), +2.1 +- 8.4
// points paired by opening and colour against equal time. Rapfi's move was
// among Master's candidates (CandidateCap) in 156 of the 162 positions of
// Master's White moves at plies 4 to 20 of half of those games, and Master
// played it in 96. Five changes tried since on these openings at equal
// time (2026-11-27) scored within the error or below: an attacking tilt of
// the evaluation and a refit on positions without threes (TestFitTeacher's
// doc), comparison training (TestFitCompare), a fitted move-ordering
// policy (TestOrderTeacher) and ordering by the evaluation one ply deep
// (OrderMoves). So did six more after them: a tighter bound on the
// evaluation (evaluateForced), less time for the root's threat searches
// (SolveVCTShare), order bonuses for moves that prepare a double threat
// (orderCode), a larger candidate cap at deep nodes (CandidateCap),
// razoring (the Pruner's doc, quiesce.go), and four earlier variants that
// had each scored a little above main at equal time, played together.
// Those four were the bound on the evaluation, the attacking tilt, the
// aspiration windows (planiverse/ai iterate) and the steeper reductions
// (the Reducer's doc). Together they scored 9-62-1 (13.2% +- 7.2), -2.1
// +- 7.9 points paired by opening and colour against main: their small
// leads were noise, not gains that add up. The wins the patterns decide,
// proved at every node (QuickWin), raised the forced wins a 1 s search
// proves from 14 to 22 of 34 but scored as main did, 21-121-2 over two
// passes; Rapfi's rule of answering a four-three point with its defences
// only (Candidates' doc) scored below it. So did five more after it: less
// reduction at the root or at every open-window node, the root's moves
// ordered by their last scores, reductions by even plies only (the
// Reducer's doc), and Rapfi's two-ply average of the evaluation
// (evaluateForced). The root filter's dropped moves were checked against
// Rapfi and are lost (RootMoves' doc).
//
// Much of the gap opens with Master's first move out of the opening. In
// main's 72 games above, Rapfi (1 s a position) judged Master's move at
// ply 4 (as White) or 5 (as Black) against its own choice: it was Rapfi's
// in 25, and the other 47 lost 190 of Rapfi's units on average (about a
// logit of the win probability), more than 500 in 8 of them. Rapfi's
// judgement of two moves it did not choose is noisy (14 of the 47 came out
// above its own), but not that noisy. On four of those eight positions a
// search of 4 s played Rapfi's move in two (after H8 F9 I5 F8, H7 instead
// of H5; after H8 E9 K5 G9, H9 instead of I5).
//
// The evaluation is not where the gap lies (2026-11-27). In 500 quiet
// positions of TestFitCompare's labels, each child (every empty point
// within distance 2) was scored by its static evaluation, one ply deep.
// Rapfi's own static evaluation ranked Rapfi's move (searched for 80 ms)
// first in 20.4% of them and within its first three in 34.0%; this
// evaluation did in 21.4% and 42.4%. As a predictor of Rapfi's searched
// value (logistic, each at its best scale), Rapfi's static evaluation has
// a log loss of 0.536 and this one 0.562 on the 26,285 labels; a refit
// reaches 0.528 (TestFitTeacher's doc). On 4,000 positions of match games
// where the opponent has a three, labelled the same way, the figures are
// 0.523 and 0.541. The gap is in the search. Master turns time into
// strength as an alpha-beta search should: at 400 ms a move against
// itself at 200 ms, on testdata/openings-balanced.txt with colours
// swapped, it scored 44-21-7 (66.0% +- 7.8), about +115 Elo for the
// doubling. The 300 Elo it lacks against Rapfi at equal time is two to
// three such doublings.
//
// Nor does the gap lie in the node rate (2026-11-28). On five positions
// of match games (plies 16 to 39), a 1 s search of Master visited 0.7 to
// 1.3 million nodes and completed 14 to 18 plies; Rapfi (classical), given
// 1 s, reported 0.9 to 1.4 million nodes in 0.8 to 1.0 s and 19 or 20
// plies of its own depth, which counts fractional reductions and
// extensions. The search has been made faster since, with the same tree:
// the pattern update reads one table entry a point (evalTable), QuickWin
// waits for the transposition table's cut-off, the table's slots are 16
// bytes, refreshAll updates a line's codes as it re-analyses the line,
// and refresh knows a game it is already up to date with by its hash.
// BenchmarkSearchKnowledge takes 25% less time with the same nodes (36%
// more nodes a second; benchstat, n = 8). Against Rapfi, paired by
// opening and colour against the passes before the changes, it shows
// within the error, as the +50 Elo or so that the self-play scaling
// predicts for that speed would. On the 200 ms screen (below), the builds
// with the first two, the first four and all five changes scored 48-234-6
// over four passes, 25-119-0 and 17-126-1 over two each (90-479-7 in all,
// 16.2% +- 5.0), +2.0 +- 4.2 points against the six passes before; at
// 1 s, the first three scored 10-60-2 and the first four 9-61-2
// (19-121-4, 14.6% +- 6.1), -0.9 +- 4.7 points against main's three
// passes of QuickWin's doc.
//
// A quicker screen for changes to the search runs at 200 ms a move for
// both engines; each used 110 to 135 ms a move. Six passes of
// testdata/openings-balanced.txt with colours swapped scored 57-366-9
// (14.2% +- 5.2), about the 1 s score, at 3.5 minutes a pass. Paired by
// opening and colour against those six, two passes of a variant still
// carry about +- 6 points. The variants screened there are recorded in
// quiesce.go (Rapfi's improving rule in the Pruner's doc; a singular
// extension and four reduction rules in the Reducer's doc) and at
// CandidateCap (the moves beyond the cap, searched where every candidate
// loses).
//
// Where Master loses ground (2026-11-28, the 200 ms screen on a new
// machine, Rapfi 0.43.02). Time alone buys little: Master at 400 ms
// against Rapfi's 200 ms scored 13-59-0 (18.1%), +5.8 +- 8.2 points paired
// against three passes at equal time (25-188-3, 12.3%), and five times
// the time for its moves while fewer than 12 stones stand 12-60-0, +4.4
// +- 7.7. The opening moves matter: from the 36 openings extended by
// seven plies of Rapfi's own play (400 ms a move), Master scored 16-52-4
// (25.0%), and Rapfi won with both colours in 16 of the 36 where from the
// openings themselves it did in 54 of 72 pairs. Of the 61 positions
// after the move with which Master first let Rapfi (300 ms) score a
// forced win, Master's own search from the winner's side proves the win
// in 17 at 200 ms and 42 at 1 s: the wins are within its reach, a few
// times deeper than it looks, and its move ordering put the attacks that
// start them behind the blocks (orderDefenceShare).
//
// Two diagnostics of 2026-11-28 (Rapfi 0.43.02, the build of the peer
// paragraph below):
//   - Over half of those wins are out of the VCT search's reach. It
//     (VCT, as the root's Solve runs it: 16 threats, 400,000 nodes)
//     finds the winner's win in 16 of the 61 positions, and with 30
//     threats and 4 million nodes in 26. In 30 of the other 35 it ends
//     without a win before its budget (25 of them within 50 ms), having
//     run out of fours and threes to play; 5 run out of nodes. Those 30
//     wins need other moves, which only the main search plays (the VCT
//     inside the main search: SolveDepth's doc).
//   - Small trees do not show the gap. Told a fixed depth (Yixin's INFO
//     max_depth), Rapfi visits, after H8 G9 F6, 433 nodes to depth 6 of
//     its count, 1,957 to 10 and 0.77 million to 20; Master 1,403 to 6,
//     8,400 to 10, 0.11 million to 14 and 0.42 million to 18. At depth 6
//     against Rapfi's 6, Master scored 55-17-0 (76.4%) on
//     testdata/openings-balanced.txt with colours swapped, and at 10
//     against 10, 47-25-0 (65.3%). The two depths are not the same
//     measure, and Master's root threat searches still ran (0.2 s a move
//     on average, where Rapfi took 10 ms), but with trees of a few
//     thousand nodes Master plays as well as Rapfi or better: the gap
//     opens in the large trees of timed play.
//
// Nor does the gap come from the search's selectivity (2026-11-28). Of
// the 61 positions above, the 53 before Master's losing move where Rapfi
// had not yet scored a forced win were searched again, and Rapfi (300 ms)
// judged the move chosen. Master at 2 s chose a move that Rapfi scores
// lost in 30, and at 8 s in 30 again. Without the candidate cap (every
// point within distance 2 searched) it chose one in 27, without the cap
// and the late move pruning in 34, without the reverse futility pruning
// as well in 35, and without the late move reductions too in 35 (all at
// 2 s). Rapfi itself at 1 s chose the move Master chose at 1 s in 24 of
// the 53, and scored 18 of the positions as lost already: many of them
// were lost before that move.
//
// Master's own search agrees that most of those positions were already lost
// (2026-11-28, main at f24e3f8). On the same 53 positions, Master at 1 s
// chose a move that Rapfi (300 ms) scores as lost in 26. Master's score for
// that move was:
//   - a proven loss in 10;
//   - -1,000 or lower in 13 (from -1,007 to -9,281);
//   - above -1,000 in only 3 (-420, +384, +419). In these three, Rapfi's
//     wins are 21 to 45 plies long, and a 1 s search of Master from the
//     winner's side found none of them.
//
// From the winner's side, that 1 s search proved the win in 18 of the 26.
// In the 27 positions where Rapfi did not score the move as lost, Master
// scored 18 at -1,000 or lower. It proved a loss in 2 more, and Rapfi at 5 s
// proves both (wins in 45 and 35 plies). In all, 43 of the 53 positions
// were lost or nearly lost by Master's own count. The median of the 41
// unproven scores was -1,790, about 1.3 logits of the win probability by
// FutilityMargin's reading of the scale (400 units, about 0.3). So
// the move that this diagnostic finds is rarely where the game turns.
// The ground is lost earlier, one move at a time, as the earlier
// paragraphs on the first moves out of the opening found.
//
// Judging those early moves is uncertain, even for Rapfi. On the 36
// openings of testdata/openings-balanced.txt, Master at 1 s chose
// Rapfi's 1 s move in 13. In each of the other 23, Rapfi judged the
// difference between its move and Master's, and the average over all 36
// openings was 141 of its units (200 a logit). But Rapfi's own judgements
// move with its time. After H8 F10 E6, at 1 s it scored its H10 at -44 for
// White and Master's G10 at -954. At 3 s it scored both as clear wins for
// Black: +1,324 after H10, +2,633 after G10.
//
// The peer: Rapfi 0.43.02 drops a command that arrives between printing
// its move and clearing its thinking flag, and then reads the command's
// argument ("8,4") as an unknown command; the match ends as its loss.
// Master, answering a forced move at once, hit that race in 2 of its
// first 5 games. The build measured here clears the flag before printing
// the move (a one-line change to its scratch copy of
// command/gomocup.cpp).
package gomokuai

import (
	"context"
	"math/bits"
	"planiverse/ai/score"
	"slices"
	"time"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// The score scale is package ai/score's: evaluations stay within
// ±score.MaxEval (about 100 units per disc, stone or piece), a forced win in
// n plies scores score.WinScore - n.

// Evaluation terms, in units of about 1/100 of a stone, beyond the sum of
// live windows (windowValue).
const (
	// evalWinNext: the side to move has a win point (a four).
	evalWinNext = 60_000
	// evalLost: the opponent has two distinct win points and the side to
	// move has none.
	evalLost = -60_000
	// evalOpenFourNext: the side to move can make an open four and the
	// opponent has no four to interpose.
	evalOpenFourNext = 8_000
	// evalDoubleThree: the opponent has threes in two lines and the side to
	// move has neither a three nor a four point.
	evalDoubleThree = -4_000
)

// SolveDepth is the number of fours Solve's VCF search may play, and
// SolveNodes its node budget. When it finds no VCF, Solve runs a VCT search
// of up to SolveVCTDepth threats and SolveVCTNodes nodes (about 1 µs each
// on 15x15), ending by SolveVCTShare of the time left to ctx's deadline.
// In middle games where no VCT exists that search ran to its deadline at
// most moves (at 1 s a move, 0.4 of the time left cost about 270 ms of
// every second); at 0.2 the search keeps more time: with the root
// verifier, 5-10-5 against Pela where 0.4 scored 5-13-2 and main 5-13-2,
// and 12-7-1 against main (20 games each at 1 s a move, 2026-11-23).
//
// The root's threat searches cost about a fifth of a move (2026-11-27): on
// 46 positions of match games searched for the full 1 s, the Solver and
// the RootFilter took 134 ms on average before the first iteration and
// the RootVerifier 57 ms more. Giving them less did not play better:
// with this share at 0.1, the RootFilter's VCT within an eighth of the
// move instead of a quarter, and no RootVerifier, Master at 1 s scored
// 10-61-1 (14.6% +- 7.4) against Rapfi (classical) at equal time on
// testdata/openings-balanced.txt with colours swapped, -0.7 +- 8.4
// points paired by opening and colour against main's 11-61-0.
//
// The VCT does not run inside the main search: there it cost more than it
// proved (2026-11-28). Tried in planiverse/ai negamax, after QuickWin, at
// nodes below the root of at least D plies: a VCT of the side to move
// (vctSearch, at most 8 threats, N nodes; a position where it found none
// was remembered and not searched again), a win found ending the node.
// On the 61 positions of orderDefenceShare's doc, where a 200 ms search
// proves the winner's forced win in 23 to 27, it proved 22 with D = 12
// and N = 1,000, 15 with D = 10 and N = 3,000, and 14 with D = 8 and N =
// 300; before positions were remembered, 21 with D = 12, 14 with D = 8
// and 9 with D = 5 and N = 60.
// After H8 I9 F6 I10 F7 a 1 s search reached depth 19 on 0.7 million
// nodes with D = 12 and did not prove White's win (main reached depth 20
// on 0.9 to 0.95 million, and proved it in one run of two); with D = 6 it
// reached depth 17 on 0.12 million. Not tried in play.
const (
	SolveDepth    = MaxVCFDepth
	SolveNodes    = 1_000_000
	SolveVCTDepth = 16
	SolveVCTNodes = 400_000
	SolveVCTShare = 0.2
)

// Knowledge is the Gomoku game knowledge: Evaluate, OrderMoves, Candidates,
// Solve and RootMoves for a *gomoku.Game. It keeps scratch state (the line analysis
// cache, a VCF table of about 256 KB, the VCT's df-pn table of 12 MB), so
// one value must not be shared between goroutines.
type Knowledge struct {
	a   analyzer
	vcf *vcfSearch
	vct *vctSearch // shares vcf's board

	tempo []rules.Move // scratch of RootMoves

	// quiet: RootMoves proved that the opponent has no VCT after a pass
	// (and found no VCF) at the position of hash quietKey (Refuted then has
	// nothing to find).
	quiet    bool
	quietKey uint64

	keys [gomoku.MaxPoints]uint64 // scratch of patternMoves

	qbuf   []rules.Move // Quiesce's move stack
	qnodes int64        // Quiesce's node count
}

// New returns Gomoku knowledge for any board size and rule.
func New() *Knowledge {
	k := &Knowledge{}
	k.vcf = newVCFSearch(&k.a, 14)
	k.vct = newVCTSearch(k.vcf, 16, 19)
	k.tempo = make([]rules.Move, 0, gomoku.MaxPoints)
	k.qbuf = make([]rules.Move, 0, 4*gomoku.MaxPoints)
	return k
}

// Evaluate returns the static evaluation of s (a *gomoku.Game, not over)
// from the side to move's point of view, within ±score.MaxEval: a blend
// (evaluateForced) of the live windows of the colour to
// move (ColorOf(ToMove), which is how a swap is taken into account) minus
// the opponent's and of the pattern-class values of the empty points
// (classValue: pointEval.value summed over the board for that colour plus
// pointEval.valueOpp for the opponent), plus evalTempo and the threat
// terms above. Facing a single
// win point of the opponent's (a four), it plays the forced block (at
// most evalForcedPlies in a row) and returns the negated value of the
// position after it. It panics if
// s is not a *gomoku.Game; it allocates nothing and leaves s unchanged.
//
// Under Renju, Black to move facing a single White win point that is
// forbidden for Black is lost. In the undecided phases of the Swap2
// opening the seat to move has no colour yet: a seat placing stones
// scores -|v| (the other seat will choose the better colour), a seat
// choosing scores |v|, where v is the evaluation for the colour to move.
func (k *Knowledge) Evaluate(s rules.State) int {
	g := s.(*gomoku.Game)
	v := k.evaluate(g)
	switch g.Deciding() {
	case gomoku.PhasePlaceThree, gomoku.PhasePlaceTwo:
		return -abs(v)
	case gomoku.PhaseChoose, gomoku.PhaseChooseAgain:
		return abs(v)
	}
	return v
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// evalForcedPlies is how many forced blocks evaluate plays before it
// evaluates: when the opponent has a single win point (a four), the side
// to move must block it, so the position after the block is the one worth
// judging (a short quiescence over fours).
//
// At the main search's leaves a fuller quiescence runs instead
// (Quiesce, quiesce.go); this one serves Evaluate itself and the
// quiescence's stand-pat.
const evalForcedPlies = 8

// evaluate is Evaluate for the colour to move.
func (k *Knowledge) evaluate(g *gomoku.Game) int { return k.evaluateForced(g, evalForcedPlies) }

// evaluateForced is evaluate with at most plies forced blocks played.
//
// The blend: evalWindowShare percent of the live-window sum (analyzer
// score), the point values (pointEval.value of the side to move's points
// plus pointEval.valueOpp of the opponent's), evalTempo, the side to
// move's bonus in evaluation units, and threatValue, a value for which
// threats each side has anywhere on the board (threatMask: a four point,
// a three point, a point of a double threat). evalWindowShare, evalTempo,
// the point values per pattern class and threatValue are fitted to
// Rapfi's evaluation (TestFitTeacher, evalfit_test.go; the weights are in
// evalweights.go). On held-out positions labelled by Rapfi the mean log
// loss of the evaluation read as a win probability was 0.662 with
// hand-set weights (0.693 for a coin), 0.502 with fitted weights per
// pattern code and combination, and 0.485 with the classes' (on a larger
// label set where the codes' gave 0.511); on a larger set again, 0.491
// without the threat values and 0.484 with them. The large tempo says
// what Gomoku players know: the move is worth much more than a stone.
//
// Rapfi's own static evaluation (its classical tables, as its TRACESEARCH
// command prints it) predicts its searches only a little better
// (2026-11-27): on 26,285 positions no threat forces, labelled by Rapfi
// told 80 ms (TestFitCompare), each evaluation read at its best scale
// scored a log loss of 0.536 (Rapfi's) and 0.562 (this one), where the
// labels' own entropy is 0.399; below ply 10, 0.619 and 0.627; from ply
// 40, 0.555 and 0.601.
//
// The threat values in play (2026-11-26, 1 s a move, the 36 openings of
// the Rapfi matches with colours swapped): against Rapfi (classical)
// 13-130-1 over 144 games (9.4%) where main before them scored 11-133
// (7.6%), +2.4 +- 7.8 points paired by opening and colour against one of
// main's passes; against AIWine 53-19 over 72 games (73.6%) where main
// scored 106-36-2 (74.3%); against Pela 60-10-2 (84.7%) where main scored
// 64-6-2 (90.3%), -5.6 +- 10.2 paired. No difference within the error;
// they were kept for the better fit. They cost 5% on BenchmarkEvaluate
// and 9% of the node rate; to the fixed depths of BenchmarkSearchDepth
// the search takes 1% longer, with 9% fewer nodes (benchstat, n = 6).
//
// The value is bounded by ±score.MaxEval/2. A bound of ±4,000 (about 3
// logits of the win probability on the fitted scale) was tried
// (2026-11-27) against the explosions of iterations where a win comes
// into view. After H8 I9 F6 I10 F7 the 20th iteration took 10.2 million
// nodes where the 19th had taken 0.3 million: 9.9 million of them under
// the first root move, whose score rose from 585 to 16,231 while, at
// every ply of its line, one winning value after another beat the last
// and was searched again with the full window (32,000 such re-searches,
// 7 of them among the replies to that move). With the bound those values
// tie, and the search proved a win (in 31 plies) by 4.8 million nodes,
// where without it the first proof (in 27) comes at 15.9 million. It
// proved 13 of the package doc's 34 forced wins at 1 s where main proves
// 15, and Master at 1 s scored 13-58-1 (18.8% +- 8.8) against Rapfi
// (classical) at equal time on testdata/openings-balanced.txt with
// colours swapped, +3.5 +- 11.1 points paired by opening and colour
// against main's 11-61-0: not taken.
//
// Rapfi's two-ply average did not play better either (2026-11-27): the
// part before threatValue taken as the mean of this position's value for
// the side to move and the negated value of the position before the last
// move for its mover (Rapfi averages its pattern sum over the last two
// plies; evalTempo cancels in the mean), the weights as they are. A
// search to depth 14 took 4 to 4.5 times the nodes (two positions), and
// Master at 1 s scored 6-66-0 (8.3% +- 6.2) against Rapfi (classical) at
// equal time on testdata/openings-balanced.txt with colours swapped, -7.2
// +- 7.0 points paired by opening and colour against main's three passes
// (32-181-3). A fair trial would refit the weights for the mean.
func (k *Knowledge) evaluateForced(g *gomoku.Game, plies int) int {
	a := &k.a
	a.refreshAll(g)
	me := g.ColorToMove()
	opp := me ^ 1
	if a.nWin[me] > 0 {
		return evalWinNext
	}
	v := a.score
	if me == 1 {
		v = -v
	}
	v = v*evalWindowShare/100 + int(a.value[me]+a.valueOpp[opp]) + evalTempo
	v += int(threatValue[a.threatMask(me)<<3|a.threatMask(opp)])
	n, q, _ := a.distinctWins(opp)
	switch {
	case n >= 2, n == 1 && me == 0 && g.FoulAt(int(q)) != gomoku.NoFoul:
		return evalLost
	case n == 1 && plies > 0 && g.Deciding() == gomoku.PhaseNone:
		g.Play(q)
		if over, _ := g.Outcome(); !over {
			v = -k.evaluateForced(g, plies-1)
			g.Undo()
			return v
		}
		g.Undo()
	case n == 0:
		if a.nThree[me] > 0 {
			v += evalOpenFourNext
		} else if a.nThree[opp] >= 2 && a.nFour[me] == 0 {
			v += evalDoubleThree
		}
	}
	return max(-score.MaxEval/2, min(score.MaxEval/2, v))
}

// orderDefenceShare is the weight, in percent, of the opponent's point
// score (a block) against the side to move's own (an attack) in
// OrderMoves and the candidate cap. With the ordering scaled
// (orderScale, 2026-11-27), a share of 100 scored 59.7% +- 9.4 against
// Rapfi told 50 ms on the 36 openings (Master at 1 s), -11.8 +- 9.9
// points paired against 80's 71.5%: not taken.
//
// A lower share plays better (2026-11-28). At 80 the blocks came first:
// after H8 G8 K9 G7 G9 I7 H9 H7 F7 F9 I6 K8 H10 I11 H11 H12 G6 F10 H5 I4
// J7, White's G11 (an open three) starts a win in 17 plies that Rapfi
// (classical) scores from its second iteration and proves at depth 18 in
// 0.12 s; here G11 stood tenth in the order, behind blocks of Black's
// twos, was searched 6 plies shallower by the late move reduction, and a
// search to depth 21 still played I9 (-389). On the 61 positions after
// the move with which Master (200 ms) first let Rapfi score a forced
// win against it, a 200 ms search from the winner's side proved that win
// in 17 at a share of 80, 21 at 60 and 26 at 50 (42 at 80 with 1 s);
// from the position before Master's move, the move chosen at 200 ms
// still lost (as Rapfi judged at 300 ms) in 43 of 53 at 80, 42 at 60 and
// 40 at 50. On the 200 ms screen (package doc), paired by opening and
// colour against three passes of the share of 80 (25-188-3, 12.3%):
//   - 50, three passes: 46-168-2 (21.8%), +9.5 +- 7.0 points;
//   - 30, two passes: 25-118-1 (17.7%), +5.4 +- 8.4 (-4.1 +- 7.7
//     against 50).
//
// At 1 s a move, one pass each: 12-59-1 (17.4% +- 8.6) against main's
// 9-61-2 (13.9% +- 7.8), +3.5 +- 9.3 points paired: the same direction,
// within the error of one pass. Taken for the 200 ms screen's result. A
// second pass at 1 s scored 13-58-1: 25-117-2 over the two (18.1% +-
// 6.2), +4.2 +- 8.9 points paired against the share of 80; two more
// scored 13-58-1 and 11-60-1, 49-235-4 over the four (17.7% +- 4.4),
// +3.8 +- 8.1. Against AIWine at 1 s, one pass scored 64-8-0 (88.9% +-
// 7.3), where the share of 80 had scored 86.8%; against Pela, 70-2-0
// (97.2% +- 3.8). The level ladder is in planiverse/ai's spec.
//
// The share acts at a few crossings of the order codes (orderCode). A
// point where the opponent would make a three (30) ranks, as a block, at
// 30 * share / 100, against one's own open twos in two lines (16) or an
// open two and a closed three (14). Both neighbours of 50 were measured
// on the 200 ms screen (2026-11-28), paired against 50's three passes:
//   - 60, where the block (18) passes the two open twos, two passes:
//     15-128-1 (10.8%), -11.0 +- 7.0 points;
//   - 40, where the block (12) falls behind both, three passes: 54-161-1
//     (25.2%), +3.5 +- 7.6; but at 1 s two passes scored 21-120-3 (15.6%
//     +- 5.8), -2.4 +- 8.3 against 50's two. Not taken.
//
// Nor did the order codes move the proofs of the 61 wins above (200 ms,
// where 50 proves 23 to 27 from run to run): a three at 60 or 100 proved
// 15, at 15 or 20 19; a closed three at 15 proved 21, a four at 100 18,
// a double three (orderCombo) at 3,000 22 and 24, an open two at 12 26
// and 27. A share of 80 for the candidate cap alone, 50 kept for the
// order, proved 14 and chose a losing move in 39 of the 53 positions
// where 50 does in 39 to 40; a cap of 30 in 43.
const orderDefenceShare = 50

// CandidateCap is the largest number of moves Candidates returns when no
// threat forces the choice: the best by pointOrder.
//
// Rapfi's move (500 ms a position) fell outside these candidates in 50 of
// 1,339 labelled positions of match games and in 11 of 157 where earlier
// builds made the losing move against it. A cap of 40 at the root of a
// timed search alone did not play better (2026-11-26): 4-67-1 against
// Rapfi at 1 s on the 36 openings with colours swapped, against main's
// 11-133, -1.4 +- 5.1 points paired. A cap of 30 at every node, with the
// scaled ordering (orderScale, 2026-11-27), scored 50-20-2 (70.8%) against
// Rapfi told 50 ms, -0.7 +- 8.8 points paired against this cap's 71.5%,
// and 15-55-2 (22.2%) at equal time, +1.4 +- 10.7 against its 14-56-2:
// not taken. Nor did a cap of 40 at nodes of 10 plies or more, where the
// search has few nodes and the moves a cap leaves out can be the ones
// that win (orderCode's doc gives an example), 20 below them (2026-11-27):
// on 48 positions where Master had made a losing move (as Rapfi judged),
// it chose a losing one again in 27 and 26 of 48 where main did in 31 and
// 31, but against Rapfi at equal time on testdata/openings-balanced.txt
// with colours swapped it scored 10-61-1 (14.6% +- 7.4), -0.7 +- 7.4
// points paired by opening and colour against main's 11-61-0.
// A smaller cap, 14 at every node, did not play better either
// (2026-11-28): two passes of the 200 ms screen (package doc) scored
// 29-114-1 (20.5%), +1.7 +- 7.2 points paired against five passes of main
// (66-291-3, 18.8%).
//
// The cap makes some proofs false: where every capped candidate loses by
// force, the search calls the node lost, though a point beyond the cap may
// defend. In one of main's games against Rapfi at equal time (the passes
// of QuickWin's doc), after H8 E9 K11 G7 H6 G9 G6 E6 E8 H7 F7 H5 J8 G8
// I6 J6 I7 K9 I9 I10 G10 H11 K7 L6 D9 C10, a 1 s search scored D7 a win
// in 19 plies. Its line went D7 F13, and White's defence F10 was not
// among White's candidates. D7 does win: Rapfi proves it in 20 plies,
// with F10 as White's defence. Master played D7 and lost the game.
// Claimed wins in lost games are rare: searched again at 500 ms, the
// 1,305 positions where Master moved in the 60 games it lost in one of
// those passes gave a win in 2, both in that game. Searching the points
// beyond the cap at a node where every candidate lost (2026-11-27; in
// planiverse/ai negamax, the other near points in pointOrder) makes the
// search find F10 and score D7 +2,269. It did not play better against
// Rapfi (classical), on testdata/openings-balanced.txt with colours
// swapped, paired by opening and colour against main:
//   - below the root only, at 200 ms a move each (the package doc's
//     screen), four passes: 42-242-4 (15.3%), +1.0 +- 4.5 points against
//     main's six;
//   - at the root too, two passes at 200 ms: 11-130-3 (8.7%), -5.6 +-
//     4.0; one pass at 1 s: 5-66-1 (7.6% +- 5.8), -7.9 +- 9.1 against
//     main's three passes (QuickWin's doc, 32-181-3).
const CandidateCap = 20

// pointOrder is the ordering score of point p for colour me: its attack
// score plus orderDefenceShare percent of the opponent's score there.
func (a *analyzer) pointOrder(p int, me rules.Player) int32 {
	return pointTable[a.sets[me&1][p]&setMask].order + pointTable[a.sets[(me^1)&1][p]&setMask].defence
}

// orderScale multiplies pointOrder in OrderMoves (the candidate cap ranks
// by pointOrder itself). The search adds its history heuristic, which
// grows to 1<<20 (planiverse/ai), to the orderer's scores: unscaled, the
// pattern order (a double threat 1,200 and more, a single three or four
// tens, a quiet point a few) was lost under it after a few iterations, and
// the moves were searched nearly in the order of their past cutoffs.
// Scaled by 1024, a double threat outranks every quiet point whatever its
// history (TestOrderScale), and a difference of tens in the pattern order
// weighs as much as a good share of the history's range. Only a point
// where either colour makes a five reaches the search's clamp (1<<26),
// and there the candidates are that five or its block alone.
//
// Measured 2026-11-27, Master at 1 s a move against Rapfi (classical)
// told 50 ms, on the 36 openings of the package doc with colours swapped
// (planiverse match gomoku --time-ms 1000 --time-ms-b 50), each opening's
// score averaged over its runs: two runs scored 51-19-2 and 50-20-2 (71.5%
// +- 6.8 over 144 games) against unscaled main's 57.1% +- 4.1 over four
// runs (288 games), +14.4 +- 7.6 points paired by opening and colour. A
// scale of 1<<16, which leaves the history hardly more than a tiebreak
// but clamps every point making a three or more to the same score,
// scored 75.0% +- 8.5 in one run (+17.9 +- 9.4): no better shown. At
// equal time (Rapfi at 1 s too), one run: 14-56-2 (20.8%) against 13-58-1
// (18.8%), +2.1 +- 10.2 points paired: no change shown there. Searching
// the double threats before the killers as well (a scratch change to the
// search's ordering) scored 61.8% +- 6.9 against Rapfi told 50 ms, -9.7
// +- 8.3 points paired against this scale alone: not taken.
const orderScale = 1 << 10

// OrderMoves scores each move by the pattern codes of its point
// (pointOrder, times orderScale): what a stone there makes in its four
// lines for the colour to move (a five scores highest, then open fours
// and double threats, fours, threes), plus what it blocks of the
// opponent's. rules.Swap scores 0 (the search decides it). It allocates
// nothing.
//
// Ordering by the evaluation one ply deep did not play better
// (2026-11-27), though the evaluation's choice one ply deep is Rapfi's
// move in 28.9% of the positions no threat forces where the pattern
// order's first is in 21.2% (TestFitCompare's labels). At nodes of 3 plies
// or more, each move's order was pointOrder plus a fifth of its negated
// evaluation after the move less the best such value (at least -2,000).
// Master at 1 s a move on testdata/openings-balanced.txt with colours
// swapped, against Rapfi (classical) at equal time: 8-63-1 (11.8% +-
// 7.9), -3.5 +- 10.0 points paired by opening and colour against main's
// 11-61-0. Not taken.
func (k *Knowledge) OrderMoves(s rules.State, moves []rules.Move, scores []int32) {
	g := s.(*gomoku.Game)
	a := &k.a
	a.refreshAll(g)
	me := g.ColorToMove()
	size := g.Size()
	for i, m := range moves {
		if m == rules.Swap || int(m) >= size*size {
			scores[i] = 0
			continue
		}
		scores[i] = a.pointOrder(int(m), me) * orderScale
	}
}

// Candidates appends the moves worth searching in s (a *gomoku.Game) to
// buf:
//   - nothing when the game is over; the centre on an empty board;
//   - when the side to move has a win point (a four), only that win;
//   - else when the opponent has a four, only the point(s) that block it;
//   - else when the side to move has a three (a point making an open four)
//     and the opponent no four point, only the open-four points;
//   - else when the opponent has a three (a point making an open four), the
//     defences (points that leave the opponent no open four in that line)
//     and the moves making a four of one's own;
//   - otherwise the empty points within distance 2 (a 5x5 square) of a
//     stone, at most the CandidateCap best by their pattern codes
//     (pointOrder), and rules.Swap when it is legal.
//
// Under Renju, Black's forbidden points are dropped (when that leaves
// nothing, the allowed points near the stones, else every legal move). At
// a colour choice of the Swap2 opening rules.Swap and Balance are added
// when legal.
//
// Rapfi answers a point of the opponent's that makes a four and a three
// (C_BLOCK4_FLEX3) with its defences only, as it answers a three. That
// rule did not play better here (2026-11-27): when the opponent had such
// a point and the side to move had no four point on the five point his
// four would leave, the candidates were the point itself, the points of
// its four and three lines that lower his pattern there, and the side to
// move's four points. Of the moves near the stones that it left out in
// 159 positions of match games, 30% lost to a win the patterns decide
// (staticResult) and the rest were left to the search; of those it kept,
// 7% did (of the capped candidates before it, 19%). With QuickWin, Master at
// 1 s against Rapfi (classical) at equal time on
// testdata/openings-balanced.txt with colours swapped scored 5-64-3 (8.3%
// +- 5.9), -10.4 +- 10.4 points paired by opening and colour against
// QuickWin alone (13-58-1).
//
// It allocates nothing once buf has grown.
func (k *Knowledge) Candidates(s rules.State, buf []rules.Move) []rules.Move {
	g := s.(*gomoku.Game)
	if over, _ := g.Outcome(); over {
		return buf
	}
	start := len(buf)
	buf = k.candidates(g, buf)
	if g.Rule() == gomoku.Renju && g.ColorToMove() == 0 {
		buf = dropFouls(g, buf, start)
		if len(buf) == start {
			buf = dropFouls(g, k.near(g, buf), start)
		}
		if len(buf) == start {
			buf = g.Moves(buf)
		}
	}
	if g.CanSwap() && !containsMove(buf[start:], rules.Swap) {
		buf = append(buf, rules.Swap)
	}
	if g.CanBalance() {
		buf = append(buf, gomoku.Balance)
	}
	return buf
}

// dropFouls removes Black's forbidden points from buf[start:], in place.
func dropFouls(g *gomoku.Game, buf []rules.Move, start int) []rules.Move {
	kept := start
	for _, m := range buf[start:] {
		if int(m) >= g.Size()*g.Size() || g.FoulAt(int(m)) == gomoku.NoFoul {
			buf[kept] = m
			kept++
		}
	}
	return buf[:kept]
}

func containsMove(ms []rules.Move, m rules.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// candidates is Candidates before the Renju and Swap2 adjustments.
func (k *Knowledge) candidates(g *gomoku.Game, buf []rules.Move) []rules.Move {
	size := g.Size()
	if g.Stones() == 0 {
		return append(buf, rules.Move((size/2)*size+size/2))
	}
	a := &k.a
	a.refreshAll(g)
	me := g.ColorToMove()
	opp := me ^ 1
	if p, ok := a.firstWin(me); ok {
		return append(buf, p)
	}
	a.nextGen()
	if a.nWin[opp] > 0 {
		return a.appendAll(buf, kindWin, opp)
	}
	start := len(buf)
	if a.nThree[me] > 0 && a.nFour[opp] == 0 {
		// An open four wins: the opponent has no four to interpose.
		buf = a.appendAll(buf, kindThree, me)
		if me == 1 || !a.renju() {
			return buf
		}
		// Renju: keep only Black's allowed ones, else search on.
		buf = dropFouls(g, buf, start)
		if len(buf) > start {
			return buf
		}
		a.nextGen()
	}
	if a.nThree[opp] > 0 {
		for _, r := range a.lines {
			if a.info[r.dir][r.line].three[opp] != 0 {
				buf = a.appendDefences(buf, int(r.dir), int(r.line), me)
			}
		}
		buf = a.appendAll(buf, kindFour, me)
		if len(buf) > start {
			return buf
		}
	}
	buf = k.patternMoves(g, buf)
	if g.CanSwap() {
		buf = append(buf, rules.Swap)
	}
	return buf
}

// patternMoves appends the empty points within distance 2 of a stone
// (near), only the best CandidateCap of them by pointOrder when there are
// more, sorted by pointOrder (highest first, earlier points first among
// equals).
func (k *Knowledge) patternMoves(g *gomoku.Game, buf []rules.Move) []rules.Move {
	a := &k.a
	me := g.ColorToMove()
	size := g.Size()
	var rows [gomoku.MaxSize]uint32
	nearRows(g, &rows)
	// The points' keys (orderKey), in increasing order of point.
	n := 0
	for y := 0; y < size; y++ {
		for m := rows[y]; m != 0; m &= m - 1 {
			p := y*size + bits.TrailingZeros32(m) - 1
			k.keys[n] = orderKey(a.pointOrder(p, me), rules.Move(p))
			n++
		}
	}
	keys := k.keys[:n]
	if n > CandidateCap {
		selectSmallest(keys, CandidateCap)
		keys = keys[:CandidateCap]
		slices.Sort(keys)
	}
	for _, key := range keys {
		buf = append(buf, rules.Move(uint16(key)))
	}
	return buf
}

// orderKey is the sort key of move m with ordering score v: smaller keys
// for higher scores, and among equal scores for smaller moves.
func orderKey(v int32, m rules.Move) uint64 {
	return uint64(uint32(-v)^1<<31)<<32 | uint64(m)
}

// selectSmallest reorders the distinct keys so that keys[:n] are the n
// smallest (in no particular order), for 0 < n <= len(keys): a
// quickselect around the median of three, partitioning without a branch
// on the comparisons (which a branch predictor cannot guess).
func selectSmallest(keys []uint64, n int) {
	t := n - 1 // the index that must hold the n-th smallest
	lo, hi := 0, len(keys)-1
	for lo < hi {
		// The median of keys[lo], keys[mid] and keys[hi] as the pivot, at
		// hi.
		mid := lo + (hi-lo)/2
		if keys[mid] < keys[lo] {
			keys[mid], keys[lo] = keys[lo], keys[mid]
		}
		if keys[hi] < keys[mid] {
			keys[hi], keys[mid] = keys[mid], keys[hi]
			if keys[mid] < keys[lo] {
				keys[mid], keys[lo] = keys[lo], keys[mid]
			}
		}
		keys[mid], keys[hi] = keys[hi], keys[mid]
		pivot := keys[hi]
		// Lomuto's partition: keys[lo:st] < pivot <= keys[st:i]. Swapping
		// a key not below the pivot with keys[st] keeps that true, so
		// every key is swapped and only st depends on the comparison.
		st := lo
		for i := lo; i < hi; i++ {
			x := keys[i]
			keys[i] = keys[st]
			keys[st] = x
			_, below := bits.Sub64(x, pivot, 0) // 1 when x < pivot
			st += int(below)
		}
		keys[hi], keys[st] = keys[st], pivot
		switch {
		case t < st:
			hi = st - 1
		case t > st:
			lo = st + 1
		default:
			return
		}
	}
}

// near appends the empty points within distance 2 of a stone, row by row.
func (k *Knowledge) near(g *gomoku.Game, buf []rules.Move) []rules.Move {
	size := g.Size()
	var rows [gomoku.MaxSize]uint32
	nearRows(g, &rows)
	for y := 0; y < size; y++ {
		for m := rows[y]; m != 0; m &= m - 1 {
			buf = append(buf, rules.Move(y*size+bits.TrailingZeros32(m)-1))
		}
	}
	return buf
}

// nearRows sets rows[y] to the empty points of row y within distance 2 (a
// 5x5 square) of a stone, as a line bitboard (bit x+1 for column x).
func nearRows(g *gomoku.Game, rows *[gomoku.MaxSize]uint32) {
	size := g.Size()
	var occ [gomoku.MaxSize + 4]uint32 // occ[y+2]: stones of row y
	for y := 0; y < size; y++ {
		occ[y+2] = g.Line(0, gomoku.Horizontal, y) | g.Line(1, gomoku.Horizontal, y)
	}
	full := gomoku.LineMask(size, gomoku.Horizontal, 0)
	for y := 0; y < size; y++ {
		n := occ[y] | occ[y+1] | occ[y+2] | occ[y+3] | occ[y+4]
		n |= n<<1 | n<<2 | n>>1 | n>>2
		rows[y] = n & full &^ occ[y+2]
	}
}

// Solve runs a VCF search for the side to move of s (a *gomoku.Game) with
// up to SolveDepth fours and SolveNodes nodes, shortest win first, then,
// when there is none, a VCT search (vctSearch: fours and threes) within
// the SolveVCT budgets. When it finds a win it returns the first move and
// score.WinScore - plies to the five (for a VCT an estimate, 2*threats+3:
// the threats, the open four and the five, without forced blocks), with ok true; otherwise ok is false. It returns
// promptly (ok false) when ctx is cancelled. nodes counts the positions
// visited. It allocates nothing.
func (k *Knowledge) Solve(ctx context.Context, s rules.State) (m rules.Move, value int, nodes int64, ok bool) {
	g, isGomoku := s.(*gomoku.Game)
	if !isGomoku {
		return rules.NoMove, 0, 0, false
	}
	if over, _ := g.Outcome(); over || ctx.Err() != nil || g.Deciding() != gomoku.PhaseNone {
		return rules.NoMove, 0, 0, false
	}
	v := k.vcf
	v.nodes, v.limit, v.done = 0, SolveNodes, ctx.Done()
	v.b.load(g)
	seq, found := v.solve(SolveDepth)
	v.done = nil
	if found {
		return seq[0], score.WinScore - len(seq), v.nodes, true
	}
	nodes = v.nodes
	if v.aborted && ctx.Err() != nil {
		return rules.NoMove, 0, nodes, false
	}
	t := k.vct
	t.nodes, t.limit, t.done, t.deadline = 0, SolveVCTNodes, ctx.Done(), time.Time{}
	if dl, has := ctx.Deadline(); has {
		t.deadline = time.Now().Add(time.Duration(float64(time.Until(dl)) * SolveVCTShare))
	}
	v.b.load(g)
	t.skipProof = true
	first, won := t.solve(SolveVCTDepth)
	t.skipProof = false
	t.done, v.done = nil, nil
	nodes += t.nodes
	if !won {
		return rules.NoMove, 0, nodes, false
	}
	return first, score.WinScore - (2*t.depth + 3), nodes, true
}

// SearchShare is the share of a timed search's time after which the
// search starts no new iteration (IterationShare): all of it. An
// unfinished iteration still yields the root moves it completed (the
// previous best first), so starting one late loses nothing. At 1 s a
// move this won 8-12 against Pela where the search's default (half the
// time: it used 40-55% of its budget) won 5-14-1, and 13-7 against that
// default (20 games each, 2026-11-23).
const SearchShare = 1.0

// IterationShare returns SearchShare (planiverse/ai.IterationTimer).
func (k *Knowledge) IterationShare() float64 { return SearchShare }
