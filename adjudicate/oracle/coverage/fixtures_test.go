package coverage

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestFixtures runs each fixture's real runner once through Prepare and Read, in a sandbox-like
// copy (real files, node_modules a symbolic link, as certify's sandboxes are), and checks the
// exact executed and not-executed lines of its source file and where the map came from. A
// fixture whose runner is not installed fails: scripts/test runs npm ci in every fixture first.
func TestFixtures(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatalf("node is not on PATH: the coverage fixtures need Node.js")
	}
	signJS := FileHits{2: true, 3: true, 4: false, 5: false, 6: true, 7: true, 9: true}
	vitestJS := FileHits{2: true, 3: true, 4: false, 5: false, 6: true, 7: true}
	// jest 22 has no v8 provider: babel-istanbul's lcov lists statements only.
	jest22JS := FileHits{3: true, 4: false, 6: true, 9: true}
	// `break;`, `continue;`, bare `return;`, object-literal property and case-label lines, each
	// on a taken and an untaken path: the table the embedded runner is held to as well.
	shapes := shapesHits(t)
	tests := []struct {
		dir, cmd string
		needs    string // a path under node_modules that must exist
		runner   string // Plan.Runner
		file     string
		want     FileHits // nil: file must have no map
		source   Source
		// also holds more files whose exact V8 map is checked.
		also map[string]FileHits
		// noLcov runs the command as given, V8 only, even where Prepare would ask for lcov.
		noLcov bool
		// reason must appear in Reason(file) when want is nil.
		reason string
	}{
		// nodetest's cli test runs src/cli.js in a child process, which takes sign's other
		// branch: the processes' maps merge, and the child's own file is read.
		{dir: "nodetest", cmd: "node --test test/", file: "src/sign.js", want: allRan(signJS), source: SourceV8,
			also: map[string]FileHits{"src/cli.js": {2: true, 3: true, 4: true, 5: false, 6: true, 7: true, 8: true}}},
		{dir: "nodetest", cmd: "npm test", file: "src/sign.js", want: allRan(signJS), source: SourceV8},
		{dir: "mocha", cmd: "npx mocha test/", needs: ".bin/mocha", file: "src/sign.js", want: signJS, source: SourceV8},
		{dir: "jest", cmd: "npm test", needs: ".bin/jest", runner: "jest", file: "src/sign.js", want: signJS, source: SourceLcov},
		// jest without lcov: V8 sees babel-jest's output (ranges far past the 187-byte file), so
		// the file is unavailable with the reason, never guessed.
		{dir: "jest", cmd: "npx jest", needs: ".bin/jest", noLcov: true, file: "src/sign.js", reason: "past the end of the file on disk"},
		{dir: "vitest", cmd: "npm test", needs: "@vitest/coverage-v8/package.json", runner: "vitest", file: "src/sign.js",
			want: vitestJS, source: SourceLcov},
		{dir: "vitest-noprovider", cmd: "npx vitest run", needs: ".bin/vitest", file: "src/sign.js",
			reason: "MISSING DEPENDENCY"},
		// bond's coverage request wins over the command's and the config's (issue 9 item 1): the
		// config turns coverage on with its own provider, reporter, directory and a 100% line
		// threshold; the commands turn it off or pick other settings.
		{dir: "jest-coverage-off", cmd: "npx jest --coverage=false", needs: ".bin/jest", runner: "jest", file: "src/sign.js", want: signJS, source: SourceLcov},
		{dir: "jest-coverage-off", cmd: "npx jest --no-coverage", needs: ".bin/jest", runner: "jest", file: "src/sign.js", want: signJS, source: SourceLcov},
		{dir: "jest-coverage-off", cmd: "npx jest --coverage false test/", needs: ".bin/jest", runner: "jest", file: "src/sign.js", want: signJS, source: SourceLcov},
		{dir: "jest-coverage-off", cmd: "npx jest --collect-coverage=false -- test/", needs: ".bin/jest", runner: "jest", file: "src/sign.js", want: signJS, source: SourceLcov},
		{dir: "jest-coverage-off", cmd: "npm test", needs: ".bin/jest", runner: "jest", file: "src/sign.js", want: signJS, source: SourceLcov},
		{dir: "jest-coverage-off", cmd: "npm test -- --coverage=false test/", needs: ".bin/jest", runner: "jest", file: "src/sign.js", want: signJS, source: SourceLcov},
		{dir: "jest-coverage-off", cmd: "npx jest --coverage=false --coverageProvider=babel --coverageReporters=text --coverageDirectory=other", needs: ".bin/jest", runner: "jest", file: "src/sign.js", want: signJS, source: SourceLcov},
		{dir: "jest-coverage-off", cmd: "npx jest --coverage-provider babel --coverageReporters text json --coverageDirectory other 2>&1 | cat", needs: ".bin/jest", runner: "jest", file: "src/sign.js", want: signJS, source: SourceLcov},
		{dir: "jest22", cmd: "npx jest --coverage=false", needs: ".bin/jest", runner: "jest", file: "src/sign.js", want: jest22JS, source: SourceLcov},
		{dir: "jest22", cmd: "npm test", needs: ".bin/jest", runner: "jest", file: "src/sign.js", want: jest22JS, source: SourceLcov},
		{dir: "vitest-coverage-off", cmd: "npx vitest run --coverage.enabled=false", needs: "@vitest/coverage-v8/package.json", runner: "vitest", file: "src/sign.js", want: vitestJS, source: SourceLcov},
		{dir: "vitest-coverage-off", cmd: "npx vitest run --coverage.enabled false", needs: "@vitest/coverage-v8/package.json", runner: "vitest", file: "src/sign.js", want: vitestJS, source: SourceLcov},
		{dir: "vitest-coverage-off", cmd: "npx vitest run --coverage=false", needs: "@vitest/coverage-v8/package.json", runner: "vitest", file: "src/sign.js", want: vitestJS, source: SourceLcov},
		{dir: "vitest-coverage-off", cmd: "npx vitest --no-coverage run", needs: "@vitest/coverage-v8/package.json", runner: "vitest", file: "src/sign.js", want: vitestJS, source: SourceLcov},
		{dir: "vitest-coverage-off", cmd: "npx vitest run --coverage.provider=istanbul --coverage.reporter text --coverage.reportsDirectory other >out.txt 2>&1", needs: "@vitest/coverage-v8/package.json", runner: "vitest", file: "src/sign.js", want: vitestJS, source: SourceLcov},
		{dir: "vitest-coverage-off", cmd: "npm test", needs: "@vitest/coverage-v8/package.json", runner: "vitest", file: "src/sign.js", want: vitestJS, source: SourceLcov},
		{dir: "vitest-coverage-off", cmd: "npm test -- --coverage.reporter=text", needs: "@vitest/coverage-v8/package.json", runner: "vitest", file: "src/sign.js", want: vitestJS, source: SourceLcov},
		{dir: "shapes", cmd: "node --test test/shapes.test.js", file: "src/shapes.js", want: shapes, source: SourceV8},
		// The same code in TypeScript, through tsx's source map (the line with only `break;` has
		// one segment, on its indentation).
		{dir: "tsx", cmd: "node --import tsx --test test/shapes.test.ts", needs: "tsx/package.json", file: "src/shapes.ts", want: shapes, source: SourceV8},
		{dir: "tsx", cmd: "node --import tsx --test test/sign.test.ts", needs: "tsx/package.json", file: "src/sign.ts",
			want: FileHits{6: true, 7: true, 8: false, 9: false, 10: true, 11: true}, source: SourceV8},
		{dir: "tsx", cmd: "npx tsx --test test/sign.test.ts", needs: "tsx/package.json", file: "src/sign.ts",
			want: FileHits{6: true, 7: true, 8: false, 9: false, 10: true, 11: true}, source: SourceV8},
	}
	for _, tt := range tests {
		t.Run(tt.dir+"/"+strings.ReplaceAll(tt.cmd, "/", "_"), func(t *testing.T) {
			fixture, err := filepath.Abs(filepath.Join("..", "..", "..", "testdata", "coverage", tt.dir))
			if err != nil {
				t.Fatal(err)
			}
			if tt.needs != "" {
				if _, err := os.Stat(filepath.Join(fixture, "node_modules", tt.needs)); err != nil {
					t.Fatalf("the %s fixture's runner is not installed (%v): run npm ci in testdata/coverage/%s", tt.dir, err, tt.dir)
				}
			}
			root := sandboxCopy(t, fixture)
			plan, err := Prepare(tt.cmd, root, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if tt.noLcov {
				plan.Cmd, plan.Runner, plan.LcovDir = tt.cmd, "", ""
			}
			if plan.Runner != tt.runner {
				t.Errorf("Plan.Runner = %q, want %q (cmd %q)", plan.Runner, tt.runner, plan.Cmd)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			c := exec.CommandContext(ctx, "sh", "-c", plan.Cmd)
			c.Dir = root
			c.Env = append(os.Environ(), plan.Env...)
			out, err := c.CombinedOutput()
			if err != nil {
				t.Fatalf("%s: %v\n%s", plan.Cmd, err, out)
			}
			checkRealV8Files(t, plan.V8Dir)
			res, err := plan.ReadWithOutput(root, out)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == nil {
				if res.Hits.Known(tt.file) {
					t.Fatalf("%s has a hit map %v; want none", tt.file, res.Hits[tt.file])
				}
				if why := res.Reason(tt.file); !strings.Contains(why, tt.reason) {
					t.Errorf("Reason(%s) = %q, want it to contain %q", tt.file, why, tt.reason)
				}
				return
			}
			if got := res.Hits[tt.file]; !equalHits(got, tt.want) {
				t.Errorf("%s hits = %v, want %v\n(reason: %q)", tt.file, got, tt.want, res.Reason(tt.file))
			}
			if got := res.Sources[tt.file]; got != tt.source {
				t.Errorf("%s source = %q, want %q", tt.file, got, tt.source)
			}
			for path, want := range tt.also {
				if got := res.Hits[path]; !equalHits(got, want) || res.Sources[path] != SourceV8 {
					t.Errorf("%s hits = %v (%s), want %v", path, got, res.Sources[path], want)
				}
			}
			for path := range res.Sources {
				if strings.Contains(path, "node_modules") || strings.HasPrefix(path, "..") || filepath.IsAbs(path) {
					t.Errorf("result names %s; want only repository-relative paths outside node_modules", path)
				}
			}
		})
	}
}

// sandboxCopy copies a fixture's files (not node_modules) into a temp dir and links its
// node_modules, as certify's sandboxes do.
func sandboxCopy(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() && d.Name() == "node_modules" {
			return filepath.SkipDir
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(src, "node_modules")); err == nil {
		if err := os.Symlink(filepath.Join(src, "node_modules"), filepath.Join(dst, "node_modules")); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func equalHits(a, b FileHits) bool {
	if len(a) != len(b) {
		return false
	}
	for l, h := range a {
		if hb, ok := b[l]; !ok || hb != h {
			return false
		}
	}
	return true
}

// allRan returns a copy of h with every line executed.
func allRan(h FileHits) FileHits {
	out := FileHits{}
	for l := range h {
		out[l] = true
	}
	return out
}

// shapesHits reads testdata/coverage/shapes/hits.json, the exact hit map of the shapes fixture's
// src/shapes.js (and of its TypeScript twin, tsx/src/shapes.ts, whose code is on the same lines).
func shapesHits(t *testing.T) FileHits {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "coverage", "shapes", "hits.json"))
	if err != nil {
		t.Fatal(err)
	}
	var h FileHits
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatalf("testdata/coverage/shapes/hits.json: %v", err)
	}
	return h
}
