package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate"
	"github.com/bond-tool/bond/internal/cilog"
)

// fakeClock is a clock the test moves by hand (the heartbeat's goroutine reads it too).
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// A piped run (plain) prints a line at each phase change, not at every step, and the heartbeat
// prints the current step again once nothing was printed for 15 s; no sleeps, no real clock.
func TestProgressPlain(t *testing.T) {
	clock := &fakeClock{t: time.Unix(0, 0)}
	tick := make(chan time.Time)
	var out bytes.Buffer
	p := newProgressPrinter(&out, progressPlain, false, clock.now, tick)
	step := func(phase string, done, total int) {
		p.Step(adjudicate.ProgressStep{Phase: phase, Done: done, Total: total, Elapsed: clock.now().Sub(time.Unix(0, 0))})
	}
	// beat delivers one tick and waits until the heartbeat has handled it: the second send is
	// received only after the first tick's beat returned (and is itself never due).
	beat := func() { tick <- clock.now(); tick <- clock.now() }
	step("sandboxes", 0, 0)
	step("baseline", 0, 2)
	clock.add(time.Second)
	step("baseline", 1, 2) // same phase, 1 s later: silent
	clock.add(5 * time.Second)
	beat() // 6 s after the last line: no heartbeat yet
	clock.add(10 * time.Second)
	beat() // 16 s: the heartbeat prints
	clock.add(20 * time.Second)
	step("baseline", 2, 2) // 20 s after the heartbeat: due, so printed
	step("mutants", 0, 8)
	p.Close()
	want := "bond: sandboxes 0.0s\n" +
		"bond: baseline  0/2  0.0s\n" +
		"bond: baseline  1/2  16.0s (still running)\n" +
		"bond: baseline  2/2  36.0s\n" +
		"bond: mutants   0/8  36.0s\n"
	if out.String() != want {
		t.Errorf("plain progress:\n%s\nwant:\n%s", out.String(), want)
	}
}

// Under --format github each phase is a group of the log, closed at the end, and the markers are
// the only commands.
func TestProgressGithubGroups(t *testing.T) {
	clock := &fakeClock{t: time.Unix(0, 0)}
	var out bytes.Buffer
	p := newProgressPrinter(&out, progressPlain, true, clock.now, nil)
	for _, ph := range []string{"baseline", "baseline", "mutants"} {
		p.Step(adjudicate.ProgressStep{Phase: ph, Total: 2})
	}
	p.Close()
	got := out.String()
	if strings.Count(got, "::group::") != 2 || strings.Count(got, "::endgroup::") != 2 || !strings.HasSuffix(got, "::endgroup::\n") {
		t.Errorf("group markers:\n%s", got)
	}
	if bad := cilog.Foreign(got); bad != "" {
		t.Errorf("foreign commands: %s", bad)
	}
}

// On a terminal the live line is rewritten in place and ended before anything else is written.
func TestProgressLive(t *testing.T) {
	clock := &fakeClock{t: time.Unix(0, 0)}
	var out bytes.Buffer
	p := newProgressPrinter(&out, progressLive, false, clock.now, nil)
	p.Step(adjudicate.ProgressStep{Phase: "mutants", Done: 1, Total: 2})
	p.Step(adjudicate.ProgressStep{Phase: "mutants", Done: 2, Total: 2})
	p.Write([]byte("bond: warning: x\n"))
	p.Close()
	want := "\r\x1b[Kbond: mutants   1/2  0.0s\r\x1b[Kbond: mutants   2/2  0.0s\nbond: warning: x\n"
	if out.String() != want {
		t.Errorf("live progress: %q, want %q", out.String(), want)
	}
}

func TestProgressMode(t *testing.T) {
	for _, c := range []struct {
		flag         string
		quiet, tty   bool
		format, want string
	}{
		{"auto", false, true, "human", progressLive},
		{"auto", false, false, "human", progressPlain},
		{"auto", false, false, "github", progressPlain},
		{"auto", false, false, "json", progressNone},
		{"plain", false, false, "json", progressPlain},
		{"live", true, true, "human", progressNone},
		{"none", false, true, "human", progressNone},
	} {
		if got := progressMode(c.flag, c.quiet, c.tty, c.format); got != c.want {
			t.Errorf("progressMode(%q, quiet %v, tty %v, %s) = %s, want %s", c.flag, c.quiet, c.tty, c.format, got, c.want)
		}
	}
}
