package nodetrace

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testneed"
)

// vitestTree copies testdata/witness/value-vitest/tree into a temporary directory with the
// vitest install of testdata/coverage/vitest (the same vitest 3.2.4) linked as its node_modules.
func vitestTree(t *testing.T) string {
	t.Helper()
	nm, err := filepath.Abs("../../../testdata/coverage/vitest/node_modules")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(nm, ".bin", "vitest")); err != nil {
		testneed.Missing(t, "vitest is not installed (%v): run npm ci in testdata/coverage/vitest", err)
	}
	src, err := filepath.Abs("../../../testdata/witness/value-vitest/tree")
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	if out, err := exec.Command("cp", "-R", src+"/.", root).CombinedOutput(); err != nil {
		t.Fatalf("copying the fixture: %v\n%s", err, out)
	}
	if err := os.Symlink(nm, filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return root
}

// TestVitestTrace runs vitest 3 on testdata/witness/value-vitest (TypeScript) with bond's config,
// which loads the project's and puts bond's setup file before the project's own, in the threads,
// forks and vmThreads pools and without isolation (one module graph for a worker's files): each
// test file leaves a trace, the calls are named by test file, callee and vitest's test name, the
// project's setup file runs once per test file, and a test that checks the module's named
// exports, vi.isMockFunction, a vi.fn around an export and a vi.spyOn of one (the test's own,
// handed back as it is, its calls not recorded) passes. A config of several projects is handed
// back unchanged, and the trace says why it is not recorded; a test file that imports through an
// alias of the config (which bond does not read) makes the trace unavailable, named.
func TestVitestTrace(t *testing.T) {
	root := vitestTree(t)
	files, why := VitestFiles(root)
	if why != "" {
		t.Fatal(why)
	}
	if got := strings.Join(files, ","); got != "src/index.ts,src/pad.ts,src/queue.ts,test/pad.test.ts,test/queue.test.ts,test/setup.ts,vitest.config.ts" {
		t.Fatalf("files %s", got)
	}
	mods, unresolved := VitestModules(root, files)
	if len(unresolved) != 0 {
		t.Errorf("unresolved imports %v", unresolved)
	}
	for _, f := range []string{"test/pad.test.ts", "test/queue.test.ts"} {
		if got := strings.Join(mods[f], ","); got != "src/index.ts" {
			t.Errorf("%s imports %q, want src/index.ts", f, got)
		}
	}
	want := map[string]bool{
		`test/pad.test.ts | pad > pads to the width | src/index.ts#pad | return=str:"007"`:                                                  true,
		`test/pad.test.ts | pad > pads to the width | src/index.ts#pad | return=str:"00"`:                                                   true,
		`test/pad.test.ts | pad > pads to the width | src/index.ts#pad | return=str:"-0042"`:                                                true,
		`test/pad.test.ts | pad > pads to the width | src/index.ts#pad | throw=Error(TypeError: pad: n must be an integer)`:                 true,
		`test/queue.test.ts | drain > takes items off the front | src/index.ts#drain | return=Array(2) return[0]=str:"a" return[1]=str:"b"`: true,
		`test/queue.test.ts | drain > the module keeps its exports, and no mock | src/index.ts#pad | return=str:"03"`:                       true,
	}
	for _, pool := range []string{"threads", "forks", "vmThreads", "forks --no-isolate"} {
		t.Run(pool, func(t *testing.T) {
			run, config, err := PrepareVitest(t.TempDir(), root, nil, files, mods, unresolved, "vitest.config.ts", "refused: ", VitestOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer run.Remove()
			cmd := exec.Command(filepath.Join(root, "node_modules", ".bin", "vitest"), append([]string{"run", "--config=" + config, "--pool=" + strings.Fields(pool)[0]}, strings.Fields(pool)[1:]...)...)
			cmd.Dir = root
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("vitest: %v\n%s", err, out)
			}
			tr := run.Read(nil)
			if tr.Unavailable != "" || tr.Capped {
				t.Fatalf("trace unavailable %q, capped %v", tr.Unavailable, tr.Capped)
			}
			if got := strings.Join(tr.Files, ","); got != "test/pad.test.ts,test/queue.test.ts" {
				t.Errorf("files %s", got)
			}
			var got []string
			for _, c := range tr.Calls {
				got = append(got, c.File+" | "+c.Test+" | "+c.Callee+" | "+strings.Join(c.Outcome, " "))
			}
			if len(got) != len(want) {
				t.Errorf("%d calls, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
			}
			for _, g := range got {
				if !want[g] {
					t.Errorf("unexpected call %s", g)
				}
			}
		})
	}
	t.Run("several projects", func(t *testing.T) {
		cfg := "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { projects: [{ test: { name: 'a', include: ['test/*.test.ts'], setupFiles: ['./test/setup.ts'] } }] } });\n"
		if err := os.WriteFile(filepath.Join(root, "vitest.projects.config.ts"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		run, config, err := PrepareVitest(t.TempDir(), root, nil, files, mods, unresolved, "vitest.projects.config.ts", "refused: ", VitestOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer run.Remove()
		cmd := exec.Command(filepath.Join(root, "node_modules", ".bin", "vitest"), "run", "--config="+config)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("vitest: %v\n%s", err, out)
		}
		if tr := run.Read(nil); !strings.HasPrefix(tr.Unavailable, "refused: its config defines test.projects") || len(tr.Calls) != 0 {
			t.Errorf("trace %+v, want it refused for test.projects", tr)
		}
	})
	t.Run("an alias bond does not read", func(t *testing.T) {
		root := vitestTree(t)
		cfg := "import path from 'node:path';\nimport { defineConfig } from 'vitest/config';\nexport default defineConfig({ resolve: { alias: { '@src': path.resolve(__dirname, 'src') } }, test: { setupFiles: ['./test/setup.ts'] } });\n"
		if err := os.WriteFile(filepath.Join(root, "vitest.config.ts"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(root, "test", "pad.test.ts")
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(b), "'../src/index'", "'@src/index'", 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		files, _ := VitestFiles(root)
		mods, unresolved := VitestModules(root, files)
		if got := strings.Join(unresolved["test/pad.test.ts"], ","); got != "@src/index" {
			t.Errorf("unresolved %v, want @src/index for test/pad.test.ts", unresolved)
		}
		run, config, err := PrepareVitest(t.TempDir(), root, nil, files, mods, unresolved, "vitest.config.ts", "refused: ", VitestOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer run.Remove()
		cmd := exec.Command(filepath.Join(root, "node_modules", ".bin", "vitest"), "run", "--config="+config)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("vitest: %v\n%s", err, out)
		}
		if tr := run.Read(nil); !strings.Contains(tr.Unavailable, "test/pad.test.ts imports @src/index, which bond could not resolve") {
			t.Errorf("trace unavailable %q, want the alias named", tr.Unavailable)
		}
	})
}
