//go:build unix

package atomicfile

import (
	"os"
	"os/signal"
	"syscall"
)

// watchSignals calls cleanup on the first SIGINT, SIGTERM or SIGHUP and
// then ends the process by that signal (its handling reset to the
// default). A signal the process ignores (SIGHUP under nohup) is left
// ignored. It returns the function that stops watching.
func watchSignals(cleanup func()) (stop func()) {
	ch := make(chan os.Signal, 1)
	done := make(chan struct{})
	for _, s := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		if !signal.Ignored(s) {
			signal.Notify(ch, s)
		}
	}
	go func() {
		select {
		case s := <-ch:
			cleanup()
			sig := s.(syscall.Signal)
			signal.Reset(sig)
			_ = syscall.Kill(os.Getpid(), sig)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}
