package testresults

// This file decides how to ask a run's test runner for a result file, and reads the run's
// results back: from that file, or from the output text where there is none.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/internal/safefile"
)

// Format is the format of a runner's result file.
type Format string

// The result file formats.
const (
	// FormatJestJSON is jest's --json report; vitest's json reporter writes the same shape.
	FormatJestJSON Format = "jest-json"
	// FormatMochaJSON is mocha's json reporter.
	FormatMochaJSON Format = "mocha-json"
	// FormatTAP is node:test's tap reporter.
	FormatTAP Format = "tap"
	// FormatNodeEvents is the lines bond's node:test reporter writes (node.go).
	FormatNodeEvents Format = "node-events"
)

// Request is how one run asks its runner for a result file. Make one per run, with its own
// path.
type Request struct {
	// Runner is the runner the command runs (jest, vitest, mocha, node:test), or "".
	Runner oraclecmd.Runner
	// Cmd is the command to run: the one given, or rewritten to ask for the file.
	Cmd string
	// Env holds variables to add to the run's environment (node:test is asked through
	// NODE_OPTIONS, which reaches it through package scripts too). Where the run's environment
	// already has NODE_OPTIONS, join the two values with a space.
	Env []string
	// Path is where the runner will write its file; "" when it was not asked.
	Path string
	// Format is the file's format; "" when it was not asked.
	Format Format
	// Why says why a recognised runner was not asked (the command already picks its reporter or
	// output file, flags cannot reach it); its results then come from the output text.
	Why string
}

// Ask returns how to run cmd (a shell command run at root, after coverage.Prepare's rewrite if
// any) so that its runner also writes a machine-readable result file to path, keeping the
// output the user's own reporter prints:
//   - jest: --json --outputFile path (the usual report still goes to stderr);
//   - vitest: --reporter=default --reporter=json --outputFile.json=path (the user's own
//     --reporter flags, when given, replace default);
//   - mocha: --reporter json --reporter-option output=path, only when the command picks no
//     reporter (mocha has one reporter at a time; its spec output is then not printed, so
//     the run's output tail is empty);
//   - node:test: NODE_OPTIONS=--test-reporter=spec --test-reporter-destination=stdout
//     --test-reporter=REPORTER --test-reporter-destination=path, REPORTER being bond's event
//     reporter as a data: URL (node.go), unless the command picks its own reporters (Node
//     refuses reporters and destinations that do not pair up).
//
// Measured with jest 29.7.0, vitest 3.2.4, mocha 11.7.5 and Node 20.20 on the projects under
// testdata/projects (TestRunners), and by hand with jest 22.4.4, vitest 1.6.1 and 4.1.12 and
// mocha 10.2.0 (vitest 1 gives a file-level ancestor "", dropped from names). A command bond
// does not recognise is returned unchanged.
func Ask(cmd, root, path string) Request {
	r, ok := oraclecmd.LocateRunner(cmd, oraclecmd.Options{Scripts: oraclecmd.ScriptsIn(os.DirFS(root))})
	req := Request{Runner: r.Name, Cmd: cmd}
	if !ok {
		return req
	}
	if r.Name == oraclecmd.RunnerNodeTest {
		if has(r.Args, "--test-reporter", "--test-reporter-destination") {
			req.Why = "the command picks node:test's reporters; bond reads its output"
			return req
		}
		req.Env = []string{"NODE_OPTIONS=--test-reporter=spec --test-reporter-destination=stdout " +
			"--test-reporter=" + nodeReporter + " --test-reporter-destination=" + NodeOptionQuote(path)}
		req.Path, req.Format = path, FormatNodeEvents
		return req
	}
	if r.Problem != "" {
		req.Why = r.Problem + "; bond reads " + string(r.Name) + "'s output"
		return req
	}
	var flags []string
	switch r.Name {
	case oraclecmd.RunnerJest:
		if has(r.Args, "--json", "--outputFile", "--output-file") {
			req.Why = "the command already asks jest for --json or an --outputFile; bond reads its output"
			return req
		}
		flags, req.Format = []string{"--json", "--outputFile", path}, FormatJestJSON
	case oraclecmd.RunnerVitest:
		if has(r.Args, "--outputFile") {
			req.Why = "the command already gives vitest an --outputFile; bond reads its output"
			return req
		}
		flags = []string{"--reporter=default"}
		if has(r.Args, "--reporter") {
			flags = nil
		}
		flags, req.Format = append(flags, "--reporter=json", "--outputFile.json="+path), FormatJestJSON
	case oraclecmd.RunnerMocha:
		if has(r.Args, "--reporter", "-R", "--reporter-option", "--reporter-options", "-O") {
			req.Why = "the command picks mocha's reporter, and mocha runs one at a time; bond reads its output"
			return req
		}
		flags, req.Format = []string{"--reporter", "json", "--reporter-option", "output=" + path}, FormatMochaJSON
	default:
		return req
	}
	ins := ""
	for _, f := range flags {
		ins += " " + proc.Quote(f)
	}
	if r.NeedsSeparator {
		ins = " --" + ins
	}
	req.Cmd = cmd[:r.At] + ins + cmd[r.At:]
	req.Path = path
	return req
}

// Read reads the run's results: the result file when the runner was asked for one and wrote
// it, else the output text (combined stdout and stderr) with the fallback parser. Names are
// made relative to root.
func (r Request) Read(output []byte, root string) (Results, error) {
	if r.Path == "" {
		return Results{Tests: ParseOutput(r.Runner, output, root), From: FromOutput}, nil
	}
	b, err := safefile.Read(r.Path, safefile.DataMax) // written in the run's TMPDIR, which a test can change
	if err == nil {
		var tests []Test
		tests, err = ParseFile(r.Format, b, root)
		if err == nil {
			return Results{Tests: tests, From: FromFile}, nil
		}
	}
	var note string
	switch {
	case errors.Is(err, fs.ErrNotExist):
		note = fmt.Sprintf("%s was asked for its results in %s and wrote none", r.Runner, r.Path)
	default:
		note = fmt.Sprintf("%s's results in %s could not be read: %v", r.Runner, r.Path, err)
	}
	return Results{Tests: ParseOutput(r.Runner, output, root), From: FromOutput, Note: note + "; read from its output"}, nil
}

// has reports whether args hold one of the options names, bare or with =value.
func has(args []string, names ...string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		name, _, _ := strings.Cut(a, "=")
		for _, n := range names {
			if name == n || strings.HasPrefix(name, n+".") {
				return true
			}
		}
	}
	return false
}

// rel returns p relative to root, with forward slashes, when p is an absolute path under
// root; otherwise p unchanged.
func rel(root, p string) string {
	if root == "" || !filepath.IsAbs(p) {
		return filepath.ToSlash(p)
	}
	r, err := filepath.Rel(root, p)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}

// NodeOptionQuote quotes a NODE_OPTIONS value that holds spaces (Node reads double quotes and
// backslash escapes there).
func NodeOptionQuote(s string) string {
	if !strings.ContainsAny(s, " \t\"\\") {
		return s
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
