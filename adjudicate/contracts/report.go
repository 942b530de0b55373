package contracts

// This file is the contracts report: the facts each mutation's run recorded (so Judge re-derives
// every verdict from the report alone), the judgements, and the summary the exit code comes from.

import (
	"encoding/json"
	"io"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/version"
)

// SchemaVersion is the version of the contracts report (docs/contracts.md).
const SchemaVersion = version.Schema

// Tool identifies the bond that wrote a report.
type Tool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

func toolInfo() Tool { return Tool{Name: version.ToolName, Version: version.Tool} }

// Report is the result of `bond contracts run`.
type Report struct {
	SchemaVersion string `json:"schema_version"`
	Tool          Tool   `json:"tool"`
	// File and SHA256 name the contracts file as it was read.
	File   string `json:"file"`
	SHA256 string `json:"sha256"`
	// Oracle is the command that ran the tests ("embedded: FILE…" on the embedded runner).
	Oracle string `json:"oracle"`
	// Runner is the runner that ran them (node, command or embedded, certify's names) and
	// RunnerNote why, when auto chose or fell back (certify's runner_note).
	Runner     string `json:"runner"`
	RunnerNote string `json:"runner_note,omitempty"`
	// Hermetic says the runs had no network but loopback (--hermetic); Sandbox is how every run
	// was confined, as certify's report records it (run.sandbox): protection, reaping, and the
	// variables passed (env_passed: the allow-list and --pass-env, never their values).
	Hermetic  bool               `json:"hermetic"`
	Sandbox   report.SandboxInfo `json:"sandbox"`
	Baseline  BaselineRecord     `json:"baseline"`
	Mutations []MutationRecord   `json:"mutations"`
	// Summary counts the verdicts; Holds is true when every verdict is OK.
	Summary map[Verdict]int `json:"summary"`
	Holds   bool            `json:"holds"`
}

// BaselineRecord is the unmutated run.
type BaselineRecord struct {
	ExitCode   int   `json:"exit_code"`
	DurationMS int64 `json:"duration_ms"`
	// Results names how per-test results were read (node-test, tap, jest, vitest, or "").
	Results string `json:"results"`
	// Listed says the runner listed every test; Tests are then their full names, the baseline
	// Judge compares a run with.
	Listed bool     `json:"listed"`
	Tests  []string `json:"tests,omitempty"`
}

func baselineRecord(o oracle.Outcome) BaselineRecord {
	return BaselineRecord{ExitCode: o.ExitCode, DurationMS: o.Duration.Milliseconds(), Results: o.Tests.Source, Listed: o.Tests.Listed}
}

// MutationRecord is one contract, the facts its run recorded and its judgement.
type MutationRecord struct {
	Mutation
	Facts Facts `json:"facts"`
	Judgement
	// Pairing is set for invariances: their known-positive controls, or unpaired.
	Pairing    *Pairing `json:"pairing,omitempty"`
	DurationMS int64    `json:"duration_ms"`
	OutputTail string   `json:"output_tail,omitempty"`
}

// summarize counts the verdicts.
func (r *Report) summarize() {
	r.Summary = map[Verdict]int{}
	r.Holds = true
	for _, m := range r.Mutations {
		r.Summary[m.Verdict]++
		if m.Verdict != OK {
			r.Holds = false
		}
	}
}

// WriteJSON writes the report as indented JSON.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}
