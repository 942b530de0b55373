package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/testneed"
)

// update rewrites golden files and testscript expectations instead of comparing against them.
var update = flag.Bool("update", false, "rewrite golden files and testscript expectations")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"bond": func() { os.Exit(run(os.Args[1:], SystemStreams())) },
	})
}

// TestScripts runs the CLI behaviour scripts in testdata/script, one behaviour per file.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       *update,
		Condition:           scriptCondition,
		Setup: func(env *testscript.Env) error {
			// The repository's testdata, for scripts that use shared fixtures.
			wd, err := os.Getwd()
			if err != nil {
				return err
			}
			env.Setenv("BOND_TESTDATA", wd+"/../../testdata")
			return nil
		},
	})
}

// scriptCondition answers the scripts' own conditions. [netns]: bond can make a network
// namespace here (--hermetic works). [installed:DIR]: DIR (from the repository's root) has
// node_modules. Under CI each is always true, since CI provides namespaces and installs every
// fixture: a skip there would hide a broken host (internal/testneed's rule).
func scriptCondition(cond string) (bool, error) {
	if dir, ok := strings.CutPrefix(cond, "installed:"); ok {
		_, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(dir), "node_modules"))
		return err == nil || testneed.UnderCI(), nil
	}
	switch cond {
	case "netns":
		_, err := isolate.New(isolate.Options{Hermetic: true})
		return err == nil || testneed.UnderCI(), nil
	}
	return false, fmt.Errorf("unknown condition %q; main_test.go's scriptCondition knows netns and installed:DIR", cond)
}
