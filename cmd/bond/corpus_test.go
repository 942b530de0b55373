package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/corpus"
	"github.com/bond-tool/bond/plan"
)

// bondRun runs bond with args on buffers and returns the exit code, stdout and stderr.
func bondRun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	s := &Streams{In: strings.NewReader(""), Out: &out, Err: &errb, Now: func() time.Time { return time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC) }}
	code := run(args, s)
	return code, out.String(), errb.String()
}

// corpusFixture writes a corpus file of two tasks, rule files and rows files.
func corpusFixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "repos", "r"), 0o755)
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("corpus.toml", "format = 1\n[[task]]\nid = 'synth/repo0#0'\nrepo = 'repos/r'\nbase = 'a'\nhead = 'b'\noracle_cmd = 't'\nsample = 'in'\n"+
		"[[task]]\nid = 'synth/repo1#1'\nrepo = 'repos/r'\nbase = 'a'\nhead = 'b'\noracle_cmd = 't'\n")
	write("holds.toml", "[[condition]]\nname = 'some tasks'\nmetric = 'tasks'\nsample = 'all'\nop = '>'\nvalue = 0\n")
	write("fails.toml", "[[condition]]\nname = 'some tasks'\nmetric = 'tasks'\nsample = 'all'\nop = '>'\nvalue = 0\n[[condition]]\nname = 'no tasks'\nmetric = 'tasks'\nsample = 'all'\nop = '=='\nvalue = 0\n")
	write("unknown.toml", "[[condition]]\nname = 'x'\nmetric = 'false_reds'\nsample = 'all'\nop = '=='\nvalue = 0\n")
	rowsFile := func(name, digest string) {
		var b bytes.Buffer
		for _, r := range corpus.Synthetic(40, 1, digest) {
			line, _ := json.Marshal(r)
			b.Write(append(line, '\n'))
		}
		write(name, b.String())
	}
	def, err := operatorSet(0, corpus.DefaultBudget, corpus.DefaultPerOperator, "")
	if err != nil {
		panic(err)
	}
	rowsFile("rows.jsonl", def.Digest)
	rowsFile("other.jsonl", strings.Repeat("ab", 32))
	write("bad.jsonl", "{\"schema_version\":\"1\",\"task\":\"a\"}\nnot json\n")
	write("empty.jsonl", "")
	return dir
}

// Exit codes of corpus report, compare, run and prereg freeze (SPEC §4, §6.5).
func TestCorpusExitCodes(t *testing.T) {
	dir := corpusFixture(t)
	p := func(name string) string { return filepath.Join(dir, name) }
	if code, _, stderr := bondRun(t, "prereg", "freeze", "--corpus", p("corpus.toml"), "--rule", p("holds.toml"), "--out", p("holds.json")); code != 0 {
		t.Fatalf("freeze holds: exit %d: %s", code, stderr)
	}
	if code, _, stderr := bondRun(t, "prereg", "freeze", "--corpus", p("corpus.toml"), "--rule", p("fails.toml"), "--out", p("fails.json")); code != 0 {
		t.Fatalf("freeze fails: exit %d: %s", code, stderr)
	}
	edited, _ := os.ReadFile(p("holds.json"))
	os.WriteFile(p("edited.json"), bytes.Replace(edited, []byte(`"value": 0`), []byte(`"value": 1`), 1), 0o644)

	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"report", []string{"corpus", "report", p("rows.jsonl")}, 0, "All arms, out of sample", ""},
		{"report json", []string{"corpus", "report", p("rows.jsonl"), "--format", "json"}, 0, `"certified_rate"`, ""},
		{"prereg holds", []string{"corpus", "report", p("rows.jsonl"), "--prereg", p("holds.json")}, 0, "Decision: all 1 conditions hold", ""},
		{"prereg fails", []string{"corpus", "report", p("rows.jsonl"), "--prereg", p("fails.json")}, 1, `FAIL  no tasks`, "pre-registered decision: 1 of 2 conditions fail"},
		{"prereg fails json", []string{"corpus", "report", p("rows.jsonl"), "--prereg", p("fails.json"), "--format", "json"}, 1, `"holds": false`, ""},
		{"digest mismatch", []string{"corpus", "report", p("other.jsonl"), "--prereg", p("holds.json")}, 2, "", "but these rows were produced with other operators"},
		{"edited record", []string{"corpus", "report", p("rows.jsonl"), "--prereg", p("edited.json")}, 2, "", "edited after it was frozen"},
		{"missing record", []string{"corpus", "report", p("rows.jsonl"), "--prereg", p("nope.json")}, 2, "", "nope.json"},
		{"unknown metric", []string{"prereg", "freeze", "--corpus", p("corpus.toml"), "--rule", p("unknown.toml"), "--out", p("u.json")}, 2, "", `unknown metric "false_reds"`},
		{"freeze needs flags", []string{"prereg", "freeze", "--corpus", p("corpus.toml")}, 2, "", "needs --rule"},
		{"malformed rows", []string{"corpus", "report", p("bad.jsonl")}, 2, "", "line 2 is not a corpus row"},
		{"missing rows", []string{"corpus", "report", p("none.jsonl")}, 2, "", "none.jsonl"},
		{"bad format", []string{"corpus", "report", p("rows.jsonl"), "--format", "xml"}, 2, "", `--format "xml": want human, json, markdown or html`},
		{"report html", []string{"corpus", "report", p("rows.jsonl"), "--format", "html"}, 0, `<h1 id="answer-head">bond corpus report: 40 tasks`, ""},
		{"empty rows", []string{"corpus", "report", p("empty.jsonl"), "--format", "html"}, 2, "", "empty.jsonl: no row to report on"},
		{"compare", []string{"corpus", "compare", p("rows.jsonl"), p("other.jsonl")}, 0, "40 tasks in both, 0 changed", ""},
		{"compare one arg", []string{"corpus", "compare", p("rows.jsonl")}, 2, "", "accepts 2 arg"},
		{"bad shard", []string{"corpus", "run", p("corpus.toml"), "--shard", "2/2"}, 2, "", `--shard "2/2"`},
		{"bad corpus", []string{"corpus", "run", p("holds.toml")}, 2, "", `missing required top-level key "format"`},
		{"no subcommand", []string{"corpus"}, 2, "", "needs a subcommand"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := bondRun(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, stdout, stderr)
			}
			if !strings.Contains(stdout, tt.stdout) {
				t.Errorf("stdout lacks %q:\n%s", tt.stdout, stdout)
			}
			if !strings.Contains(stderr, tt.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderr, stderr)
			}
		})
	}
}

// The flags of corpus run and report land in their options structs.
func TestNewCorpusCmdsOptions(t *testing.T) {
	s := &Streams{Out: &bytes.Buffer{}, Err: &bytes.Buffer{}, Now: time.Now}
	var run *corpusRunOptions
	cmd := newCorpusRunCmd(s, func(o *corpusRunOptions) error { run = o; return nil })
	cmd.SetArgs([]string{"c.toml", "--out", "r.jsonl", "-j", "3", "--shard", "1/4", "-q", "--retry-errors", "--certify-jobs", "2"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if run.Corpus != "c.toml" || run.RowsPath != "r.jsonl" || run.Jobs != 3 || run.Shard != "1/4" || !run.Quiet || !run.RetryErrors || run.CertifyJobs != 2 {
		t.Errorf("run options = %+v", run)
	}
	var rep *corpusReportOptions
	cmd = newCorpusReportCmd(s, func(o *corpusReportOptions) error { rep = o; return nil })
	cmd.SetArgs([]string{"a.jsonl", "b.jsonl", "--prereg", "p.json", "--format", "markdown", "--tasks"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if strings.Join(rep.Files, ",") != "a.jsonl,b.jsonl" || rep.Prereg != "p.json" || rep.Format != "markdown" || !rep.Tasks {
		t.Errorf("report options = %+v", rep)
	}
	for _, tt := range []struct {
		in   string
		i, n int
		ok   bool
	}{{"0/1", 0, 1, true}, {"3/4", 3, 4, true}, {"4/4", 0, 0, false}, {"-1/4", 0, 0, false}, {"1", 0, 0, false}, {"a/b", 0, 0, false}, {"0/0", 0, 0, false}} {
		i, n, err := parseShard(tt.in)
		if (err == nil) != tt.ok || i != tt.i || n != tt.n {
			t.Errorf("parseShard(%q) = %d, %d, %v", tt.in, i, n, err)
		}
	}
}

// TestOperatorSetIsThePlans pins that the operator set corpus run and prereg freeze record is the
// one a plan records for the whole table under the same budget, so rows, records and reports
// compare digests computed along one path.
func TestOperatorSetIsThePlans(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.js"), []byte("a();\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	diff := filepath.Join(dir, "p.diff")
	if err := os.WriteFile(diff, []byte("--- a/a.js\n+++ b/a.js\n@@ -0,0 +1 @@\n+a();\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		set int
		b   plan.BudgetInfo
	}{
		{0, plan.BudgetInfo{Total: corpus.DefaultBudget, PerOperator: corpus.DefaultPerOperator}},
		{1, plan.BudgetInfo{Total: 3, PerOperator: 1}},
		{2, plan.BudgetInfo{Total: plan.DefaultBudgetSet2, PerOperator: plan.DefaultBudgetSet2}},
		{2, plan.BudgetInfo{Total: 6, PerOperator: 2}},
		{2, plan.BudgetInfo{Total: 6, PerOperator: 2, Rule: plan.RuleChangedFirst}},
	} {
		res, err := plan.Build(context.Background(), plan.Options{Repo: dir, DiffPath: diff, OperatorSet: c.set, Budget: c.b.Total, PerOperator: c.b.PerOperator, ChangedFirst: c.b.Rule != ""})
		if err != nil {
			t.Fatal(err)
		}
		got, err := operatorSet(c.set, c.b.Total, c.b.PerOperator, c.b.Rule)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, res.Front.Operators) {
			t.Errorf("set %d budget %+v: corpus records %+v, the plan %+v", c.set, c.b, got, res.Front.Operators)
		}
	}
}
