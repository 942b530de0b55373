package render

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/corpus"
)

// The fixture corpus (testdata/corpus/README.md): fixture.rows.jsonl is what `bond corpus run
// truth.toml` wrote for its seven tasks, truth.toml their ground truth, prereg-truth.json the
// record frozen before that run.
const fixtureCorpusDir = "../../../testdata/corpus/"

// fixtureCorpusReport reports the committed rows of a real run, judged against the fixture's
// ground truth and, with prereg, checked against its frozen record.
func fixtureCorpusReport(t *testing.T, prereg bool) *corpus.Report {
	t.Helper()
	g, err := corpus.LoadGroundTruth(fixtureCorpusDir + "truth.toml")
	if err != nil {
		t.Fatal(err)
	}
	rows, files, dups, err := corpus.ReadAll([]string{fixtureCorpusDir + "fixture.rows.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	opts := corpus.ReportOptions{Truth: g, Tasks: true}
	if prereg {
		path := fixtureCorpusDir + "prereg-truth.json"
		rec, err := corpus.LoadRecord(path)
		if err != nil {
			t.Fatal(err)
		}
		opts.Prereg, opts.PreregPath = rec, path
	}
	rep, err := corpus.BuildReport(files, rows, dups, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// Every format of the report over the committed rows of a real run (not rows built in memory,
// which cannot notice a field the row decoder drops) is pinned by a golden file.
func TestCorpusFixtureGolden(t *testing.T) {
	rep := fixtureCorpusReport(t, true)
	for _, f := range []struct {
		name  string
		write func(*bytes.Buffer, *corpus.Report) error
	}{
		{"corpus-fixture.human.golden", func(b *bytes.Buffer, r *corpus.Report) error { return CorpusHuman(b, r) }},
		{"corpus-fixture.md.golden", func(b *bytes.Buffer, r *corpus.Report) error { return CorpusMarkdown(b, r) }},
		{"corpus-fixture.json.golden", func(b *bytes.Buffer, r *corpus.Report) error { return CorpusJSON(b, r) }},
		{"corpus-fixture.html.golden", func(b *bytes.Buffer, r *corpus.Report) error { return CorpusHTML(b, r) }},
	} {
		var b bytes.Buffer
		if err := f.write(&b, rep); err != nil {
			t.Fatal(err)
		}
		golden(t, f.name, b.Bytes())
	}
}

// The page of the synthetic report judged against a ground truth with StrykerJS costs is pinned
// by a golden file; it needs no network, holds no script, and leads with the answer.
func TestCorpusHTMLGolden(t *testing.T) {
	tests := []struct {
		name   string
		rep    *corpus.Report
		golden string
		lead   string
	}{
		{"truth", truthReport(t), "corpus-report-truth.html.golden", `<h1 id="answer-head">bond corpus report: 8 tasks, 7 measured (1 error in no rate)</h1>`},
		{"no truth", corpusReport(t, fixtureRows()), "corpus-report.html.golden", `<h1 id="answer-head">bond corpus report: 8 tasks, 7 measured (1 error in no rate)</h1>`},
		{"prereg", fixtureCorpusReport(t, true), "", `<h1 id="answer-head">Pre-registered decision: `},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := CorpusHTML(&b, tt.rep); err != nil {
				t.Fatal(err)
			}
			if tt.golden != "" {
				golden(t, tt.golden, b.Bytes())
			}
			page := b.String()
			for _, bad := range []string{"http://", "https://", "src=", "href=", "<script", "<img", "<link"} {
				if strings.Contains(page, bad) {
					t.Errorf("the page holds %q: it must need no network and run no script", bad)
				}
			}
			if !strings.Contains(page, "script-src &#39;none&#39;") {
				t.Error("the page's Content-Security-Policy does not forbid scripts")
			}
			body := page[strings.Index(page, "<body>"):]
			if i, j := strings.Index(body, tt.lead), strings.Index(body, "<svg"); i < 0 || j < i {
				t.Errorf("the page does not lead with %q before its plots", tt.lead)
			}
			if i, j := strings.Index(body, "<svg"), strings.Index(body, "<table"); j < i {
				t.Error("a table comes before the plots")
			}
		})
	}
}

// Text a stranger wrote into rows (task ids, arms, errors) stays text in the page.
func TestCorpusHTMLHostile(t *testing.T) {
	const attack = `<script>document.title='pwned'</script><img src=x onerror=alert(1)>::error::x ##[group]`
	rows := fixtureRows()
	rows[1].Task = attack
	rows[7].Arm = attack
	rows[5].Error = attack
	var b bytes.Buffer
	if err := CorpusHTML(&b, corpusReport(t, rows)); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, bad := range []string{"<script", "<img", "::error::", "##["} {
		if strings.Contains(page, bad) {
			t.Errorf("hostile row text became markup or a CI command: %q", bad)
		}
	}
	if !strings.Contains(page, "&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;") {
		t.Error("the hostile task id is not on the page as text")
	}
}

// expectedMarks counts, off the report alone, the marks each plot must draw: one per proportion
// over at least one task, one bar per group whose cost is not 0, one per defined ratio to
// StrykerJS.
func expectedMarks(rep *corpus.Report) map[string]int {
	sample := plotSample(rep)
	want := map[string]int{"plot-false-refusals": 0, "plot-false-greens": 0, "plot-oracle-runs": 0, "plot-wall": 0}
	if rep.GroundTruth != "" {
		want["plot-gap-recall"], want["plot-vs-stryker"] = 0, 0
	}
	for _, g := range corpusGroups(rep) {
		for _, r := range report.Regimes {
			m := g.SM.Get(sample)[string(r)]
			if rep.GroundTruth != "" && m.Intervals.GapRecall.N > 0 {
				want["plot-gap-recall"]++
			}
			if m.Refused > 0 {
				want["plot-false-refusals"]++
			}
			if m.Intervals.FalseGreenRate.N > 0 {
				want["plot-false-greens"]++
			}
		}
		m := g.SM.Get(sample)[string(headlineRegime)]
		if m.OracleRuns > 0 { // a bar of length 0 has no size
			want["plot-oracle-runs"]++
		}
		if m.WallMS > 0 {
			want["plot-wall"]++
		}
		if m.OracleRunsVsStryker != nil {
			want["plot-vs-stryker"]++
		}
		if m.WallVsStryker != nil {
			want["plot-vs-stryker"]++
		}
	}
	return want
}

// corpusFramePage frames a corpus page and measures it as drawn: per plot, the marks with a
// size; per figure, where its point and interval (or bar) land on the axis, beside the text of
// the table cell it points at; and whether the framed page has any script or image or had its
// title changed. The report itself runs no script; this page reads it through
// --allow-file-access-from-files.
const corpusFramePage = `<!DOCTYPE html><html><body style="margin:0"><iframe id="f" src="corpus.html" style="width:1280px;height:900px;border:0"></iframe>
<script>
document.getElementById('f').addEventListener('load', () => {
  try {
    const d = document.getElementById('f').contentDocument;
    const out = {title: d.title, scripts: d.querySelectorAll('script,img,iframe,object').length, plots: []};
    for (const fig of d.querySelectorAll('figure.plot')) {
      const kind = fig.getAttribute('data-kind');
      const axis = fig.querySelector('.axis').getBoundingClientRect();
      const ticks = fig.querySelectorAll('.ticklabel');
      const max = parseFloat(ticks[ticks.length - 1].textContent);
      const at = x => (x - axis.left) / (axis.right - axis.left) * max;
      const p = {id: fig.id, max: max, marks: 0, figs: []};
      for (const m of fig.querySelectorAll('circle.p, rect.bar')) { const b = m.getBoundingClientRect(); if (b.width > 0 && b.height > 0) p.marks++; }
      for (const g of fig.querySelectorAll('g.fig')) {
        const cell = d.getElementById(g.getAttribute('data-cell'));
        const f = {cell: g.getAttribute('data-cell'), table: cell ? cell.textContent : null, drawn: false};
        if (kind === 'rate') {
          const ci = g.querySelector('.ci'), pt = g.querySelector('circle.p');
          if (ci && pt) { const c = ci.getBoundingClientRect(), q = pt.getBoundingClientRect(); f.drawn = true; f.lo = at(c.left); f.hi = at(c.right); f.p = at((q.left + q.right) / 2); }
        } else {
          const bar = g.querySelector('rect.bar');
          if (bar) { const b = bar.getBoundingClientRect(); f.drawn = true; f.p = at(b.right); }
        }
        p.figs.push(f);
      }
      out.plots.push(p);
    }
    document.body.setAttribute('data-result', JSON.stringify(out));
  } catch (e) { document.body.setAttribute('data-error', String(e)); }
});
</script></body></html>`

// measured is what corpusFramePage records.
type measured struct {
	Title   string `json:"title"`
	Scripts int    `json:"scripts"`
	Plots   []struct {
		ID    string  `json:"id"`
		Max   float64 `json:"max"`
		Marks int     `json:"marks"`
		Figs  []struct {
			Cell  string   `json:"cell"`
			Table *string  `json:"table"`
			Drawn bool     `json:"drawn"`
			Lo    *float64 `json:"lo"`
			Hi    *float64 `json:"hi"`
			P     *float64 `json:"p"`
		} `json:"figs"`
	} `json:"plots"`
}

var (
	rateCellRe = regexp.MustCompile(`^(\d+) of (\d+) \((?:n/a|([\d.]+)%) \[([\d.]+), ([\d.]+)\]\)$`)
	numCellRe  = regexp.MustCompile(`^(\d+(?:\.\d+)?)%?$`)
)

// TestCorpusHTMLInBrowser loads the page in headless Chromium: no script is in it or allowed, a
// hostile task id changes nothing, every plot draws the marks the report's figures call for,
// and every point, interval and bar lands where its table cell says (within two pixels); a
// screenshot of each page is saved under the test's temp dir.
func TestCorpusHTMLInBrowser(t *testing.T) {
	bin := chromium(t)
	reports := map[string]*corpus.Report{"truth": truthReport(t), "fixture": fixtureCorpusReport(t, true)}
	hostile := fixtureRows()
	hostile[1].Task = `<script>document.title='pwned'</script><img src=x onerror="document.title='pwned'">`
	reports["hostile"] = corpusReport(t, hostile)
	for name, rep := range reports {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			var b bytes.Buffer
			if err := CorpusHTML(&b, rep); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "corpus.html"), b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			frame := filepath.Join(dir, "frame.html")
			if err := os.WriteFile(frame, []byte(corpusFramePage), 0o644); err != nil {
				t.Fatal(err)
			}
			dom := string(headless(t, bin, "--allow-file-access-from-files", "--window-size=1280,1000", "--dump-dom", "file://"+frame))
			if m := regexp.MustCompile(`data-error="([^"]*)"`).FindStringSubmatch(dom); m != nil {
				t.Fatalf("the frame could not read the page: %s", m[1])
			}
			m := regexp.MustCompile(`data-result="([^"]*)"`).FindStringSubmatch(dom)
			if m == nil {
				t.Fatalf("the frame recorded nothing:\n%s", dom)
			}
			var got measured
			if err := json.Unmarshal([]byte(unescapeAttr(m[1])), &got); err != nil {
				t.Fatalf("%v: %s", err, m[1])
			}
			if got.Title != "bond corpus report" || got.Scripts != 0 {
				t.Errorf("the page ran a script or holds an element that could (title %q, %d script/img/iframe/object elements)", got.Title, got.Scripts)
			}
			shot := filepath.Join(dir, "corpus.png")
			headless(t, bin, "--window-size=1280,2400", "--screenshot="+shot, "file://"+filepath.Join(dir, "corpus.html"))
			if st, err := os.Stat(shot); err != nil || st.Size() < 10_000 {
				t.Errorf("no screenshot at %s: %v", shot, err)
			}
			t.Logf("screenshot: %s", shot)
			want := expectedMarks(rep)
			if len(got.Plots) != len(want) {
				t.Errorf("%d plots drawn, want %d (%v)", len(got.Plots), len(want), want)
			}
			claimed := map[string]int{}
			for _, c := range regexp.MustCompile(`<figure class="plot" id="([^"]+)" data-kind="[a-z]+" data-marks="(\d+)">`).FindAllStringSubmatch(b.String(), -1) {
				claimed[c[1]], _ = strconv.Atoi(c[2])
			}
			for _, p := range got.Plots {
				if claimed[p.ID] != p.Marks {
					t.Errorf("%s says it draws %d marks; %d are drawn", p.ID, claimed[p.ID], p.Marks)
				}
				if p.Marks != want[p.ID] {
					t.Errorf("%s draws %d marks, want %d", p.ID, p.Marks, want[p.ID])
				}
				for _, f := range p.Figs {
					checkFigure(t, p.ID, p.Max*0.006, f.Cell, f.Table, f.Drawn, f.Lo, f.Hi, f.P)
				}
			}
		})
	}
}

// checkFigure compares one drawn figure with the text of its table cell: a rate's point and
// interval ends with "k of n (p% [lo, hi])", a bar's end with the cell's number (wall_ms in
// seconds), within tol units of the plot's axis; an undefined figure is drawn not at all.
func checkFigure(t *testing.T, plot string, tol float64, cell string, table *string, drawn bool, lo, hi, p *float64) {
	t.Helper()
	if table == nil {
		t.Errorf("%s: the figure points at table cell %s, which is not on the page", plot, cell)
		return
	}
	near := func(what string, got *float64, want float64) {
		if got == nil || *got < want-tol || *got > want+tol {
			t.Errorf("%s %s: %s drawn at %v, the table says %v (%q)", plot, cell, what, deref(got), want, *table)
		}
	}
	if rm := rateCellRe.FindStringSubmatch(*table); rm != nil {
		if rm[3] == "" {
			if drawn {
				t.Errorf("%s %s: a rate over no task is drawn (%q)", plot, cell, *table)
			}
			return
		}
		if !drawn {
			t.Errorf("%s %s: %q is not drawn", plot, cell, *table)
			return
		}
		pv, _ := strconv.ParseFloat(rm[3], 64)
		lv, _ := strconv.ParseFloat(rm[4], 64)
		hv, _ := strconv.ParseFloat(rm[5], 64)
		near("point", p, pv)
		near("interval's low end", lo, lv)
		near("interval's high end", hi, hv)
		return
	}
	if nm := numCellRe.FindStringSubmatch(*table); nm != nil {
		v, _ := strconv.ParseFloat(nm[1], 64)
		if strings.HasSuffix(cell, "-wall_ms-"+string(headlineRegime)) {
			v /= 1000
		}
		if !drawn {
			t.Errorf("%s %s: %q is not drawn", plot, cell, *table)
			return
		}
		near("bar's end", p, v)
		return
	}
	if *table != "n/a" || drawn {
		t.Errorf("%s %s: the table cell %q is neither a rate, a number nor n/a (drawn %v)", plot, cell, *table, drawn)
	}
}

func deref(p *float64) any {
	if p == nil {
		return "nowhere"
	}
	return *p
}

// unescapeAttr undoes the entity escaping --dump-dom applies to an attribute value.
func unescapeAttr(s string) string {
	return strings.NewReplacer("&quot;", `"`, "&amp;", "&", "&lt;", "<", "&gt;", ">", "&#39;", "'").Replace(s)
}
