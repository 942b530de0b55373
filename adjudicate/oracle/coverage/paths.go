package coverage

import (
	"net/url"
	"path/filepath"
	"strings"
)

// ValueWrapperQuery is the query key of the wrapper modules the value trace's ES-module hooks
// (adjudicate/oracle/nodetrace) put between a test file and a repository module: the wrapper is bond's
// own script, not the file its path names, so its coverage is no coverage of that file.
const ValueWrapperQuery = "bond-value"

// urlPath turns a script URL as V8 and source maps name it into an absolute OS path:
// `file://` URLs (query and fragment dropped: loaders such as tsx add them; the value trace's
// wrapper modules, ValueWrapperQuery, are not files), and plain absolute
// paths (jest and vitest name their vm scripts that way). Anything else (`node:`, `evalmachine`,
// `data:`, `webpack://`, empty) is not a file and reports false.
func urlPath(u string) (string, bool) {
	switch {
	case strings.HasPrefix(u, "file://"):
		p, err := url.Parse(u)
		if err != nil || p.Path == "" || p.Query().Has(ValueWrapperQuery) {
			return "", false
		}
		return filepath.FromSlash(p.Path), true
	case filepath.IsAbs(u):
		if i := strings.IndexAny(u, "?#"); i >= 0 {
			u = u[:i]
		}
		return filepath.Clean(u), true
	}
	return "", false
}

// rootForms returns the root as given and with symbolic links resolved, because Node reports
// real paths (a sandbox under a symlinked temp dir shows up resolved).
func rootForms(root string) []string {
	if root == "" {
		return nil
	}
	forms := []string{filepath.Clean(root)}
	if abs, err := filepath.Abs(root); err == nil && abs != forms[0] {
		forms = append(forms, abs)
	}
	if real, err := filepath.EvalSymlinks(root); err == nil && real != forms[0] {
		forms = append(forms, real)
	}
	return forms
}

// rel maps an absolute path under the root to its repository-relative slash path. Paths outside
// the root, and any path with a node_modules element, report false.
func (rd *reader) rel(abs string) (string, bool) {
	for _, root := range rd.roots {
		r, err := filepath.Rel(root, abs)
		if err != nil || r == "." || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			continue
		}
		r = filepath.ToSlash(r)
		for _, part := range strings.Split(r, "/") {
			if part == "node_modules" {
				return "", false
			}
		}
		return r, true
	}
	return "", false
}
