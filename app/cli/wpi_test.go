package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"planiverse/app/internal/atomicfile"
	"planiverse/app/protocol/wpi"
)

// referee runs the WPI referee on dir with the given extra arguments and
// returns its output.
func wpiReferee(t *testing.T, dir string, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if err := runWPIReferee(append([]string{"alpha", "beta", "--dir", dir}, args...), &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestWPITwoPlayers runs the referee with two Planiverse players in a
// temporary folder: a whole game, the board after every move, and a result.
func TestWPITwoPlayers(t *testing.T) {
	dir := t.TempDir()
	done := make(chan string, 2)
	for _, name := range []string{"alpha", "beta"} {
		go func() {
			var out bytes.Buffer
			err := runWPIPlayer([]string{name, "--dir", dir, "--depth", "2"}, &out)
			if err != nil {
				done <- err.Error()
				return
			}
			done <- out.String()
		}()
	}
	out := wpiReferee(t, dir, "--time-limit", "30s", "--seed", "1")
	last := out[strings.LastIndex(strings.TrimRight(out, "\n"), "\n")+1:]
	if !strings.HasPrefix(last, "result: ") || strings.Contains(last, "time limit") || strings.Contains(last, "invalid") {
		t.Fatalf("result line %q\n%s", last, out)
	}
	if strings.Count(out, "    A B C D E F G H I J K L M N O\n") < 9 { // header and footer per board, 5+ moves
		t.Fatalf("boards not printed:\n%s", out)
	}
	for range 2 {
		select {
		case r := <-done:
			if !strings.Contains(r, "wins") && !strings.Contains(r, "draw") {
				t.Errorf("player: %s", r)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("a player did not finish")
		}
	}
}

// scriptedWPI plays a WPI program that answers every turn with answer(color,
// the opponent's move or "" for White's first turn); an empty answer means
// no answer at all.
func scriptedWPI(dir, name string, answer func(color, last string) string) {
	in := filepath.Join(dir, name+".in")
	color, _ := wpi.WaitFile(in, time.Now().Add(20*time.Second), wpi.Complete)
	os.Remove(in)
	last := ""
	for {
		if color == "B" || last != "" {
			text, err := wpi.WaitFile(in, time.Now().Add(20*time.Second), wpi.Complete)
			if err != nil {
				return
			}
			os.Remove(in)
			last = text
		} else {
			last = "start"
		}
		a := answer(color, last)
		if a == "" {
			return
		}
		atomicfile.Write(filepath.Join(dir, name+".out"), []byte(a+"\n"))
	}
}

// TestWPIInvalidMove: a program that plays an occupied point loses.
func TestWPIInvalidMove(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"alpha", "beta"} {
		go scriptedWPI(dir, name, func(color, last string) string {
			if color == "W" {
				return "(W H 8)" // again and again: occupied from the second time
			}
			return "(B A 1)"
		})
	}
	out := wpiReferee(t, dir, "--time-limit", "10s")
	if !strings.Contains(out, "made an invalid move") || !strings.Contains(out, "not free") {
		t.Fatalf("%s", out)
	}
}

// TestWPIOverrun: a program that does not answer within the limit loses.
func TestWPIOverrun(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"alpha", "beta"} {
		go scriptedWPI(dir, name, func(color, last string) string {
			if color == "W" {
				return "(W H 8)"
			}
			time.Sleep(1500 * time.Millisecond)
			return "(B A 1)"
		})
	}
	out := wpiReferee(t, dir, "--time-limit", "300ms")
	if !strings.Contains(out, "exceeded the time limit of 300ms") || !strings.Contains(out, "result: ") {
		t.Fatalf("%s", out)
	}
}

func TestWPIErrors(t *testing.T) {
	if code, _, _ := cli("wpi", "judge"); code != 2 {
		t.Error("unknown wpi mode accepted")
	}
	if err := runWPIReferee([]string{"a", "a"}, io.Discard); err == nil {
		t.Error("two programs of one name accepted")
	}
}

// wpiPlayer runs a Planiverse WPI player named alpha in dir with args and
// returns its error, failing the test if it has not ended within limit.
func wpiPlayer(t *testing.T, dir string, limit time.Duration, args ...string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		done <- runWPIPlayer(append([]string{"alpha", "--dir", dir, "--depth", "1"}, args...), io.Discard)
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(limit):
		t.Fatalf("the player did not end within %v", limit)
		return nil
	}
}

// TestWPIPlayerUnknownIn: a player whose .in holds something it does not
// understand ends with an error that quotes it, as its color and as a
// move.
func TestWPIPlayerUnknownIn(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "alpha.in")
	os.WriteFile(in, []byte("Q\n"), 0o644)
	if err := wpiPlayer(t, dir, 5*time.Second); err == nil || !strings.Contains(err.Error(), `"Q"`) {
		t.Errorf("color Q: %v", err)
	}
	os.Remove(in)
	os.WriteFile(in, []byte("B\n"), 0o644)
	time.AfterFunc(300*time.Millisecond, func() { atomicfile.Write(in, []byte("Q\n")) })
	if err := wpiPlayer(t, dir, 5*time.Second); err == nil || !strings.Contains(err.Error(), `"Q"`) {
		t.Errorf("move Q: %v", err)
	}
}

// TestWPIPlayerNoReferee: with no referee, or when the opponent forfeits
// (the referee then writes nothing more), the player gives up after the
// time limit.
func TestWPIPlayerNoReferee(t *testing.T) {
	dir := t.TempDir()
	if err := wpiPlayer(t, dir, 6*time.Second, "--time-limit", "300ms"); err == nil || !strings.Contains(err.Error(), "referee stopped") {
		t.Errorf("no referee: %v", err)
	}
	// beta answers with an occupied point: it forfeits, and the referee
	// says nothing more to alpha.
	go scriptedWPI(dir, "beta", func(color, last string) string {
		if color == "W" {
			return "(W H 8)"
		}
		return "(B " + strings.ReplaceAll(strings.Trim(last, "()"), "W ", "") + ")"
	})
	player := make(chan error, 1)
	go func() { player <- wpiPlayer(t, dir, 10*time.Second, "--time-limit", "1s") }()
	out := wpiReferee(t, dir, "--time-limit", "1s", "--seed", "1")
	if !strings.Contains(out, "beta made an invalid move") {
		t.Fatalf("%s", out)
	}
	if err := <-player; err == nil || !strings.Contains(err.Error(), "forfeited") {
		t.Errorf("after a forfeit: %v", err)
	}
}

// TestWPIBadOutFile: a .out that holds no move in parentheses ("H8"), a
// huge one, or a link to /dev/zero is an invalid move within a second or
// two, read with a bound, not a time-out at the end of the time limit.
func TestWPIBadOutFile(t *testing.T) {
	for _, kind := range []string{"H8", "huge", "zero"} {
		if kind == "zero" && runtime.GOOS == "windows" {
			continue
		}
		dir := t.TempDir()
		go func() {
			for i := 0; i < 500; i++ {
				_, errA := os.Stat(filepath.Join(dir, "alpha.in"))
				_, errB := os.Stat(filepath.Join(dir, "beta.in"))
				if errA == nil && errB == nil {
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
			for _, name := range []string{"alpha", "beta"} {
				out := filepath.Join(dir, name+".out")
				switch kind {
				case "H8":
					os.WriteFile(out, []byte("H8\n"), 0o644)
				case "huge":
					os.WriteFile(out, bytes.Repeat([]byte("(W H 8)\n"), 1<<20), 0o644)
				case "zero":
					os.Symlink("/dev/zero", out)
				}
			}
		}()
		t0 := time.Now()
		out := wpiReferee(t, dir, "--time-limit", "20s")
		if !strings.Contains(out, "made an invalid move") || time.Since(t0) > 5*time.Second {
			t.Errorf("%s: after %v:\n%s", kind, time.Since(t0).Round(time.Millisecond), out)
		}
	}
}
