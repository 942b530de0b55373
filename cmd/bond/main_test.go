package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testneed"
	"github.com/rogpeppe/go-internal/testscript"
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
		Setup: func(env *testscript.Env) error {
			// The repository's testdata, for scripts that use shared fixtures.
			wd, err := os.Getwd()
			if err != nil {
				return err
			}
			env.Setenv("BOND_TESTDATA", wd+"/../../testdata")
			return nil
		},
		// [installed:DIR] holds when DIR (from the repository's root) has node_modules, or under
		// CI, which installs every fixture: a script needing one fails there rather than skip.
		Condition: func(cond string) (bool, error) {
			dir, ok := strings.CutPrefix(cond, "installed:")
			if !ok {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			_, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(dir), "node_modules"))
			return err == nil || testneed.UnderCI(), nil
		},
	})
}
