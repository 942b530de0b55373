package adjudicate

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// disagreeingRunner stands in for --parity's real runner: it passes the unmutated oracle and
// accepts every mutant, so every kill the embedded runner reports is a disagreement.
type disagreeingRunner struct{ oracle.OracleRunner }

func (disagreeingRunner) Run(_ context.Context, _ *oracle.Box, s oracle.RunSpec) (oracle.RunOutcome, error) {
	return oracle.RunOutcome{Status: report.StatusAccepted, Output: "fake runner: every test passed\n"}, nil
}

func (disagreeingRunner) Name() string { return "fake" }

// --parity with vitest installed: the embedded runner's kills and its vacuous acceptance are run
// again by `npm test`, and all agree; with a real runner that disagrees (injected), each kill it
// contradicts becomes an error carrying both outputs, never held, and the bond stops being held.
func TestParityFlag(t *testing.T) {
	root := runnerFixture(t, "vitest", map[string]string{
		"package.json":       `{"name":"clamp","private":true,"type":"module","scripts":{"test":"vitest run"},"devDependencies":{"vitest":"3.2.4"}}`,
		"src/clamp.js":       "export " + clampLib,
		"test/clamp.test.js": "import { describe, expect, test } from 'vitest';\nimport { clamp } from '../src/clamp.js';\n" + clampTests,
	})
	muts := []plan.Mutant{
		mutantAt(t, root, "src/clamp.js", 2, "invert-comparison", "<", "<="),
		mutantAt(t, root, "src/clamp.js", 3, "return-sentinel", "return lo;", "return undefined;"),
		mutantAt(t, root, "src/clamp.js", 5, "invert-comparison", ">", "<="),
		mutantAt(t, root, "src/clamp.js", 6, "return-sentinel", "return hi;", "return undefined;"),
	}
	front := plan.Front{Files: []plan.FileInfo{{Path: "src/clamp.js", Added: []int{2, 3, 5, 6}}}}
	certify := func(t *testing.T, real oracle.OracleRunner) *report.Report {
		o, err := Options{Plan: plan.Options{Repo: root}, OracleCmd: "npm test -- test/clamp.test.js", Jobs: 2,
			Timeout: 2 * time.Minute, Adjudicate: AdjudicateAll, Parity: true, parityRunner: real}.withDefaults()
		if err != nil {
			t.Fatal(err)
		}
		rep, err := certifyPlanned(context.Background(), o, front, muts, nil, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if rep.Run.Runner != RunnerEmbedded {
			t.Fatalf("runner %s, want embedded (the point is to check it)", rep.Run.Runner)
		}
		if rep.Parity == nil {
			t.Fatal("no parity record")
		}
		return rep
	}

	t.Run("agrees", func(t *testing.T) {
		rep := certify(t, nil)
		p := rep.Parity
		// The vacuous acceptance (line 2) and the two kills; the skipped mutant decides nothing.
		if p.Problem != "" || p.Runner != RunnerCommand || p.Checked != 3 || p.Agreed != 3 || p.Disagreed != 0 {
			t.Fatalf("parity %+v, want 3 checked and agreed by the command runner", *p)
		}
		want := []report.Status{report.StatusAccepted, report.StatusKilled, report.StatusKilled, report.StatusSkipped}
		for i, m := range rep.Mutants {
			if m.Status != want[i] {
				t.Errorf("%s:%d: %s, want %s", m.Path, m.Line, m.Status, want[i])
			}
			if checked := i < 3; (m.Parity != nil) != checked || (checked && (!m.Parity.Agrees || m.Parity.EmbeddedStatus != want[i])) {
				t.Errorf("%s:%d: parity record %+v, want one that agrees: %v", m.Path, m.Line, m.Parity, checked)
			}
		}
		if rep.Bond.Verdict != report.VerdictVacuous {
			t.Errorf("bond %s, want vacuous (line 2's change passed both runners)", rep.Bond.Verdict)
		}
	})

	t.Run("disagrees", func(t *testing.T) {
		rep := certify(t, disagreeingRunner{})
		p := rep.Parity
		if p.Problem != "" || p.Checked != 3 || p.Agreed != 1 || p.Disagreed != 2 {
			t.Fatalf("parity %+v, want the two kills contradicted and the acceptance agreed", *p)
		}
		for _, m := range rep.Mutants[1:3] {
			if m.Status != report.StatusError || m.Reason != report.ReasonParity || m.Verdict != report.VerdictError || m.KilledBy != "" {
				t.Errorf("%s:%d: %s reason %q verdict %s killed_by %q, want an error with reason %s", m.Path, m.Line, m.Status, m.Reason, m.Verdict, m.KilledBy, report.ReasonParity)
			}
			if m.Parity == nil || m.Parity.Agrees || m.Parity.EmbeddedStatus != report.StatusKilled || m.Parity.EmbeddedKilledBy == "" || m.Parity.Status != report.StatusAccepted {
				t.Errorf("%s:%d: parity record %+v, want the embedded kill and the fake acceptance", m.Path, m.Line, m.Parity)
			}
			for _, both := range []string{"--- embedded ---", "--- fake ---", "fake runner: every test passed", "AssertionError"} {
				if !strings.Contains(m.OutputTail, both) {
					t.Errorf("%s:%d: output tail lacks %q:\n%s", m.Path, m.Line, both, m.OutputTail)
				}
			}
		}
		if rep.Bond.Verdict == report.VerdictHeld {
			t.Errorf("bond held on contradicted kills")
		}
	})
}

// --parity names why it compared nothing: the oracle already ran under the command runner, or
// the real runner cannot run the unmutated oracle.
func TestParityFlagCannotCompare(t *testing.T) {
	needNode(t)
	root := testrepo.Git(t, crossTalkRepo)
	muts := []plan.Mutant{mutantAt(t, root, "src/fold.js", 3, "drop-chained-call", ".trim()", "")}
	front := plan.Front{Files: []plan.FileInfo{{Path: "src/fold.js", Added: []int{1, 2, 3, 4, 5}}}}
	for _, tc := range []struct {
		name, runner string
		real         oracle.OracleRunner
		want         string
	}{
		{"command runner", RunnerNode, nil, "ran under the node runner, not the embedded one"},
		{"real runner fails", RunnerEmbedded, failingRunner{}, "the fake runner's run of the unmutated oracle was killed (exit 1)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := Options{Plan: plan.Options{Repo: root}, Oracle: []string{"test/same.test.js"}, Runner: tc.runner, Jobs: 2,
				Timeout: 2 * time.Minute, Adjudicate: AdjudicateAll, Parity: true, parityRunner: tc.real}.withDefaults()
			if err != nil {
				t.Fatal(err)
			}
			rep, err := certifyPlanned(context.Background(), o, front, muts, nil, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			if rep.Parity == nil || !strings.Contains(rep.Parity.Problem, tc.want) || rep.Parity.Checked != 0 {
				t.Fatalf("parity %+v, want a problem saying %q", rep.Parity, tc.want)
			}
			if m := rep.Mutants[0]; m.Status != report.StatusAccepted || m.Parity != nil {
				t.Errorf("mutant %s parity %+v: an uncompared outcome must stand as it was", m.Status, m.Parity)
			}
		})
	}
}

// failingRunner is a real runner that cannot run the oracle at all.
type failingRunner struct{ oracle.OracleRunner }

func (failingRunner) Run(context.Context, *oracle.Box, oracle.RunSpec) (oracle.RunOutcome, error) {
	return oracle.RunOutcome{Status: report.StatusKilled, ExitCode: 1, Output: "sh: 1: vitest: not found\n"}, nil
}

func (failingRunner) Name() string { return "fake" }

func (failingRunner) CanBail() bool     { return false }
func (disagreeingRunner) CanBail() bool { return false }
