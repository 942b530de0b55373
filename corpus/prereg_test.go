package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/plan"
)

const goodRule = `description = "ship the operators if no refusal rests on nothing"
[[condition]]
name = "no refusal without a witness"
metric = "refusals_witness_none"
regime = "witness-recorded"
sample = "out"
op = "=="
value = 0
[[condition]]
name = "certify at least a third"
metric = "certified_rate"
sample = "all"
op = ">="
value = 33.3
[[condition]]
name = "known-answer smoke"
task = "t2-vac-cov"
verdict = "vacuous"
`

func freezeFixture(t *testing.T, rule string) (*Record, string) {
	t.Helper()
	dir := corpusDir(t)
	src := "format = 1\n"
	for _, r := range fixtureRows() {
		src += "[[task]]\nid = '" + r.Task + "'\nrepo = 'repos/a'\nbase = 'x'\nhead = 'y'\noracle_cmd = 't'\n"
		if r.Task == "t3-vac-none" || r.Task == "t7-in" {
			src += "sample = 'in'\n"
		}
	}
	c, err := Parse("corpus.toml", dir, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	ru, err := ParseRule("rule.toml", []byte(rule), c.Regime)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Freeze(FreezeOptions{Corpus: c, Rule: ru, Operators: plan.OperatorSet{Digest: testDigest}, Now: t0.Add(3 * time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	data, err := rec.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "prereg.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return rec, path
}

func TestPreregEvaluate(t *testing.T) {
	_, path := freezeFixture(t, goodRule)
	rec, err := LoadRecord(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rec.InSample, ",") != "t3-vac-none,t7-in" || rec.Conditions[1].Regime != string(report.RegimeWitnessRecorded) {
		t.Fatalf("record = %+v", rec)
	}
	rep := buildReport(t, fixtureRows(), ReportOptions{Prereg: rec, PreregPath: path})
	p := rep.Prereg
	// t3 is in sample by the record, so out of sample no refusal rests on witness none.
	if m := rep.Overall.Out[string(report.RegimeWitnessRecorded)]; m.RefusalsWitnessNone != 0 || m.Tasks != 6 {
		t.Errorf("out-of-sample metrics ignore the record: %+v", m)
	}
	var got []string
	for _, c := range p.Conditions {
		got = append(got, c.Name+"="+c.Observed+"/"+map[bool]string{true: "PASS", false: "FAIL"}[c.Pass])
	}
	want := []string{"no refusal without a witness=0/PASS", "certify at least a third=3 of 7 (42.9% [15.8, 75.0])/PASS", "known-answer smoke=vacuous/PASS"}
	if !equal(got, want) {
		t.Errorf("conditions = %q, want %q", got, want)
	}
	if !p.Holds || p.Failed != 0 {
		t.Errorf("decision = %+v", p)
	}
	if strings.Join(p.BeforeFreeze, ",") != "t1-held,t2-vac-cov,t3-vac-none" {
		t.Errorf("before freeze = %v", p.BeforeFreeze)
	}
	if strings.Join(p.Relabeled, ",") != "t3-vac-none" {
		t.Errorf("relabeled = %v", p.Relabeled)
	}

	// A failing condition.
	_, path2 := freezeFixture(t, goodRule+"[[condition]]\nname = \"no false greens\"\nmetric = \"false_greens\"\nregime = \"report-only\"\nsample = \"all\"\nop = \"<\"\nvalue = 1\n")
	rec2, err := LoadRecord(path2)
	if err != nil {
		t.Fatal(err)
	}
	p2 := buildReport(t, fixtureRows(), ReportOptions{Prereg: rec2, PreregPath: path2}).Prereg
	if p2.Holds || p2.Failed != 1 || !strings.Contains(p2.Decision, `"no false greens"`) {
		t.Errorf("decision = %+v", p2)
	}
}

func TestPreregDigestMismatch(t *testing.T) {
	rec, path := freezeFixture(t, goodRule)
	rows := fixtureRows()
	rows[2].OperatorDigest = "0therd1gest"
	rows[4].OperatorDigest = "0therd1gest"
	rf := withLines(&RowsFile{Path: "rows.jsonl", Rows: rows})
	merged, dups := Merge([]*RowsFile{rf})
	_, err := BuildReport([]*RowsFile{rf}, merged, dups, ReportOptions{Prereg: rec, PreregPath: path})
	if err == nil || !input.Is(err) {
		t.Fatalf("err = %v, want an InputError", err)
	}
	for _, w := range []string{testDigest, "0therd1gest", "t3-vac-none, t5-not-bonded"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error does not name %q: %v", w, err)
		}
	}
}

func TestParseRuleBad(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"empty", "", []string{"no [[condition]]"}},
		{"unknown metric and key", "[[condition]]\nname='a'\nmetric='false_reds'\nsample='out'\nop='=='\nvalue=0\nvalu=1\n", []string{`unknown metric "false_reds"`, `unknown key "valu"`}},
		{"bad op sample regime", "[[condition]]\nname='a'\nmetric='held'\nsample='some'\nop='=~'\nvalue=0\nregime='strict'\n", []string{`sample = "some"`, `op = "=~"`, `regime = "strict"`}},
		{"missing", "[[condition]]\nmetric='held'\n", []string{`missing required key "name"`, `missing required key "sample"`, `missing required key "value"`}},
		{"both forms", "[[condition]]\nname='a'\nmetric='held'\ntask='x'\n", []string{`keys "metric" and "task" are both set`}},
		{"task form", "[[condition]]\nname='a'\ntask='x'\nverdict='green'\nsample='out'\nop='<'\n", []string{`verdict = "green"`, `key "sample" belongs to a metric condition`, `a task condition compares with == or !=`}},
		{"duplicate names", "[[condition]]\nname='a'\ntask='x'\nverdict='held'\n[[condition]]\nname='a'\ntask='y'\nverdict='held'\n", []string{`duplicate name`}},
		{"value type", "[[condition]]\nname='a'\nmetric='held'\nsample='out'\nop='=='\nvalue='0'\n", []string{`key "value" must be a number`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRule("rule.toml", []byte(tt.src), string(report.RegimeWitnessRecorded))
			if err == nil || !input.Is(err) {
				t.Fatalf("err = %v, want an InputError", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not mention %q:\n%v", w, err)
				}
			}
		})
	}
}

func TestFreezeUnknownTask(t *testing.T) {
	dir := corpusDir(t)
	c, err := Parse("corpus.toml", dir, []byte("format = 1\n[[task]]\nid='a'\nrepo='repos/a'\nbase='x'\nhead='y'\noracle_cmd='t'\n"))
	if err != nil {
		t.Fatal(err)
	}
	ru, _ := ParseRule("rule.toml", []byte("[[condition]]\nname='smoke'\ntask='zz'\nverdict='held'\n"), c.Regime)
	if _, err := Freeze(FreezeOptions{Corpus: c, Rule: ru, Now: t0}); err == nil || !strings.Contains(err.Error(), `names task "zz"`) {
		t.Fatalf("err = %v", err)
	}
}

func TestLoadRecordBad(t *testing.T) {
	_, path := freezeFixture(t, goodRule)
	data, _ := os.ReadFile(path)
	write := func(s string) string {
		p := filepath.Join(t.TempDir(), "p.json")
		os.WriteFile(p, []byte(s), 0o644)
		return p
	}
	tests := []struct{ name, src, want string }{
		{"edited", strings.Replace(string(data), `"value": 0`, `"value": 5`, 1), "edited after it was frozen"},
		{"unknown metric", strings.Replace(string(data), `"refusals_witness_none"`, `"refusals_without"`, 1), `unknown metric "refusals_without"`},
		{"malformed", "{", "malformed"},
		{"unknown field", strings.Replace(string(data), `"kind"`, `"extra": 1, "kind"`, 1), "malformed"},
		{"not a record", `{"schema_version":"1","kind":"x"}`, `kind = "x"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadRecord(write(tt.src))
			if err == nil || !input.Is(err) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want an InputError mentioning %q", err, tt.want)
			}
		})
	}
}

// Each arm is held against the rule's metric conditions on its own figures; the condition on one
// task's bond is left to the corpus-wide decision and counted as such.
func TestPreregArms(t *testing.T) {
	_, path := freezeFixture(t, goodRule+"[[condition]]\nname = \"no false greens\"\nmetric = \"false_greens\"\nregime = \"report-only\"\nsample = \"all\"\nop = \"<\"\nvalue = 1\n")
	rec, err := LoadRecord(path)
	if err != nil {
		t.Fatal(err)
	}
	p := buildReport(t, fixtureRows(), ReportOptions{Prereg: rec, PreregPath: path}).Prereg
	tests := []struct {
		arm, summary string
		observed     []string
		meets        bool
	}{
		// adversarial: t8 is refused (0 of 1 certified) and its held-back oracle passed.
		{"adversarial", `fails 1 of 3 metric conditions: "certify at least a third" (1 condition on one task's bond, judged on the whole corpus only)`,
			[]string{"0", "0 of 1 (0.0% [0.0, 79.3])", "0"}, false},
		// mined: t1, t4 and t5 certify (3 of 6); t2 and t4 are certified with a failed held-back.
		{"mined", `fails 1 of 3 metric conditions: "no false greens" (1 condition on one task's bond, judged on the whole corpus only)`,
			[]string{"0", "3 of 6 (50.0% [18.8, 81.2])", "2"}, false},
	}
	if len(p.Arms) != len(tests) {
		t.Fatalf("arms = %+v, want %d", p.Arms, len(tests))
	}
	for i, tt := range tests {
		a := p.Arms[i]
		var obs []string
		for _, c := range a.Conditions {
			obs = append(obs, c.Observed)
		}
		if a.Arm != tt.arm || a.Summary != tt.summary || a.Meets != tt.meets || !equal(obs, tt.observed) || a.TaskConditions != 1 {
			t.Errorf("arm %d = %+v (observed %q), want %s: %s, observed %q", i, a, obs, tt.arm, tt.summary, tt.observed)
		}
	}
}
