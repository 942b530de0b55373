package adjudicate

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
)

// TestCommandSubsets: an oracle command gets per-test-file reach when it names two or more
// existing test files it can be narrowed to; otherwise it runs whole, and when it names two or
// more the note says why (nothing for fewer, or no runner invocation at all). The narrowed
// command is the one a run with those files executes.
func TestCommandSubsets(t *testing.T) {
	root := t.TempDir()
	for p, c := range map[string]string{
		"package.json":      `{"scripts":{"test":"mocha test/a.test.js test/b.test.js","unit":"jest --ci"}}`,
		"test/a.test.js":    "",
		"test/b.test.js":    "",
		"test/sub/c.js":     "",
		"test/it's.test.js": "",
	} {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		cmd   string
		files []string
		note  string // a fragment; "" wants no note
		run   []string
		want  string // the command of a run of files run
	}{
		{"npx mocha test/a.test.js test/b.test.js", []string{"test/a.test.js", "test/b.test.js"}, "", []string{"test/b.test.js"}, "npx mocha test/b.test.js"},
		{`npx mocha "test/it's.test.js" test/a.test.js`, []string{"test/it's.test.js", "test/a.test.js"}, "", []string{"test/it's.test.js"}, `npx mocha "test/it's.test.js"`},
		{"npm run unit -- test/a.test.js ./test/b.test.js", []string{"test/a.test.js", "./test/b.test.js"}, "", []string{"./test/b.test.js"}, "npm run unit -- ./test/b.test.js --passWithNoTests"},
		{"npm test", nil, "runs whole in every run", nil, "npm test"},
		{"npx mocha test/a.test.js", nil, "", nil, "npx mocha test/a.test.js"},
		{"npx jest", nil, "", nil, "npx jest"},
		{"npx mocha test/a.test.js test/sub", nil, "test/sub is not a file", nil, ""},
		{"npx mocha test/a.test.js test/missing.test.js", nil, "test/missing.test.js is not a file", nil, ""},
		{"npx mocha test/a.test.js ../x/test/b.test.js", nil, "outside the repository", nil, ""},
		{"make test", nil, "", nil, "make test"},
	}
	for _, tt := range tests {
		files, scripts, note := oracle.Subsets(root, tt.cmd)
		if !reflect.DeepEqual(files, tt.files) {
			t.Errorf("%q: files %q, want %q", tt.cmd, files, tt.files)
		}
		if (tt.note == "") != (note == "") || !strings.Contains(note, tt.note) {
			t.Errorf("%q: note %q, want one with %q", tt.cmd, note, tt.note)
		}
		if tt.want == "" {
			continue
		}
		r := &oracle.CmdRunner{Cmd: tt.cmd, Files: files, Scripts: scripts, Runner: RunnerCommand}
		if got := r.Command(oracle.RunSpec{Files: tt.run}); got != tt.want {
			t.Errorf("%q over %q: %q, want %q", tt.cmd, tt.run, got, tt.want)
		}
	}
}
