package main

import (
	"bytes"
	"errors"
	"syscall"
	"testing"
)

// SIGHUP (a closed terminal, a dropped ssh session) and SIGQUIT end a run exactly as SIGTERM
// does: exit 128+n with a partial report written and the sandboxes removed (SPEC §7).
func TestCertifySignalHangupQuit(t *testing.T) {
	for _, tc := range []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGHUP, ExitSIGHUP}, {syscall.SIGQUIT, ExitSIGQUIT}} {
		t.Run(tc.sig.String(), func(t *testing.T) { certifySignal(t, tc.sig, tc.want) })
	}
}

// Every handled signal maps to 128 + its number, in exitCode, the one place that decides.
func TestExitCodeSignals(t *testing.T) {
	for _, tc := range []struct {
		sig  syscall.Signal
		want int
		msg  string
	}{
		{syscall.SIGHUP, 129, "interrupted by SIGHUP"},
		{syscall.SIGINT, 130, "interrupted by SIGINT"},
		{syscall.SIGQUIT, 131, "interrupted by SIGQUIT"},
		{syscall.SIGTERM, 143, "interrupted by SIGTERM"},
	} {
		var stderr bytes.Buffer
		err := errors.Join(errors.New("stopping"), &SignalError{Sig: tc.sig})
		if got := exitCode(t.Context(), err, true, &stderr); got != tc.want {
			t.Errorf("%v: exit %d, want %d", tc.sig, got, tc.want)
		}
		if !bytes.Contains(stderr.Bytes(), []byte(tc.msg)) {
			t.Errorf("%v: stderr %q, want %q", tc.sig, stderr.String(), tc.msg)
		}
	}
	if len(handledSignals) != 4 {
		t.Errorf("handledSignals = %v; want HUP, INT, QUIT, TERM", handledSignals)
	}
}
