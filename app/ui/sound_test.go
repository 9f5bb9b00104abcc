package ui

import (
	"errors"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
)

// fakeAudio records what it was asked to play.
type fakeAudio struct {
	mu     sync.Mutex
	played [][]byte
}

func (f *fakeAudio) play(pcm []byte) {
	f.mu.Lock()
	f.played = append(f.played, pcm)
	f.mu.Unlock()
}

func (f *fakeAudio) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.played)
}

// waitCount waits up to 5 s for n sounds.
func (f *fakeAudio) waitCount(t *testing.T, n int) {
	t.Helper()
	for i := 0; f.count() < n && i < 500; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if got := f.count(); got != n {
		t.Fatalf("%d sounds played, want %d", got, n)
	}
}

func TestSounder(t *testing.T) {
	if n := len(moveClick()); n != 2*int(0.06*soundRate) {
		t.Errorf("click: %d bytes", n)
	}
	out := &fakeAudio{}
	opens := 0
	s := newSounder(func() (audioOut, error) { opens++; return out, nil }, false)
	s.Play(SoundMove)
	s.Play(SoundEnd)
	out.waitCount(t, 2)
	if opens != 1 {
		t.Errorf("the device was opened %d times", opens)
	}
	s.SetMuted(true)
	s.Play(SoundMove)
	time.Sleep(50 * time.Millisecond)
	if out.count() != 2 {
		t.Error("a muted sounder played")
	}
	// No device: silence, no panic, and no second try.
	fails := 0
	silent := newSounder(func() (audioOut, error) { fails++; return nil, errors.New("no card") }, false)
	silent.Play(SoundMove)
	silent.Play(SoundMove)
	time.Sleep(50 * time.Millisecond)
	silent.dev.Lock()
	if fails != 1 {
		t.Errorf("opened %d times after failing", fails)
	}
	silent.dev.Unlock()
}

// TestWindowSounds: each move clicks and the end of the game chimes; the
// menu's Sound item mutes and is remembered.
func TestWindowSounds(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	out := &fakeAudio{}
	g.sound = newSounder(func() (audioOut, error) { return out, nil }, false)
	g.startGame(settings("othello", session.VsPerson))
	playTexts(t, g.ctl, "f5 d6")
	out.waitCount(t, 2)
	g.ctl.Resign()
	out.waitCount(t, 3)
	g.toggleSound()
	if !g.sound.Muted() || g.soundItem.Checked || loadSoundOn(a.Preferences()) {
		t.Fatal("Sound did not mute")
	}
	g.ctl.Undo()
	playTexts(t, g.ctl, "f4")
	time.Sleep(50 * time.Millisecond)
	if out.count() != 3 {
		t.Fatal("a muted window played a sound")
	}
}
