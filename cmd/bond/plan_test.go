package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNewPlanCmdFlags(t *testing.T) {
	var got *planOptions
	s := &Streams{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &bytes.Buffer{}}
	cmd := newPlanCmd(s, func(o *planOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"--diff", "-", "--repo", "r", "--budget", "3", "--per-operator", "1", "--operators", "a,b",
		"--include", "src/{a,b}/**", "--exclude", "x/**", "--format", "json", "--all-candidates", "-q"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.Diff != "-" || got.Repo != "r" || got.Budget != 3 || got.PerOperator != 1 || strings.Join(got.Operators, "|") != "a|b" ||
		strings.Join(got.Include, "|") != "src/{a,b}/**" || strings.Join(got.Exclude, "|") != "x/**" || got.Format != "json" || !got.AllCandidates || !got.Quiet {
		t.Errorf("options %+v", got)
	}
}

func TestRunPlanExitCodes(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.js"), []byte("a();\nb();\n"), 0o644)
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(s), 0o644)
		return p
	}
	tests := []struct {
		name string
		diff string
		code int
		out  string
	}{
		{"fits", "--- a/a.js\n+++ b/a.js\n@@ -1 +1,2 @@\n a();\n+b();\n", ExitOK, "a.js:2 delete-statement"},
		{"empty", "", ExitOK, "not-bonded"},
		{"does not fit", "--- a/a.js\n+++ b/a.js\n@@ -1 +1,2 @@\n a();\n+c();\n", ExitInput, ""},
		{"malformed", "garbage\n", ExitInput, ""},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		err := runPlan(context.Background(), &planOptions{Out: &out, Err: &errb, planFlags: planFlags{Repo: dir, Diff: write(tt.name+".diff", tt.diff), Budget: 6, PerOperator: 2}, Format: "human"})
		if code := exitCode(context.Background(), err, true, &errb); code != tt.code {
			t.Errorf("%s: exit %d, want %d (%v)", tt.name, code, tt.code, err)
		}
		if tt.out == "" && out.Len() != 0 {
			t.Errorf("%s: wrote %q on invalid input", tt.name, out.String())
		}
		if !strings.Contains(out.String(), tt.out) {
			t.Errorf("%s: output %q lacks %q", tt.name, out.String(), tt.out)
		}
	}
}
