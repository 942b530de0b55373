package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/plan"
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
		err := runPlan(context.Background(), &planOptions{Out: &out, Err: &errb, planFlags: planFlags{Repo: dir, Diff: write(tt.name+".diff", tt.diff), Budget: 6, PerOperator: 2, OperatorSet: 1}, Format: "human"})
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

// TestPlanAndCertifyPlanAlike proves issue 8's "one configuration": for a repository with a
// .bond.toml, bond plan and bond certify given the same flags plan the same mutants, and a bad
// .bond.toml is the same exit-2 error in both.
func TestPlanAndCertifyPlanAlike(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"src/a.js": "a();\nb();\nif (x === 1) f();\nreturn;\n",
		"lib/l.js": "l();\n",
		"patch.diff": "--- a/src/a.js\n+++ b/src/a.js\n@@ -0,0 +1,4 @@\n+a();\n+b();\n+if (x === 1) f();\n+return;\n" +
			"--- a/lib/l.js\n+++ b/lib/l.js\n@@ -0,0 +1 @@\n+l();\n",
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	diff := filepath.Join(dir, "patch.diff")
	writeConfig := func(s string) {
		if err := os.WriteFile(filepath.Join(dir, ".bond.toml"), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// planIDs runs bond plan --format json and returns the planned mutant ids.
	planIDs := func(args ...string) []string {
		s, out, errb := testStreams()
		if code := run(append([]string{"plan", "--repo", dir, "--diff", diff, "--format", "json"}, args...), s); code != ExitOK {
			t.Fatalf("bond plan: exit %d: %s", code, errb)
		}
		var doc struct{ Mutants []struct{ ID string } }
		if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, m := range doc.Mutants {
			ids = append(ids, m.ID)
		}
		return ids
	}
	// certifyIDs parses bond certify's command line as certify does and plans with the options
	// it would hand the engine.
	certifyIDs := func(args ...string) []string {
		s, _, _ := testStreams()
		var got *certifyOptions
		cmd := newCertifyCmd(s, func(o *certifyOptions) error { got = o; return nil })
		cmd.SetArgs(append([]string{"--repo", dir, "--diff", diff}, args...))
		if err := cmd.Execute(); err != nil {
			t.Fatal(err)
		}
		o, err := got.adjudicateOptions()
		if err != nil {
			t.Fatal(err)
		}
		res, err := plan.Build(context.Background(), o.Plan)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, m := range res.Mutants {
			ids = append(ids, m.ID)
		}
		return ids
	}

	writeConfig("")
	unconfigured := planIDs()
	writeConfig("oracle_cmd = \"node --test test/\"\nbudget = 2\nper_operator = 1\nexclude = [\"lib/**\"]\n")
	for _, args := range [][]string{nil, {"--budget", "4"}, {"--exclude", "none/**", "--per-operator", "3"}, {"--operators", "delete-statement"}} {
		p, c := planIDs(args...), certifyIDs(args...)
		if strings.Join(p, ",") != strings.Join(c, ",") {
			t.Errorf("%q: plan planned %v, certify %v", args, p, c)
		}
		if args == nil && (len(p) != 2 || strings.Join(p, ",") == strings.Join(unconfigured, ",")) {
			t.Errorf(".bond.toml was not read: planned %v with it, %v without", p, unconfigured)
		}
	}

	writeConfig("oracle_cmd = \"node --test test/\"\nper_operater = 1\n")
	for _, cmd := range []string{"plan", "certify"} {
		s, out, errb := testStreams()
		if code := run([]string{cmd, "--repo", dir, "--diff", diff}, s); code != ExitInput {
			t.Errorf("bond %s with an unknown key: exit %d, want %d", cmd, code, ExitInput)
		}
		if !strings.Contains(errb.String(), "unknown key per_operater") || out.Len() != 0 {
			t.Errorf("bond %s: stderr %q, stdout %q", cmd, errb, out)
		}
	}
}
