package main

// This file computes the figures of each setting from its cases and writes them as text: the
// rates, the per-runner table, the witnesses by kind, every disagreement, the value detector's
// note per task and the accepted mutants the truth does not judge.

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/bond-tool/bond/corpus"
)

// The bar issue 28 sets for "has a witness ⇒ real", in percent.
const (
	barPrecision = 97.0
	barRecall    = 90.0
)

// tally counts judged cases for "has a witness ⇒ real".
type tally struct {
	tasks                    map[string]bool
	judged, real, equiv      int
	tp, fp, fn               int
	looked, unavail, unasked int
}

// add counts one case (judged or not; only judged ones enter the rates).
func (t *tally) add(c *acase) {
	if t.tasks == nil {
		t.tasks = map[string]bool{}
	}
	t.tasks[c.task] = true
	if c.judged == "" {
		return
	}
	t.judged++
	real := c.judged == corpus.JudgedReal
	if real {
		t.real++
	} else {
		t.equiv++
	}
	switch {
	case c.shows() && real:
		t.tp++
	case c.shows():
		t.fp++
	case real:
		t.fn++
	}
	switch {
	case c.looked:
		t.looked++
	case c.values != "":
		t.unavail++
	default:
		t.unasked++
	}
}

func (t *tally) precision() corpus.Rate { return corpus.Wilson(t.tp, t.tp+t.fp) }
func (t *tally) recall() corpus.Rate    { return corpus.Wilson(t.tp, t.tp+t.fn) }

// render writes every setting's figures to w, in the order the settings were given.
func render(w io.Writer, corpusPath string, settings []setting, data map[string]*settingData) error {
	var b strings.Builder
	fmt.Fprintf(&b, "ground truth: %s\n", corpusPath)
	fmt.Fprintf(&b, "claim: an accepted mutant with a witness (coverage, suite, compile or value) is judged real; bar: precision >= %.0f%%, recall >= %.0f%%\n", barPrecision, barRecall)
	for _, s := range settings {
		renderSetting(&b, s, data[s.name])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// renderSetting writes one setting's section.
func renderSetting(b *strings.Builder, s setting, d *settingData) {
	fmt.Fprintf(b, "\n== setting %s (rows: %s)\n", s.name, strings.Join(s.rows, ", "))
	measured := 0
	var failed []taskInfo
	for _, ti := range d.tasks {
		if ti.err == "" {
			measured++
		} else {
			failed = append(failed, ti)
		}
	}
	fmt.Fprintf(b, "tasks: %d, measured %d, not measured %d\n", len(d.tasks), measured, len(failed))
	for _, ti := range failed {
		fmt.Fprintf(b, "  not measured: %s: %s\n", ti.task, ti.err)
	}
	var all tally
	byRunner := map[string]*tally{}
	kinds := map[string]int{}
	var unjudged []*acase
	for i := range d.cases {
		c := &d.cases[i]
		all.add(c)
		if byRunner[c.runner] == nil {
			byRunner[c.runner] = &tally{}
		}
		byRunner[c.runner].add(c)
		if c.judged == "" {
			unjudged = append(unjudged, c)
			continue
		}
		kinds[c.witnessText()]++
	}
	fmt.Fprintf(b, "accepted mutants: %d; judged %d (%d real, %d equivalent); not judged %d (in no rate)\n",
		len(d.cases), all.judged, all.real, all.equiv, len(unjudged))
	p, r := all.precision(), all.recall()
	fmt.Fprintf(b, "has a witness => real: precision %s, recall %s; bar %s\n", p, r, barText(p, r))
	fmt.Fprintf(b, "witnesses on judged mutants: %s\n", kindsText(kinds))
	fmt.Fprintf(b, "value detector on judged mutants: compared calls for %d, unavailable for %d, not asked (abstained) for %d\n",
		all.looked, all.unavail, all.unasked)

	fmt.Fprintf(b, "per runner:\n")
	runners := make([]string, 0, len(byRunner))
	for k := range byRunner {
		runners = append(runners, k)
	}
	sort.Strings(runners)
	for _, k := range runners {
		t := byRunner[k]
		fmt.Fprintf(b, "  %s: tasks %d, judged %d (%d real, %d equivalent), value detector compared %d / unavailable %d / not asked %d; precision %s, recall %s\n",
			k, len(t.tasks), t.judged, t.real, t.equiv, t.looked, t.unavail, t.unasked, t.precision(), t.recall())
	}

	var dis []*acase
	for i := range d.cases {
		c := &d.cases[i]
		if c.judged == "" {
			continue
		}
		if c.shows() != (c.judged == corpus.JudgedReal) {
			dis = append(dis, c)
		}
	}
	fmt.Fprintf(b, "disagreements: %d\n", len(dis))
	fmt.Fprintf(b, "misses (judged real, no witness) by what the value detector did: %s\n", kindsText(missWhy(dis)))
	for _, c := range dis {
		fmt.Fprintf(b, "  - %s %s %s:%d %s: judged %s, witness %s\n", c.task, c.id, c.path, c.line, c.operator, c.judged, c.witnessText())
		fmt.Fprintf(b, "    mutated: %s\n", c.mutated)
		fmt.Fprintf(b, "    judgement: %s\n", c.why)
		switch {
		case c.values != "":
			fmt.Fprintf(b, "    value detector: %s\n", strings.TrimPrefix(c.values, "value detector "))
		case c.reason != "":
			fmt.Fprintf(b, "    value detector: not asked (%s)\n", oneLine(c.note, string(c.reason)))
		default:
			fmt.Fprintf(b, "    value detector: no record\n")
		}
		if c.valueCall != "" {
			fmt.Fprintf(b, "    value call: %s\n", c.valueCall)
		}
	}
	fmt.Fprintf(b, "value witnesses on judged mutants:\n")
	n := 0
	for i := range d.cases {
		c := &d.cases[i]
		if c.judged != "" && c.valueCall != "" {
			n++
			fmt.Fprintf(b, "  - %s %s %s:%d: judged %s, %s: %s\n", c.task, c.id, c.path, c.line, c.judged, c.witnessText(), c.valueCall)
		}
	}
	if n == 0 {
		fmt.Fprintf(b, "  (none)\n")
	}
	fmt.Fprintf(b, "value detector note per measured task:\n")
	for _, ti := range d.tasks {
		if ti.err == "" {
			fmt.Fprintf(b, "  %s [%s]: %s\n", ti.task, ti.runner, oneLine(ti.detector, "(no note: no mutant was adjudicated)"))
		}
	}
	fmt.Fprintf(b, "accepted mutants the truth does not judge: %d\n", len(unjudged))
	for _, c := range unjudged {
		fmt.Fprintf(b, "  - %s %s %s:%d %s: witness %s: %s\n", c.task, c.id, c.path, c.line, c.operator, c.witnessText(), c.mutated)
	}
}

// missWhy counts the misses among dis (judged real, no witness) by what the value detector did
// for them: not asked (bond abstained on the mutant), unavailable (its note says why), or
// compared calls and found none differing — with or without neighbour calls among them.
func missWhy(dis []*acase) map[string]int {
	out := map[string]int{}
	for _, c := range dis {
		if c.judged != corpus.JudgedReal {
			continue
		}
		switch {
		case c.reason != "":
			out["not asked (abstained: "+string(c.reason)+")"]++
		case c.values == "":
			out["no record"]++
		case !c.looked:
			out["unavailable"]++
		case c.neighbours > 0:
			out["compared, none differ (recorded and neighbour calls)"]++
		default:
			out["compared, none differ (recorded calls only)"]++
		}
	}
	return out
}

// barText says whether the rates meet issue 28's bar.
func barText(p, r corpus.Rate) string {
	switch {
	case !p.Defined || !r.Defined:
		return "undecided (a rate is 0 of 0)"
	case p.P >= barPrecision && r.P >= barRecall:
		return "met"
	}
	var miss []string
	if p.P < barPrecision {
		miss = append(miss, "precision")
	}
	if r.P < barRecall {
		miss = append(miss, "recall")
	}
	return "not met (" + strings.Join(miss, ", ") + ")"
}

// kindsText lists witness counts by kind, most frequent first, then by name.
func kindsText(kinds map[string]int) string {
	if len(kinds) == 0 {
		return "(no judged mutant)"
	}
	ks := make([]string, 0, len(kinds))
	for k := range kinds {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		if kinds[ks[i]] != kinds[ks[j]] {
			return kinds[ks[i]] > kinds[ks[j]]
		}
		return ks[i] < ks[j]
	})
	parts := make([]string, len(ks))
	for i, k := range ks {
		parts[i] = fmt.Sprintf("%s %d", k, kinds[k])
	}
	return strings.Join(parts, ", ")
}

// oneLine is s on one line, or alt when s is empty.
func oneLine(s, alt string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return alt
	}
	return s
}
