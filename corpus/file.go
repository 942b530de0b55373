// Package corpus replays corpora of patches through certify and reads the rows they leave
// (SPEC §6): the corpus file, the rows file, the statistics with Wilson intervals computed off
// the rows alone, the comparison of two rows files, and pre-registration of a decision rule.
//
// Everything a report prints is re-derived from the recorded facts in the rows (each mutant's
// status, reason and witness), with report.MutantFacts.Verdict and report.Bond (package
// adjudicate/report), so a figure can be checked without re-running anything.
//
// Where the SPEC rules live:
//
//	§6.1 the corpus file (format 1, tasks, checks)          file.go; one [[task]]: task.go
//	§6.2 bond corpus run: tasks, rows appended, resume       run.go, worktree.go, step.go; rows: row.go
//	§6.3 bond corpus report: metrics, intervals, rendering   stats.go, wilson.go, report.go
//	§6.4 bond corpus compare                                 compare.go
//	§6.5 pre-registration: rule file, record, conditions     prereg.go; evaluation: preregeval.go
//	§8   synthetic rows for the report benchmarks            synth.go
//
// The commands are cmd/bond/corpus.go and cmd/bond/prereg.go.
package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/internal/tomlcheck"
	"github.com/bond-tool/bond/plan"
	"github.com/pelletier/go-toml/v2"
)

// Format is the only corpus file format this version reads (`format = 1`).
const Format = 1

// Defaults of the corpus-level settings: the budget is operator set 1's (plan.DefaultBudget
// mutants per patch, plan.DefaultPerOperator per operator; SPEC §2.5), written in plan alone.
const (
	DefaultBudget      = plan.DefaultBudget
	DefaultPerOperator = plan.DefaultPerOperator
	DefaultArm         = "default"
	DefaultSample      = SampleOut
)

// Samples: whether a task informed the operator design ("in") or not ("out"), and both.
const (
	SampleIn  = "in"
	SampleOut = "out"
	SampleAll = "all"
)

// UseOperatorSet makes every task plan with operator set n, as the key operator_set = n would:
// the budget and per_operator the file gives stay, the ones it leaves out become set n's
// defaults (plan.DefaultBudgetOf; under set 2 and later the per-operator cap is the budget).
// bond corpus run --operator-set calls it, so one corpus file replays under every set. An
// unknown set is an input error naming the sets that exist.
func (c *Corpus) UseOperatorSet(n int) error {
	def, err := plan.DefaultBudgetOf(n)
	if err != nil {
		return err
	}
	c.OperatorSet = n
	if !c.budgetSet {
		c.Budget = def.Total
	}
	if !c.perOperatorSet {
		c.PerOperator = min(plan.PerOperatorDefault(n, c.Budget), c.Budget)
	}
	return nil
}

// Corpus is a validated corpus file. Paths in it are absolute, resolved against the directory
// the file is in.
type Corpus struct {
	// Path is the corpus file as given; Dir the absolute directory it is in.
	Path string
	Dir  string
	// SHA256 is the hex SHA-256 of the file's bytes; pre-registration records it.
	SHA256 string
	Name   string
	// OperatorSet is the operator set every task is planned with (key operator_set; 0, the key
	// absent, is operators.DefaultSet).
	OperatorSet int
	// Budget and PerOperator are the per-patch mutant budget every task is certified with; when
	// the file gives none they are the operator set's defaults (plan.DefaultBudgetOf).
	Budget      int
	PerOperator int
	// Rule is the planner rule every task is planned with (key rule; a name plan.RuleOf gives, or
	// "", the operators' rank alone); it enters the operator digest when set.
	Rule string
	// budgetSet and perOperatorSet record that the file gave budget and per_operator, so that
	// another operator set (UseOperatorSet) keeps them and fills only the others.
	budgetSet, perOperatorSet bool
	// Regime is the regime the corpus is about (default witness-recorded); rows carry all three.
	Regime string
	// Timeout is the per-run time limit handed to certify; zero leaves certify's default.
	Timeout time.Duration
	// ValueNeighbours certifies every task with --value-neighbours (corpus run's flag; no key
	// of the file). It enters each task's fingerprint, so rows with and without it never mix.
	ValueNeighbours bool
	// Parity certifies every task with --parity (corpus run's flag; no key of the file): each
	// embedded outcome that decides the bond is run again under the real runner, so a survey's
	// embedded share can be counted only where the two agree. It enters each task's
	// fingerprint.
	Parity bool
	Tasks  []Task
}

// Task is one patch to replay. RepoDir, PatchPath and HeldbackPatchPath are absolute.
type Task struct {
	// Index is the task's 0-based position in the file; --shard I/N selects Index mod N == I.
	Index int    `json:"-"`
	ID    string `json:"id"`
	// Repo is as written in the file, relative to it; RepoDir is its absolute path.
	Repo    string `json:"repo"`
	RepoDir string `json:"-"`
	Base    string `json:"base"`
	Head    string `json:"head,omitempty"`
	Patch   string `json:"patch,omitempty"`
	// PatchPath is the absolute path of Patch.
	PatchPath string   `json:"-"`
	Arm       string   `json:"arm"`
	Sample    string   `json:"sample"`
	Install   string   `json:"install,omitempty"`
	OracleCmd string   `json:"oracle_cmd,omitempty"`
	Oracle    []string `json:"oracle,omitempty"`
	// Runner is certify's --runner for an oracle given as files (auto, node, embedded).
	Runner            string            `json:"runner,omitempty"`
	Gates             map[string]string `json:"gates,omitempty"`
	HeldbackCmd       string            `json:"heldback_cmd,omitempty"`
	HeldbackPatch     string            `json:"heldback_patch,omitempty"`
	HeldbackPatchPath string            `json:"-"`
	// Timeout overrides the corpus-level timeout for this task.
	Timeout time.Duration `json:"-"`
	// KnownGap is the ground truth's verdict on the task (nil: not judged): true when the
	// commit's tests leave a gap on the lines it added. GroundTruth is its ground-truth file as
	// written, Truth that file read. Neither is in the fingerprint: judging a task later does
	// not change what a run records, so its rows stay valid.
	KnownGap    *bool  `json:"-"`
	GroundTruth string `json:"-"`
	Truth       *Truth `json:"-"`
}

// Keys a corpus file may hold, at the top and in each [[task]], with whether they are required.
var (
	topKeys  = map[string]bool{"format": true, "name": false, "task": true, "budget": false, "per_operator": false, "operator_set": false, "regime": false, "timeout": false, "rule": false}
	taskKeys = map[string]bool{
		"id": true, "repo": true, "base": true, "head": false, "patch": false, "arm": false, "sample": false,
		"install": false, "oracle_cmd": false, "oracle": false, "runner": false, "gates": false,
		"heldback_cmd": false, "heldback_patch": false, "timeout": false, "known_gap": false, "ground_truth": false,
	}
)

// Load reads and validates a corpus file as a whole before anything runs: unknown keys,
// duplicate ids, missing required keys, `head` together with `patch`, `oracle_cmd` together
// with `oracle`, values of the wrong type, and paths that leave the corpus directory or do not
// exist are all reported together in one input.Error, each with its task and key.
func Load(path string) (*Corpus, error) {
	data, err := safefile.Read(path, safefile.DataMax)
	if err != nil {
		return nil, input.Errorf("corpus file %s: %w; pass the path of a corpus TOML file", path, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, input.Errorf("corpus file %s: %w", path, err)
	}
	return Parse(path, filepath.Dir(abs), data)
}

// Parse validates the bytes of a corpus file whose relative paths resolve against dir.
func Parse(path, dir string, data []byte) (*Corpus, error) {
	return parse(path, dir, data, true)
}

// parse is Parse; repos says whether each task's repository must exist (LoadGroundTruth reads a
// corpus for its ground truth without the repositories).
func parse(path, dir string, data []byte, repos bool) (*Corpus, error) {
	var raw map[string]any
	if err := toml.Unmarshal(data, &raw); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, input.Errorf("%s:%d:%d: %v; the corpus file must be valid TOML", path, row, col, de)
		}
		return nil, input.Errorf("%s: %v; the corpus file must be valid TOML", path, err)
	}
	sum := sha256.Sum256(data)
	c := &Corpus{Path: path, Dir: dir, SHA256: hex.EncodeToString(sum[:]), Budget: DefaultBudget, PerOperator: DefaultPerOperator, Regime: string(report.RegimeWitnessRecorded)}
	p := &tomlcheck.Problems{Path: path}

	for _, k := range tomlcheck.SortedKeys(raw) {
		if _, ok := topKeys[k]; !ok {
			p.Addf("unknown top-level key %q (known: budget, format, name, operator_set, per_operator, regime, rule, task, timeout)", k)
		}
	}
	for _, k := range []string{"format", "task"} {
		if _, ok := raw[k]; !ok {
			p.Addf("missing required top-level key %q", k)
		}
	}
	if v, ok := raw["format"]; ok {
		if n, ok := v.(int64); !ok || n != Format {
			p.Addf("format = %v: this bond reads format = %d", v, Format)
		}
	}
	c.Name = p.Str("", "name", raw["name"])
	if v, ok := raw["budget"]; ok {
		c.Budget, c.budgetSet = positive(p, "", "budget", v), true
	}
	if v, ok := raw["per_operator"]; ok {
		c.PerOperator, c.perOperatorSet = positive(p, "", "per_operator", v), true
	}
	if v, ok := raw["operator_set"]; ok {
		if err := c.UseOperatorSet(positive(p, "", "operator_set", v)); err != nil {
			p.Addf("operator_set = %v: %v", v, err)
		}
	}
	if v, ok := raw["rule"]; ok {
		c.Rule = p.Str("", "rule", v)
		if _, ok := plan.ParseRule(c.Rule); !ok || c.Rule == "" {
			names := plan.RuleNames()
			p.Addf("rule = %q: the planner rules besides the operators' rank are %q, %q and %q, and with earlier versions %s (leave the key out for the rank)", c.Rule, names[0], names[1], names[2], quoteAll(names[3:]))
		}
	}
	if v, ok := raw["regime"]; ok {
		c.Regime = p.Str("", "regime", v)
		if !report.ValidRegime(report.Regime(c.Regime)) {
			p.Addf("regime = %q: use one of %s", c.Regime, strings.Join(report.RegimeNames(), ", "))
		}
	}
	if v, ok := raw["timeout"]; ok {
		c.Timeout = duration(p, "", "timeout", v)
	}

	var tables []map[string]any
	switch v := raw["task"].(type) {
	case nil:
	case []any:
		for i, t := range v {
			m, ok := t.(map[string]any)
			if !ok {
				p.Addf("task %d: is not a table; write each task as a [[task]] table", i+1)
				continue
			}
			tables = append(tables, m)
		}
	case []map[string]any:
		tables = v
	default:
		p.Addf("task: is not an array of tables; write each task as a [[task]] table")
	}
	if _, ok := raw["task"]; ok && len(tables) == 0 {
		p.Addf("task: the corpus has no tasks; add at least one [[task]]")
	}

	firstAt := map[string]int{}
	for i, m := range tables {
		t := parseTask(p, dir, i, m, repos)
		if t.ID != "" {
			if j, dup := firstAt[t.ID]; dup {
				p.Addf("task %q (task %d): duplicate id, first used by task %d; ids must be unique", t.ID, i+1, j+1)
			} else {
				firstAt[t.ID] = i
			}
		}
		c.Tasks = append(c.Tasks, t)
	}
	if err := p.Err("corpus file"); err != nil {
		return nil, err
	}
	return c, nil
}

// canonicalEntry is what a task's fingerprint is computed over: the entry as written, the
// corpus-level settings that change what a run records, and the SHA-256 of each patch file's
// bytes, so editing a patch file re-runs the task.
type canonicalEntry struct {
	Task
	Budget              int    `json:"budget"`
	PerOperator         int    `json:"per_operator"`
	Regime              string `json:"regime"`
	TimeoutMS           int64  `json:"timeout_ms"`
	ValueNeighbours     bool   `json:"value_neighbours,omitempty"`
	Parity              bool   `json:"parity,omitempty"`
	PatchSHA256         string `json:"patch_sha256,omitempty"`
	HeldbackPatchSHA256 string `json:"heldback_patch_sha256,omitempty"`
}

// Fingerprint is the SHA-256 of the task's canonical corpus entry, the bond version and the
// operator digest (SPEC §6.2). A row with the same fingerprint means the task need not run again.
func (c *Corpus) Fingerprint(t Task, bondVersion, operatorDigest string) (string, error) {
	e := canonicalEntry{Task: t, Budget: c.Budget, PerOperator: c.PerOperator, Regime: c.Regime, TimeoutMS: c.taskTimeout(t).Milliseconds(), ValueNeighbours: c.ValueNeighbours, Parity: c.Parity}
	var err error
	if t.PatchPath != "" {
		if e.PatchSHA256, err = fileSHA256(t.PatchPath); err != nil {
			return "", err
		}
	}
	if t.HeldbackPatchPath != "" {
		if e.HeldbackPatchSHA256, err = fileSHA256(t.HeldbackPatchPath); err != nil {
			return "", err
		}
	}
	entry, err := json.Marshal(e) // struct fields in order, map keys sorted: canonical
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write(entry)
	h.Write([]byte{0})
	h.Write([]byte(bondVersion))
	h.Write([]byte{0})
	h.Write([]byte(operatorDigest))
	return hex.EncodeToString(h.Sum(nil)), nil
}

// taskTimeout is the task's own timeout, else the corpus's.
func (c *Corpus) taskTimeout(t Task) time.Duration {
	if t.Timeout > 0 {
		return t.Timeout
	}
	return c.Timeout
}

func fileSHA256(path string) (string, error) {
	data, err := safefile.Read(path, safefile.DataMax)
	if err != nil {
		return "", input.Errorf("%s: %w", path, err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// TaskIDs lists the ids of the tasks in file order, those with sample = "in" apart.
func (c *Corpus) TaskIDs() (all, in []string) {
	for _, t := range c.Tasks {
		all = append(all, t.ID)
		if t.Sample == SampleIn {
			in = append(in, t.ID)
		}
	}
	return all, in
}

// quoteAll quotes each name and joins them with ", " for a message.
func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}
