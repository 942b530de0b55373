// The html format of the corpus report (issue 26, item 8): one self-contained page, no script and
// no external asset, that leads with the answer (the pre-registered decision and which arm meets
// the rule, or else the headline figures), then inline SVG plots of gap recall, false refusals,
// false greens and cost per arm and regime, each proportion with its 95% Wilson interval, then
// the tables every plotted figure is read from.

package render

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/corpus"
)

var (
	//go:embed html/corpus.html.tmpl
	corpusHTMLTemplate string
	//go:embed html/corpus.css
	corpusCSSExtra string
	// corpusHTMLPage is parsed once; html/template escapes every value by its context, so no
	// task id, arm, error or note from a rows file can become markup.
	corpusHTMLPage = template.Must(template.New("corpus").Parse(corpusHTMLTemplate))
)

// headlineRegime is the regime the answer and the plots' captions lead with: certify's default.
const headlineRegime = report.RegimeWitnessRecorded

// corpusHTMLView is what the corpus template reads.
type corpusHTMLView struct {
	// Answer is the page's first line; Figures the overall figures under it; Items one line per
	// arm (the rule's verdict on it, or its headline figures); Note says which regime and sample
	// the answer is about.
	Answer, Figures, Note string
	Items                 []answerItem
	Warnings              []string
	// SampleTitle names the sample the plots are drawn over.
	SampleTitle string
	Plots       []svgPlot
	Tables      []htmlTable
	Footer      string
	CSS         template.CSS
	CSP         string
}

// answerItem is one line of the answer's list; Class marks an arm that meets or fails the rule.
type answerItem struct {
	Class, Text string
}

// armGroup is one group of figures the page shows: all arms, then each arm when there are more.
type armGroup struct {
	Key, Label, Arm string
	SM              *corpus.SampleMetrics
}

// corpusGroups lists the groups of a report.
func corpusGroups(rep *corpus.Report) []armGroup {
	gs := []armGroup{{Key: "a0", Label: "all arms", Arm: "", SM: &rep.Overall}}
	if len(rep.Arms) > 1 {
		for i := range rep.Arms {
			gs = append(gs, armGroup{Key: fmt.Sprintf("a%d", i+1), Label: "arm " + rep.Arms[i].Arm, Arm: rep.Arms[i].Arm, SM: &rep.Arms[i].SampleMetrics})
		}
	}
	return gs
}

// plotSample is the sample the plots are drawn over: out of sample (the tasks that did not inform
// the operators' design, which rules are about) when there is any, else all tasks.
func plotSample(rep *corpus.Report) string {
	if rep.Overall.Out[string(headlineRegime)].Tasks > 0 {
		return corpus.SampleOut
	}
	return corpus.SampleAll
}

// cellID names the table cell of one figure: group, sample, metric and regime.
func cellID(group, sample, metric string, regime report.Regime) string {
	return "c-" + group + "-" + sample + "-" + metric + "-" + string(regime)
}

// falseRefusalRate is the plotted false-refusal proportion: with a ground truth, refusals whose
// vacuous mutants are all judged equivalent, of the refusals; without one, the candidates
// (refused while the held-back oracle passed), of the refusals.
func falseRefusalRate(rep *corpus.Report, m *corpus.Metrics) corpus.Rate {
	if rep.GroundTruth != "" && m.FalseRefusals != nil {
		return corpus.Wilson(*m.FalseRefusals, m.Refused)
	}
	return corpus.Wilson(m.FalseRefusalCandidates, m.Refused)
}

// falseRefusalMetric is the name the page gives the derived rate in its tables.
func falseRefusalMetric(rep *corpus.Report) string {
	if rep.GroundTruth != "" {
		return "false_refusal_rate"
	}
	return "false_refusal_candidate_rate"
}

// CorpusHTML writes the corpus report as one self-contained HTML page.
func CorpusHTML(w io.Writer, rep *corpus.Report) error {
	v := corpusHTMLView{CSS: template.CSS(htmlCSS + corpusCSSExtra), Warnings: rep.Warnings}
	css := sha256.Sum256([]byte(htmlCSS + corpusCSSExtra))
	v.CSP = fmt.Sprintf("default-src 'none'; style-src 'sha256-%s'; script-src 'none'; img-src 'none'; form-action 'none'; base-uri 'none'",
		base64.StdEncoding.EncodeToString(css[:]))
	sample := plotSample(rep)
	v.SampleTitle = sampleTitle[sample]
	corpusAnswer(&v, rep, sample)
	v.Plots = corpusPlots(rep, sample)
	v.Tables = corpusTables(rep)
	files := make([]string, len(rep.Files))
	for i, f := range rep.Files {
		files[i] = fmt.Sprintf("%s (%s)", f.Path, plural(f.Rows, "row", "rows"))
	}
	v.Footer = "bond corpus report of " + strings.Join(files, ", ")
	if rep.GroundTruth != "" {
		v.Footer += "; ground truth " + rep.GroundTruth
	}
	v.Footer += ". Every figure is re-derived from the rows' recorded facts (docs/corpus.md); every plotted mark is a cell of the tables above."
	return neutralised(w, ciHTML, func(w io.Writer) error { return corpusHTMLPage.Execute(w, v) })
}

// corpusAnswer fills the answer: with a pre-registration its decision and each arm's verdict
// under the rule; else the headline figures of all arms and of each arm.
func corpusAnswer(v *corpusHTMLView, rep *corpus.Report, sample string) {
	measured := rep.Overall.All[string(headlineRegime)].Tasks - rep.Overall.All[string(headlineRegime)].Errors
	count := fmt.Sprintf("%s, %d measured (%s in no rate)", plural(rep.Tasks, "task", "tasks"), measured, plural(rep.Tasks-measured, "error", "errors"))
	groups := corpusGroups(rep)
	if p := rep.Prereg; p != nil {
		v.Answer = "Pre-registered decision: " + p.Decision
		v.Figures = fmt.Sprintf("%s; record %s, frozen %s", count, p.Path, p.Created.UTC().Format("2006-01-02T15:04:05Z"))
		for _, a := range p.Arms {
			class := "fails"
			if a.Meets {
				class = "meets"
			}
			v.Items = append(v.Items, answerItem{Class: class, Text: "arm " + a.Arm + ": " + a.Summary})
		}
		v.Note = "The decision is the whole corpus's, under each condition's own regime and sample (the conditions are in the tables); each arm is held against the rule's metric conditions on its own figures."
		return
	}
	v.Answer = "bond corpus report: " + count
	v.Figures = "all arms: " + headlineFigures(rep, rep.Overall.Get(sample)[string(headlineRegime)])
	if len(groups) > 1 {
		for _, g := range groups[1:] {
			v.Items = append(v.Items, answerItem{Text: g.Label + ": " + headlineFigures(rep, g.SM.Get(sample)[string(headlineRegime)])})
		}
	}
	v.Note = fmt.Sprintf("Under %s (certify's default regime), %s; the plots set the three regimes side by side and the tables hold every sample. No pre-registered rule was given (--prereg), so no arm is said to meet one.", headlineRegime, sampleTitle[sample])
}

// headlineFigures is one group's headline: gap recall, false refusals and cost with a ground
// truth; certified, false greens and candidate false refusals without one.
func headlineFigures(rep *corpus.Report, m *corpus.Metrics) string {
	fr := falseRefusalRate(rep, m)
	cost := fmt.Sprintf("%d oracle runs", m.OracleRuns)
	if m.OracleRunsVsStryker != nil {
		cost += fmt.Sprintf(" (%s%% of StrykerJS's)", corpus.Percent1(*m.OracleRunsVsStryker))
	}
	if rep.GroundTruth != "" {
		return fmt.Sprintf("gap recall %s · false refusals %s of refusals · %s", m.Intervals.GapRecall, fr, cost)
	}
	return fmt.Sprintf("certified %s · false greens %s · candidate false refusals (held-back passed) %s of refusals · %s", m.Intervals.CertifiedRate, m.Intervals.FalseGreenRate, fr, cost)
}

// corpusPlots builds the page's plots over one sample.
func corpusPlots(rep *corpus.Report, sample string) []svgPlot {
	groups := corpusGroups(rep)
	truth := rep.GroundTruth != ""
	ratePlot := func(id, title, caption, metric string, rate func(*corpus.Metrics) corpus.Rate) svgPlot {
		var figs []plotFigure
		for _, g := range groups {
			figs = append(figs, plotFigure{Heading: true, Label: g.Label})
			for _, r := range report.Regimes {
				m := g.SM.Get(sample)[string(r)]
				figs = append(figs, plotFigure{Label: string(r), Arm: g.Label, Regime: string(r), Cell: cellID(g.Key, sample, metric, r), Rate: rate(m)})
			}
		}
		return layoutPlot(svgPlot{ID: id, Title: title, Caption: caption, Kind: "rate"}, figs, "%", 0)
	}
	var plots []svgPlot
	if truth {
		plots = append(plots, ratePlot("plot-gap-recall", "Gap recall",
			"Known-gap tasks the regime refuses, of the known-gap tasks (the ground truth's known_gap = true): the point is k/n, the bar its 95% Wilson interval; the numbers are the tables' gap_recall.",
			"gap_recall", func(m *corpus.Metrics) corpus.Rate { return m.Intervals.GapRecall }))
		plots = append(plots, ratePlot("plot-false-refusals", "False refusals",
			"Refusals whose vacuous mutants are all judged equivalent in the ground truth (false_refusals), of the refusals (refused), with the 95% Wilson interval; the tables' false_refusal_rate. Refusals the truth does not judge (refusals_unjudged) are not counted false.",
			"false_refusal_rate", func(m *corpus.Metrics) corpus.Rate { return falseRefusalRate(rep, m) }))
	} else {
		plots = append(plots, ratePlot("plot-false-refusals", "Candidate false refusals",
			"No ground truth was given (--truth), so there is no gap recall and no judged false refusal: this is the refusals whose held-back oracle passed (false_refusal_candidates), of the refusals (refused), with the 95% Wilson interval; the tables' false_refusal_candidate_rate.",
			"false_refusal_candidate_rate", func(m *corpus.Metrics) corpus.Rate { return falseRefusalRate(rep, m) }))
	}
	plots = append(plots, ratePlot("plot-false-greens", "False greens",
		"Certified tasks whose held-back oracle failed, of the certified tasks with a held-back result, with the 95% Wilson interval; the tables' false_green_rate.",
		"false_green_rate", func(m *corpus.Metrics) corpus.Rate { return m.Intervals.FalseGreenRate }))

	// Cost is the same under every regime (it is what the runs cost), so it is drawn once per
	// group, from the witness-recorded column.
	var runs, wall, vs []plotFigure
	for _, g := range groups {
		m := g.SM.Get(sample)[string(headlineRegime)]
		runs = append(runs, plotFigure{Label: g.Label, Arm: g.Label, Cell: cellID(g.Key, sample, "oracle_runs", headlineRegime), Value: float64(m.OracleRuns), Defined: true,
			Text: plural(m.OracleRuns, "oracle run", "oracle runs")})
		wall = append(wall, plotFigure{Label: g.Label, Arm: g.Label, Cell: cellID(g.Key, sample, "wall_ms", headlineRegime), Value: float64(m.WallMS) / 1000, Defined: true,
			Text: fmt.Sprintf("%s s (%d ms)", corpus.Percent1(float64(m.WallMS)/1000), m.WallMS)})
		if truth {
			vs = append(vs, plotFigure{Heading: true, Label: g.Label})
			for _, c := range []struct {
				name, what string
				ratio      *float64
				stryker    string
			}{
				{"oracle_runs_vs_stryker", "oracle runs", m.OracleRunsVsStryker, strykerText(m.StrykerRuns)},
				{"wall_vs_stryker", "wall time", m.WallVsStryker, strykerWallText(m.StrykerWallMS)},
			} {
				f := plotFigure{Label: c.what, Arm: g.Label, Cell: cellID(g.Key, sample, c.name, headlineRegime), Text: "n/a: no StrykerJS record for these tasks"}
				if c.ratio != nil {
					f.Value, f.Defined = *c.ratio, true
					f.Text = fmt.Sprintf("%s%% of StrykerJS's %s", corpus.Percent1(*c.ratio), c.stryker)
				}
				vs = append(vs, f)
			}
		}
	}
	plots = append(plots,
		layoutPlot(svgPlot{ID: "plot-oracle-runs", Title: "Cost: oracle runs", Kind: "bar",
			Caption: "bond's oracle runs over the measured tasks (the baselines, one per canary, one per mutant run, one more per retry); the same under every regime. A sum, not a proportion: no interval."}, runs, "", 0),
		layoutPlot(svgPlot{ID: "plot-wall", Title: "Cost: wall time", Kind: "bar",
			Caption: "The sum of the certify reports' total_ms over the measured tasks, in seconds; the same under every regime. A sum, not a proportion: no interval."}, wall, " s", 0))
	if truth {
		plots = append(plots, layoutPlot(svgPlot{ID: "plot-vs-stryker", Title: "Cost beside StrykerJS", Kind: "bar",
			Caption: "bond's oracle runs and wall time over the measured tasks that have a StrykerJS record, in percent of StrykerJS's on those tasks (the dashed line is as costly as StrykerJS); the tables' oracle_runs_vs_stryker and wall_vs_stryker. A ratio of sums: no interval."}, vs, "%", 100))
	}
	return plots
}

func strykerText(runs *int) string {
	if runs == nil {
		return "runs"
	}
	return plural(*runs, "run", "runs")
}

func strykerWallText(ms *int64) string {
	if ms == nil {
		return "wall time"
	}
	return fmt.Sprintf("%d ms", *ms)
}
