// Package bondbin builds the bond binary for tests that run it as a user would (the attack
// driver, the GitHub Action's offline test), in a way go test's cache can see.
//
// go test caches a passing result keyed on the test binary and the files and environment the
// test process consulted while its tests ran (TestMain's own reads before m.Run are not logged).
// A test that only runs `go build` in a child process consults none of bond's sources, so after
// a change to the engine the cache would report the old pass. Such a package therefore calls
// ConsultSources from a test: a change to any source is then a change to a file the test
// consulted, and the cached result is not used.
package bondbin

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Build compiles github.com/bond-tool/bond/cmd/bond into dir/bond and returns its path. root is
// the module's root directory (relative to the test's package directory, e.g. "../..").
//
// It builds as the README tells a user to, with -buildvcs=auto: a GOFLAGS=-buildvcs=false in the
// environment would otherwise leave bond version's commit "unknown" in a checkout.
func Build(root, dir string) (string, error) {
	bin := filepath.Join(dir, "bond")
	cmd := exec.Command("go", "build", "-buildvcs=auto", "-o", bin, "github.com/bond-tool/bond/cmd/bond")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build github.com/bond-tool/bond/cmd/bond: %w\n%s", err, out)
	}
	return bin, nil
}

// ConsultSources reads go.mod, go.sum and every file a build of bond can compile or embed (Go,
// JS, JSON) outside testdata and node_modules, so that go test's cache sees them (see the package
// comment). Call it from a test, not from TestMain.
func ConsultSources(root string) error {
	for _, name := range []string{"go.mod", "go.sum"} {
		if _, err := os.ReadFile(filepath.Join(root, name)); err != nil {
			return err
		}
	}
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "testdata", "node_modules", ".git":
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".js", ".json":
			if strings.HasSuffix(path, "_test.go") {
				return nil
			}
			_, err := os.ReadFile(path)
			return err
		}
		return nil
	})
}
