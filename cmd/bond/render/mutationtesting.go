// The mutation-testing format: the open mutation-testing-report-schema (schema version 2) that
// StrykerJS writes, so its HTML viewer and dashboard read a bond report. The mapping of bond's
// facts onto the schema's statuses is written down in docs/formats.md.

package render

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// mtReport is the document (mutation-testing-report-schema, "MutationTestResult").
type mtReport struct {
	Schema        string                `json:"$schema"`
	SchemaVersion string                `json:"schemaVersion"`
	Thresholds    mtThresholds          `json:"thresholds"`
	Files         map[string]mtFile     `json:"files"`
	TestFiles     map[string]mtTestFile `json:"testFiles,omitempty"`
	Framework     mtFramework           `json:"framework"`
	Config        mtConfig              `json:"config"`
}

type mtThresholds struct {
	High int `json:"high"`
	Low  int `json:"low"`
}

type mtFile struct {
	Language string     `json:"language"`
	Source   string     `json:"source"`
	Mutants  []mtMutant `json:"mutants"`
}

type mtMutant struct {
	ID           string     `json:"id"`
	MutatorName  string     `json:"mutatorName"`
	Replacement  string     `json:"replacement"`
	Description  string     `json:"description,omitempty"`
	Location     mtLocation `json:"location"`
	Status       string     `json:"status"`
	StatusReason string     `json:"statusReason,omitempty"`
	KilledBy     []string   `json:"killedBy,omitempty"`
	CoveredBy    *[]string  `json:"coveredBy,omitempty"`
	Duration     *int64     `json:"duration,omitempty"`
}

type mtLocation struct {
	Start mtPos `json:"start"`
	End   mtPos `json:"end"`
}

type mtPos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type mtTestFile struct {
	Tests []mtTest `json:"tests"`
}

type mtTest struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type mtFramework struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// mtConfig is the schema's free-form config: the bond itself, which the schema has no place for.
type mtConfig struct {
	Bond           report.BondResult `json:"bond"`
	OperatorDigest string            `json:"operatorDigest"`
	Reach          *report.Reach     `json:"reach,omitempty"`
	Oracle         []string          `json:"oracle,omitempty"`
	OracleCmd      string            `json:"oracleCmd,omitempty"`
	Sources        string            `json:"sources"`
	// CoveredBy says what a mutant's coveredBy means in this document, or why none has one.
	CoveredBy string `json:"coveredBy"`
}

// MutationTesting writes the report in the mutation-testing-report-schema. Every mutant bond
// planned, cut or discarded is listed with the schema status its facts map to; the bond, the
// regime and reach go in config. A file whose source is unavailable gets a source rebuilt from
// the report (the mutated lines at their numbers, blank lines between) and config.sources says so.
func MutationTesting(w io.Writer, in Input) error {
	doc := mutationTestingDoc(in)
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	_, err = ciJSON.WriteString(w, string(b)+"\n")
	return err
}

// coveredByNote says what coveredBy means in the document, or why no mutant has one.
func coveredByNote(t *mtTests) string {
	if t.ranBy == nil {
		return "not recorded: bond recorded which lines the oracle ran as a whole, not which test file ran them (it does when the baseline runs two or more oracle test files one by one)"
	}
	return "the oracle's test files that ran the mutant's line on their own in the baseline, one test per file (bond records reach per test file, not per test); absent where that is unknown"
}

func mutationTestingDoc(in Input) *mtReport {
	r := in.Report
	doc := &mtReport{
		Schema:        "https://git.io/mutation-testing-schema",
		SchemaVersion: "2",
		Thresholds:    mtThresholds{High: 80, Low: 60},
		Files:         map[string]mtFile{},
		Framework:     mtFramework{Name: r.Tool.Name, Version: r.Tool.Version},
		Config:        mtConfig{Bond: r.Bond, OperatorDigest: r.Operators.Digest, Oracle: r.Run.Oracle, OracleCmd: r.Run.OracleCmd},
	}
	tests := newMTTests(r)
	doc.Config.CoveredBy = coveredByNote(tests)
	if doc.Framework.Name == "" {
		doc.Framework.Name = "bond"
	}
	if r.Baseline != nil {
		doc.Config.Reach = &r.Baseline.Reach
	}
	srcs, note := sources(in)
	doc.Config.Sources = note
	add := func(path string, m mtMutant) {
		f := doc.Files[path]
		f.Mutants = append(f.Mutants, m)
		doc.Files[path] = f
	}
	for _, m := range r.Mutants {
		status, reason := mtStatus(m)
		mm := mtMutantOf(m.Mutant, status, reason)
		if m.KilledBy != "" {
			mm.KilledBy = []string{tests.killedBy(m.KilledBy)}
		}
		mm.CoveredBy = tests.coveredBy(m.Path, m.Line, m.Reason == report.ReasonNotRan)
		if m.Status != report.StatusNotRun {
			d := m.DurationMS
			mm.Duration = &d
		}
		add(m.Path, mm)
	}
	for _, c := range r.Discarded {
		status := "Ignored"
		if c.Reason == plan.ReasonUnparseable {
			status = "CompileError"
		}
		reason := "discarded: " + c.Reason
		if c.Message != "" {
			reason += ": " + c.Message
		}
		mm := mtMutantOf(c.Mutant, status, reason)
		mm.CoveredBy = tests.coveredBy(c.Path, c.Line, false)
		add(c.Path, mm)
	}
	for _, c := range r.Cut {
		mm := mtMutantOf(c.Mutant, "Ignored", "cut: "+c.Reason+" (not run)")
		mm.CoveredBy = tests.coveredBy(c.Path, c.Line, false)
		add(c.Path, mm)
	}
	for path, f := range doc.Files {
		f.Language = language(r, path)
		f.Source = srcs(path)
		doc.Files[path] = f
	}
	doc.TestFiles = tests.testFiles()
	return doc
}

func mtMutantOf(m plan.Mutant, status, reason string) mtMutant {
	start := max(m.Column, 1)
	end := start + len(m.Change.From)
	if m.Operator == "delete-statement" || end == start {
		end = max(len(m.Original)+1, start)
	}
	return mtMutant{
		ID: m.ID, MutatorName: m.Operator, Replacement: m.Change.To,
		Description: fmt.Sprintf("%s → %s", plainCode(m.Change.From), plainCode(m.Change.To)),
		Location:    mtLocation{Start: mtPos{Line: max(m.Line, 1), Column: start}, End: mtPos{Line: max(m.Line, 1), Column: end}},
		Status:      status, StatusReason: reason,
	}
}

// mtStatus maps a mutant's verdict under the report's regime and its facts to the schema's
// status and the reason shown beside it (docs/formats.md).
func mtStatus(m report.MutantResult) (string, string) {
	switch {
	case m.Verdict == report.VerdictEquivalent:
		return "Ignored", "recorded as equivalent by the verdict document"
	case m.Verdict == report.VerdictUnshown && m.Reason == report.ReasonCanarySurvived && (m.Status == report.StatusKilled || m.Status == report.StatusTimeout):
		// Not a kill bond counts: the oracle does not load the file (adjudicate/checks.go).
		return "Survived", "unshown (bond abstains): the oracle failed on this mutant, yet " + abstention(m) + ": the failure came from something other than the file's code (a test reading its text?)"
	case m.Status == report.StatusKilled:
		if m.KilledBy != "" {
			return "Killed", "the oracle failed: " + m.KilledBy
		}
		return "Killed", fmt.Sprintf("the oracle failed (exit %d)", m.ExitCode)
	case m.Status == report.StatusTimeout:
		return "Timeout", "the oracle did not finish within the time limit"
	case m.Status == report.StatusNotRun:
		return "Pending", "not run: the run stopped before this mutant"
	case m.Verdict == report.VerdictError || m.Status == report.StatusError:
		return "RuntimeError", "the run did not complete: " + firstLine(strings.TrimSpace(m.Note+" "+string(m.Reason)))
	case m.Verdict == report.VerdictVacuous:
		return "Survived", "vacuous: the oracle accepted it on a line it ran; witness " + witnessText(m, plainCode)
	case m.Verdict == report.VerdictUnshown && m.Reason == report.ReasonNotRan:
		return "NoCoverage", "unshown: the oracle never ran this line"
	case m.Verdict == report.VerdictUnshown:
		return "Survived", "unshown (bond abstains): " + abstention(m)
	case m.Status == report.StatusAccepted:
		return "Survived", string("accepted by the oracle; verdict " + m.Verdict)
	}
	return "Killed", "refused by the oracle"
}

// abstention says why bond abstains on an unshown mutant.
func abstention(m report.MutantResult) string {
	switch m.Reason {
	case report.ReasonCanarySurvived:
		return "the oracle passed with a throw at the top of the file, so it does not load it"
	case report.ReasonCanaryError:
		return "the canary run (a throw at the top of the file) could not run, so bond cannot tell whether the oracle loads the file"
	case report.ReasonCoverageUnreadable:
		return "the coverage of this mutant's run could not be read, so no detector could look"
	case report.ReasonCoverageUnavailable:
		return "coverage of the file could not be read"
	case report.ReasonUnstableReach:
		return "whether the oracle runs this line changes from run to run"
	}
	if m.Witness.Kind == report.WitnessNotAdjudicated {
		return "accepted by the oracle and not adjudicated (the bond was already decided, or the suite cap was spent); witness-required asks for a witness"
	}
	return string("accepted by the oracle; no witness showed the change matters (witness " + m.Witness.Kind + ")")
}

// language is the Prism language name of a planned file, from the loader it parsed with.
func language(r *report.Report, path string) string {
	for _, f := range r.Files {
		if f.Path == path && strings.HasPrefix(f.Loader, "ts") {
			return "typescript"
		}
	}
	if strings.HasSuffix(path, ".ts") || strings.HasSuffix(path, ".tsx") || strings.HasSuffix(path, ".mts") || strings.HasSuffix(path, ".cts") {
		return "typescript"
	}
	return "javascript"
}
