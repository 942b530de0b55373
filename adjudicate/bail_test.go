package adjudicate

import "testing"

// TestWithBail covers which oracle commands get a bail flag and which are left as they are.
func TestWithBail(t *testing.T) {
	for _, r := range []struct{ cmd, want string }{
		{"npx jest test/a.test.js", "npx jest test/a.test.js --bail"},
		{"jest", "jest --bail"},
		{"npx vitest run test/a.test.ts", "npx vitest run test/a.test.ts --bail=1"},
		{"./node_modules/.bin/mocha test/x.js", "./node_modules/.bin/mocha test/x.js --bail"},
		{"node node_modules/mocha/bin/_mocha test", "node node_modules/mocha/bin/_mocha test --bail"},
		{"NODE_ENV=test npx --no-install jest", "NODE_ENV=test npx --no-install jest --bail"},
		{"pnpm exec vitest run", "pnpm exec vitest run --bail=1"},
		{"node --test test/a.test.js", "node --test test/a.test.js"}, // Node 20: no bail
		{"npm test", "npm test"},                                           // a script: runner not visible
		{"npx jest --bail=2", "npx jest --bail=2"},                         // already set
		{"npx mocha -b t.js", "npx mocha -b t.js"},                         // already set
		{"npx jest && echo ok", "npx jest && echo ok"},                     // not one simple command
		{"npx jest 'a b.test.js'", "npx jest 'a b.test.js'"},               // quoting: left alone
		{"npx vitest watch", "npx vitest watch"},                           // watch mode: left alone
		{"npx jest -- --runInBand", "npx jest -- --runInBand"},             // arguments past --
		{"npx tsx --test test/a.test.ts", "npx tsx --test test/a.test.ts"}, // unknown runner
	} {
		if got := withBail(r.cmd); got != r.want {
			t.Errorf("withBail(%q) = %q, want %q", r.cmd, got, r.want)
		}
	}
}
