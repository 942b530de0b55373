// Package bondbin builds the bond binary, the one place that says how: for the release
// (internal/npmpkg, scripts/npm-package) and for tests that run it as a user would (the attack
// driver, the GitHub Action's offline test, the npm package test), in a way go test's cache can
// see. Tests and release use the same flags, so they run the binary users download and share
// one entry of Go's build cache.
//
// go test caches a passing result keyed on the test binary and the files and environment the
// test process consulted while its tests ran (TestMain's own reads before m.Run are not logged).
// A test that only runs `go build` in a child process consults none of bond's sources, so after
// a change to the engine the cache would report the old pass. Such a package therefore calls
// ConsultSources from a test: a change to any source is then a change to a file the test
// consulted, and the cached result is not used.
package bondbin

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// Build compiles github.com/bond-tool/bond/cmd/bond for this machine into dir/bond and returns
// its path, as BuildFor does. root is the module's root directory (relative to the test's
// package directory, e.g. "../..").
func Build(root, dir string) (string, error) {
	bin := filepath.Join(dir, "bond")
	return bin, BuildFor(context.Background(), root, runtime.GOOS, runtime.GOARCH, bin)
}

// BuildFor compiles github.com/bond-tool/bond/cmd/bond for goos/goarch into the file out, as a
// release binary: static (CGO_ENABLED=0), free of local paths (-trimpath), and stamped with the
// checkout's commit as the README's build is (-buildvcs=auto: a GOFLAGS=-buildvcs=false in the
// environment would otherwise leave bond version's commit "unknown"). The README's build uses
// no -ldflags, and neither does this.
func BuildFor(ctx context.Context, root, goos, goarch, out string) error {
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-buildvcs=auto", "-o", abs, "github.com/bond-tool/bond/cmd/bond")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+goos, "GOARCH="+goarch)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build github.com/bond-tool/bond/cmd/bond for %s/%s in %s: %w\n%s", goos, goarch, root, err, out)
	}
	return nil
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
