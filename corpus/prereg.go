package corpus

// This file is pre-registration's inputs and record (SPEC §6.5): the rule file and its
// conditions, parsed and checked; Freeze, which binds them to a corpus and an operator set in a
// record with its own SHA-256; and LoadRecord, which checks a record before a report uses it.
// Evaluating a record over a report is preregeval.go.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/internal/tomlcheck"
	"github.com/bond-tool/bond/internal/version"
	"github.com/bond-tool/bond/plan"
	"github.com/pelletier/go-toml/v2"
)

// RecordKind marks a pre-registration record.
const RecordKind = "bond-prereg"

// Comparison operators a metric condition may use.
var conditionOps = map[string]func(a, b float64) bool{
	"==": func(a, b float64) bool { return a == b },
	"!=": func(a, b float64) bool { return a != b },
	"<":  func(a, b float64) bool { return a < b },
	"<=": func(a, b float64) bool { return a <= b },
	">":  func(a, b float64) bool { return a > b },
	">=": func(a, b float64) bool { return a >= b },
}

// Condition is one decision condition of a rule file (SPEC §6.5): either a metric condition
// (Metric, Sample, Op, Value) or a task-verdict condition (Task, Verdict; Op == or !=).
type Condition struct {
	Name   string `json:"name"`
	Metric string `json:"metric,omitempty"`
	Task   string `json:"task,omitempty"`
	// Verdict is the task's bond (held, vacuous, unshown, not-bonded) under Regime.
	Verdict string `json:"verdict,omitempty"`
	Regime  string `json:"regime"`
	Sample  string `json:"sample,omitempty"`
	Op      string `json:"op"`
	// Value is the metric's threshold; rates are in percent (0–100), as reports print them.
	Value *float64 `json:"value,omitempty"`
	// RelativeTo, when set, is another regime: the condition compares the metric under Regime
	// minus the same metric under RelativeTo with Value (e.g. gaps_refused under witness-required
	// at most one below witness-recorded's: op ">=", value -1). It lets a rule bound one regime by
	// another measured on the same rows, which a threshold fixed before measuring cannot.
	RelativeTo string `json:"relative_to,omitempty"`
}

// Describe renders the condition as a short formula, e.g. `refusals_witness_none == 0
// (witness-recorded, out)` or `bond of owner/repo#1 == vacuous (witness-recorded)`.
func (c Condition) Describe() string {
	if c.Task != "" {
		return fmt.Sprintf("bond of %s %s %s (%s)", c.Task, c.Op, c.Verdict, c.Regime)
	}
	if c.RelativeTo != "" {
		return fmt.Sprintf("%s − %s under %s %s %s (%s, %s)", c.Metric, c.Metric, c.RelativeTo, c.Op, formatNumber(*c.Value), c.Regime, c.Sample)
	}
	return fmt.Sprintf("%s %s %s (%s, %s)", c.Metric, c.Op, formatNumber(*c.Value), c.Regime, c.Sample)
}

// Rule is a parsed rule file.
type Rule struct {
	Path        string
	SHA256      string
	Description string
	// RequireReach is the rule's reach requirement (SPEC §5's --require-reach, 1–100; 0 for
	// none): every bond the conditions read is derived as certify --require-reach would give it,
	// so a rule can pre-register a default reach together with the figures it must reach.
	RequireReach int
	Conditions   []Condition
}

// LoadRule reads and validates a rule file as a whole: unknown keys, unknown metric names,
// bad operators, regimes, samples and verdicts, and conditions that mix the metric and task
// forms are reported together in one input.Error. defaultRegime fills a missing regime.
func LoadRule(path, defaultRegime string) (*Rule, error) {
	data, err := safefile.Read(path, safefile.DataMax)
	if err != nil {
		return nil, input.Errorf("rule file %s: %w; pass the path of a rule TOML file", path, err)
	}
	return ParseRule(path, data, defaultRegime)
}

var (
	ruleTopKeys  = map[string]bool{"condition": true, "description": true, "require_reach": true}
	conditionKey = map[string]bool{"name": true, "metric": true, "task": true, "verdict": true, "regime": true, "sample": true, "op": true, "value": true, "relative_to": true}
	bondVerdicts = map[string]bool{string(report.VerdictHeld): true, string(report.VerdictVacuous): true, string(report.VerdictUnshown): true, string(report.BondNotBonded): true}
)

// ParseRule validates the bytes of a rule file.
func ParseRule(path string, data []byte, defaultRegime string) (*Rule, error) {
	var raw map[string]any
	if err := toml.Unmarshal(data, &raw); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, input.Errorf("%s:%d:%d: %v; the rule file must be valid TOML", path, row, col, de)
		}
		return nil, input.Errorf("%s: %v; the rule file must be valid TOML", path, err)
	}
	sum := sha256.Sum256(data)
	rule := &Rule{Path: path, SHA256: hex.EncodeToString(sum[:])}
	p := &tomlcheck.Problems{Path: path}
	for _, k := range tomlcheck.SortedKeys(raw) {
		if !ruleTopKeys[k] {
			p.Addf("unknown top-level key %q (known: condition, description, require_reach)", k)
		}
	}
	rule.Description = p.Str("", "description", raw["description"])
	switch v := raw["require_reach"].(type) {
	case nil:
	case int64:
		if v < 1 || v > 100 {
			p.Addf("require_reach = %d: use a percentage from 1 to 100 (leave the key out for none)", v)
		}
		rule.RequireReach = int(v)
	default:
		p.Addf("key \"require_reach\" must be a whole percentage (1–100), not %s", tomlcheck.TypeName(v))
	}
	list, ok := raw["condition"].([]any)
	if !ok || len(list) == 0 {
		p.Addf("no [[condition]]: a rule needs at least one condition")
	}
	names := map[string]int{}
	for i, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			p.Addf("condition %d: is not a table; write each condition as a [[condition]] table", i+1)
			continue
		}
		c := parseCondition(p, i, m, defaultRegime)
		if c.Name != "" {
			if j, dup := names[c.Name]; dup {
				p.Addf("condition %q (condition %d): duplicate name, first used by condition %d", c.Name, i+1, j+1)
			}
			names[c.Name] = i
		}
		rule.Conditions = append(rule.Conditions, c)
	}
	if err := p.Err("rule file"); err != nil {
		return nil, err
	}
	return rule, nil
}

func parseCondition(p *tomlcheck.Problems, i int, m map[string]any, defaultRegime string) Condition {
	name, _ := m["name"].(string)
	where := fmt.Sprintf("condition %d", i+1)
	if name != "" {
		where = fmt.Sprintf("condition %q (condition %d)", name, i+1)
	}
	for _, k := range tomlcheck.SortedKeys(m) {
		if !conditionKey[k] {
			p.Addf("%s: unknown key %q (known: metric, name, op, regime, relative_to, sample, task, value, verdict)", where, k)
		}
	}
	c := Condition{Regime: defaultRegime}
	c.Name = p.Str(where, "name", m["name"])
	if strings.TrimSpace(c.Name) == "" {
		p.Addf("%s: missing required key \"name\"", where)
	}
	if v, ok := m["regime"]; ok {
		c.Regime = p.Str(where, "regime", v)
	}
	if !report.ValidRegime(report.Regime(c.Regime)) {
		p.Addf("%s: regime = %q: use one of %s", where, c.Regime, strings.Join(report.RegimeNames(), ", "))
	}
	c.Metric = p.Str(where, "metric", m["metric"])
	c.Task = p.Str(where, "task", m["task"])
	c.Verdict = p.Str(where, "verdict", m["verdict"])
	c.Sample = p.Str(where, "sample", m["sample"])
	c.Op = p.Str(where, "op", m["op"])
	c.RelativeTo = p.Str(where, "relative_to", m["relative_to"])
	if _, ok := m["relative_to"]; ok {
		switch {
		case !report.ValidRegime(report.Regime(c.RelativeTo)):
			p.Addf("%s: relative_to = %q: use one of %s", where, c.RelativeTo, strings.Join(report.RegimeNames(), ", "))
		case c.RelativeTo == c.Regime:
			p.Addf("%s: relative_to = %q is the condition's own regime; name another regime to compare with", where, c.RelativeTo)
		}
		if _, isTask := m["task"]; isTask {
			p.Addf("%s: key \"relative_to\" belongs to a metric condition, not to a task condition", where)
		}
	}
	_, hasMetric := m["metric"]
	_, hasTask := m["task"]
	switch {
	case hasMetric && hasTask:
		p.Addf("%s: keys \"metric\" and \"task\" are both set; a condition is either on a metric or on one task's bond", where)
	case !hasMetric && !hasTask:
		p.Addf("%s: missing required key \"metric\" or \"task\"", where)
	case hasMetric:
		if !IsMetric(c.Metric) {
			p.Addf("%s: unknown metric %q (metrics: %s)", where, c.Metric, strings.Join(MetricNames, ", "))
		}
		if _, ok := m["verdict"]; ok {
			p.Addf("%s: key \"verdict\" belongs to a task condition, not to a metric condition", where)
		}
		if _, ok := m["sample"]; !ok {
			p.Addf("%s: missing required key \"sample\" (in, out or all)", where)
		} else if c.Sample != SampleIn && c.Sample != SampleOut && c.Sample != SampleAll {
			p.Addf("%s: sample = %q: use in, out or all", where, c.Sample)
		}
		if _, ok := conditionOps[c.Op]; !ok {
			p.Addf("%s: op = %q: use one of == != < <= > >=", where, c.Op)
		}
		switch v := m["value"].(type) {
		case int64:
			f := float64(v)
			c.Value = &f
		case float64:
			if math.IsNaN(v) || math.IsInf(v, 0) {
				p.Addf("%s: value must be a finite number", where)
			}
			c.Value = &v
		case nil:
			p.Addf("%s: missing required key \"value\"", where)
		default:
			p.Addf("%s: key \"value\" must be a number, not %s", where, tomlcheck.TypeName(v))
		}
	case hasTask:
		if strings.TrimSpace(c.Task) == "" {
			p.Addf("%s: key \"task\" is empty", where)
		}
		if !bondVerdicts[c.Verdict] {
			p.Addf("%s: verdict = %q: use held, vacuous, unshown or not-bonded", where, c.Verdict)
		}
		for _, k := range []string{"sample", "value"} {
			if _, ok := m[k]; ok {
				p.Addf("%s: key %q belongs to a metric condition, not to a task condition", where, k)
			}
		}
		if c.Op == "" {
			c.Op = "=="
		} else if c.Op != "==" && c.Op != "!=" {
			p.Addf("%s: op = %q: a task condition compares with == or !=", where, c.Op)
		}
	}
	return c
}

// Record is a frozen pre-registration (SPEC §6.5). SHA256 is the SHA-256 of the record's
// canonical JSON with SHA256 empty, so an edit after the freeze is detected.
type Record struct {
	SchemaVersion string           `json:"schema_version"`
	Kind          string           `json:"kind"`
	Created       time.Time        `json:"created"`
	Tool          plan.Tool        `json:"tool"`
	Operators     plan.OperatorSet `json:"operators"`
	Budget        plan.BudgetInfo  `json:"budget"`
	Regime        string           `json:"regime"`
	// RequireReach is the rule's reach requirement (0: none), under which every bond the
	// conditions read is derived.
	RequireReach int       `json:"require_reach,omitempty"`
	Corpus       CorpusRef `json:"corpus"`
	// InSample lists the tasks that informed the operator design; every other task is out.
	InSample   []string    `json:"in_sample"`
	Rule       RuleRef     `json:"rule"`
	Conditions []Condition `json:"conditions"`
	SHA256     string      `json:"sha256"`
}

// CorpusRef identifies the corpus a record was frozen on.
type CorpusRef struct {
	Path   string   `json:"path"`
	Name   string   `json:"name,omitempty"`
	SHA256 string   `json:"sha256"`
	Tasks  []string `json:"tasks"`
}

// RuleRef identifies the rule file the conditions were copied from.
type RuleRef struct {
	Path        string `json:"path"`
	SHA256      string `json:"sha256"`
	Description string `json:"description,omitempty"`
}

// FreezeOptions are the inputs of Freeze.
type FreezeOptions struct {
	Corpus    *Corpus
	Rule      *Rule
	Operators plan.OperatorSet
	Now       time.Time
}

// Freeze builds the record of a corpus and a rule under an operator set. A task condition that
// names a task the corpus does not hold is an InputError.
func Freeze(o FreezeOptions) (*Record, error) {
	all, in := o.Corpus.TaskIDs()
	known := map[string]bool{}
	for _, id := range all {
		known[id] = true
	}
	var bad []string
	for _, c := range o.Rule.Conditions {
		if c.Task != "" && !known[c.Task] {
			bad = append(bad, fmt.Sprintf("condition %q names task %q, which %s does not hold", c.Name, c.Task, o.Corpus.Path))
		}
	}
	if len(bad) > 0 {
		return nil, input.Errorf("%s:\n  %s\nfix the task ids in the rule file", o.Rule.Path, strings.Join(bad, "\n  "))
	}
	if in == nil {
		in = []string{}
	}
	rec := &Record{
		SchemaVersion: version.Schema,
		Kind:          RecordKind,
		Created:       o.Now.UTC(),
		Tool:          plan.Tool{Name: version.ToolName, Version: version.Tool},
		Operators:     o.Operators,
		Budget:        plan.BudgetInfo{Total: o.Corpus.Budget, PerOperator: o.Corpus.PerOperator},
		Regime:        o.Corpus.Regime,
		RequireReach:  o.Rule.RequireReach,
		Corpus:        CorpusRef{Path: o.Corpus.Path, Name: o.Corpus.Name, SHA256: o.Corpus.SHA256, Tasks: all},
		InSample:      in,
		Rule:          RuleRef{Path: o.Rule.Path, SHA256: o.Rule.SHA256, Description: o.Rule.Description},
		Conditions:    o.Rule.Conditions,
	}
	sum, err := rec.digest()
	if err != nil {
		return nil, err
	}
	rec.SHA256 = sum
	return rec, nil
}

// digest is the SHA-256 of the record's JSON with SHA256 empty.
func (r *Record) digest() (string, error) {
	c := *r
	c.SHA256 = ""
	data, err := json.Marshal(&c)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// Marshal renders the record as indented JSON with a final newline.
func (r *Record) Marshal() ([]byte, error) {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// LoadRecord reads a pre-registration record and checks it: the kind, the schema, every
// condition (unknown metric names are refused here too) and the record's own SHA-256.
func LoadRecord(path string) (*Record, error) {
	data, err := safefile.Read(path, safefile.DataMax)
	if err != nil {
		return nil, input.Errorf("pre-registration %s: %w", path, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var rec Record
	if err := dec.Decode(&rec); err != nil {
		return nil, input.Errorf("pre-registration %s is malformed: %v; write it with bond prereg freeze", path, err)
	}
	p := &tomlcheck.Problems{Path: path}
	if rec.Kind != RecordKind {
		p.Addf("kind = %q: not a pre-registration record (want %q)", rec.Kind, RecordKind)
	}
	if rec.SchemaVersion != version.Schema {
		p.Addf("schema_version = %q: this bond reads %q", rec.SchemaVersion, version.Schema)
	}
	if rec.Operators.Digest == "" {
		p.Addf("operators.digest is empty")
	}
	if rec.Created.IsZero() {
		p.Addf("created is missing")
	}
	if len(rec.Conditions) == 0 {
		p.Addf("the record has no conditions")
	}
	if rec.RequireReach < 0 || rec.RequireReach > 100 {
		p.Addf("require_reach = %d: not a percentage from 1 to 100", rec.RequireReach)
	}
	for i, c := range rec.Conditions {
		where := fmt.Sprintf("condition %q (condition %d)", c.Name, i+1)
		if !report.ValidRegime(report.Regime(c.Regime)) {
			p.Addf("%s: unknown regime %q", where, c.Regime)
		}
		switch {
		case c.Metric != "" && c.Task != "", c.Metric == "" && c.Task == "":
			p.Addf("%s: a condition names either a metric or a task", where)
		case c.Metric != "":
			if !IsMetric(c.Metric) {
				p.Addf("%s: unknown metric %q (metrics: %s)", where, c.Metric, strings.Join(MetricNames, ", "))
			}
			if _, ok := conditionOps[c.Op]; !ok {
				p.Addf("%s: unknown op %q", where, c.Op)
			}
			if c.Value == nil {
				p.Addf("%s: no value", where)
			}
			if c.Sample != SampleIn && c.Sample != SampleOut && c.Sample != SampleAll {
				p.Addf("%s: unknown sample %q", where, c.Sample)
			}
			if c.RelativeTo != "" && (!report.ValidRegime(report.Regime(c.RelativeTo)) || c.RelativeTo == c.Regime) {
				p.Addf("%s: relative_to %q is not another regime", where, c.RelativeTo)
			}
		default:
			if !bondVerdicts[c.Verdict] {
				p.Addf("%s: unknown verdict %q", where, c.Verdict)
			}
			if c.Op != "==" && c.Op != "!=" {
				p.Addf("%s: unknown op %q for a task condition", where, c.Op)
			}
		}
	}
	if len(p.List) == 0 {
		sum, err := rec.digest()
		if err != nil {
			return nil, err
		}
		if sum != rec.SHA256 {
			p.Addf("sha256 = %s, but the record's content hashes to %s: the record was edited after it was frozen; freeze a new one", rec.SHA256, sum)
		}
	}
	if err := p.Err("pre-registration record"); err != nil {
		return nil, err
	}
	return &rec, nil
}
