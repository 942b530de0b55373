package testconfig

import (
	"reflect"
	"testing"
)

// TestOneReaderTwoReadings: the one literal reader serves both readings of the same text. jest's
// and vitest's take the literals they find and keep what they cannot read as opaque source text;
// mocha's refuses at the first place the text stops being plain data, naming it.
func TestOneReaderTwoReadings(t *testing.T) {
	tests := []struct {
		src     string
		spec    string // jest's and vitest's reading of the key spec: its string, or "" when opaque
		timeout string // the source text of the key timeout
		err     string // mocha's refusal, "" when it reads the text
		data    any    // mocha's reading
	}{
		{"{ spec: 'a', timeout: 5 }", "a", "5", "", map[string]any{"spec": "a", "timeout": 5.0}},
		{"{ spec: 'a', timeout: process.env.T }", "a", "process.env.T", `".env.T }" is not a literal`, nil},
		{"{ spec: `a`, timeout: -1 }", "a", "-1", "\"`a`, timeout: -1 }\" is not a literal", nil},
		{"{ spec: 'a\\x41', timeout: 1 }", "", "1", "", map[string]any{"spec": "aA", "timeout": 1.0}},
		{"{ spec: 'a', timeout: 0x10 }", "a", "0x10", `expected ',' or '}' at "x10 }"`, nil},
	}
	for _, tt := range tests {
		r := newLitReader([]byte(tt.src))
		_, v := r.value(0, 0)
		spec, _ := v.get("spec")
		timeout, _ := v.get("timeout")
		if got, ok := spec.strings(true); ok && got[0] != tt.spec || !ok && tt.spec != "" || timeout.text != tt.timeout {
			t.Errorf("%s: spec %q (string %v), timeout %q; want %q, %q", tt.src, got, ok, timeout.text, tt.spec, tt.timeout)
		}
		data, err := parseLiteral(tt.src)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%s: mocha's reading: %v, want %q", tt.src, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(data, tt.data) {
			t.Errorf("%s: mocha's reading %#v, %v; want %#v", tt.src, data, err, tt.data)
		}
	}
}
