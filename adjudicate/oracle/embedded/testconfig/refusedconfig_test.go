package testconfig

import (
	"strings"
	"testing"
)

// A refused configuration key refuses only when it sets something: `setupFiles: []` or
// `restoreMocks: false` changes nothing the embedded runner would have to reproduce, and a
// fallback note blaming it would send the reader after a setting that is not there.
func TestRefusedConfigIgnoresUnsetValues(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string // want: "" for no refusal, else a word of the reason
	}{
		{"empty setupFiles", "export default { test: { setupFiles: [] } }", ""},
		{"empty setupFiles, spaced", "{ \"setupFiles\": [ ] }", ""},
		{"setupFiles set", "export default { test: { setupFiles: ['./setup.js'] } }", "setup files"},
		{"restoreMocks false", "module.exports = { restoreMocks: false }", ""},
		{"restoreMocks true", "module.exports = { restoreMocks: true }", "restoreMocks"},
		{"empty alias", "export default { resolve: { alias: {} } }", ""},
		{"alias set", "export default { resolve: { alias: { '@': './src' } } }", "alias"},
		{"null globalSetup", "module.exports = { globalSetup: null }", ""},
		{"empty then set", "module.exports = { setupFiles: [], projects: [{ setupFiles: ['./a.js'] }] }", "setup files"},
		{"after env set", "module.exports = { setupFiles: [], setupFilesAfterEnv: ['./b.js'] }", "setupFilesAfterEnv"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := refused("cfg.js", tc.text)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v, want no refusal", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("refused: %v, want a refusal naming %q", err, tc.want)
			}
		})
	}
}
