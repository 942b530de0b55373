package render

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/testneed"
)

// The page is pinned by a golden file, and every hostile string stays text.
func TestHTMLGolden(t *testing.T) {
	var b bytes.Buffer
	if err := HTML(&b, fixtureInput(t)); err != nil {
		t.Fatal(err)
	}
	golden(t, "basic.golden.html", b.Bytes())
	for _, bad := range []string{"http://", "https://", "src=\"", "href=\"", "href="} {
		rest := strings.ReplaceAll(b.String(), `href="#`, "") // links within the page need no network
		if strings.Contains(rest, bad) {
			t.Errorf("the page refers to %q: it must need no network", bad)
		}
	}
	if !strings.Contains(b.String(), `<ul id="todo">`) || !strings.Contains(b.String(), `<a href="#m-`) {
		t.Error("the page's what-to-do list does not link to its mutants")
	}

	var h bytes.Buffer
	if err := HTML(&h, Input{Report: hostileReport()}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(h.String(), "<script"); n != 0 || strings.Contains(h.String(), "<img") || strings.Contains(h.String(), "<b>") {
		t.Errorf("hostile strings became markup (%d scripts):\n%s", n, h.String())
	}
}

// chromium finds the browser, failing under CI (where .ci/run installs it) and skipping elsewhere.
func chromium(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	testneed.Missing(t, "chromium is not installed; .ci/run installs it (apt-get install -y chromium)")
	return ""
}

// headless runs Chromium headless on a page with the flags that work on a machine without
// network, each run with a fresh profile.
func headless(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--virtual-time-budget=5000"}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", bin, args, err, stderr.String())
	}
	return out
}

// TestHTMLInBrowser loads the page in a real headless Chromium: no script is in it or allowed
// by its Content-Security-Policy, every jump link lands on an element of the page, every added
// line carries its mark, every mutant's location and status is in the rendered DOM, hostile
// strings produce no element, and a screenshot is saved under the test's temp dir.
func TestHTMLInBrowser(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	in := fixtureInput(t)
	page := writeHTML(t, dir, "report.html", in)
	dom := string(headless(t, bin, "--dump-dom", "file://"+page))
	if strings.Contains(dom, "<script") || !strings.Contains(dom, "script-src 'none'") {
		t.Errorf("the page has a script or its CSP allows one:\n%s", dom)
	}
	ids := map[string]bool{}
	for _, m := range regexp.MustCompile(`\sid="([^"]+)"`).FindAllStringSubmatch(dom, -1) {
		ids[m[1]] = true
	}
	links := regexp.MustCompile(`href="#([^"]+)"`).FindAllStringSubmatch(dom, -1)
	if len(links) < len(in.Report.Lines) {
		t.Errorf("%d jump links for %d added lines", len(links), len(in.Report.Lines))
	}
	for _, l := range links {
		if !ids[l[1]] {
			t.Errorf("the jump link #%s lands nowhere", l[1])
		}
	}
	for _, a := range in.Report.Lines {
		mk := markOf(a)
		re := regexp.MustCompile(`<a href="#(f\d+-L` + fmt.Sprint(a.Line) + `)">` + regexp.QuoteMeta(a.Path) + `:`)
		row := re.FindStringSubmatch(dom)
		if row == nil {
			t.Errorf("%s:%d has no row in the per-line table", a.Path, a.Line)
			continue
		}
		line := regexp.MustCompile(`id="` + row[1] + `"><span class="n">` + fmt.Sprint(a.Line) + `</span><span class="mark ` + mk.Class + `" title="` + regexp.QuoteMeta(mk.Why) + `">` + regexp.QuoteMeta(mk.Label) + `</span>`)
		if !line.MatchString(dom) {
			t.Errorf("%s:%d is not marked %q (%s) in its hunk", a.Path, a.Line, mk.Label, mk.Class)
		}
	}
	for _, m := range in.Report.Mutants {
		re := regexp.MustCompile(`id="m-` + m.ID + `" data-location="` + regexp.QuoteMeta(locOf(m.Line, m.Column)) +
			`" data-verdict="` + string(m.Verdict) + `">[\s\S]*?<span class="status">` + regexp.QuoteMeta(statusText(m)) + `</span>`)
		if !re.MatchString(dom) {
			t.Errorf("mutant %s (%d:%d, %s, %s) is not in the rendered DOM", m.ID, m.Line, m.Column, statusText(m), m.Verdict)
		}
	}
	if !strings.Contains(dom, `id="bond">`+string(in.Report.Bond.Verdict)+`<`) {
		t.Errorf("the bond %s is not in the rendered DOM", in.Report.Bond.Verdict)
	}
	shot := filepath.Join(dir, "report.png")
	headless(t, bin, "--window-size=1280,1800", "--screenshot="+shot, "file://"+page)
	if st, err := os.Stat(shot); err != nil || st.Size() < 10_000 {
		t.Errorf("no screenshot at %s: %v", shot, err)
	}
	t.Logf("screenshot: %s", shot)

	hostile := writeHTML(t, dir, "hostile.html", Input{Report: hostileReport()})
	hdom := string(headless(t, bin, "--dump-dom", "file://"+hostile))
	if strings.Contains(hdom, "<img") || strings.Contains(hdom, "<script") || !strings.Contains(hdom, "&lt;img src=x onerror=alert(1)&gt;") {
		t.Errorf("hostile strings changed the DOM or are missing as text:\n%s", hdom)
	}

	// The dark facts (unknown reach, the budget cut and its list, unchanged lines) are in the
	// rendered page.
	full, _ := darkReports()
	dark := writeHTML(t, dir, "dark.html", Input{Report: full})
	ddom := string(headless(t, bin, "--dump-dom", "file://"+dark))
	for _, w := range []string{`<p id="reach">reach unknown: no coverage for lib/a.js`, `<p id="budget">budget: 2 of 5 candidates run; 3 cut by the budget`, `<li>lib/a.js:3 swap-arithmetic-operands`, `<p id="unchanged">unchanged behaviour: 2 lines`} {
		if !strings.Contains(ddom, w) {
			t.Errorf("the rendered dark page lacks %s:\n%s", w, ddom)
		}
	}
}

// writeHTML renders in as the html format into dir/name and returns its path.
func writeHTML(t *testing.T, dir, name string, in Input) string {
	t.Helper()
	var b bytes.Buffer
	if err := HTML(&b, in); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, name)
	if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return page
}

// firstScreenPage frames a report at 1280×900 and records where its first mutant lands: the
// frame's document is read through --allow-file-access-from-files, since the report itself runs
// no script.
const firstScreenPage = `<!DOCTYPE html><html><body style="margin:0"><iframe id="f" src="long.html" style="width:1280px;height:900px;border:0"></iframe>
<script>
document.getElementById('f').addEventListener('load', () => {
  try {
    const d = document.getElementById('f').contentDocument;
    document.body.setAttribute('data-top', String(Math.round(d.querySelector('.mutant').getBoundingClientRect().top)));
    document.body.setAttribute('data-screen', String(d.documentElement.clientHeight));
  } catch (e) { document.body.setAttribute('data-error', String(e)); }
});
</script></body></html>`

// The HTML for a 2,000-line file whose first mutant sits at line 1,503 shows that mutant in
// the first screen: the page shows the changed hunks, not the file from line 1.
func TestHTMLLongFileFirstScreen(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	in := fixtureInput(t)
	const shift = 1500
	b, err := json.Marshal(in.Report)
	if err != nil {
		t.Fatal(err)
	}
	var r report.Report
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	for i := range r.Mutants {
		r.Mutants[i].Line += shift
	}
	for i := range r.Lines {
		r.Lines[i].Line += shift
	}
	src, err := in.Source("src/range.js")
	if err != nil {
		t.Fatal(err)
	}
	var long strings.Builder
	for i := 1; i <= shift; i++ {
		fmt.Fprintf(&long, "// line %d, unchanged\n", i)
	}
	long.Write(src)
	for i := shift + strings.Count(string(src), "\n") + 1; i <= 2000; i++ {
		fmt.Fprintf(&long, "// line %d, unchanged\n", i)
	}
	writeHTML(t, dir, "long.html", Input{Report: &r, SourceNote: "a test's", Source: func(string) ([]byte, error) { return []byte(long.String()), nil }})
	frame := filepath.Join(dir, "frame.html")
	if err := os.WriteFile(frame, []byte(firstScreenPage), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := string(headless(t, bin, "--allow-file-access-from-files", "--window-size=1280,1000", "--dump-dom", "file://"+frame))
	if m := regexp.MustCompile(`data-error="([^"]*)"`).FindStringSubmatch(dom); m != nil {
		t.Fatalf("the frame could not read the page: %s", m[1])
	}
	m := regexp.MustCompile(`data-top="(-?\d+)" data-screen="(\d+)"`).FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("the frame recorded no position:\n%s", dom)
	}
	top, _ := strconv.Atoi(m[1])
	screen, _ := strconv.Atoi(m[2])
	if top < 0 || top >= screen {
		t.Errorf("the first mutant is at %d px, outside the first screen (%d px)", top, screen)
	}
	t.Logf("first mutant at %d px of a %d px screen", top, screen)
}

func locOf(line, col int) string { return fmt.Sprintf("%d:%d", line, col) }

// viewerPage loads the vendored mutation-testing-elements viewer with a document, opens route,
// and after the viewer renders copies its text (through its shadow roots) into the body's
// data-text, where --dump-dom can read it.
const viewerPage = `<!DOCTYPE html><html><head><meta charset="utf-8"><script src="mutation-test-elements.js"></script></head><body>
<mutation-test-report-app></mutation-test-report-app>
<script>
window.addEventListener('error', e => document.body.setAttribute('data-error', String(e.message)));
customElements.whenDefined('mutation-test-report-app').then(() => {
  document.querySelector('mutation-test-report-app').report = REPORT;
  setTimeout(() => {
    const text = n => { let s = ''; if (n.shadowRoot) s += text(n.shadowRoot); for (const c of n.childNodes) s += c.nodeType === 3 ? c.textContent : text(c); return s; };
    document.body.setAttribute('data-text', text(document.querySelector('mutation-test-report-app')).replace(/\s+/g, ' '));
  }, 2000);
});
</script></body></html>`

// TestMutationTestingInViewer opens the fixture's mutation-testing document in Stryker's own
// viewer (mutation-testing-elements, vendored) in headless Chromium: the viewer shows the file's
// source, counts each status as the document has it, and marks each survived or uncovered
// mutant on its line.
func TestMutationTestingInViewer(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	var doc bytes.Buffer
	if err := MutationTesting(&doc, fixtureInput(t)); err != nil {
		t.Fatal(err)
	}
	js, err := os.ReadFile(filepath.Join("testdata", "viewer", "mutation-test-elements.js"))
	if err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "viewer.html")
	if err := os.WriteFile(filepath.Join(dir, "mutation-test-elements.js"), js, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, []byte(strings.Replace(viewerPage, "REPORT", doc.String(), 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := string(headless(t, bin, "--dump-dom", "file://"+page+"#mutant/range.js"))
	if m := regexp.MustCompile(`data-error="([^"]*)"`).FindStringSubmatch(dom); m != nil {
		t.Fatalf("the viewer failed: %s", m[1])
	}
	m := regexp.MustCompile(`data-text="([^"]*)"`).FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("the viewer did not render:\n%s", dom)
	}
	text := m[1]
	var parsed mtReport
	if err := json.Unmarshal(doc.Bytes(), &parsed); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, mu := range parsed.Files["src/range.js"].Mutants {
		counts[mu.Status]++
		if mu.Status == "Survived" || mu.Status == "NoCoverage" {
			if want := mu.MutatorName + " " + mu.Status; !strings.Contains(text, want) {
				t.Errorf("the viewer does not mark %q on its line", want)
			}
		}
	}
	for status, n := range counts {
		if want := fmt.Sprintf("%s (%d)", status, n); !strings.Contains(text, want) {
			t.Errorf("the viewer does not count %q", want)
		}
	}
	t.Logf("viewer text: %.600s", text)
	if !strings.Contains(text, "function width(lo, hi)") {
		t.Errorf("the viewer does not show the file's source:\n%s", text)
	}
}
