package contracts

// This file finds a setting that makes the oracle's runner stop at its first failure (mocha's
// and jest's and vitest's bail): under it a run that failed at all was cut short, and which of
// the contract's tests would have failed is unknown.

import (
	"encoding/json"
	"path/filepath"
	"regexp"

	"github.com/bond-tool/bond/internal/safefile"
)

var (
	// bailFlag is a bail flag on a command line: mocha's --bail and -b, jest's --bail[=N] and
	// vitest's --bail=N (jest's --bail=0 and mocha's --no-bail turn it off and do not match).
	bailFlag = regexp.MustCompile(`(?:^|\s)(--bail(?:=(?:[1-9]\d*|true))?|-b)(?:\s|$)`)
	// bailConfig is bail switched on in a runner's configuration file.
	bailConfig = regexp.MustCompile(`(?m)^\s*["']?bail["']?\s*[:=]\s*(true|[1-9]\d*)`)
)

// bailConfigFiles are the configuration files of mocha, jest and vitest that may switch bail on.
var bailConfigFiles = []string{
	".mocharc.yml", ".mocharc.yaml", ".mocharc.json", ".mocharc.jsonc", ".mocharc.js", ".mocharc.cjs",
	"jest.config.js", "jest.config.cjs", "jest.config.mjs", "jest.config.ts", "jest.config.json",
	"vitest.config.js", "vitest.config.mjs", "vitest.config.ts", "vite.config.js", "vite.config.ts",
}

// bailSetting returns where the oracle's runner is told to stop at its first failure (the flag,
// or the configuration file), or "". The command line is read as text, and the configuration
// files for a `bail` key set to true or a positive number, in package.json's "mocha" and "jest"
// keys too: a residual is a setting spelt otherwise (computed, or in a file named elsewhere).
func bailSetting(cmd, root string) string {
	if m := bailFlag.FindStringSubmatch(cmd); m != nil {
		return "the oracle command passes " + m[1]
	}
	for _, name := range bailConfigFiles {
		b, err := safefile.Read(filepath.Join(root, name), safefile.ConfigMax)
		if err == nil && bailConfig.Match(b) {
			return name + " sets bail"
		}
	}
	if b, err := safefile.Read(filepath.Join(root, "package.json"), safefile.ConfigMax); err == nil {
		var pkg map[string]json.RawMessage
		if json.Unmarshal(b, &pkg) == nil {
			for _, key := range []string{"mocha", "jest"} {
				var cfg struct {
					Bail any `json:"bail"`
				}
				if json.Unmarshal(pkg[key], &cfg) != nil {
					continue
				}
				if v, ok := cfg.Bail.(bool); ok && v {
					return "package.json's \"" + key + "\" key sets bail"
				}
				if v, ok := cfg.Bail.(float64); ok && v > 0 {
					return "package.json's \"" + key + "\" key sets bail"
				}
			}
		}
	}
	return ""
}
