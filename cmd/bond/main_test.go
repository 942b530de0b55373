package main

import (
	"flag"
	"os"
	"testing"

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
	})
}
