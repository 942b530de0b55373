package oracle

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/testrepo"
)

// TestBaselineFailureSaysWhatHappened: a failing baseline's error says what stopped the run and
// what to do about that: a command that could not start, a timeout, a failing test, and a run
// the embedded runner stopped at its memory limit (a real one), which is not a missing program.
func TestBaselineFailureSaysWhatHappened(t *testing.T) {
	r, err := embedded.New("../../testdata/embedded/hermetic", []string{"test/grow.test.js"}, embedded.Options{MemoryLimit: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	er := &EmbeddedRunner{R: r}
	defer er.Close()
	bomb, err := er.Run(context.Background(), nil, RunSpec{Cov: true, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	pass := RunOutcome{Status: report.StatusAccepted}
	// Repositories with a vitest before and after 3.1 installed, and one with none.
	vitest := func(version string) string {
		if version == "" {
			return t.TempDir()
		}
		return testrepo.Files(t, map[string]string{"node_modules/vitest/package.json": `{"name":"vitest","version":"` + version + `"}`})
	}
	vite := RunOutcome{Status: report.StatusKilled, ExitCode: 1,
		Output: "failed to load config from vitest.config.mts\nError: ENOENT: no such file or directory, mkdir 'node_modules/.vite-temp'"}
	for _, tt := range []struct {
		name      string
		out       RunOutcome
		root      string
		want, not []string
	}{
		{"memory limit", bomb, "", []string{"baseline run 1", "memory limit", "--runner node", `runner = "node" in .bond.toml`, "allocates"}, []string{"installed"}},
		{"no program", RunOutcome{Status: report.StatusError, ExitCode: 127, Err: errors.New("exit 127")}, "", []string{"baseline run 1", "check the command and that its program is installed"}, []string{"--runner node"}},
		{"timeout", RunOutcome{Status: report.StatusTimeout}, "", []string{"timed out after 1m0s; raise --timeout"}, nil},
		{"failing test", RunOutcome{Status: report.StatusKilled, ExitCode: 1}, "", []string{"exited 1; bond needs an oracle that passes"}, nil},
		// --configLoader runner is offered as the fix only where the installed vitest has it.
		{"vite config, vitest 3.2", vite, vitest("3.2.4"),
			[]string{"exited 1; vite writes the bundled vitest config", "add --configLoader runner", "installed vitest 3.2"}, []string{"bond needs an oracle that passes", "upgrade"}},
		{"vite config, vitest 3.0", vite, vitest("3.0.9"),
			[]string{"exited 1; vite writes the bundled vitest config", "mount an overlay", "upgrade vitest to 3.1 or later (3.0 is installed"}, []string{"installed vitest 3.0 loads"}},
		{"vite config, vitest not found", vite, vitest(""),
			[]string{"exited 1; vite writes the bundled vitest config", "mount an overlay"}, []string{"--configLoader"}},
		{"read-only write", RunOutcome{Status: report.StatusKilled, ExitCode: 1, Output: "Error: EROFS: read-only file system, open 'node_modules/.cache/x'"}, "",
			[]string{"wrote into a read-only place"}, nil},
	} {
		err := BaselineRuns{Pair: [2]RunOutcome{tt.out, pass}}.Failure(time.Minute, tt.root)
		if err == nil {
			t.Fatalf("%s: no error", tt.name)
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: the error lacks %q:\n%v", tt.name, w, err)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(err.Error(), w) {
				t.Errorf("%s: the error says %q:\n%v", tt.name, w, err)
			}
		}
	}
}
