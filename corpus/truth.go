package corpus

// This file is the ground truth of a corpus (docs/corpus.md, "Ground truth"): the task keys
// known_gap and ground_truth, and the ground-truth file of a task — every judged mutant of a
// reference tool (StrykerJS) and of bond, real or equivalent with a one-line reason, and what
// StrykerJS cost on the task. The report reads it to compute gap_recall, false_refusals and the
// cost comparison (truthstats.go).

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/internal/tomlcheck"
	"github.com/pelletier/go-toml/v2"
)

// Judgements of a mutant in a ground truth.
const (
	// JudgedReal: the mutant changes behaviour the commit's tests should have pinned; surviving,
	// it shows a gap in them.
	JudgedReal = "real"
	// JudgedEquivalent: the mutant behaves as the original does on every input the code can get.
	JudgedEquivalent = "equivalent"
)

// Tools whose mutants a ground truth judges.
const (
	ToolStryker = "stryker"
	ToolBond    = "bond"
)

// Truth is one task's ground-truth file.
type Truth struct {
	// Path is the file as written in the corpus; Task the task id the file says it is about.
	Path string
	Task string
	// Stryker is what StrykerJS cost on the task, when it was run; nil otherwise.
	Stryker *StrykerCost
	Mutants []Judgement
}

// StrykerCost is StrykerJS's run on a task's added lines: the test-command runs it made (one per
// mutant tested plus its initial run) and its wall time, so a rule can weigh bond's cost against it.
type StrykerCost struct {
	Version string
	Runs    int
	WallMS  int64
}

// Judgement is one mutant judged by reading the code.
type Judgement struct {
	Tool string
	File string
	Line int
	// Mutator is the tool's operator name (optional); Original the line before (optional).
	Mutator  string
	Original string
	// Mutated is the mutated line as the tool prints it (bond: the mutant's `mutated`).
	Mutated string
	// Status is the tool's result for the mutant (e.g. Survived), as recorded (optional).
	Status    string
	Judgement string
	Reason    string
}

// HasReal reports whether any mutant of the truth is judged real: the commit's tests leave a gap.
func (t *Truth) HasReal() bool {
	for _, j := range t.Mutants {
		if j.Judgement == JudgedReal {
			return true
		}
	}
	return false
}

// JudgementOf finds the judgement of bond's mutant on file:line with the mutated text: a
// judgement of either tool whose mutated line is the same text (whitespace at either end
// ignored) judges the same program. ok is false when the truth (nil included) does not judge
// it. Exported for the measuring scripts (scripts/eval-witness), which must match mutants to
// judgements exactly as the report does.
func (t *Truth) JudgementOf(file string, line int, mutated string) (j Judgement, ok bool) {
	if t == nil {
		return Judgement{}, false
	}
	mutated = strings.TrimSpace(mutated)
	for _, j := range t.Mutants {
		if j.File == file && j.Line == line && strings.TrimSpace(j.Mutated) == mutated {
			return j, true
		}
	}
	return Judgement{}, false
}

var (
	truthTopKeys     = map[string]bool{"task": true, "stryker": false, "mutant": false}
	truthStrykerKeys = map[string]bool{"version": false, "runs": true, "wall_ms": true}
	truthMutantKeys  = map[string]bool{
		"tool": true, "file": true, "line": true, "mutator": false, "original": false, "mutated": true,
		"status": false, "judgement": true, "reason": true,
	}
)

// loadTruth reads and validates the ground-truth file of the task at where, adding every problem
// to p. rel is the path as written in the corpus, full its absolute path.
func loadTruth(p *tomlcheck.Problems, where, id, rel, full string) *Truth {
	data, err := safefile.Read(full, safefile.DataMax)
	if err != nil {
		p.Addf("%s: ground_truth = %q: %v", where, rel, err)
		return nil
	}
	var raw map[string]any
	if err := toml.Unmarshal(data, &raw); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			p.Addf("%s: ground_truth %s:%d:%d: %v; the ground-truth file must be valid TOML", where, rel, row, col, de)
		} else {
			p.Addf("%s: ground_truth %s: %v; the ground-truth file must be valid TOML", where, rel, err)
		}
		return nil
	}
	at := fmt.Sprintf("%s: ground_truth %s", where, rel)
	checkKeys(p, at, "", raw, truthTopKeys)
	t := &Truth{Path: rel, Task: p.Str(at, "task", raw["task"])}
	if _, ok := raw["task"]; ok && t.Task != id {
		p.Addf("%s: task = %q, but the corpus task is %q; a ground-truth file judges one task", at, t.Task, id)
	}
	if v, ok := raw["stryker"]; ok {
		m, isMap := v.(map[string]any)
		if !isMap {
			p.Addf("%s: key \"stryker\" must be a table ([stryker])", at)
		} else {
			checkKeys(p, at, "[stryker] ", m, truthStrykerKeys)
			t.Stryker = &StrykerCost{Version: p.Str(at, "stryker.version", m["version"])}
			if r, ok := m["runs"]; ok {
				t.Stryker.Runs = positive(p, at, "stryker.runs", r)
			}
			if w, ok := m["wall_ms"]; ok {
				t.Stryker.WallMS = int64(positive(p, at, "stryker.wall_ms", w))
			}
		}
	}
	var list []any
	switch v := raw["mutant"].(type) {
	case nil:
	case []any:
		list = v
	default:
		p.Addf("%s: key \"mutant\" must be an array of [[mutant]] tables", at)
	}
	for i, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			p.Addf("%s: mutant %d is not a table", at, i+1)
			continue
		}
		mw := fmt.Sprintf("%s: mutant %d", at, i+1)
		checkKeys(p, mw, "", m, truthMutantKeys)
		j := Judgement{
			Tool: p.Str(mw, "tool", m["tool"]), File: p.Str(mw, "file", m["file"]),
			Mutator: p.Str(mw, "mutator", m["mutator"]), Original: p.Str(mw, "original", m["original"]),
			Mutated: p.Str(mw, "mutated", m["mutated"]), Status: p.Str(mw, "status", m["status"]),
			Judgement: p.Str(mw, "judgement", m["judgement"]), Reason: p.Str(mw, "reason", m["reason"]),
		}
		if v, ok := m["line"]; ok {
			j.Line = positive(p, mw, "line", v)
		}
		if _, ok := m["tool"]; ok && j.Tool != ToolStryker && j.Tool != ToolBond {
			p.Addf("%s: tool = %q: use %q or %q", mw, j.Tool, ToolStryker, ToolBond)
		}
		if _, ok := m["file"]; ok && !filepath.IsLocal(filepath.FromSlash(j.File)) {
			p.Addf("%s: file = %q is not a repository-relative path", mw, j.File)
		}
		if _, ok := m["judgement"]; ok && j.Judgement != JudgedReal && j.Judgement != JudgedEquivalent {
			p.Addf("%s: judgement = %q: use %q or %q", mw, j.Judgement, JudgedReal, JudgedEquivalent)
		}
		if _, ok := m["reason"]; ok && (strings.TrimSpace(j.Reason) == "" || strings.ContainsAny(j.Reason, "\r\n")) {
			p.Addf("%s: reason must be one non-empty line saying why the mutant is %s", mw, orWord(j.Judgement, "real or equivalent"))
		}
		t.Mutants = append(t.Mutants, j)
	}
	return t
}

// checkKeys reports unknown and missing required keys of a table.
func checkKeys(p *tomlcheck.Problems, where, table string, m map[string]any, known map[string]bool) {
	for _, k := range tomlcheck.SortedKeys(m) {
		if _, ok := known[k]; !ok {
			p.Addf("%s: unknown key %s%q (known: %s)", where, table, k, strings.Join(tomlcheck.SortedKeys(known), ", "))
		}
	}
	for _, k := range tomlcheck.SortedKeys(known) {
		if _, ok := m[k]; known[k] && !ok {
			p.Addf("%s: missing required key %s%q", where, table, k)
		}
	}
}

// orWord is the judgement when it is one, else alt.
func orWord(judgement, alt string) string {
	if judgement != JudgedReal && judgement != JudgedEquivalent {
		return alt
	}
	return judgement
}

// TaskTruth is what the ground truth says of one task: its verdict (nil when not judged) and its
// ground-truth file (nil when it has none).
type TaskTruth struct {
	KnownGap *bool
	Truth    *Truth
}

// GroundTruth is the ground truth of a corpus, by task id, for corpus report.
type GroundTruth struct {
	// Path and SHA256 identify the corpus file it was read from.
	Path   string
	SHA256 string
	Tasks  map[string]TaskTruth
}

// GroundTruth collects the known_gap verdicts and ground-truth files of the corpus's tasks.
func (c *Corpus) GroundTruth() *GroundTruth {
	g := &GroundTruth{Path: c.Path, SHA256: c.SHA256, Tasks: map[string]TaskTruth{}}
	for _, t := range c.Tasks {
		g.Tasks[t.ID] = TaskTruth{KnownGap: t.KnownGap, Truth: t.Truth}
	}
	return g
}

// LoadGroundTruth reads a corpus file for its ground truth only: everything is validated as by
// Load, except that the task repositories need not exist (a report reads rows, not repositories).
func LoadGroundTruth(path string) (*GroundTruth, error) {
	data, err := safefile.Read(path, safefile.DataMax)
	if err != nil {
		return nil, input.Errorf("corpus file %s: %w; pass the corpus TOML file that holds the ground truth", path, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, input.Errorf("corpus file %s: %w", path, err)
	}
	c, err := parse(path, filepath.Dir(abs), data, false)
	if err != nil {
		return nil, err
	}
	return c.GroundTruth(), nil
}
