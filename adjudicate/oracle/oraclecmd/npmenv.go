package oraclecmd

// This file's one job: the npm_lifecycle_event the real runner's process sees, read off the
// launchers an invocation went through.

import "strings"

// NpmLifecycleEvent is process.env.npm_lifecycle_event in the runner's process started as inv
// says, and whether bond knows it. Each npm process sets it for the command it starts, so the
// launcher nearest the runner decides: `npm run NAME` (and `npm test`, read as `npm run test`)
// sets NAME; `npx …` and `npm exec …`/`npm x …` set "npx" (npm 7 and later; checked against npm
// 11: `npx node -p process.env.npm_lifecycle_event` prints npx). Launchers that are not npm
// (tsx, node) pass the environment through. With no npm launcher the variable is unset (""):
// bond's command runner passes no npm_* variable but npm_config_* through (internal/isolate).
// yarn, pnpm and bun set it by rules bond has not checked, and a command that assigns it itself
// (NAME=value, cross-env) or loads a dotenv file may override it: unknown (ok false), and a
// config reading it stays refused.
func NpmLifecycleEvent(inv Invocation) (value string, ok bool) {
	for _, n := range inv.SetsEnv {
		if n == "npm_lifecycle_event" || n == "*" {
			return "", false
		}
	}
	for i := len(inv.Via) - 1; i >= 0; i-- {
		v := inv.Via[i]
		switch {
		case v == "npx" || v == "npm exec" || v == "npm x":
			return "npx", true
		case strings.HasPrefix(v, "npm run "):
			return strings.TrimPrefix(v, "npm run "), true
		case v == "npm" || strings.HasPrefix(v, "npm "):
			return "", false
		case v == "yarn" || v == "pnpm" || v == "bun" || v == "bunx" ||
			strings.HasPrefix(v, "yarn ") || strings.HasPrefix(v, "pnpm ") || strings.HasPrefix(v, "bun "):
			return "", false
		}
	}
	return "", true
}
