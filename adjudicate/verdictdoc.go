package adjudicate

// This file is the verdict document (SPEC §4.5): mutants a person judged equivalent, applied to
// the results.

import (
	"bytes"
	"encoding/json"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/internal/version"
)

// VerdictDoc is a verdict document (SPEC §4.5): mutants a person judged equivalent.
type VerdictDoc struct {
	SchemaVersion string         `json:"schema_version"`
	Verdicts      []VerdictEntry `json:"verdicts"`
	path          string
}

// VerdictEntry is one person's judgement of one mutant.
type VerdictEntry struct {
	MutantID string `json:"mutant_id"`
	// Verdict is "equivalent", the only judgement a document can record.
	Verdict report.Verdict `json:"verdict"`
	Note    string         `json:"note,omitempty"`
}

// LoadVerdicts reads and checks a verdict document. Anything malformed (bad JSON, unknown field,
// wrong schema_version, a verdict other than equivalent, an empty or repeated id) is an
// InputError naming the file, before anything runs.
func LoadVerdicts(p string) (*VerdictDoc, error) {
	b, err := safefile.Read(p, safefile.ConfigMax)
	if err != nil {
		return nil, input.Errorf("--verdicts %s: %v", p, err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var d VerdictDoc
	if err := dec.Decode(&d); err != nil {
		return nil, input.Errorf("--verdicts %s: not a verdict document: %v; want {\"schema_version\":\"1\",\"verdicts\":[{\"mutant_id\":\"…\",\"verdict\":\"equivalent\",\"note\":\"…\"}]}", p, err)
	}
	if dec.More() {
		return nil, input.Errorf("--verdicts %s: trailing data after the JSON document", p)
	}
	if d.SchemaVersion != version.Schema {
		return nil, input.Errorf("--verdicts %s: schema_version %q: want %q", p, d.SchemaVersion, version.Schema)
	}
	seen := map[string]bool{}
	for i, v := range d.Verdicts {
		if v.MutantID == "" {
			return nil, input.Errorf("--verdicts %s: verdicts[%d] has no mutant_id", p, i)
		}
		if v.Verdict != report.VerdictEquivalent {
			return nil, input.Errorf("--verdicts %s: verdicts[%d] (%s): verdict %q: the only verdict a document can record is \"equivalent\"", p, i, v.MutantID, v.Verdict)
		}
		if seen[v.MutantID] {
			return nil, input.Errorf("--verdicts %s: mutant %s is judged twice", p, v.MutantID)
		}
		seen[v.MutantID] = true
	}
	d.path = p
	return &d, nil
}

// judged is the set of mutant ids the document judges equivalent (nil for no document):
// adjudication asks no detector about an accepted one, whose verdict the document gives.
func (d *VerdictDoc) judged() map[string]bool {
	if d == nil {
		return nil
	}
	ids := make(map[string]bool, len(d.Verdicts))
	for _, v := range d.Verdicts {
		ids[v.MutantID] = true
	}
	return ids
}

// apply marks the report's mutants from the document: an accepted mutant becomes equivalent, a
// killed or timed-out one is contradicted, an id no mutant has is unmatched.
func (d *VerdictDoc) apply(ms []report.MutantResult) *report.VerdictsInfo {
	info := &report.VerdictsInfo{Path: d.path, Matched: []string{}, Contradicted: []string{}, Unmatched: []string{}}
	byID := map[string]*report.MutantResult{}
	for i := range ms {
		byID[ms[i].ID] = &ms[i]
	}
	for _, v := range d.Verdicts {
		m := byID[v.MutantID]
		if m == nil {
			info.Unmatched = append(info.Unmatched, v.MutantID)
			continue
		}
		m.Note = v.Note
		switch m.Status {
		case report.StatusKilled, report.StatusTimeout:
			m.Equivalence = "contradicted"
			info.Contradicted = append(info.Contradicted, v.MutantID)
		case report.StatusAccepted:
			m.Equivalence = string(report.VerdictEquivalent)
			info.Matched = append(info.Matched, v.MutantID)
		default:
			info.Matched = append(info.Matched, v.MutantID)
		}
	}
	return info
}
