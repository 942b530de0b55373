package contracts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBailSetting(t *testing.T) {
	tests := []struct {
		name, cmd, file, content, want string
	}{
		{"none", "npx mocha test/", "", "", ""},
		{"mocha --bail", "npx mocha --bail test/", "", "", "passes --bail"},
		{"mocha -b", "mocha -b test/", "", "", "passes -b"},
		{"jest --bail=1", "npx jest --bail=1", "", "", "passes --bail=1"},
		{"jest --bail=0 is off", "npx jest --bail=0", "", "", ""},
		{"mocha --no-bail is off", "npx mocha --no-bail", "", "", ""},
		{"a word containing -b", "node --test test/a-b.test.js", "", "", ""},
		{"mocharc", "npx mocha", ".mocharc.yml", "spec: test\nbail: true\n", ".mocharc.yml sets bail"},
		{"mocharc off", "npx mocha", ".mocharc.json", `{"bail": false}`, ""},
		{"jest config", "npx jest", "jest.config.js", "module.exports = {\n  bail: 1,\n};\n", "jest.config.js sets bail"},
		{"package.json jest key", "npm test", "package.json", `{"scripts":{"test":"jest"},"jest":{"bail":true}}`, `"jest" key sets bail`},
		{"package.json other bail", "npm test", "package.json", `{"scripts":{"test":"x"},"config":{"bail":true}}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.file != "" {
				if err := os.WriteFile(filepath.Join(dir, tt.file), []byte(tt.content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got := bailSetting(tt.cmd, dir)
			if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
				t.Errorf("bailSetting(%q) = %q, want %q", tt.cmd, got, tt.want)
			}
		})
	}
}
