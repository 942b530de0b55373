// Package nodepkg answers what Node would find installed: whether a package resolves from a
// directory and its major version, read from node_modules/<name>/package.json in the directory
// or any parent, as Node's resolution walks. Runner choice, coverage and the compile cache all
// ask it, so they agree on what is installed.
package nodepkg

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/bond-tool/bond/internal/safefile"
)

// Resolvable reports whether package name resolves from dir the way Node resolves it: a
// node_modules/<name>/package.json in dir or any parent.
func Resolvable(dir, name string) bool {
	_, ok := manifest(dir, name)
	return ok
}

// Major returns the major version of package name as Node would resolve it from dir, or 0 when
// it is not installed or its version cannot be read.
func Major(dir, name string) int {
	b, ok := manifest(dir, name)
	if !ok {
		return 0
	}
	var pkg struct {
		Version string `json:"version"`
	}
	if json.Unmarshal(b, &pkg) != nil {
		return 0
	}
	major, _, _ := strings.Cut(pkg.Version, ".")
	n := 0
	for _, c := range major {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// manifest is the package.json of name as Node would resolve it from dir.
func manifest(dir, name string) ([]byte, bool) {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if b, err := safefile.Read(filepath.Join(d, "node_modules", filepath.FromSlash(name), "package.json"), safefile.ConfigMax); err == nil {
			return b, true
		}
		if filepath.Dir(d) == d {
			return nil, false
		}
	}
}
