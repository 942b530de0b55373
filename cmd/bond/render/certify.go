// Package render holds every renderer of bond's documents: certify reports (human, json,
// markdown, github, mutation-testing, sarif, html), one mutant for bond inspect, and the corpus
// report and comparison. They share one escaping module (escape.go), so a string from the patch
// or the tests is escaped the same way wherever it is shown.
package render

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
)

// Input is what a certify renderer reads: the report and, for the formats that show whole files
// (mutation-testing, html), a way to read the planned files' sources.
type Input struct {
	Report *report.Report
	// Source returns the content of a repository-relative path as certify saw it; nil, or an
	// error, means the source is unavailable and the renderer says so.
	Source func(path string) ([]byte, error)
	// SourceNote says where Source reads from ("the checkout /x", "unavailable: …"); formats that
	// embed sources record it.
	SourceNote string
}

// Func renders a certify report. Its bytes depend only on the Input (SPEC §4): no clock, no
// environment.
type Func func(io.Writer, Input) error

// Formats are the report formats of certify and bond inspect (SPEC §4). markdown, github, sarif
// and html leave times out, so a sticky review comment does not churn between runs of the patch.
var Formats = map[string]Func{
	"human":            Human,
	"json":             JSON,
	"markdown":         Markdown,
	"github":           Github,
	"mutation-testing": MutationTesting,
	"html":             HTML,
	"sarif":            SARIF,
}

// FormatNames lists the formats for help and errors, joined by |.
func FormatNames() string {
	return strings.Join(slices.Sorted(maps.Keys(Formats)), "|")
}

// JSON writes the report itself (docs/report-schema.md); encoding/json escapes <, > and & and
// replaces invalid UTF-8, so the document is safe to embed, and ciJSON writes "::" and "##["
// with JSON escapes, so it is safe to print in a CI log and decodes to the same values.
func JSON(w io.Writer, in Input) error {
	b, err := json.MarshalIndent(in.Report, "", "  ")
	if err != nil {
		return err
	}
	_, err = ciJSON.WriteString(w, string(b)+"\n")
	return err
}

func shortDigest(d string) string {
	if len(d) > 12 {
		return d[:12]
	}
	return d
}

func oneLine(s string, n int) string {
	s = oneLineControls(s)
	if len([]rune(s)) > n {
		return string([]rune(s)[:n-1]) + "…"
	}
	return s
}

// errWriter remembers the first write error so renderers can check once.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

func (e *errWriter) printf(format string, args ...any) { fmt.Fprintf(e, format, args...) }
