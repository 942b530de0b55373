package adjudicate

import (
	"os"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
)

// TestGateWitness: a gate that failed with no test failing and a checker's error in its output
// is witness compile, with the diagnostic; a test that failed, a timeout, or a failure bond
// cannot place keeps suite.
func TestGateWitness(t *testing.T) {
	tsc := "> tsc --noEmit -p . && node --test\n\nsrc/name.ts(10,10): error TS18048: 'name' is possibly 'undefined'.\n"
	tests := []struct {
		name   string
		out    oracle.RunOutcome
		kind   report.WitnessKind
		detail string
	}{
		{"tsc before the tests", oracle.RunOutcome{Status: report.StatusKilled, ExitCode: 2, Output: tsc}, report.WitnessCompile,
			"the TypeScript type checker rejected the mutant before any test judged it: src/name.ts(10,10): error TS18048"},
		{"ts-jest: the file failed to load on a type error", oracle.RunOutcome{Status: report.StatusKilled, ExitCode: 1, Failed: []string{"test/name.test.ts"},
			Output: "FAIL test/name.test.ts\n  ● Test suite failed to run\n\n    src/name.ts:10:10 - error TS18048: 'name' is possibly 'undefined'.\n"}, report.WitnessCompile, "error TS18048"},
		{"eslint", oracle.RunOutcome{Status: report.StatusKilled, ExitCode: 1, Output: "/r/src/a.js\n  3:7  error  'x' is assigned a value but never used  no-unused-vars\n\n✖ 1 problem (1 error, 0 warnings)\n"},
			report.WitnessCompile, "eslint rejected the mutant before any test judged it: 3:7  error  'x' is assigned"},
		{"esbuild build", oracle.RunOutcome{Status: report.StatusKilled, ExitCode: 1, Output: "✘ [ERROR] Could not resolve \"./gone\"\n"}, report.WitnessCompile, "esbuild"},
		{"a test failed", oracle.RunOutcome{Status: report.StatusKilled, ExitCode: 1, Failed: []string{"clamp above the limit"}, KilledBy: "clamp above the limit",
			Output: "not ok 2 - clamp above the limit\n# fail 1\n"}, report.WitnessSuite, ""},
		{"a test failed and tsc complained after", oracle.RunOutcome{Status: report.StatusKilled, ExitCode: 1, Output: "  2 failing\n" + tsc}, report.WitnessSuite, ""},
		{"an unparsed runner counts its failures", oracle.RunOutcome{Status: report.StatusKilled, ExitCode: 1, Output: "Tests:       1 failed, 2 passed, 3 total\n" + tsc}, report.WitnessSuite, ""},
		{"eslint warnings only", oracle.RunOutcome{Status: report.StatusKilled, ExitCode: 1, Output: "  3:7  warning  'x' is unused  no-unused-vars\n✖ 1 problem (0 errors, 1 warning)\nnpm ERR! code 1\n"}, report.WitnessSuite, ""},
		{"timeout", oracle.RunOutcome{Status: report.StatusTimeout, Output: tsc}, report.WitnessSuite, ""},
		{"nothing to place it", oracle.RunOutcome{Status: report.StatusKilled, ExitCode: 1, Output: "make: *** [check] Error 1\n"}, report.WitnessSuite, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := gateWitness(report.GateRecord{Name: "check", Cmd: "npm test"}, tt.out)
			if w.Kind != tt.kind || w.Gate != "check" || w.GateStatus != tt.out.Status || w.GateExitCode != tt.out.ExitCode {
				t.Fatalf("witness %+v, want kind %s for gate check", w, tt.kind)
			}
			if !strings.Contains(w.Detail, tt.detail) || (tt.detail == "") != (w.Detail == "") {
				t.Errorf("detail %q, want it to contain %q", w.Detail, tt.detail)
			}
			if tt.kind == report.WitnessCompile && w.GateFailedTest != "" {
				t.Errorf("a compile witness names failed test %q; no test failed", w.GateFailedTest)
			}
		})
	}
}

// TestCompileShowsAsSuiteDoes: the regimes treat compile as SPEC §3.6 treats suite.
func TestCompileShowsAsSuiteDoes(t *testing.T) {
	for _, r := range report.Regimes {
		suite := report.MutantFacts{Status: report.StatusAccepted, Ran: true, Witness: report.WitnessFact{Kind: report.WitnessSuite}}.Verdict(r)
		compile := report.MutantFacts{Status: report.StatusAccepted, Ran: true, Witness: report.WitnessFact{Kind: report.WitnessCompile}}.Verdict(r)
		if suite != compile || compile != report.VerdictVacuous {
			t.Errorf("%s: suite %s, compile %s; want both vacuous", r, suite, compile)
		}
	}
	for _, k := range report.WitnessKinds {
		if want := k == report.WitnessCoverage || k == report.WitnessValue || k == report.WitnessSuite || k == report.WitnessCompile; k.Shows() != want {
			t.Errorf("%s.Shows() = %v", k, k.Shows())
		}
	}
}

// TestReportSchemaNamesEveryWitness: docs/report-schema.md, the report's documented schema,
// lists every witness kind the vocabulary has in its witness row.
func TestReportSchemaNamesEveryWitness(t *testing.T) {
	b, err := os.ReadFile("../docs/report-schema.md")
	if err != nil {
		t.Fatal(err)
	}
	var row string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "| `witness` |") {
			row = l
		}
	}
	if row == "" {
		t.Fatal("docs/report-schema.md has no `witness` row")
	}
	for _, k := range report.WitnessKinds {
		if !strings.Contains(row, "`"+string(k)+"`") {
			t.Errorf("docs/report-schema.md's witness row does not name %q", k)
		}
	}
}
