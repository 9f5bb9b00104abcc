package widgets

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/othello"
)

// holdAnimations sets the animation speed for the test, and holds the animations
// the boards start instead of running them (the test driver would finish
// them at once): the test looks at them mid-way and ticks them itself.
func holdAnimations(t *testing.T, s AnimationSpeed) *[]*fyne.Animation {
	t.Helper()
	var held []*fyne.Animation
	old := runAnimation
	runAnimation = func(a *fyne.Animation) { held = append(held, a) }
	SetAnimationSpeed(s)
	t.Cleanup(func() {
		runAnimation = old
		SetAnimationSpeed(AnimationNormal)
	})
	return &held
}

func TestAnimationDurations(t *testing.T) {
	t.Cleanup(func() { SetAnimationSpeed(AnimationNormal) })
	for _, c := range []struct {
		s    AnimationSpeed
		want time.Duration
	}{{AnimationNormal, 100 * time.Millisecond}, {AnimationSlow, 250 * time.Millisecond}, {AnimationOff, 0}, {AnimationSpeed(9), 100 * time.Millisecond}} {
		SetAnimationSpeed(c.s)
		if CurrentAnimationSpeed() != c.s {
			t.Errorf("speed %d reads back as %d", c.s, CurrentAnimationSpeed())
		}
		if d := animDuration(100 * time.Millisecond); d != c.want {
			t.Errorf("speed %d: 100 ms last %v, want %v", c.s, d, c.want)
		}
	}
}

// othelloDrawnOK checks that the board shows b's discs in their colors.
func othelloDrawnOK(t *testing.T, b *othello.Board, r *othelloRenderer) {
	t.Helper()
	for sq := range 64 {
		p, ok := b.Disc(sq)
		body := r.discs[sq].body
		if body.Visible() != ok {
			t.Fatalf("%s drawn %v, occupied %v", othello.SquareName(sq), body.Visible(), ok)
		}
		if fill, _ := discColors(int8(p)); ok && !sameColor(body.FillColor, fill) {
			t.Fatalf("%s drawn %v, want %v", othello.SquareName(sq), body.FillColor, fill)
		}
	}
}

func TestAnimationOthello(t *testing.T) {
	for _, s := range []AnimationSpeed{AnimationNormal, AnimationSlow, AnimationOff} {
		held := holdAnimations(t, s)
		b, w, _, _ := newOthello(t)
		r := test.WidgetRenderer(w).(*othelloRenderer)
		play(t, b, "f5")
		w.Update()
		e5, _ := othello.ParseSquare("e5")
		if s == AnimationOff {
			if len(*held) != 0 || r.anim != nil {
				t.Fatalf("animations off: %d started, running %v", len(*held), r.anim != nil)
			}
			othelloDrawnOK(t, b, r) // the final position right after Update
			continue
		}
		// The flip of e5 runs: it still shows White.
		want := flipTime
		if s == AnimationSlow {
			want = flipTime * 5 / 2
		}
		if len(*held) != 1 || r.anim == nil || (*held)[0].Duration != want {
			t.Fatalf("speed %d: %d animations held, want one of %v", s, len(*held), want)
		}
		if !sameColor(r.discs[e5].body.FillColor, colWhitePiece) {
			t.Fatal("the flipping disc does not start white")
		}
		(*held)[0].Tick(0.5)
		(*held)[0].Tick(1)
		if r.anim != nil {
			t.Fatal("the flip animation did not end")
		}
		othelloDrawnOK(t, b, r)
		// An undo while the flips run ends them on the undone position.
		play(t, b, "f6")
		w.Update()
		if r.anim == nil {
			t.Fatal("no flip animation for f6")
		}
		b.Undo()
		w.Update()
		if r.anim != nil {
			t.Fatal("flips still running after the undo")
		}
		othelloDrawnOK(t, b, r)
	}
}

func TestAnimationFade(t *testing.T) {
	for _, s := range []AnimationSpeed{AnimationNormal, AnimationOff} {
		held := holdAnimations(t, s)
		g := alak.NewClassic()
		w, _, _ := newAlak(t, g)
		r := test.WidgetRenderer(w).(*alakRenderer)
		rng := rand.New(rand.NewPCG(3, 4))
		var buf []rules.Move
		for g.LastCaptured() == 0 {
			buf = g.Moves(buf[:0])
			if len(buf) == 0 {
				t.Fatal("no capture")
			}
			g.Play(buf[rng.IntN(len(buf))])
			w.Update()
			if n := len(*held); g.LastCaptured() == 0 && n != 0 {
				t.Fatalf("%d animations without a capture", n)
			}
		}
		captured := trailing(uint64(g.LastCaptured()))
		stone := r.stones[captured].body
		if s == AnimationOff {
			if len(*held) != 0 || r.fade.anim != nil || stone.Visible() {
				t.Fatalf("animations off: %d started, running %v, captured stone shown %v", len(*held), r.fade.anim != nil, stone.Visible())
			}
			continue
		}
		if len(*held) != 1 || r.fade.anim == nil || !stone.Visible() || (*held)[0].Duration != fadeTime {
			t.Fatalf("normal: %d animations, running %v, captured stone shown %v", len(*held), r.fade.anim != nil, stone.Visible())
		}
		(*held)[0].Tick(1)
		if r.fade.anim != nil || stone.Visible() {
			t.Fatal("the fade did not end with the slot empty")
		}
	}
}

// TestAnimationOffDvonn plays random DVONN moves with animations off: no
// fade ever starts and every space shows its stack right after Update.
func TestAnimationOffDvonn(t *testing.T) {
	held := holdAnimations(t, AnimationOff)
	newApp(t)
	g := placed(t)
	play(t, g, strings.Fields(dvonnMoves)...)
	w := NewDvonnBoard(g)
	show(t, w, fyne.NewSize(760, 360))
	r := test.WidgetRenderer(w).(*dvonnRenderer)
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []rules.Move
	removals := 0
	for {
		buf = g.Moves(buf[:0])
		if len(buf) == 0 {
			break
		}
		g.Play(buf[rng.IntN(len(buf))])
		w.Update()
		if g.LastRemoved() != 0 {
			removals++
		}
		if len(*held) != 0 || r.fade.anim != nil {
			t.Fatal("an animation started with animations off")
		}
		checkDvonnDrawn(t, g, r)
	}
	if removals == 0 {
		t.Error("no removal seen")
	}
}
