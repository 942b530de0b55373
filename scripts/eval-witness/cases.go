package main

// This file turns rows and the ground truth into cases: one judged accepted mutant of one
// setting's run, with its witness and what the value detector did for it.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/corpus"
)

// acase is one accepted mutant of a measured row in one setting, judged or not.
type acase struct {
	setting string
	task    string
	// runner is the oracle's test framework and the runner bond ran it under ("mocha (embedded)").
	runner   string
	id       string
	path     string
	line     int
	operator string
	mutated  string
	// judged is real or equivalent; "" when the truth does not judge the mutant. why is the
	// judgement's reason.
	judged string
	why    string
	// witness is the witness kind, or "abstained: REASON" for a mutant bond did not adjudicate.
	witness report.WitnessKind
	reason  report.Reason
	note    string
	// origin is "neighbour" for a value witness found on a neighbour input.
	origin string
	// values is what the value detector compared ("0 of 214 recorded calls differ"), or why it
	// did not look; "" when it was not asked (an abstention).
	values string
	// looked: the value detector compared calls for this mutant (not unavailable, not unasked).
	looked bool
	// valueCall is a value witness's call, short.
	valueCall string
	// recordedCalls is how many of the compared calls the tests made themselves (not
	// neighbours); gated: the run had gates, so a suite witness could stand behind a neighbour's.
	recordedCalls int
	neighbours    int
	gated         bool
}

// recordedAlone is the case as a run without neighbour calls would have recorded it. The
// adjudication order makes this exact: a coverage witness comes first and the neighbour calls
// run after the coverage is written (command runners) or with the coverage probes restored
// (embedded runner); a difference in a call the tests made is preferred to a neighbour's; so
// only a value witness of origin neighbour changes, to none — unless the run had gates, whose
// suite detector would then have run (derive refuses that case).
func (c acase) recordedAlone() (acase, error) {
	if c.origin != "neighbour" {
		return c, nil
	}
	if c.gated {
		return c, fmt.Errorf("%s %s: a neighbour witness in a run with gates: without neighbours the suite detector would have run, so recorded calls alone cannot be read from these rows; run the corpus without --value-neighbours", c.task, c.id)
	}
	c.witness, c.origin, c.valueCall = report.WitnessNone, "", ""
	c.values = fmt.Sprintf("0 of %d recorded calls differ (neighbour calls left out)", c.recordedCalls)
	c.neighbours = 0
	return c, nil
}

// shows reports whether the case has a witness that shows the program changed.
func (c *acase) shows() bool { return c.reason == "" && c.witness.Shows() }

// witnessText names the witness as the disagreement list prints it.
func (c *acase) witnessText() string {
	if c.reason != "" {
		return "abstained: " + string(c.reason)
	}
	if c.origin != "" {
		return string(c.witness) + " (" + c.origin + ")"
	}
	return string(c.witness)
}

// taskInfo is what a setting's run recorded of one task: measured or why not, its runner and
// the value detector's note.
type taskInfo struct {
	task     string
	runner   string
	detector string
	err      string
}

// settingData is everything read for one setting.
type settingData struct {
	tasks []taskInfo
	cases []acase
}

// loadCases reads the ground truth and every setting's rows. With split, each setting whose
// rows hold neighbour calls is read twice: as recorded, and with its neighbour witnesses read as
// a run without neighbours would have recorded them (acase.recordedAlone), under the setting's
// name with recordedSuffix.
func loadCases(corpusPath string, settings []setting) (map[string]*settingData, error) {
	gt, err := corpus.LoadGroundTruth(corpusPath)
	if err != nil {
		return nil, err
	}
	out := map[string]*settingData{}
	for _, s := range settings {
		var files []*corpus.RowsFile
		for _, p := range s.rows {
			f, err := readFullRows(p)
			if err != nil {
				return nil, err
			}
			files = append(files, f)
		}
		rows, _ := corpus.Merge(files)
		d := &settingData{}
		for _, r := range rows {
			d.add(s.name, r, gt)
		}
		out[s.name] = d
	}
	return out, nil
}

// recordedSuffix names the recorded-calls-alone view of a setting.
const recordedSuffix = ", recorded calls alone"

// splitNeighbours adds, for each setting, its recorded-calls-alone view (named with
// recordedSuffix), placed before it in the returned order.
func splitNeighbours(settings []setting, data map[string]*settingData) ([]setting, error) {
	var out []setting
	for _, s := range settings {
		d := data[s.name]
		alone := &settingData{tasks: d.tasks}
		for _, c := range d.cases {
			r, err := c.recordedAlone()
			if err != nil {
				return nil, err
			}
			r.setting = s.name + recordedSuffix
			alone.cases = append(alone.cases, r)
		}
		name := s.name + recordedSuffix
		if _, dup := data[name]; dup {
			return nil, fmt.Errorf("setting %q is named already; -split-neighbours names its view of %q so", name, s.name)
		}
		data[name] = alone
		out = append(out, setting{name: name, rows: s.rows}, s)
	}
	return out, nil
}

// readFullRows reads a rows file keeping whole reports: corpus.ReadRows keeps only the facts its
// figures read, which leave out the value detector's records this measure needs.
func readFullRows(path string) (*corpus.RowsFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("rows file %s: %w", path, err)
	}
	f := &corpus.RowsFile{Path: path}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1<<20), 256<<20)
	for no := 1; sc.Scan(); no++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var r corpus.Row
		if err := json.Unmarshal(line, &r); err != nil {
			return nil, fmt.Errorf("rows file %s:%d: %w; pass a rows file bond corpus run wrote", path, no, err)
		}
		if r.Task == "" {
			return nil, fmt.Errorf("rows file %s:%d: no task id; pass a rows file bond corpus run wrote", path, no)
		}
		f.Rows = append(f.Rows, r)
		f.Lines = append(f.Lines, no)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("rows file %s: %w", path, err)
	}
	return f, nil
}

// add records one row: the task, and a case per accepted mutant.
func (d *settingData) add(name string, r corpus.Row, gt *corpus.GroundTruth) {
	ti := taskInfo{task: r.Task}
	if !r.Measured() {
		ti.err = firstLine(r.Error)
		if ti.err == "" {
			ti.err = "no report"
		}
		d.tasks = append(d.tasks, ti)
		return
	}
	rep := r.Report
	ti.runner = runnerLabel(rep.Run)
	ti.detector = rep.Run.ValueDetector
	d.tasks = append(d.tasks, ti)
	truth := gt.Tasks[r.Task].Truth
	for _, m := range rep.Mutants {
		if m.Status != report.StatusAccepted {
			continue
		}
		c := acase{setting: name, task: r.Task, runner: ti.runner, id: m.ID, path: m.Path, line: m.Line,
			operator: m.Operator, mutated: strings.TrimSpace(m.Mutated), witness: m.Witness.Kind, reason: m.Reason, note: m.Note}
		if !m.Ran && c.reason == "" {
			c.reason = report.ReasonNotRan
		}
		if j, ok := truth.JudgementOf(m.Path, m.Line, m.Mutated); ok {
			c.judged, c.why = j.Judgement, j.Reason
		}
		if v := m.Witness.Values; v != nil {
			c.values = v.Text()
			c.looked = v.Unavailable == ""
			c.recordedCalls = v.Calls - v.Neighbours
			c.neighbours = v.Neighbours
		}
		c.gated = len(rep.Run.Gates) > 0
		if v := m.Witness.Value; v != nil && m.Witness.Kind == report.WitnessValue {
			c.origin = v.Origin
			c.valueCall = fmt.Sprintf("%s(%s) %s: %s → %s", v.Callee, v.Args, v.Path, v.Baseline, v.Mutant)
		}
		d.cases = append(d.cases, c)
	}
}

// runnerLabel names the oracle's test framework, read from its command by oraclecmd (without
// the repository's package scripts, which the rows do not hold), else from the value detector's
// note, through oracle.RecorderFramework (an "npm test" running
// mocha or node --test stays "other"), and the runner bond ran it under: "vitest (embedded)",
// "mocha (command)".
func runnerLabel(ri report.RunInfo) string {
	fw := "other"
	inv, err := oraclecmd.Parse(ri.OracleCmd, oraclecmd.Options{})
	switch {
	case ri.OracleCmd != "" && err == nil && !inv.Script:
		// The one reader of oracle commands; a package script (npm test) it cannot see here.
		fw = string(inv.Runner)
	case oracle.RecorderFramework(ri.ValueDetector) != "":
		// A package script (npm test) that runs jest or vitest, or `node test/x.js` on a
		// node:test file: only bond, which wrote the recorder, can say which.
		fw = oracle.RecorderFramework(ri.ValueDetector)
	case ri.OracleCmd == "" && len(ri.Oracle) > 0:
		fw = "test files"
	}
	return fw + " (" + ri.Runner + ")"
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
