package embedded

// This file turns a run's fired probes into a hit map of repository files (SPEC §3.3): the
// source-map paths made repository-relative, and the lines instrument.go attributed to each
// probe marked as run.

import (
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
)

// cleanSource turns a source-map path into a repository-relative, slash-separated path, or ""
// when the source is outside the repository or esbuild's own runtime. esbuild writes sources as
// URL paths (src/café.js as src/caf%C3%A9.js, 100%.js as 100%25.js), so they are unescaped first.
func cleanSource(s string) string {
	if strings.HasPrefix(s, "<") || strings.Contains(s, ":") {
		return ""
	}
	if u, err := url.PathUnescape(s); err == nil {
		s = u
	}
	p := path.Clean(strings.ReplaceAll(s, "\\", "/"))
	if p == "." || strings.HasPrefix(p, "../") || p == ".." || strings.HasPrefix(p, "/") {
		return ""
	}
	return p
}

// hitsOf turns a run's probe bytes into a hit map of repository files. The suite's setup files
// (setup) are left out: they run before every test file and are not the code under test, so
// their lines are no one's reach.
func hitsOf(inst *instrumented, probes []byte, setup []string) coverage.HitMap {
	h := coverage.HitMap{}
	names := make([]string, len(inst.sources))
	for i, s := range inst.sources {
		p := cleanSource(s)
		if p == "" || strings.HasPrefix(p, "node_modules/") || strings.Contains(p, "/node_modules/") || slices.Contains(setup, p) {
			continue
		}
		names[i] = p
	}
	for _, ref := range inst.lines {
		if n := names[ref.src]; n != "" {
			fh := h[n]
			if fh == nil {
				fh = coverage.FileHits{}
				h[n] = fh
			}
			if _, ok := fh[ref.line]; !ok {
				fh[ref.line] = false
			}
		}
	}
	for id, hit := range probes {
		if hit == 0 || id >= len(inst.attrib) {
			continue
		}
		for _, ref := range inst.attrib[id] {
			if n := names[ref.src]; n != "" {
				h[n][ref.line] = true
			}
		}
	}
	return h
}
