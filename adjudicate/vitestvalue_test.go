package adjudicate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
)

// TestReadVitestPlan: bond takes the project's config as vitest 3 finds it in the root
// (vitest.config.* before vite.config.*, .ts before .js), none when there is none, and refuses by
// name a workspace or projects file beside it, which vitest would no longer find once the config
// is bond's; every code file outside node_modules and dot directories is scanned.
func TestReadVitestPlan(t *testing.T) {
	tests := []struct {
		name   string
		files  []string
		config string
		why    string
	}{
		{name: "no config", files: []string{"src/a.ts", "test/a.test.ts"}},
		{name: "vitest before vite", files: []string{"vite.config.ts", "vitest.config.mjs", "test/a.test.ts"}, config: "vitest.config.mjs"},
		{name: "ts before js", files: []string{"vitest.config.js", "vitest.config.ts"}, config: "vitest.config.ts"},
		{name: "vite config", files: []string{"vite.config.mts"}, config: "vite.config.mts"},
		{name: "workspace file", files: []string{"vitest.config.ts", "vitest.workspace.ts"}, why: "the repository has vitest.workspace.ts"},
		{name: "projects file", files: []string{"vitest.projects.json"}, why: "the repository has vitest.projects.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			for _, f := range append(tt.files, "node_modules/x/index.js", ".cache/y.js") {
				p := filepath.Join(root, filepath.FromSlash(f))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte("export {};\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			p := oracle.ReadVitestPlan(root)
			switch {
			case tt.why != "":
				if !strings.HasPrefix(p.Why, oracle.UnavailableVitest) || !strings.Contains(p.Why, tt.why) {
					t.Errorf("why %q, want it to say %q", p.Why, tt.why)
				}
				return
			case p.Why != "":
				t.Fatalf("why %q", p.Why)
			}
			if p.Config != tt.config {
				t.Errorf("config %q, want %q", p.Config, tt.config)
			}
			for _, f := range p.Files {
				if strings.HasPrefix(f, "node_modules/") || strings.HasPrefix(f, ".cache/") {
					t.Errorf("scanned %s", f)
				}
			}
			if len(p.Files) != len(tt.files) {
				t.Errorf("files %v, want %v", p.Files, tt.files)
			}
		})
	}
}
