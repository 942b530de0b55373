package oracle

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
)

// durRunner is a runner whose runs take the durations it is told, without running anything:
// the whole oracle whole, a file on its own file (or failing when it is failing).
type durRunner struct {
	files       []string
	whole, file time.Duration
	failing     string

	mu   sync.Mutex
	runs [][]string
}

func (r *durRunner) Run(_ context.Context, _ *Box, s RunSpec) (RunOutcome, error) {
	r.mu.Lock()
	r.runs = append(r.runs, s.Files)
	r.mu.Unlock()
	if s.Files == nil {
		return RunOutcome{Status: report.StatusAccepted, Duration: r.whole}, nil
	}
	if s.Files[0] == r.failing {
		return RunOutcome{Status: report.StatusKilled, ExitCode: 1, Duration: r.file}, nil
	}
	return RunOutcome{Status: report.StatusAccepted, Duration: r.file}, nil
}
func (r *durRunner) Name() string        { return "dur" }
func (r *durRunner) Close()              {}
func (r *durRunner) CanBail() bool       { return false }
func (r *durRunner) TestFiles() []string { return r.files }
func (r *durRunner) FreeCoverage() bool  { return false }

// The baseline makes its per-file runs only when narrowing can save more than they cost: a run
// dominated by the runner's start-up (one file alone nearly as slow as all of them) keeps reach
// whole after one probe run and says why; tests that dominate their run, per-file runs cheap in
// all, or alwaysPerFile keep reach per file; a probe file that fails alone drops it as before.
func TestPerFileReachPaysOrIsDropped(t *testing.T) {
	four := []string{"t/a.test.js", "t/b.test.js", "t/c.test.js", "t/d.test.js"}
	tests := []struct {
		name        string
		whole, file time.Duration
		mutants     int
		always      bool
		failing     string
		perFile     bool   // reach per file
		runs        int    // runs made: the pair, then files
		why         string // in the dropped reason
	}{
		{"start-up dominates", 10 * time.Second, 8 * time.Second, 6, false, "", false, 3, "would cost more than narrowing 6 mutant runs"},
		{"start-up dominates, many mutants", 10 * time.Second, 8 * time.Second, 20, false, "", true, 6, ""},
		{"tests dominate", 60 * time.Second, 15 * time.Second, 6, false, "", true, 6, ""},
		{"cheap in all", time.Second, 900 * time.Millisecond, 1, false, "", true, 6, ""},
		{"one file slower than all", 10 * time.Second, 11 * time.Second, 50, false, "", false, 3, "at most about 0s"},
		{"always", 10 * time.Second, 8 * time.Second, 6, true, "", true, 6, ""},
		{"probe fails alone", 10 * time.Second, 8 * time.Second, 6, false, four[0], false, 3, "t/a.test.js does not pass on its own"},
		{"a later file fails alone", 60 * time.Second, 15 * time.Second, 6, false, four[2], false, 6, "t/c.test.js does not pass on its own"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &durRunner{files: four, whole: tt.whole, file: tt.file, failing: tt.failing}
			x := &Runs{Choice: &RunnerChoice{Runner: r}, Clock: &Clock{}}
			p := &Pool{Boxes: []*Box{{}, {}}}
			b, err := BaselineOnce(context.Background(), x, p, time.Minute, BaselinePlan{Try: true, Always: tt.always, Mutants: tt.mutants}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := b.Files != nil; got != tt.perFile {
				t.Errorf("per-file reach %v, want %v (dropped: %q)", got, tt.perFile, b.Dropped)
			}
			if len(r.runs) != tt.runs {
				t.Errorf("%d runs %v, want %d", len(r.runs), r.runs, tt.runs)
			}
			if tt.why != "" && !strings.Contains(b.Dropped, tt.why) {
				t.Errorf("dropped %q, want it to say %q", b.Dropped, tt.why)
			}
			if !tt.perFile && len(b.Records()) != tt.runs {
				t.Errorf("%d run records, want every run made (%d) in the report", len(b.Records()), tt.runs)
			}
		})
	}
}

// Under --exhaustive-runs (try false) no per-file run is made at all.
func TestPerFileReachNotTriedUnderExhaustive(t *testing.T) {
	r := &durRunner{files: []string{"a.test.js", "b.test.js"}, whole: time.Second, file: time.Second}
	x := &Runs{Choice: &RunnerChoice{Runner: r}, Clock: &Clock{}}
	b, err := BaselineOnce(context.Background(), x, &Pool{Boxes: []*Box{{}, {}}}, time.Minute, BaselinePlan{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if b.Files != nil || len(r.runs) != 2 {
		t.Errorf("per-file %v after %d runs, want whole reach after the pair's 2", b.Files, len(r.runs))
	}
}
