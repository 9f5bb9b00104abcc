package ui

import (
	"bytes"
	"encoding/binary"
	"math"
	"sync"
	"time"

	"github.com/ebitengine/oto/v3"
)

// Sounds: a short click for each move and a two-note chime at the end of a
// game, synthesised here (no sound files), played through oto
// (github.com/ebitengine/oto, ALSA on Linux). The audio device is opened
// at the first sound, on a goroutine of its own; a machine without a sound
// device plays nothing and works unchanged. Sound can be muted (Game →
// Sound, remembered in the preferences).

// Sound is one of the app's sounds.
type Sound int

// The sounds.
const (
	SoundMove Sound = iota // a move was played
	SoundEnd               // the game ended
)

// soundRate is the sample rate of the synthesised sounds, in Hz (16-bit
// signed mono).
const soundRate = 44100

// audioOut plays 16-bit little-endian mono PCM at soundRate; open returns
// an error when there is no device.
type audioOut interface {
	play(pcm []byte)
}

// sounder plays the app's sounds unless muted. Its methods are safe from
// any goroutine and never block the caller.
type sounder struct {
	mu    sync.Mutex // guards muted
	muted bool
	dev   sync.Mutex // guards out and tried: held while the device opens and plays
	out   audioOut
	open  func() (audioOut, error) // opens the device, nil: never
	tried bool
	pcm   [2][]byte
}

// newSounder returns a sounder that opens its device with open at the
// first sound (nil: a silent sounder, as in tests).
func newSounder(open func() (audioOut, error), muted bool) *sounder {
	return &sounder{open: open, muted: muted, pcm: [2][]byte{moveClick(), endChime()}}
}

// SetMuted turns the sounds off or on.
func (s *sounder) SetMuted(on bool) {
	s.mu.Lock()
	s.muted = on
	s.mu.Unlock()
}

// Muted reports whether the sounds are off.
func (s *sounder) Muted() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.muted
}

// Play plays sound k in the background; nothing when muted or when the
// device cannot be opened.
func (s *sounder) Play(k Sound) {
	if s.Muted() || s.open == nil {
		return
	}
	pcm := s.pcm[k]
	go func() {
		s.dev.Lock()
		defer s.dev.Unlock()
		if !s.tried {
			s.tried = true
			if out, err := s.open(); err == nil {
				s.out = out
			}
		}
		if s.out != nil {
			s.out.play(pcm)
		}
	}()
}

// otoOut is the real device.
type otoOut struct{ ctx *oto.Context }

// openOto opens the default audio device with oto, waiting until it is
// ready.
func openOto() (audioOut, error) {
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{SampleRate: soundRate, ChannelCount: 1, Format: oto.FormatSignedInt16LE})
	if err != nil {
		return nil, err
	}
	<-ready
	return &otoOut{ctx: ctx}, nil
}

func (o *otoOut) play(pcm []byte) {
	p := o.ctx.NewPlayer(bytes.NewReader(pcm))
	p.Play()
	// The player is garbage once it has played: keep it alive till then.
	go func() {
		for p.IsPlaying() {
			sleepBriefly()
		}
		_ = p.Close()
	}()
}

// tone returns 16-bit PCM of a sine at freq Hz for dur seconds with an
// exponential decay of time constant decay seconds, at amplitude amp
// (0..1), with a 2 ms fade-in against clicks.
func tone(freq, dur, decay, amp float64) []float64 {
	n := int(dur * soundRate)
	out := make([]float64, n)
	for i := range out {
		t := float64(i) / soundRate
		env := math.Exp(-t/decay) * min(1, t/0.002)
		out[i] = amp * env * math.Sin(2*math.Pi*freq*t)
	}
	return out
}

// encode turns samples in −1..1 into 16-bit little-endian PCM.
func encode(samples []float64) []byte {
	b := make([]byte, 2*len(samples))
	for i, v := range samples {
		v = max(-1, min(1, v))
		binary.LittleEndian.PutUint16(b[2*i:], uint16(int16(v*32767)))
	}
	return b
}

// moveClick is a soft wooden click: two short decaying partials.
func moveClick() []byte {
	a := tone(1100, 0.06, 0.012, 0.35)
	b := tone(2300, 0.06, 0.006, 0.15)
	for i := range a {
		a[i] += b[i]
	}
	return encode(a)
}

// endChime is two notes a fifth apart (E5, B5).
func endChime() []byte {
	first := tone(659.25, 0.25, 0.12, 0.3)
	second := tone(987.77, 0.45, 0.18, 0.3)
	return encode(append(first, second...))
}

// sleepBriefly waits a few milliseconds between checks of a playing sound.
func sleepBriefly() { time.Sleep(20 * time.Millisecond) }
