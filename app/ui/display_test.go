package ui

import (
	"bytes"
	"encoding/binary"
	"errors"
	"log"
	"strings"
	"testing"
)

// TestProbeXErrors: no DISPLAY, a malformed one and an unreachable one are
// ErrNoDisplay with a readable reason.
func TestProbeXErrors(t *testing.T) {
	for _, c := range []struct{ display, want string }{
		{"", "DISPLAY is not set"},
		{"nonsense", "not a display name"},
		{":9871", "cannot reach display :9871"},
	} {
		_, _, err := probeX(c.display, "", t.TempDir())
		if !errors.Is(err, ErrNoDisplay) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DISPLAY=%q: %v, want %q", c.display, err, c.want)
		}
	}
}

// TestSetupHandshake: the setup request's layout, and the screen size read
// from a server's reply; a refusal is not an error.
func TestSetupHandshake(t *testing.T) {
	var req bytes.Buffer
	if err := writeSetup(&req, "MIT-MAGIC-COOKIE-1", make([]byte, 16)); err != nil {
		t.Fatal(err)
	}
	if b := req.Bytes(); b[0] != 'l' || b[2] != 11 || len(b) != 12+20+16 || binary.LittleEndian.Uint16(b[6:]) != 18 {
		t.Fatalf("setup request % x", b)
	}
	// A reply: 32 fixed bytes, a 5-byte vendor (padded to 8), one
	// format, one screen of 1366x768.
	body := make([]byte, 32+8+8+40)
	binary.LittleEndian.PutUint16(body[16:], 5)
	body[20], body[21] = 1, 1
	copy(body[32:], "Xtest")
	binary.LittleEndian.PutUint16(body[48+20:], 1366)
	binary.LittleEndian.PutUint16(body[48+22:], 768)
	head := []byte{1, 0, 11, 0, 0, 0, 0, 0}
	binary.LittleEndian.PutUint16(head[6:], uint16(len(body)/4))
	w, h, err := readSetup(bytes.NewReader(append(head, body...)))
	if err != nil || w != 1366 || h != 768 {
		t.Fatalf("screen %dx%d, %v", w, h, err)
	}
	if w, h, err := readSetup(bytes.NewReader([]byte{0, 10, 11, 0, 0, 0, 0, 0})); err != nil || w != 0 || h != 0 {
		t.Fatalf("a refusal: %dx%d, %v", w, h, err)
	}
	if _, _, err := readSetup(bytes.NewReader(nil)); err == nil {
		t.Fatal("no answer read as a screen")
	}
}

// TestQuietLog: the file dialog's favorite-folder complaint and lang's
// translation failure, with their Cause and At lines, are dropped; other
// lines pass.
func TestQuietLog(t *testing.T) {
	var out bytes.Buffer
	l := log.New(&quietWriter{w: &out}, "", 0)
	l.Println("Fyne error:  Getting favorite locations")
	l.Println("  Cause: this computer does not define a VIDEOS folder")
	l.Println("  At: dialog/file.go:400")
	l.Println("Fyne error:  Translation failure")
	l.Println("  Cause: message \"ui.new_game\" not found in language \"pt\"")
	l.Println("Fyne error:  something else")
	l.Println("  Cause: kept")
	if got := out.String(); got != "Fyne error:  something else\n  Cause: kept\n" {
		t.Fatalf("log %q", got)
	}
}

// TestQuietLogFatal: Fyne's "window creation error" (no OpenGL on the
// display) is not logged; its cause goes to the fatal handler, which ends
// the program with one line.
func TestQuietLogFatal(t *testing.T) {
	var out bytes.Buffer
	var causes []string
	l := log.New(&quietWriter{w: &out, fatal: func(c string) { causes = append(causes, c) }}, "", 0)
	l.Println("Fyne error:  window creation error")
	l.Println("  Cause: APIUnavailable: GLX: GLX extension not found")
	l.Println("  At: internal/driver/glfw/driver.go:180")
	if len(causes) != 1 || causes[0] != "APIUnavailable: GLX: GLX extension not found" {
		t.Fatalf("fatal causes %q", causes)
	}
	if strings.Contains(out.String(), "window creation") {
		t.Fatalf("the fatal error was logged as well: %q", out.String())
	}
}

// TestRetryStart: a failed first start runs the program once more and
// ends with its exit code; a failed second start, or a rerun that cannot
// run, prints one line and exits with 1.
func TestRetryStart(t *testing.T) {
	reruns := 0
	ok := func() (int, error) { reruns++; return 0, nil }
	if code, msg := retryStart("GLFW: PlatformUnavailable", false, ok); code != 0 || msg != "" || reruns != 1 {
		t.Fatalf("first start: code %d, %q, %d reruns", code, msg, reruns)
	}
	if code, _ := retryStart("x", false, func() (int, error) { return 3, nil }); code != 3 {
		t.Fatalf("the rerun's exit code 3 became %d", code)
	}
	code, msg := retryStart("GLFW: PlatformUnavailable", true, ok)
	if code != 1 || reruns != 1 || strings.Count(msg, "\n") != 0 || !strings.Contains(msg, "PlatformUnavailable") {
		t.Fatalf("second start: code %d, %q, %d reruns", code, msg, reruns)
	}
	if code, msg := retryStart("x", false, func() (int, error) { return 0, errors.New("no executable") }); code != 1 || msg == "" {
		t.Fatalf("a rerun that cannot run: code %d, %q", code, msg)
	}
	if !strings.Contains(msg, "check DISPLAY") {
		t.Errorf("a display failure does not point at the display: %q", msg)
	}
}

// TestRetryStartNamesCause: a panic that is not the display's (Fyne's
// settings reader on a list of mixed types) does not send the user to
// check DISPLAY.
func TestRetryStartNamesCause(t *testing.T) {
	_, msg := retryStart("interface conversion: interface {} is string, not bool", true, nil)
	if strings.Contains(msg, "DISPLAY") || !strings.Contains(msg, "interface conversion") || !strings.Contains(msg, "report") {
		t.Errorf("message %q", msg)
	}
}
