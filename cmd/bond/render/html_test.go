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
	"strings"
	"testing"
	"time"
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
	if n := strings.Count(h.String(), "<script"); n != 1 || strings.Contains(h.String(), "<img") || strings.Contains(h.String(), "<b>") {
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
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed; .ci/run installs it (apt-get install -y chromium)")
	}
	t.Skip("chromium is not installed (apt-get install -y chromium); under CI this fails")
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

// TestHTMLInBrowser loads the page in a real headless Chromium: its script runs under the page's
// own Content-Security-Policy (it marks the body ready with the number of mutants it found),
// every mutant's location and status is in the rendered DOM, hostile strings produce no element,
// and a screenshot is saved under the test's temp dir.
func TestHTMLInBrowser(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	in := fixtureInput(t)
	var b bytes.Buffer
	if err := HTML(&b, in); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "report.html")
	if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := string(headless(t, bin, "--dump-dom", "file://"+page))
	if want := `data-ready="4"`; !strings.Contains(dom, want) {
		t.Errorf("the page's script did not run (no %s on the body): CSP or script broken\n%s", want, dom)
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

	var h bytes.Buffer
	if err := HTML(&h, Input{Report: hostileReport()}); err != nil {
		t.Fatal(err)
	}
	hostile := filepath.Join(dir, "hostile.html")
	if err := os.WriteFile(hostile, h.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	hdom := string(headless(t, bin, "--dump-dom", "file://"+hostile))
	if strings.Contains(hdom, "<img") || strings.Count(hdom, "<script") != 1 || !strings.Contains(hdom, `data-ready="5"`) {
		t.Errorf("hostile strings changed the DOM:\n%s", hdom)
	}

	// The dark facts (unknown reach, the budget cut and its list, unchanged lines) are in the
	// rendered page, and the script still runs beside them.
	full, _ := darkReports()
	var d bytes.Buffer
	if err := HTML(&d, Input{Report: full}); err != nil {
		t.Fatal(err)
	}
	dark := filepath.Join(dir, "dark.html")
	if err := os.WriteFile(dark, d.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ddom := string(headless(t, bin, "--dump-dom", "file://"+dark))
	for _, w := range []string{`data-ready="2"`, `<p id="reach">reach unknown: no coverage for lib/a.js`, `<p id="budget">budget: 2 of 5 candidates run; 3 cut by the budget`, `<li>lib/a.js:3 swap-arithmetic-operands`, `<p id="unchanged">unchanged behaviour: 2 lines`} {
		if !strings.Contains(ddom, w) {
			t.Errorf("the rendered dark page lacks %s:\n%s", w, ddom)
		}
	}
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
