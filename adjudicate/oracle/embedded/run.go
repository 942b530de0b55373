package embedded

// This file is one run of the oracle: each test file the mutant's file reaches compiled again
// with it in memory (the others keep their unmutated bundle), run as a job (job.go), and its
// results, coverage and the inputs it read collected into one Result.

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"strings"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
)

// compile bundles, instruments and compiles one test file with overrides.
func (r *Runner) compile(tf *testFile, overrides map[string][]byte) (*compiled, error) {
	out, err := tf.b.build(overrides)
	if err != nil {
		var be *buildError
		if errors.As(err, &be) {
			if file, ok := be.topLevelAwait(); ok && overrides == nil {
				if tf.b.esm {
					return nil, &UnsupportedError{Importer: file, Feature: "top-level await"}
				}
				// A script cannot hold it: bundle the file as one ES module's body instead,
				// run inside an async function (served under vitest only, below).
				nb, err := newBundler(r.root, tf.path, r.cfg.SetupFiles, true, r.conditions())
				if err != nil {
					return nil, err
				}
				nb.tests, nb.aliases, nb.mappers, nb.props = tf.b.tests, tf.b.aliases, tf.b.mappers, tf.b.props
				tf.b.dispose()
				tf.b = nb
				return r.compile(tf, overrides)
			}
		}
		return nil, err
	}
	if len(out.unsupp) > 0 && overrides == nil {
		u := out.unsupp[0]
		return nil, &UnsupportedError{Import: u.spec, Importer: u.importer}
	}
	if file, ok := propertyEscape(out.js, out.srcMap); ok {
		// After every build, a mutant's too: an escape left as it was never matches in goja.
		return nil, &UnsupportedError{Importer: tf.b.sourceName(file), Feature: propertyEscapeFeature}
	}
	// The framework whose API the bundle imports, the first in this order; else the config's.
	fw := r.cfg.Framework
	for _, f := range []Framework{FrameworkVitest, FrameworkJest, FrameworkMocha, FrameworkUvu, FrameworkTape, FrameworkAva, FrameworkTap} {
		if out.apis[f] {
			fw = f
			break
		}
	}
	if overrides == nil {
		if what, file, ok := refusedUse(out.js, out.srcMap, inlineSnapshotRefusal(r.root, fw)); ok {
			return nil, &UnsupportedError{Importer: tf.b.sourceName(file), Feature: what}
		}
	}
	if tf.b.esm && overrides == nil {
		switch {
		case fw != FrameworkVitest:
			return nil, &UnsupportedError{Importer: tf.path, Feature: tlaFeature}
		case out.exports:
			return nil, &UnsupportedError{Importer: tf.path, Feature: "top-level await in a test file that exports bindings"}
		}
	}
	inst, err := instrument(tf.path, string(out.js), out.srcMap, out.strict, tf.b.esm)
	if err != nil {
		return nil, err
	}
	c := &compiled{inst: inst, inputs: out.inputs, framework: fw, async: tf.b.esm}
	if r.opts.InProcess { // a worker compiles what it runs itself
		if c.prg, err = compileInstrumented(tf.path, inst); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// RunOptions narrow one run. The zero value runs every test file and every test.
type RunOptions struct {
	// Files are the test files to run, repo-relative, each one of TestFiles; they run in the
	// oracle's order. nil runs them all.
	Files []string
	// Bail stops the run at its first failing test (or file that fails to load): no test
	// starts after it, and the tests that did not run are not reported, so Result.Tests ends at
	// that failure (hooks of the suites it was in still run, as their cleanup).
	Bail bool
}

// Run runs the oracle once with the files in overrides (repo-relative path → contents) replaced
// in memory, stopping at timeout (0: no limit) or when ctx is done, via Runtime.Interrupt. The
// error is for harness failures only; a mutant that fails to bundle is a failed run with
// LoadError set, as Node would fail to load it.
func (r *Runner) Run(ctx context.Context, overrides map[string][]byte, timeout time.Duration) (Result, error) {
	return r.RunWith(ctx, overrides, timeout, RunOptions{})
}

// RunWith is Run over the files ro selects, stopping at the first failure when ro.Bail.
func (r *Runner) RunWith(ctx context.Context, overrides map[string][]byte, timeout time.Duration, ro RunOptions) (Result, error) {
	start := time.Now()
	res := Result{Hits: coverage.HitMap{}, Inputs: map[string]string{}}
	norm := make(map[string][]byte, len(overrides))
	for p, b := range overrides {
		norm[filepath.ToSlash(filepath.Clean(p))] = b
	}
	j, cs, err := r.jobFor(norm, timeout, ro)
	if err != nil {
		return res, err
	}
	for _, c := range cs {
		if c != nil {
			maps.Copy(res.Inputs, c.inputs)
		}
	}
	var jr jobResult
	if r.opts.InProcess {
		jr = j.execute(ctx, r.rtPrg)
	} else if jr, err = r.workers.run(ctx, j); err != nil {
		return res, err
	}
	if jr.Err != "" {
		return res, errors.New(jr.Err)
	}
	var out strings.Builder
	out.WriteString(jr.Output)
	loadFailed := false
	crossFile := crossFileUse(jr.Files, j.Files)
	for i, fr := range jr.Files {
		maps.Copy(res.Inputs, fr.Reads)
		res.Tests = append(res.Tests, fr.Tests...)
		res.Traced = append(res.Traced, j.Files[i].Path)
		for _, c := range fr.Calls {
			c.File = j.Files[i].Path
			res.Calls = append(res.Calls, c)
		}
		res.TraceCapped = res.TraceCapped || fr.TraceCapped
		res.NeighboursSkipped += fr.NeighboursSkipped
		if cs[i] != nil {
			res.Hits.Merge(hitsOf(cs[i].inst, fr.Probes, r.cfg.SetupFiles))
		}
		if fr.LoadError != "" {
			loadFailed = true
			if res.LoadError == "" {
				res.LoadError = fr.LoadError
			}
		}
	}
	switch jr.Stopped {
	case stopTimeout:
		res.TimedOut = true
		fmt.Fprintf(&out, "✖ stopped: the run exceeded its time limit of %s\n", timeout)
	case stopContext:
		res.TimedOut = true
		fmt.Fprintf(&out, "✖ stopped: %v\n", context.Cause(ctx))
	case stopMemory:
		res.MemoryExceeded = true
		fmt.Fprintf(&out, "✖ stopped: the heap grew by more than %d MiB\n", r.opts.MemoryLimit>>20)
	}
	pass, fail, skip, todo := 0, 0, 0, 0
	for _, t := range res.Tests {
		switch {
		case t.Skipped:
			skip++
		case t.Todo:
			todo++
		case t.Passed:
			pass++
		default:
			fail++
		}
	}
	fmt.Fprintf(&out, "ℹ tests %d\nℹ pass %d\nℹ fail %d\nℹ skipped %d\nℹ todo %d\n", len(res.Tests), pass, fail, skip, todo)
	if ro.Bail && (fail > 0 || loadFailed) {
		res.Bailed = true
		out.WriteString("ℹ bail: the run stopped at its first failure; the tests after it did not run\n")
	}
	for _, fr := range jr.Files {
		if fr.Refused != "" && res.Unsupported == "" {
			// Touched, even if the test caught the throw: Node would have run something else.
			res.Unsupported = fr.Refused
			fmt.Fprintf(&out, "✖ %s is not available in the embedded runner\n", fr.Refused)
		}
	}
	for _, t := range res.Tests {
		if !t.Passed && !t.Todo && res.Unsupported == "" {
			res.Unsupported = unsupportedIn(t.Error)
		}
	}
	passed := fail == 0 && !loadFailed && jr.Stopped == stopNone && !anyRefused(jr.Files)
	if crossFile == "" {
		crossFile = mochaSharedSetup(j.Files, len(norm), passed)
	}
	if crossFile != "" {
		// Not evidence about the oracle: mocha would have run these files differently.
		res.Unsupported, passed = crossFile, false
		fmt.Fprintf(&out, "✖ %s; the embedded runner runs each file on its own\n", crossFile)
	}
	res.Output = out.String()
	res.Passed = passed
	res.Duration = time.Since(start)
	return res, nil
}

// touches reports whether an override replaces a file the bundle was built from.
func touches(inputs map[string]string, overrides map[string][]byte) bool {
	for p := range overrides {
		if _, ok := inputs[p]; ok {
			return true
		}
	}
	return false
}
