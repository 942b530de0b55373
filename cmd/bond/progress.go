package main

// This file's one job: show certify's progress on stderr the way the reader sees it (issue 26
// item 4): a live line on a terminal, plain lines in a CI log (one per phase change and at least
// every 15 s, so a long run is never silent), GitHub's group markers under --format github.

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/bond-tool/bond/adjudicate"
)

// Progress modes of --progress.
const (
	progressAuto  = "auto"  // live on a terminal, plain otherwise; none under -q or --format json
	progressLive  = "live"  // one line rewritten in place
	progressPlain = "plain" // a line per phase change and at least every heartbeat
	progressNone  = "none"
)

// progressModes lists --progress's values for help and errors.
const progressModes = "auto|live|plain|none"

// heartbeat is the longest a plain progress stream stays silent while a phase runs.
const heartbeat = 15 * time.Second

// progressMode resolves --progress auto to what the streams and flags call for.
func progressMode(flag string, quiet, errTTY bool, format string) string {
	switch {
	case quiet:
		return progressNone
	case flag != "" && flag != progressAuto:
		return flag
	case format == "json":
		return progressNone
	case errTTY:
		return progressLive
	}
	return progressPlain
}

// progressPrinter is the adjudicate.ProgressSink of certify. Steps come from several goroutines;
// one mutex orders them with the heartbeat.
type progressPrinter struct {
	mu     sync.Mutex
	w      io.Writer
	live   bool
	github bool
	now    func() time.Time
	start  time.Time

	last      adjudicate.ProgressStep
	seen      bool
	printed   time.Time // when the last line was written
	lineOpen  bool      // live: a line without its newline is on the terminal
	groupOpen bool      // github: a ::group:: is open
	stop      chan struct{}
	done      chan struct{}
	closed    sync.Once
}

// newProgressPrinter starts a printer in mode live or plain (github adds group markers to plain);
// tick is the heartbeat's ticker (time.NewTicker's channel in production, a channel the test
// drives otherwise), nil for none. Close ends it.
func newProgressPrinter(w io.Writer, mode string, github bool, now func() time.Time, tick <-chan time.Time) *progressPrinter {
	p := &progressPrinter{w: w, live: mode == progressLive, github: github && mode == progressPlain, now: now, start: now(), stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		for {
			select {
			case <-p.stop:
				return
			case <-tick:
				p.beat()
			}
		}
	}()
	return p
}

// Write passes lines that are not steps through (a warning the engine prints), ending a live
// line first so they do not overwrite it.
func (p *progressPrinter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.endLine()
	return p.w.Write(b)
}

// Step shows one step: a live line rewrites the terminal's line; plain prints at a phase change
// (opening a group under github) and otherwise only when a heartbeat is due.
func (p *progressPrinter) Step(s adjudicate.ProgressStep) {
	p.mu.Lock()
	defer p.mu.Unlock()
	changed := !p.seen || s.Phase != p.last.Phase
	p.last, p.seen = s, true
	switch {
	case p.live:
		fmt.Fprintf(p.w, "\r\x1b[K%s", p.line(s, ""))
		p.lineOpen = true
	case changed:
		if p.github {
			if p.groupOpen {
				fmt.Fprintln(p.w, "::endgroup::")
			}
			fmt.Fprintf(p.w, "::group::bond: %s\n", s.Phase)
			p.groupOpen = true
		}
		fmt.Fprintln(p.w, p.line(s, ""))
		p.printed = p.now()
	case p.now().Sub(p.printed) >= heartbeat:
		fmt.Fprintln(p.w, p.line(s, ""))
		p.printed = p.now()
	}
}

// beat prints the current step again in plain mode when nothing was printed for a heartbeat,
// so a log shows the run is alive while one slow oracle run holds a phase.
func (p *progressPrinter) beat() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.live || !p.seen || p.now().Sub(p.printed) < heartbeat {
		return
	}
	s := p.last
	s.Elapsed = p.now().Sub(p.start)
	fmt.Fprintln(p.w, p.line(s, " (still running)"))
	p.printed = p.now()
}

// line is one progress line: "bond: mutants   3/8  12.0s".
func (p *progressPrinter) line(s adjudicate.ProgressStep, suffix string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "bond: %-9s ", s.Phase)
	if s.Total > 0 {
		fmt.Fprintf(&b, "%d/%d  ", s.Done, s.Total)
	}
	fmt.Fprintf(&b, "%.1fs%s", s.Elapsed.Seconds(), suffix)
	return b.String()
}

func (p *progressPrinter) endLine() {
	if p.lineOpen {
		fmt.Fprintln(p.w)
		p.lineOpen = false
	}
}

// Close stops the heartbeat, ends a live line and closes an open group, so the report and any
// error start on a line of their own.
func (p *progressPrinter) Close() {
	p.closed.Do(func() { close(p.stop) })
	<-p.done
	p.mu.Lock()
	defer p.mu.Unlock()
	p.endLine()
	if p.groupOpen {
		fmt.Fprintln(p.w, "::endgroup::")
		p.groupOpen = false
	}
}
