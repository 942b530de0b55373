package oracle

// This file keeps the embedded runner from standing in where it would read more than the real
// runner: esbuild bundles TypeScript whatever the oracle command says, but `node --test` on
// Node 20 without a TypeScript loader cannot load a .ts file. A test file that imports one passes
// embedded and fails for real (found with --parity on the survey: markdown-it@974e2d7's
// `node --test test/markdown-it/misc.test.mjs` imports src/index.ts), so every verdict would rest
// on runs of an oracle that, as written, does not run. auto then gives the oracle to the command
// runner, whose baseline decides.

import (
	"context"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bond-tool/bond/internal/proc"
)

// typeScriptGap says why the command runner would not load TypeScript the embedded baseline
// loaded (b's first run), "" when it would or when it does not matter: the embedded runner is
// not serving an oracle command's node --test invocation under auto, the command brings its
// own TypeScript loader (choice.plainNode), no TypeScript file was loaded, or the node on the
// runs' PATH strips types on its own.
func typeScriptGap(ctx context.Context, x *Runs, p *Pool, b BaselineRuns) string {
	c := x.Choice
	if _, embedded := c.Runner.(*EmbeddedRunner); !embedded || c.mode == RunnerEmbedded || !c.plainNode {
		return ""
	}
	var ts []string
	for f := range b.Pair[0].Loaded {
		if isTypeScript(f) {
			ts = append(ts, f)
		}
	}
	if len(ts) == 0 {
		return ""
	}
	sort.Strings(ts)
	v := NodeVersion(ctx, p.Boxes[0].Root, x.Env)
	if StripsTypes(v) {
		return ""
	}
	more := ""
	if len(ts) > 1 {
		more = fmt.Sprintf(" (and %d more)", len(ts)-1)
	}
	return fmt.Sprintf("the tests load %s%s, TypeScript, which the oracle command's node --test (Node %s, no TypeScript loader) cannot read, so the embedded runner, which reads it, would pass what the real runner fails", ts[0], more, v)
}

// isTypeScript reports whether a loaded file is TypeScript source node would refuse (a
// declaration file is never loaded).
func isTypeScript(p string) bool {
	switch path.Ext(p) {
	case ".ts", ".tsx", ".mts", ".cts":
		return !strings.HasSuffix(p, ".d.ts")
	}
	return false
}

// StripsTypes reports whether node --version v loads TypeScript by erasing its types without a
// flag: Node 22.18 and later 22s, 23.6 and later.
func StripsTypes(v string) bool {
	parts := strings.SplitN(strings.TrimPrefix(v, "v"), ".", 3)
	if len(parts) < 2 {
		return false
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return false
	}
	switch {
	case major >= 24:
		return true
	case major == 23:
		return minor >= 6
	case major == 22:
		return minor >= 18
	}
	return false
}

// NodeVersion is what node --version says in the runs' environment, or why it could not say.
func NodeVersion(ctx context.Context, dir string, env []string) string {
	r, err := proc.Run(ctx, proc.Spec{Cmd: "node --version", Dir: dir, Env: env, Timeout: 30 * time.Second})
	switch {
	case err != nil:
		return "unknown: " + err.Error()
	case r.Start != nil || r.ExitCode != 0:
		return "absent"
	}
	return strings.TrimSpace(r.Output)
}
