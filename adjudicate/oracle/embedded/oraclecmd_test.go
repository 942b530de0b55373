package embedded_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
)

// frameworkOf is the mapping runner choice makes from a recognised command's runner.
var frameworkOf = map[oraclecmd.Runner]embedded.Framework{
	oraclecmd.RunnerJest:     embedded.FrameworkJest,
	oraclecmd.RunnerVitest:   embedded.FrameworkVitest,
	oraclecmd.RunnerNodeTest: embedded.FrameworkNodeTest,
}

// TestOracleCommandRunsEmbedded follows a user's oracle command to an embedded run: the command
// is recognised, its test files listed, and the embedded runner runs them as that runner's
// suite, with the same outcome the real runner has on the parity fixture.
func TestOracleCommandRunsEmbedded(t *testing.T) {
	const dir = "testdata/parity"
	tests := []struct {
		cmd     string
		scripts map[string]string
		files   int
		passed  bool
		killed  string
	}{
		{"npx jest bench/", nil, 4, true, ""},
		{"npx vitest run bench/strings", nil, 1, true, ""},
		{"npm test -- bench/numbers", map[string]string{"test": "jest --ci"}, 1, true, ""},
		{"npm run unit", map[string]string{"unit": "vitest run test/matchers"}, 1, false, "toBe › fails on different numbers"},
		{"yarn jest test/hooks", nil, 1, false, "hooks ran in order fails when the order is wrong"},
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			inv, err := oraclecmd.Parse(tt.cmd, oraclecmd.Options{Scripts: tt.scripts})
			if err != nil {
				t.Fatal(err)
			}
			files, err := oraclecmd.TestFiles(os.DirFS(abs), inv)
			if err != nil {
				t.Fatal(err)
			}
			if len(files) != tt.files {
				t.Fatalf("files %q, want %d of them", files, tt.files)
			}
			r, err := embedded.New(abs, files, embedded.Options{Framework: frameworkOf[inv.Runner]})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			res, err := r.Run(context.Background(), nil, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if res.Passed != tt.passed || res.FailedTest() != tt.killed {
				t.Errorf("passed %v killed_by %q, want %v %q", res.Passed, res.FailedTest(), tt.passed, tt.killed)
			}
		})
	}
}
