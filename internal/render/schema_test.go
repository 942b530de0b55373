package render

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/bond-tool/bond/adjudicate"
)

// fixtureInput is the report of testdata/certify/basic (a real certify run, pinned by
// cmd/bond's TestCertifyGolden) with its sources read from the fixture's patched tree.
func fixtureInput(t *testing.T) Input {
	t.Helper()
	b, err := os.ReadFile("../../testdata/certify/basic/report.golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var r adjudicate.Report
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	in := RepoInput(&r, "../../testdata/certify/basic/tree")
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
		want := map[string]string{adjudicate.VerdictHeld: "Killed", adjudicate.VerdictVacuous: "Survived", adjudicate.VerdictUnshown: "NoCoverage"}[m.Verdict]
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
	mk := func(status, reason, kind, verdict string) adjudicate.MutantResult {
		return adjudicate.MutantResult{Status: status, Reason: reason, Witness: adjudicate.Witness{Kind: kind}, Verdict: verdict}
	}
	for _, c := range []struct {
		m      adjudicate.MutantResult
		status string
		reason string
	}{
		{mk(adjudicate.StatusKilled, "", adjudicate.WitnessNotAdjudicated, adjudicate.VerdictHeld), "Killed", "exit"},
		{mk(adjudicate.StatusTimeout, "", adjudicate.WitnessNotAdjudicated, adjudicate.VerdictHeld), "Timeout", "time limit"},
		{mk(adjudicate.StatusAccepted, "", adjudicate.WitnessNone, adjudicate.VerdictVacuous), "Survived", "witness none"},
		{mk(adjudicate.StatusAccepted, "", adjudicate.WitnessCoverage, adjudicate.VerdictVacuous), "Survived", "witness coverage"},
		{mk(adjudicate.StatusAccepted, adjudicate.ReasonNotRan, adjudicate.WitnessNotAdjudicated, adjudicate.VerdictUnshown), "NoCoverage", "never ran"},
		{mk(adjudicate.StatusAccepted, adjudicate.ReasonCanarySurvived, adjudicate.WitnessNotAdjudicated, adjudicate.VerdictUnshown), "Survived", "does not load"},
		{mk(adjudicate.StatusAccepted, adjudicate.ReasonCoverageUnavailable, adjudicate.WitnessNotAdjudicated, adjudicate.VerdictUnshown), "Survived", "coverage of the file"},
		{mk(adjudicate.StatusAccepted, adjudicate.ReasonUnstableReach, adjudicate.WitnessNotAdjudicated, adjudicate.VerdictUnshown), "Survived", "run to run"},
		{mk(adjudicate.StatusAccepted, "", adjudicate.WitnessNone, adjudicate.VerdictUnshown), "Survived", "no witness"},
		{mk(adjudicate.StatusError, "", adjudicate.WitnessNotAdjudicated, adjudicate.VerdictError), "RuntimeError", "did not complete"},
		{mk(adjudicate.StatusAccepted, "", adjudicate.WitnessNone, adjudicate.VerdictEquivalent), "Ignored", "equivalent"},
		{mk(adjudicate.StatusNotRun, "", "", adjudicate.VerdictError), "Pending", "stopped"},
	} {
		status, reason := mtStatus(c.m)
		if status != c.status || !strings.Contains(reason, c.reason) {
			t.Errorf("%s/%s/%s/%s → %s (%q), want %s (…%s…)", c.m.Status, c.m.Reason, c.m.Witness.Kind, c.m.Verdict, status, reason, c.status, c.reason)
		}
	}
}
