package adjudicate

import (
	"context"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// addTS is addJS as TypeScript, which esbuild reads and Node 20's node --test cannot.
const addTS = `export function add(a: number, b: number): number {
  if (a > b) {
    return a + b;
  }
  return b + a;
}
`

const addTSTest = `import test from 'node:test';
import assert from 'node:assert';
import { add } from '../src/add.ts';
test('adds', () => { assert.strictEqual(add(2, 1), 3); });
`

// An oracle command that runs plain node --test on a test importing TypeScript: the embedded
// runner reads the .ts file, Node 20's node cannot. Under auto the embedded runner must not stand
// in — the command runner takes the baseline, which is red, so certify stops with the red oracle
// and the note naming the TypeScript file — while under --runner embedded the user's choice
// stands. Where the node on PATH strips types itself (22.18+, 23.6+), nothing differs and auto
// keeps the embedded runner.
func TestTypeScriptUnderPlainNode(t *testing.T) {
	needNode(t)
	strips := oracle.StripsTypes(oracle.NodeVersion(context.Background(), t.TempDir(), nil))
	for _, tc := range []struct {
		runner     string
		wantRunner string
	}{
		{RunnerAuto, RunnerCommand},
		{RunnerEmbedded, RunnerEmbedded},
	} {
		t.Run(tc.runner, func(t *testing.T) {
			root := testrepo.Git(t, map[string]string{"src/add.ts": addTS, "test/add.test.mjs": addTSTest})
			muts := []plan.Mutant{mutantAt(t, root, "src/add.ts", 2, "invert-comparison", ">", "<=")}
			rep, err := certifyFixture(t, context.Background(), root, Options{OracleCmd: "node --test test/add.test.mjs", Runner: tc.runner}, muts)
			want := tc.wantRunner
			if strips {
				want = RunnerEmbedded
			}
			if rep == nil || rep.Run.Runner != want {
				t.Fatalf("runner %v, want %s (err %v)", rep, want, err)
			}
			if want == RunnerEmbedded {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if !strings.Contains(rep.Run.RunnerNote, "the tests load src/add.ts, TypeScript") {
				t.Errorf("note %q, want it to name src/add.ts", rep.Run.RunnerNote)
			}
			if err == nil || !strings.Contains(err.Error(), "ERR_UNKNOWN_FILE_EXTENSION") {
				t.Fatalf("err %v; want the command runner's red baseline (node cannot load .ts) to stop certify", err)
			}
		})
	}
}

func TestStripsTypes(t *testing.T) {
	for v, want := range map[string]bool{
		"v20.20.2": false, "v22.17.1": false, "v22.18.0": true, "v23.5.0": false, "v23.6.0": true,
		"v24.0.0": true, "absent": false, "unknown: no node": false,
	} {
		if got := oracle.StripsTypes(v); got != want {
			t.Errorf("stripsTypes(%q) = %v, want %v", v, got, want)
		}
	}
}
