package contracts

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/confine"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/isolate"
)

// A contracts oracle run cannot poison the node_modules its sandbox links: the write fails where
// namespaces work, and in detect mode the run stops with an input error naming the file.
func TestCommandRunnerProtectsNodeModules(t *testing.T) {
	for _, mode := range []string{"", "detect"} {
		t.Run("mode="+mode, func(t *testing.T) {
			t.Setenv(isolate.ModeVar, mode)
			root := t.TempDir()
			nm := filepath.Join(root, "repo", "node_modules")
			sb := filepath.Join(root, "sandbox")
			for _, d := range []string{filepath.Join(nm, "dep"), sb} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			dep := filepath.Join(nm, "dep", "index.js")
			if err := os.WriteFile(dep, []byte("module.exports = 1;\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(nm, filepath.Join(sb, "node_modules")); err != nil {
				t.Fatal(err)
			}
			iso, err := isolate.New(isolate.Options{ReadOnly: []string{nm}})
			if err != nil {
				t.Fatal(err)
			}
			r := &CommandRunner{Cmd: "echo poison >> node_modules/dep/index.js", Tmp: t.TempDir(), Isolation: iso}
			_, err = r.Run(context.Background(), RunSpec{Dir: sb, Timeout: 20 * time.Second})
			got, _ := os.ReadFile(dep)
			if iso.Protection() == confine.ReadOnly {
				if err != nil || string(got) != "module.exports = 1;\n" {
					t.Fatalf("read-only: err %v, %s = %q; want no error and the install intact", err, dep, got)
				}
				return
			}
			if err == nil || !input.Is(err) {
				t.Fatalf("detect: err %v, want an input error naming %s", err, dep)
			}
		})
	}
}
