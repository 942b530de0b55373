// The planned files' sources, for the formats that show whole files, with a fallback rebuilt
// from the report when the checkout is not at hand.

package render

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// sources returns a function giving each planned file's source, and a note saying where the
// sources came from. A file Input.Source cannot serve is rebuilt from the report: the original
// text of every mutated line at its line number, blank lines elsewhere.
func sources(in Input) (func(path string) string, string) {
	var missing []string
	byPath := map[string]map[int]string{}
	for _, m := range in.Report.Mutants {
		if byPath[m.Path] == nil {
			byPath[m.Path] = map[int]string{}
		}
		byPath[m.Path][m.Line] = m.Original
	}
	for _, c := range slices.Concat(in.Report.Cut, in.Report.Discarded) {
		if byPath[c.Path] == nil {
			byPath[c.Path] = map[int]string{}
		}
		byPath[c.Path][c.Line] = c.Original
	}
	for _, a := range in.Report.Lines {
		if byPath[a.Path] == nil {
			byPath[a.Path] = map[int]string{}
		}
	}
	read := map[string]string{}
	paths := make([]string, 0, len(byPath))
	for p := range byPath {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		if in.Source != nil {
			if b, err := in.Source(p); err == nil {
				read[p] = string(b)
				continue
			} else {
				missing = append(missing, fmt.Sprintf("%s (%v)", p, err))
			}
		} else {
			missing = append(missing, p)
		}
		read[p] = rebuild(byPath[p])
	}
	note := in.SourceNote
	if note == "" {
		note = "no checkout given"
	}
	if len(missing) > 0 {
		note += "; rebuilt from the report (the mutated lines only) for " + strings.Join(missing, ", ")
	}
	return func(path string) string { return read[path] }, note
}

// rebuild is a file of blank lines with the known lines at their numbers.
func rebuild(lines map[int]string) string {
	last := 0
	for n := range lines {
		last = max(last, n)
	}
	out := make([]string, last)
	for n, l := range lines {
		if n >= 1 {
			out[n-1] = l
		}
	}
	return strings.Join(out, "\n") + "\n"
}
