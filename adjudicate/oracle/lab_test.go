package oracle

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/internal/testrepo"
)

// The Lab's face does what certify's pool does: a placed file is in the sandbox and only there,
// Restore puts the original back, a run's writes in the sandbox are listed at Close, the sandboxes
// are removed, and a change to the user's tree is named.
func TestLabPlaceExecClose(t *testing.T) {
	repo := testrepo.Files(t, map[string]string{"src/a.js": "exports.a = 1;\n", "test/a.test.js": "// test\n"})
	ctx := context.Background()
	lab, err := Open(ctx, Options{Sandboxes: 2}, repo, []string{"src/a.js"})
	if err != nil {
		t.Fatal(err)
	}
	work := lab.WorkDir()
	err = lab.Each(ctx, 3, func(ctx context.Context, i int, sb *Sandbox) error {
		if err := sb.Place("src/a.js", []byte("exports.a = 2;\n")); err != nil {
			return err
		}
		res, err := sb.Exec(ctx, proc.Spec{Cmd: "cat src/a.js; pwd; echo x > made.txt", Env: lab.Env(), Timeout: time.Minute})
		if err != nil {
			return err
		}
		if !strings.Contains(res.Output, "exports.a = 2;") || !strings.Contains(res.Output, sb.Root()) {
			t.Errorf("run %d saw %q, want the placed file, at the sandbox's root %s", i, res.Output, sb.Root())
		}
		if err := sb.Restore(); err != nil {
			return err
		}
		if b, err := sb.Read("src/a.js"); err != nil || string(b) != "exports.a = 1;\n" {
			t.Errorf("after Restore: %q, %v", b, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(repo, "src/a.js")); string(b) != "exports.a = 1;\n" {
		t.Fatalf("the user's file changed: %q", b)
	}
	if err := os.WriteFile(filepath.Join(repo, "test/a.test.js"), []byte("// edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	end, err := lab.Close()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(end.SandboxChanges, []string{"made.txt"}) || !slices.Equal(end.RepoChanged, []string{"test/a.test.js"}) {
		t.Errorf("end %+v: want made.txt changed in the sandboxes and test/a.test.js in the repository", end)
	}
	if _, err := os.Stat(work); !os.IsNotExist(err) {
		t.Errorf("work dir %s still there: %v", work, err)
	}
}

// A file the Lab cannot place (not in the tree it mirrors) is an input error at Open, before
// anything is copied.
func TestLabFileNotMirrored(t *testing.T) {
	repo := testrepo.Files(t, map[string]string{"src/a.js": "1\n", ".cache/b.js": "2\n"})
	for _, f := range []string{"src/missing.js", ".cache/b.js"} {
		_, err := Open(context.Background(), Options{}, repo, []string{f})
		if err == nil || !input.Is(err) || !strings.Contains(err.Error(), f) {
			t.Errorf("%s: %v, want an input error naming it", f, err)
		}
	}
}

// A workspace link leads a Lab's runs to the sandbox's copy of the package, where the file is
// placed, never to the user's (workspace.go).
func TestLabWorkspaceLink(t *testing.T) {
	repo := testrepo.Files(t, map[string]string{"packages/lib/index.js": "original\n", "node_modules/dep/index.js": "dep\n"})
	if err := os.Symlink("../packages/lib", filepath.Join(repo, "node_modules", "lib")); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	lab, err := Open(ctx, Options{}, repo, []string{"packages/lib/index.js"})
	if err != nil {
		t.Fatal(err)
	}
	defer lab.Close()
	err = lab.Hold(ctx, func(sb *Sandbox) error {
		if err := sb.Place("packages/lib/index.js", []byte("placed\n")); err != nil {
			return err
		}
		defer sb.Restore()
		res, err := sb.Exec(ctx, proc.Spec{Cmd: "cat node_modules/lib/index.js node_modules/dep/index.js", Env: lab.Env(), Timeout: time.Minute})
		if err != nil {
			return err
		}
		if res.Output != "placed\ndep\n" {
			t.Errorf("through the links the run read %q, want the placed file and the install's dep", res.Output)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
