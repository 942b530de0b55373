package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestInternalIsLeaves checks that no package under internal/ imports a package of this module
// outside internal/: internal/ holds shared plumbing that everything may call, so an import
// arrow from it up into adjudicate, corpus, plan or cmd would make a cycle waiting to happen
// (the renderers, which read those packages' reports, live in cmd/bond/render for this reason).
func TestInternalIsLeaves(t *testing.T) {
	const module = "github.com/bond-tool/bond/"
	root := filepath.Join("..", "..", "internal")
	fset := token.NewFileSet()
	seen := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		seen++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(p, module) && !strings.HasPrefix(p, module+"internal/") {
				t.Errorf("%s imports %s: a package under internal/ may import only other internal/ packages; move the code that needs %s beside its caller", path, p, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen == 0 {
		t.Fatalf("no Go files under %s: the test is looking in the wrong place", root)
	}
}
