package oracle

import (
	"context"
	"fmt"
	"github.com/bond-tool/bond/internal/testrepo"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkSandbox measures reading a tree of 2,000 tracked files (git ls-files, hashes) and
// making one sandbox copy of it; report ns/op ÷ 2000 as the per-file cost.
func BenchmarkSandbox(b *testing.B) {
	files := map[string]string{}
	for i := range 2000 {
		files[fmt.Sprintf("src/d%02d/f%04d.js", i%40, i)] = strings.Repeat("export const x = 1;\n", 40)
	}
	root := testrepo.Git(b, files)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tr, err := ReadTree(context.Background(), root)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := MakeSandbox(tr, filepath.Join(b.TempDir(), "sb"), 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSandboxWithDist is BenchmarkSandbox's tree plus an ignored, built dist/ of the same
// size (2,000 more files): the cost of mirroring the build output the user's tests see.
func BenchmarkSandboxWithDist(b *testing.B) {
	files := map[string]string{".gitignore": "dist/\n"}
	for i := range 2000 {
		files[fmt.Sprintf("src/d%02d/f%04d.js", i%40, i)] = strings.Repeat("export const x = 1;\n", 40)
	}
	root := testrepo.Git(b, files)
	for i := range 2000 {
		p := filepath.Join(root, "dist", fmt.Sprintf("d%02d", i%40), fmt.Sprintf("f%04d.js", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.Repeat("exports.x = 1;\n", 40)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tr, err := ReadTree(context.Background(), root)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := MakeSandbox(tr, filepath.Join(b.TempDir(), "sb"), 0); err != nil {
			b.Fatal(err)
		}
	}
}
