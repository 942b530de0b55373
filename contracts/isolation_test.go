package contracts

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate"
	"github.com/bond-tool/bond/internal/confine"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/isolate"
)

// A contracts oracle run cannot poison the node_modules its sandbox links: the write lands in the
// run's own layer under copy-on-write, fails where node_modules is read-only, and in detect mode
// stops the run with an input error; the user's install is intact wherever namespaces work.
func TestCommandRunnerProtectsNodeModules(t *testing.T) {
	for _, mode := range []string{"", "detect"} {
		t.Run("mode="+mode, func(t *testing.T) {
			t.Setenv(isolate.ModeVar, mode)
			repo := t.TempDir()
			dep := filepath.Join(repo, "node_modules", "dep", "index.js")
			if err := os.MkdirAll(filepath.Dir(dep), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(dep, []byte("module.exports = 1;\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			lab, err := adjudicate.OpenLab(context.Background(), adjudicate.LabOptions{}, repo, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer lab.Close()
			r := &CommandRunner{Cmd: "echo poison >> node_modules/dep/index.js", Lab: lab}
			err = lab.Hold(context.Background(), func(sb *adjudicate.Sandbox) error {
				_, err := r.Run(context.Background(), RunSpec{Sandbox: sb, Timeout: 20 * time.Second})
				return err
			})
			got, _ := os.ReadFile(dep)
			t.Logf("protection: %s", lab.Protection())
			switch lab.Protection() {
			case confine.CopyOnWrite, confine.ReadOnly:
				if err != nil || string(got) != "module.exports = 1;\n" {
					t.Fatalf("%s: err %v, %s = %q; want no error and the install intact", lab.Protection(), err, dep, got)
				}
			default:
				if err == nil || !input.Is(err) {
					t.Fatalf("detect: err %v, want an input error naming %s", err, dep)
				}
			}
		})
	}
}
