package embedded

import "testing"

// TestTTYParity runs testdata/tty under real `node --test` and embedded and requires the same
// status for every test and no refusal: node:tty's isatty answers false for every descriptor (the
// real runner's stdin is /dev/null and its output a file, internal/proc), process.stdout/stderr
// carry fd and isTTY as Node's do, and WriteStream/ReadStream have the prototype methods
// libraries probe (debug, supports-color) and fail instanceof for the standard streams.
func TestTTYParity(t *testing.T) {
	nodeTestFileParity(t, "testdata/tty", "test/tty.test.js")
}

// TestTTYRefused: a terminal stream is never opened: constructing tty.WriteStream or
// tty.ReadStream, or calling a terminal method through their prototypes, refuses the run by
// name, also when the test catches the throw.
func TestTTYRefused(t *testing.T) {
	head := "const test = require('node:test');\nconst tty = require('node:tty');\n"
	tests := []struct {
		name        string
		body        string
		passed      bool
		unsupported string
	}{
		{"new WriteStream", "test('w', () => { new tty.WriteStream(1); });\n", false, "tty.WriteStream"},
		{"new ReadStream caught", "test('r', () => { try { new tty.ReadStream(0); } catch (e) {} });\n", false, "tty.ReadStream"},
		{"hasColors called", "test('h', () => { tty.WriteStream.prototype.hasColors.call(process.stderr); });\n", false, "tty.WriteStream.prototype.hasColors"},
		{"setRawMode called", "test('s', () => { tty.ReadStream.prototype.setRawMode.call({}, true); });\n", false, "tty.ReadStream.prototype.setRawMode"},
		{"isatty only", "test('i', () => { if (tty.isatty(1)) throw new Error('a terminal'); });\n", true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { checkRefusal(t, head+tc.body, tc.passed, tc.unsupported) })
	}
}

// TestProcessModuleParity: node:process (and bare "process") is the global process object, by
// default, named and namespace import, as under real `node --test`.
func TestProcessModuleParity(t *testing.T) {
	nodeTestFileParity(t, "testdata/tty", "test/process.test.mjs")
}
