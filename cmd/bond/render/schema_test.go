package render

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/bond-tool/bond/adjudicate/report"
)

// fixtureInput is the report of testdata/certify/basic (a real certify run, pinned by
// cmd/bond's TestCertifyGolden) with its sources read from the fixture's patched tree.
func fixtureInput(t *testing.T) Input {
	t.Helper()
	b, err := os.ReadFile("../../../testdata/certify/basic/report.golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var r report.Report
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	in := RepoInput(&r, "../../../testdata/certify/basic/tree")
	in.SourceNote = "read from the checkout testdata/certify/basic/tree"
	return in
}

// validate checks doc against a vendored JSON schema (testdata/schema).
func validate(t *testing.T, schemaPath string, doc []byte) {
	t.Helper()
	c := jsonschema.NewCompiler()
	sch, err := c.Compile(schemaPath)
	if err != nil {
		t.Fatalf("compiling %s: %v", schemaPath, err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("the document is not valid against %s:\n%v\n%s", schemaPath, err, doc)
	}
}

var mtSchema = filepath.Join("testdata", "schema", "mutation-testing-report-schema", "mutation-testing-report-schema.json")

// The mutation-testing document validates against the published schema, for the fixture, for a
// report whose sources are missing, and for the hostile report; the golden pins the fixture's.
func TestMutationTestingSchema(t *testing.T) {
	in := fixtureInput(t)
	var b bytes.Buffer
	if err := MutationTesting(&b, in); err != nil {
		t.Fatal(err)
	}
	validate(t, mtSchema, b.Bytes())
	golden(t, "basic.mutation-testing.golden.json", b.Bytes())

	var doc mtReport
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	f := doc.Files["src/range.js"]
	if !strings.Contains(f.Source, "function width(lo, hi)") {
		t.Errorf("the source is not the file's: %q", f.Source)
	}
	got := map[string]string{}
	for _, m := range f.Mutants {
		got[m.ID] = m.Status
	}
	for _, m := range in.Report.Mutants {
		want := map[report.Verdict]string{report.VerdictHeld: "Killed", report.VerdictVacuous: "Survived", report.VerdictUnshown: "NoCoverage"}[m.Verdict]
		if got[m.ID] != want {
			t.Errorf("mutant %s (%s, %s) is %s, want %s", m.ID, m.Status, m.Verdict, got[m.ID], want)
		}
	}

	for name, in := range map[string]Input{
		"no sources": {Report: in.Report},
		"hostile":    {Report: hostileReport()},
	} {
		var b bytes.Buffer
		if err := MutationTesting(&b, in); err != nil {
			t.Fatal(err)
		}
		validate(t, mtSchema, b.Bytes())
		if name == "no sources" && !strings.Contains(b.String(), "rebuilt from the report") {
			t.Errorf("a report without sources does not say so:\n%s", b.String())
		}
	}
}

// Each of bond's outcomes maps to the schema status docs/formats.md gives.
func TestMutationTestingStatus(t *testing.T) {
	mk := func(status report.Status, reason report.Reason, kind report.WitnessKind, verdict report.Verdict) report.MutantResult {
		return report.MutantResult{Status: status, Reason: reason, Witness: report.Witness{Kind: kind}, Verdict: verdict}
	}
	for _, c := range []struct {
		m      report.MutantResult
		status string
		reason string
	}{
		{mk(report.StatusKilled, "", report.WitnessNotAdjudicated, report.VerdictHeld), "Killed", "exit"},
		{mk(report.StatusTimeout, "", report.WitnessNotAdjudicated, report.VerdictHeld), "Timeout", "time limit"},
		{mk(report.StatusAccepted, "", report.WitnessNone, report.VerdictVacuous), "Survived", "witness none"},
		{mk(report.StatusAccepted, "", report.WitnessCoverage, report.VerdictVacuous), "Survived", "witness coverage"},
		{mk(report.StatusAccepted, "", report.WitnessCompile, report.VerdictVacuous), "Survived", "witness compile"},
		{mk(report.StatusAccepted, report.ReasonNotRan, report.WitnessNotAdjudicated, report.VerdictUnshown), "NoCoverage", "never ran"},
		{mk(report.StatusAccepted, report.ReasonCanarySurvived, report.WitnessNotAdjudicated, report.VerdictUnshown), "Survived", "does not load"},
		{mk(report.StatusKilled, report.ReasonCanarySurvived, report.WitnessNotAdjudicated, report.VerdictUnshown), "Survived", "failed on this mutant, yet the oracle passed with a throw"},
		{mk(report.StatusAccepted, report.ReasonCoverageUnavailable, report.WitnessNotAdjudicated, report.VerdictUnshown), "Survived", "coverage of the file"},
		{mk(report.StatusAccepted, report.ReasonUnstableReach, report.WitnessNotAdjudicated, report.VerdictUnshown), "Survived", "run to run"},
		{mk(report.StatusAccepted, "", report.WitnessNone, report.VerdictUnshown), "Survived", "no witness"},
		{mk(report.StatusError, "", report.WitnessNotAdjudicated, report.VerdictError), "RuntimeError", "did not complete"},
		{mk(report.StatusAccepted, "", report.WitnessNone, report.VerdictEquivalent), "Ignored", "equivalent"},
		{mk(report.StatusNotRun, "", "", report.VerdictError), "Pending", "stopped"},
	} {
		status, reason := mtStatus(c.m)
		if status != c.status || !strings.Contains(reason, c.reason) {
			t.Errorf("%s/%s/%s/%s → %s (%q), want %s (…%s…)", c.m.Status, c.m.Reason, c.m.Witness.Kind, c.m.Verdict, status, reason, c.status, c.reason)
		}
	}
}

var sarifSchema = filepath.Join("testdata", "schema", "sarif-2.1.0", "sarif-2.1.0-rtm.5.json")

// The SARIF log validates against the vendored SARIF 2.1.0 schema, with one result per vacuous
// or unshown mutant at its span and a rule per operator; the golden pins the fixture's log.
func TestSARIFSchema(t *testing.T) {
	in := fixtureInput(t)
	var b bytes.Buffer
	if err := SARIF(&b, in); err != nil {
		t.Fatal(err)
	}
	validate(t, sarifSchema, b.Bytes())
	golden(t, "basic.golden.sarif", b.Bytes())
	var log sarifLog
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	want := 0
	for _, m := range in.Report.Mutants {
		if m.Verdict == report.VerdictVacuous || m.Verdict == report.VerdictUnshown {
			want++
		}
	}
	if len(run.Results) != want || want == 0 {
		t.Errorf("%d results, want %d", len(run.Results), want)
	}
	for _, res := range run.Results {
		if run.Tool.Driver.Rules[res.RuleIndex].ID != res.RuleID || run.Tool.Driver.Rules[res.RuleIndex].Help.Text == "" {
			t.Errorf("result %s points at rule %d without help", res.RuleID, res.RuleIndex)
		}
		if loc := res.Locations[0].PhysicalLocation; loc.ArtifactLocation.URI != "src/range.js" || loc.Region.StartLine == 0 {
			t.Errorf("result without its location: %+v", loc)
		}
	}
	if run.Properties.Bond.Verdict != in.Report.Bond.Verdict {
		t.Errorf("the run's bond is %q", run.Properties.Bond.Verdict)
	}
	var h bytes.Buffer
	if err := SARIF(&h, Input{Report: hostileReport()}); err != nil {
		t.Fatal(err)
	}
	validate(t, sarifSchema, h.Bytes())
}

// The validation can fail: a document that breaks each schema is rejected.
func TestSchemasRejectBrokenDocuments(t *testing.T) {
	for schema, doc := range map[string]string{
		mtSchema:    `{"schemaVersion":"2","thresholds":{"high":80,"low":60},"files":{"a.js":{"language":"javascript","source":"x","mutants":[{"id":"1","mutatorName":"m","location":{"start":{"line":1,"column":1},"end":{"line":1,"column":2}},"status":"Vacuous"}]}}}`,
		sarifSchema: `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"bond"}},"results":[{"message":{"text":"x"},"level":"fatal"}]}]}`,
	} {
		c := jsonschema.NewCompiler()
		sch, err := c.Compile(schema)
		if err != nil {
			t.Fatal(err)
		}
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		if sch.Validate(v) == nil {
			t.Errorf("%s accepted a broken document", schema)
		}
	}
}

// With two oracle test files the report knows which file ran each added line (ran_by), and the
// document says so: coveredBy lists the test files that ran the mutant's line on their own, []
// on a line the oracle never ran, and is left out where the line ran only with the files
// together; killedBy names a test filed under the test file its name begins with; every id in
// coveredBy and killedBy is a test of testFiles, and the document validates.
func TestMutationTestingCoveredBy(t *testing.T) {
	in := fixtureInput(t)
	r := *in.Report
	base := *r.Baseline
	r.Baseline = &base
	r.Run.Oracle = []string{"test/a.test.js", "test/b.test.js"}
	r.Baseline.Reach.Files = slices.Clone(r.Baseline.Reach.Files)
	r.Baseline.Reach.Files[0].RanBy = []report.LineTests{
		{Line: 3, TestFiles: []string{"test/a.test.js", "test/b.test.js"}},
		{Line: 15, TestFiles: []string{"test/b.test.js"}},
	}
	r.Mutants = slices.Clone(r.Mutants)
	want := map[int]string{3: `["test/a.test.js","test/b.test.js"]`, 12: `[]`, 15: `["test/b.test.js"]`, 21: `absent`}
	killers := map[string]string{}
	for i, m := range r.Mutants {
		if m.Line == 3 {
			r.Mutants[i].KilledBy = "test/a.test.js › clamp › keeps values in range"
			killers[m.ID] = "test/a.test.js"
		}
		if m.Line == 15 {
			// A kill named without its file (node:test's TAP names no file).
			r.Mutants[i].Status, r.Mutants[i].Verdict = report.StatusKilled, report.VerdictHeld
			r.Mutants[i].KilledBy = "width › counts both ends"
			killers[m.ID] = unknownTestFile
		}
	}
	in.Report = &r
	var b bytes.Buffer
	if err := MutationTesting(&b, in); err != nil {
		t.Fatal(err)
	}
	validate(t, mtSchema, b.Bytes())
	golden(t, "two-files.mutation-testing.golden.json", b.Bytes())

	var doc mtReport
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{} // test id → its test file
	for file, tf := range doc.TestFiles {
		for _, tt := range tf.Tests {
			if ids[tt.ID] != "" {
				t.Errorf("test id %q is in both %s and %s", tt.ID, ids[tt.ID], file)
			}
			ids[tt.ID] = file
		}
	}
	if len(doc.Files["src/range.js"].Mutants) != len(r.Mutants) {
		t.Fatalf("%d mutants in the document, want %d", len(doc.Files["src/range.js"].Mutants), len(r.Mutants))
	}
	for _, m := range doc.Files["src/range.js"].Mutants {
		got := "absent"
		if m.CoveredBy != nil {
			j, _ := json.Marshal(*m.CoveredBy)
			got = string(j)
			for _, id := range *m.CoveredBy {
				if ids[id] != id {
					t.Errorf("mutant %s is covered by %q, not a whole-file test of testFiles %v", m.ID, id, ids)
				}
			}
		}
		if got != want[m.Location.Start.Line] {
			t.Errorf("mutant %s on line %d: coveredBy %s, want %s", m.ID, m.Location.Start.Line, got, want[m.Location.Start.Line])
		}
		for _, id := range m.KilledBy {
			if ids[id] != killers[m.ID] {
				t.Errorf("mutant %s killed by %q, filed under %q, want %q", m.ID, id, ids[id], killers[m.ID])
			}
		}
		if (len(m.KilledBy) > 0) != (killers[m.ID] != "") {
			t.Errorf("mutant %s: killedBy %v", m.ID, m.KilledBy)
		}
	}
	if !strings.Contains(doc.Config.CoveredBy, "test files that ran") {
		t.Errorf("config.coveredBy does not say what coveredBy means: %q", doc.Config.CoveredBy)
	}

	// The fixture itself has one oracle file: no ran_by, so no coveredBy, and config says why.
	var one bytes.Buffer
	if err := MutationTesting(&one, fixtureInput(t)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(one.String(), `"coveredBy": [`) || !strings.Contains(one.String(), "not recorded") {
		t.Errorf("a one-file oracle's document claims coverage per test:\n%s", one.String())
	}
}

// killedBy files a failing test under the test file its name begins with; a name that is a test
// file alone is that file's whole-file test (the id coveredBy uses); a name without its file goes
// under "oracle".
func TestMTTestsKilledBy(t *testing.T) {
	for _, c := range []struct{ name, file, test string }{
		{"test/a.test.js › suite › t", "test/a.test.js", "suite › t"},
		{"test/a.test.js", "test/a.test.js", "test/a.test.js"},
		{"lib/x.spec.ts › t", "lib/x.spec.ts", "t"},
		{"suite › t", unknownTestFile, "suite › t"},
		{"a suite.js › t", unknownTestFile, "a suite.js › t"},
	} {
		tt := newMTTests(&report.Report{})
		if id := tt.killedBy(c.name); id != c.name {
			t.Errorf("%q: id %q", c.name, id)
		}
		if got := tt.byFile[c.file][c.name]; got != c.test {
			t.Errorf("%q: filed as %v, want %q under %s", c.name, tt.byFile, c.test, c.file)
		}
	}
}
