package ui

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// The display check: before Fyne starts (its GLFW driver panics with a
// long trace when there is no display), the window asks the X server
// named by DISPLAY for its first screen's size with the X11 connection
// handshake, which also gives the window's first size a limit.

// ErrNoDisplay is wrapped by CheckDisplay's error when there is no display
// to open the window on.
var ErrNoDisplay = errors.New("no display")

// screenPixels is the size in pixels of the X server's first screen, as
// CheckDisplay found it; zero when unknown (Wayland, macOS, Windows, or an
// X server that refused the handshake).
var screenPixels struct{ w, h int }

// CheckDisplay reports whether the window can open: on Linux and the BSDs
// without WAYLAND_DISPLAY it connects to the X server of DISPLAY (a
// missing, malformed or unreachable display is an error wrapping
// ErrNoDisplay); elsewhere it returns nil. It remembers the screen's size
// for the window's first size.
func CheckDisplay() error {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" || os.Getenv("WAYLAND_DISPLAY") != "" {
		return nil
	}
	w, h, err := probeX(os.Getenv("DISPLAY"), os.Getenv("XAUTHORITY"), os.Getenv("HOME"))
	if err != nil {
		return err
	}
	screenPixels.w, screenPixels.h = w, h
	return nil
}

// probeX connects to the X server of display (":0", "host:1.0",
// "unix:0"), authenticating with the cookie from the Xauthority file
// xauth (else HOME/.Xauthority) when there is one, and returns the width
// and height in pixels of its first screen. An X server that answers but
// refuses the connection gives 0, 0 and no error: the display is there.
func probeX(display, xauth, home string) (w, h int, err error) {
	if display == "" {
		return 0, 0, fmt.Errorf("%w: DISPLAY is not set", ErrNoDisplay)
	}
	host, num, ok := splitDisplay(display)
	if !ok {
		return 0, 0, fmt.Errorf("%w: DISPLAY %q is not a display name", ErrNoDisplay, display)
	}
	var conn net.Conn
	if host == "" || host == "unix" {
		conn, err = net.DialTimeout("unix", "/tmp/.X11-unix/X"+num, 2*time.Second)
	} else {
		n, _ := strconv.Atoi(num)
		conn, err = net.DialTimeout("tcp", net.JoinHostPort(host, strconv.Itoa(6000+n)), 2*time.Second)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("%w: cannot reach display %s", ErrNoDisplay, display)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(3 * time.Second))
	if xauth == "" && home != "" {
		xauth = filepath.Join(home, ".Xauthority")
	}
	name, data := xCookie(xauth, num)
	if err := writeSetup(conn, name, data); err != nil {
		return 0, 0, fmt.Errorf("%w: display %s: %v", ErrNoDisplay, display, err)
	}
	w, h, err = readSetup(conn)
	if err != nil {
		return 0, 0, fmt.Errorf("%w: display %s: %v", ErrNoDisplay, display, err)
	}
	return w, h, nil
}

// splitDisplay splits "host:N.S" into host and N.
func splitDisplay(d string) (host, num string, ok bool) {
	i := strings.LastIndex(d, ":")
	if i < 0 {
		return "", "", false
	}
	host, num = d[:i], d[i+1:]
	if j := strings.Index(num, "."); j >= 0 {
		num = num[:j]
	}
	if _, err := strconv.Atoi(num); err != nil {
		return "", "", false
	}
	return host, num, true
}

// xCookie returns the first MIT-MAGIC-COOKIE-1 of display number num in
// the Xauthority file path; empty when there is none.
func xCookie(path, num string) (name string, data []byte) {
	f, err := os.Open(path)
	if err != nil {
		return "", nil
	}
	defer f.Close()
	r := bufio.NewReader(f)
	field := func() ([]byte, error) {
		var n uint16
		if err := binary.Read(r, binary.BigEndian, &n); err != nil {
			return nil, err
		}
		b := make([]byte, n)
		_, err := io.ReadFull(r, b)
		return b, err
	}
	for {
		var family uint16
		if binary.Read(r, binary.BigEndian, &family) != nil {
			return "", nil
		}
		var fs [4][]byte
		for i := range fs {
			if fs[i], err = field(); err != nil {
				return "", nil
			}
		}
		if (string(fs[1]) == num || len(fs[1]) == 0) && string(fs[2]) == "MIT-MAGIC-COOKIE-1" {
			return string(fs[2]), fs[3]
		}
	}
}

// writeSetup sends the X11 connection setup request (little-endian,
// protocol 11.0) with the authorization name and data.
func writeSetup(w io.Writer, name string, data []byte) error {
	pad := func(n int) int { return (4 - n%4) % 4 }
	b := []byte{'l', 0, 11, 0, 0, 0}
	b = binary.LittleEndian.AppendUint16(b, uint16(len(name)))
	b = binary.LittleEndian.AppendUint16(b, uint16(len(data)))
	b = append(b, 0, 0)
	b = append(b, name...)
	b = append(b, make([]byte, pad(len(name)))...)
	b = append(b, data...)
	b = append(b, make([]byte, pad(len(data)))...)
	_, err := w.Write(b)
	return err
}

// readSetup reads the server's reply to the setup request and returns the
// first screen's size in pixels (0, 0 when the server refused the
// connection, as for a missing cookie: it still answered).
func readSetup(r io.Reader) (w, h int, err error) {
	head := make([]byte, 8)
	if _, err := io.ReadFull(r, head); err != nil {
		return 0, 0, fmt.Errorf("no answer from the X server (%v)", err)
	}
	if head[0] != 1 { // 0: failed, 2: authenticate
		return 0, 0, nil
	}
	body := make([]byte, 4*int(binary.LittleEndian.Uint16(head[6:])))
	if _, err := io.ReadFull(r, body); err != nil {
		return 0, 0, fmt.Errorf("short answer from the X server (%v)", err)
	}
	// body: 32 bytes of fixed fields, the vendor string, the pixmap
	// formats (8 bytes each), then the screens; a screen's width and
	// height in pixels are at bytes 20 and 22.
	if len(body) < 32 {
		return 0, 0, errors.New("short answer from the X server")
	}
	vendor := int(binary.LittleEndian.Uint16(body[16:]))
	formats := int(body[21])
	off := 32 + vendor + (4-vendor%4)%4 + 8*formats
	if off+24 > len(body) {
		return 0, 0, errors.New("short answer from the X server")
	}
	return int(binary.LittleEndian.Uint16(body[off+20:])), int(binary.LittleEndian.Uint16(body[off+22:])), nil
}
