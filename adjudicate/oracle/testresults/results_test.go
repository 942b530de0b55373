package testresults

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// render writes results one test a line: status, name, message.
func render(tests []Test) string {
	var b strings.Builder
	for _, t := range tests {
		fmt.Fprintf(&b, "%s\t%s", t.Status, t.Name)
		if t.Message != "" {
			fmt.Fprintf(&b, "\t%s", t.Message)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\ngot\n%s\nwant\n%s", path, got, want)
	}
}

// TestParseFile reads result files the runners wrote for the projects under testdata/projects
// (captured with jest 29.7.0, vitest 3.2.4, mocha 11.7.5, Node 20.20; paths under /tmp/tr).
// node-events.jsonl was captured by running `node --test test/` with Ask's NODE_OPTIONS.
func TestParseFile(t *testing.T) {
	tests := []struct {
		file, root string
		format     Format
	}{
		{"jest.json", "/tmp/tr/jest", FormatJestJSON},
		{"vitest.json", "/tmp/tr/vitest", FormatJestJSON},
		{"mocha.json", "/tmp/tr/mocha", FormatMochaJSON},
		{"node.tap", "/tmp/tr/nodetest", FormatTAP},
		// bond's node:test reporter on the nodetest project plus a file that does not load
		// (test/broken.test.js) and a suite whose before hook throws (test/hook.test.js).
		{"node-events.jsonl", "/tmp/tr/nodeevents", FormatNodeEvents},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			got, err := ParseFile(tt.format, b, tt.root)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "file-"+strings.TrimSuffix(tt.file, filepath.Ext(tt.file)), render(got))
		})
	}
}

// TestParseOutput reads the same runs' output text with the fallback parser.
func TestParseOutput(t *testing.T) {
	tests := []struct {
		file, root string
		runner     oraclecmd.Runner
	}{
		{"jest-output.txt", "/tmp/tr/jest", "jest"},
		{"vitest-output.txt", "/tmp/tr/vitest", "vitest"},
		{"mocha-output.txt", "/tmp/tr/mocha", "mocha"},
		{"mocha-tap-output.txt", "/tmp/tr/mocha", "mocha"}, // npx mocha --reporter tap test/
		{"node-spec-output.txt", "/tmp/tr/nodetest", oraclecmd.RunnerNodeTest},
		{"node-tap-output.txt", "/tmp/tr/nodetest", oraclecmd.RunnerNodeTest},
		// Not told the runner: the first parser that finds a failure wins.
		{"vitest-output.txt", "/tmp/tr/vitest", ""},
		{"mocha-output.txt", "/tmp/tr/mocha", ""},
		{"mocha-tap-output.txt", "/tmp/tr/mocha", ""},
		{"jest-output.txt", "/tmp/tr/jest", ""},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+string(tt.runner), func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			got := ParseOutput(tt.runner, b, tt.root)
			name := "output-" + strings.TrimSuffix(tt.file, ".txt")
			if tt.runner == "" {
				name += "-guessed"
			}
			golden(t, name, render(got))
		})
	}
}

// TestMochaJSONOnStdout: a mocha before 9.2 ignores the output reporter option and prints its
// json report; the fallback reads it from the output.
func TestMochaJSONOnStdout(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "mocha.json"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := ParseFile(FormatMochaJSON, b, "/tmp/tr/mocha")
	if err != nil {
		t.Fatal(err)
	}
	out := append(append([]byte("npm notice\n"), b...), "\nnpm error Test failed.\n"...)
	if got := ParseOutput("mocha", out, "/tmp/tr/mocha"); render(got) != render(want) {
		t.Errorf("ParseOutput(mocha json on stdout) =\n%s\nwant\n%s", render(got), render(want))
	}
}

func TestParseFileErrors(t *testing.T) {
	tests := []struct {
		format Format
		src    string
		want   string
	}{
		{FormatJestJSON, `{"numTotalTests": 1}`, "no testResults"},
		{FormatJestJSON, `<html>`, "not a jest/vitest json report"},
		{FormatMochaJSON, `{"tests": []}`, "no stats"},
		{FormatNodeEvents, "{\"file\": \"a.js\"}\nTAP version 13\n", "not node:test events: line 2"},
		{"junit", ``, `unknown result file format "junit"`},
	}
	for _, tt := range tests {
		_, err := ParseFile(tt.format, []byte(tt.src), "/r")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseFile(%s, %q) error = %v, want it to contain %q", tt.format, tt.src, err, tt.want)
		}
	}
}

func TestStripANSI(t *testing.T) {
	tests := []struct{ in, want string }{
		{"\x1b[31m✗\x1b[39m math\x1b[2m > \x1b[22madds", "✗ math > adds"},
		{"\x1b[1m\x1b[46m RUN \x1b[49m\x1b[22m", " RUN "},
		{"\x1b]8;;https://x\x07link\x1b]8;;\x07", "link"},
		{"\x1b[2K\x1b[1Gdone", "done"},
		{"plain [31m text", "plain [31m text"},
	}
	for _, tt := range tests {
		if got := StripANSI([]byte(tt.in)); !bytes.Equal(got, []byte(tt.want)) {
			t.Errorf("StripANSI(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
