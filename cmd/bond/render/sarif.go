// The sarif format of certify: SARIF 2.1.0, for code-scanning uploads (GitHub, GitLab, IDEs).

package render

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/operators"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool      `json:"tool"`
	Results    []sarifResult  `json:"results"`
	Properties sarifRunProps  `json:"properties"`
	Invocation []sarifInvoked `json:"invocations"`
}

type sarifInvoked struct {
	ExecutionSuccessful bool `json:"executionSuccessful"`
	// Notifications say what the results cannot: files whose reach is unknown, candidates the
	// budget cut, lines skipped as unchanged behaviour.
	Notifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level      string          `json:"level"`
	Message    sarifText       `json:"message"`
	Descriptor sarifDescriptor `json:"descriptor"`
}

type sarifDescriptor struct {
	ID string `json:"id"`
}

// sarifBudget is the budget the run was planned under and how many candidates it cut.
type sarifBudget struct {
	Total       int `json:"total"`
	PerOperator int `json:"perOperator"`
	Candidates  int `json:"candidates"`
	Cut         int `json:"cut"`
}

type sarifRunProps struct {
	Bond           report.BondResult `json:"bond"`
	OperatorDigest string            `json:"operatorDigest"`
	// OperatorSet is the number of the operator set the digest is of.
	OperatorSet int           `json:"operatorSet,omitempty"`
	Reach       *report.Reach `json:"reach,omitempty"`
	// Lines is the per-line answer's headline ("pinned 3 of 9 added executable lines · …"), in the words of every other rendering.
	Lines  string      `json:"lines,omitempty"`
	Budget sarifBudget `json:"budget"`
	// UnchangedLines counts the diff's lines that were not new behaviour and got no mutant.
	UnchangedLines int  `json:"unchangedLines,omitempty"`
	Partial        bool `json:"partial,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string         `json:"id"`
	Name             string         `json:"name"`
	ShortDescription sarifText      `json:"shortDescription"`
	FullDescription  sarifText      `json:"fullDescription"`
	Help             sarifHelp      `json:"help"`
	Properties       map[string]any `json:"properties"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Properties          map[string]any    `json:"properties"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId"`
}

type sarifRegion struct {
	StartLine   int       `json:"startLine"`
	StartColumn int       `json:"startColumn"`
	EndColumn   int       `json:"endColumn"`
	Snippet     sarifText `json:"snippet"`
}

// SARIF writes one result per vacuous or unshown mutant under the report's regime, at the
// mutated span, with a rule per operator (its description as help) and the bond in the run's
// properties. Vacuous mutants are errors when the bond refuses the patch, warnings otherwise;
// unshown ones are notes (bond abstains on them).
func SARIF(w io.Writer, in Input) error {
	r := in.Report
	run := sarifRun{
		Tool:       sarifTool{Driver: sarifDriver{Name: "bond", Version: r.Tool.Version, InformationURI: "https://github.com/bond-tool/bond", Rules: []sarifRule{}}},
		Results:    []sarifResult{},
		Properties: sarifRunProps{Bond: r.Bond, OperatorDigest: r.Operators.Digest, OperatorSet: r.Operators.Set, Lines: answerLines(r), Partial: r.Partial},
		Invocation: []sarifInvoked{{ExecutionSuccessful: len(r.Errors) == 0 && !r.Partial}},
	}
	if r.Baseline != nil {
		run.Properties.Reach = &r.Baseline.Reach
	}
	run.Properties.Budget = sarifBudget{Total: r.Budget.Total, PerOperator: r.Budget.PerOperator, Candidates: len(r.Mutants) + len(r.Cut), Cut: len(r.Cut)}
	run.Properties.UnchangedLines = r.UnchangedCount()
	run.Invocation[0].Notifications = sarifNotes(r)
	ruleIndex := map[string]int{}
	rule := func(name string) int {
		if i, ok := ruleIndex[name]; ok {
			return i
		}
		desc := "a mutation operator of bond"
		if op, ok := operators.LookupIn(max(r.Operators.Set, 1), name); ok {
			desc = op.Description
		}
		help := fmt.Sprintf("bond applied %s (%s) to a line the patch added and the patch's own tests still passed. A vacuous mutant ran under the tests and changed the program (a witness shows it): add a test that fails on the change. An unshown one is an abstention: the tests never ran the line, or nothing showed the change matters.", name, desc)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
			ID: "bond/" + name, Name: name, ShortDescription: sarifText{Text: desc}, FullDescription: sarifText{Text: desc},
			Help:       sarifHelp{Text: help, Markdown: mdText(help)},
			Properties: map[string]any{"tags": []string{"mutation-testing", "test-adequacy"}},
		})
		ruleIndex[name] = len(run.Tool.Driver.Rules) - 1
		return ruleIndex[name]
	}
	for _, m := range r.Mutants {
		if m.Verdict != report.VerdictVacuous && m.Verdict != report.VerdictUnshown {
			continue
		}
		level := "note"
		if m.Verdict == report.VerdictVacuous {
			level = "warning"
			if r.Bond.Refuses {
				level = "error"
			}
		}
		start := max(m.Column, 1)
		end := start + max(len(m.Change.From), 1)
		if m.Operator == "delete-statement" {
			end = max(len(m.Original)+1, start+1)
		}
		props := map[string]any{"mutantId": m.ID, "verdict": m.Verdict, "status": m.Status, "witness": m.Witness.Kind, "byRegime": m.ByRegime, "mutated": m.Mutated}
		if m.Reason != "" {
			props["reason"] = m.Reason
		}
		run.Results = append(run.Results, sarifResult{
			RuleID: "bond/" + m.Operator, RuleIndex: rule(m.Operator), Level: level,
			Message: sarifText{Text: fmt.Sprintf("bond %s mutant: %s; status %s, witness %s. %s", m.Verdict, changeText(m, plainCode), statusText(m), witnessText(m, plainCode), advice(m, plainCode))},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: sarifArtifact{URI: uriPath(m.Path), URIBaseID: "%SRCROOT%"},
				Region:           sarifRegion{StartLine: max(m.Line, 1), StartColumn: start, EndColumn: end, Snippet: sarifText{Text: m.Original}},
			}}},
			PartialFingerprints: map[string]string{"bondMutantId/v1": m.ID},
			Properties:          props,
		})
	}
	b, err := json.MarshalIndent(sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}}, "", "  ")
	if err != nil {
		return err
	}
	_, err = ciJSON.WriteString(w, string(b)+"\n")
	return err
}

// sarifNotes are the dark facts human and markdown say in sentences, as tool notifications:
// unknown reach is a warning (bond cannot tell whether the tests ran those lines), a budget cut
// and unchanged lines are notes.
func sarifNotes(r *report.Report) []sarifNotification {
	var out []sarifNotification
	note := func(level, id, text string) {
		out = append(out, sarifNotification{Level: level, Message: sarifText{Text: text}, Descriptor: sarifDescriptor{ID: id}})
	}
	if unknownReach(r) {
		note("warning", "bond/reach-unknown", reachLine(r, plainCode))
	}
	if l := budgetLine(r); l != "" {
		note("note", "bond/budget-cut", l+": "+strings.Join(cutList(r, plainCode, 20), ", "))
	}
	if l := unchangedLine(r); l != "" {
		note("note", "bond/unchanged", l)
	}
	return out
}
