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
	major, _, _ := strings.Cut(version(dir, name), ".")
	n, _ := number(major)
	return n
}

// MajorMinor returns the major and minor version of package name as Node would resolve it from
// dir, or 0, 0 when it is not installed or its version cannot be read (a feature that came in a
// minor release, such as vitest 3.1's --configLoader, needs both).
func MajorMinor(dir, name string) (int, int) {
	major, rest, _ := strings.Cut(version(dir, name), ".")
	minor, _, _ := strings.Cut(rest, ".")
	ma, ok1 := number(major)
	mi, ok2 := number(minor)
	if !ok1 || !ok2 {
		return 0, 0
	}
	return ma, mi
}

// version is the version field of name's package.json as Node would resolve it from dir, "" when
// there is none or it cannot be read.
func version(dir, name string) string {
	b, ok := manifest(dir, name)
	if !ok {
		return ""
	}
	var pkg struct {
		Version string `json:"version"`
	}
	if json.Unmarshal(b, &pkg) != nil {
		return ""
	}
	return pkg.Version
}

// number parses a version component of decimal digits.
func number(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
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
