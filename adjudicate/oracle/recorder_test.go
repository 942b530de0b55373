package oracle

import "testing"

// TestRecorderFramework reads the framework back from each recorder's whole sentence as a run's
// note carries it, and from nothing else: a note that merely mentions a framework, or holds a
// fragment of a recorder's sentence, names none.
func TestRecorderFramework(t *testing.T) {
	note := func(recorder string) string {
		return "on (runner command): calls the test files make into the modules they require are recorded by " + recorder + "; 6 and 6 calls in the two unmutated runs"
	}
	tests := []struct {
		name, detector, want string
	}{
		{"vitest", note(VitestRecorder), "vitest"},
		{"jest", note(jestRecorder), "jest"},
		{"jest, ES modules", note(jestESMRecorder), "jest"},
		{"node:test script", note(scriptRecorder("test/run.js")), "node:test script"},
		{"mocha (nodetrace's hooks)", "on (runner command): calls the test files make into the modules they require are recorded; 6 and 6 calls", ""},
		{"a fragment", "on (runner command): recorded by bond's setup file, which jest runs first", ""},
		{"unavailable", unavailableJest + "its config could not be read", ""},
		{"off", "", ""},
	}
	for _, tt := range tests {
		if got := RecorderFramework(tt.detector); got != tt.want {
			t.Errorf("%s: RecorderFramework(%q) = %q, want %q", tt.name, tt.detector, got, tt.want)
		}
	}
}
