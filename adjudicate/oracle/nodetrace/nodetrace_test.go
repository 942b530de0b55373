package nodetrace

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/internal/testneed"
)

func needNode(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		testneed.Missing(t, "node is not on PATH; CI needs it")
	}
}

// runHook runs `node args…` at root with the hook of Prepare(tests) and returns what Read
// collected. The repository is testdata/repo: src/lib.js exports what the serializer cases need,
// test/lib.test.js calls it (and, as a hostile test would, replaces the built-ins a serializer
// written naively would use).
func runHook(t *testing.T, tests []string, args ...string) Trace {
	t.Helper()
	return runHookAt(t, "testdata/repo", tests, tests, args...)
}

// runHookAt is runHook at the repository dir, with entries for PrepareWith.
func runHookAt(t *testing.T, dir string, tests, entries []string, args ...string) Trace {
	t.Helper()
	needNode(t)
	root, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	r, err := PrepareWith(t.TempDir(), root, tests, entries, HookOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Remove()
	cmd := exec.Command("node", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), r.Env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("node %v: %v\n%s", args, err, out)
	}
	return r.Read(nil)
}

func byCallee(calls []embedded.Call) map[string][]embedded.Call {
	m := map[string][]embedded.Call{}
	for _, c := range calls {
		m[c.Callee] = append(m[c.Callee], c)
	}
	return m
}

// TestHookRecords runs the hook in node and pins what it records of each kind of value and call:
// the serializer's spelling is the embedded runner's (adjudicate/oracle/embedded/value.go), so the value
// detector reads both alike.
func TestHookRecords(t *testing.T) {
	tr := runHook(t, []string{"test/lib.test.js"}, "test/lib.test.js")
	if tr.Unavailable != "" || tr.Capped {
		t.Fatalf("trace unavailable %q capped %v", tr.Unavailable, tr.Capped)
	}
	if len(tr.Files) != 1 || tr.Files[0] != "test/lib.test.js" {
		t.Errorf("files %v", tr.Files)
	}
	calls := byCallee(tr.Calls)
	tests := []struct {
		callee string
		n      int    // the call's rank among the callee's calls
		field  string // "args", "outcome" or "after"
		want   string // a line that must be among that field's lines
	}{
		{"src/lib.js#exact", 0, "outcome", "return=Array(4)"},
		{"src/lib.js#exact", 0, "outcome", "return[0]=num:-0"},
		{"src/lib.js#exact", 0, "outcome", "return[1]=num:NaN"},
		{"src/lib.js#exact", 0, "outcome", "return[2]=num:Infinity"},
		{"src/lib.js#exact", 0, "outcome", "return[3]=bigint:5n"},
		{"src/lib.js#cyclic", 0, "outcome", "return.self=[Ref return]"},
		{"src/lib.js#collections", 0, "outcome", "return.m=Map(2)"},
		{"src/lib.js#collections", 0, "outcome", `return.m{str:"a"}=num:1`},
		{"src/lib.js#collections", 0, "outcome", "return.s=Set(1)"},
		{"src/lib.js#collections", 0, "outcome", "return.s{num:3}=in set"},
		{"src/lib.js#collections", 0, "outcome", "return.d=Date(0)"},
		{"src/lib.js#collections", 0, "outcome", "return.u8=Uint8Array(length=3,fnv=5f7e092f152a847f)"}, // the embedded runner's hash of "num:1,num:2,num:3,"
		{"src/lib.js#collections", 0, "outcome", "return.fn=function named"},
		{"src/lib.js#collections", 0, "outcome", "return.re=RegExp(/x+/g)"},
		{"src/lib.js#collections", 0, "outcome", "return.nul=Object(null prototype)"},
		{"new src/lib.js#Counter", 0, "outcome", "return=Counter"},
		{"new src/lib.js#Counter", 0, "outcome", "return.n=num:2"},
		{"src/lib.js#Counter.zero", 0, "outcome", "return=Counter"},
		{"src/lib.js#long", 0, "outcome", `return=str(len=200,fnv=`},
		{"src/lib.js#fail", 0, "outcome", "throw=Error(RangeError: no)"},
		{"src/lib.js#later", 0, "outcome", "resolved=num:7"},
		{"src/lib.js#later", 1, "outcome", "rejected=Error(Error: late)"},
		{"src/lib.js#push", 0, "args", "args[0]=Array(0)"},
		{"src/lib.js#push", 0, "after", "after[0]=Array(1)"},
		{"src/lib.js#push", 0, "outcome", "return=undefined"},
		{"src/lib.js#nested.deep", 0, "outcome", "return=num:1"},
		{"src/other.js#default", 0, "outcome", `return=str:"other"`},
		{"src/lib.js#Registry.count", 0, "outcome", "return=num:6"},
		{"src/lib.js#lazy", 0, "outcome", "return.n=num:101"},
	}
	for _, tt := range tests {
		cs := calls[tt.callee]
		if len(cs) <= tt.n {
			t.Errorf("%s: %d calls recorded, want call %d", tt.callee, len(cs), tt.n)
			continue
		}
		c := cs[tt.n]
		lines := map[string][]string{"args": c.Args, "outcome": c.Outcome, "after": c.After}[tt.field]
		found := false
		for _, l := range lines {
			if l == tt.want || (strings.HasSuffix(tt.want, "=") || strings.HasSuffix(tt.want, "fnv=")) && strings.HasPrefix(l, tt.want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s #%d %s: %q not among %q", tt.callee, tt.n, tt.field, tt.want, lines)
		}
	}
	// Only the tests' calls from outside are recorded: helper, which the library calls
	// through its own export, and the test's own callback are not. The second call is made
	// after the test put a toJSON on Object.prototype and Array.prototype and an index setter on
	// Array.prototype: it is recorded as it was made, and nothing else is forged.
	if h := calls["src/lib.js#helper"]; len(h) != 2 {
		t.Errorf("helper recorded %d times, want twice (the test's own calls)", len(h))
	} else if h[1].Args[1] != "args[0]=num:2" || h[1].Outcome[0] != "return=num:3" {
		t.Errorf("helper's second call: %v → %v, want 2 → 3", h[1].Args, h[1].Outcome)
	}
	if _, ok := calls["forged"]; ok {
		t.Error("a toJSON put in by the test forged a call")
	}
	// A repeated require hands back the same wrapped export.
	if n := len(calls["src/lib.js#identity"]); n != 1 {
		t.Errorf("identity recorded %d times, want 1", n)
	} else if c := calls["src/lib.js#identity"][0]; len(c.Outcome) != 1 || c.Outcome[0] != "return=true" {
		t.Errorf("identity: %v, want the same export from both requires", c.Outcome)
	}
}

// TestHookChildren: a test that starts Node processes of its own (one inheriting the hook, one
// with a NODE_OPTIONS of its own, a worker thread) runs as without the hook, and its own calls
// are recorded once; a child's calls are not the test file's.
func TestHookChildren(t *testing.T) {
	tr := runHook(t, []string{"test/spawn.test.js"}, "test/spawn.test.js")
	if tr.Unavailable != "" {
		t.Fatalf("trace unavailable: %s", tr.Unavailable)
	}
	calls := byCallee(tr.Calls)
	if c := calls["src/lib.js#helper"]; len(c) != 1 || c[0].File != "test/spawn.test.js" || c[0].Outcome[0] != "return=num:42" {
		t.Errorf("helper calls %+v, want the test's one call", c)
	}
}

// TestReadUntrusted: Read says why a trace cannot be compared instead of failing or reading it as
// no calls: a test file the run was asked to run with no trace (an ES module named as such), a
// malformed or miscounted file, a FIFO in the trace file's place.
func TestReadUntrusted(t *testing.T) {
	good := `{"pid":2,"files":["test/a.test.js"],"calls":1,"capped":false}` + "\n" +
		`{"file":"test/a.test.js","callee":"src/a.js#f","args":["args=Arguments(0)"],"outcome":["return=num:1"]}` + "\n"
	tests := []struct {
		name  string
		tests []string
		files map[string]string // name → content; "fifo" makes a FIFO
		esm   bool
		want  string // a fragment of Unavailable; "" for an available trace
		calls int
		seen  []string
	}{
		{name: "asked-for file traced", tests: []string{"test/a.test.js"}, files: map[string]string{"trace-2.jsonl": good}, calls: 1, seen: []string{"test/a.test.js"}},
		{name: "observed files", files: map[string]string{"trace-2.jsonl": good, "trace-1.jsonl": `{"pid":1,"thread":0,"files":[],"calls":0}` + "\n"}, calls: 1, seen: []string{"test/a.test.js"}},
		{name: "asked-for file left no trace", tests: []string{"test/a.test.js", "test/b.test.js"}, files: map[string]string{"trace-2.jsonl": good}, want: "the test file test/b.test.js left no value trace"},
		{name: "an ES module left no trace", tests: []string{"test/b.test.js"}, files: map[string]string{}, esm: true, want: "test/b.test.js is an ES module"},
		{name: "nothing observed", files: map[string]string{}, want: "no test file left a value trace"},
		{name: "malformed", tests: []string{"test/a.test.js"}, files: map[string]string{"trace-2.jsonl": good + "{oops\n"}, want: "is malformed"},
		{name: "miscounted", tests: []string{"test/a.test.js"}, files: map[string]string{"trace-2.jsonl": strings.Replace(good, `"calls":1`, `"calls":5`, 1)}, want: "its header counts 5 calls, it holds 1"},
		{name: "a call naming no callee", tests: []string{"test/a.test.js"}, files: map[string]string{"trace-2.jsonl": strings.Replace(good, `"src/a.js#f"`, `""`, 1)}, want: "names no callee"},
		{name: "an import left unwrapped", tests: []string{"test/a.test.js"}, files: map[string]string{"trace-2.jsonl": strings.Replace(good, `"capped":false`, `"capped":false,"unlisted":["test/a.test.js imports src/x.js, whose exports bond did not list (why)"]`, 1)},
			want: "the test file test/a.test.js imports src/x.js, whose exports bond did not list (why)"},
		{name: "a forged reason is bounded", tests: []string{"test/a.test.js"}, files: map[string]string{"trace-2.jsonl": strings.Replace(good, `"capped":false`, `"capped":false,"unlisted":["x\u001b[31m\n`+strings.Repeat("y", 5000)+`"]`, 1)},
			want: "x[31m" + strings.Repeat("y", 395) + "…"},
		{name: "ES-module hooks off", tests: []string{"test/b.test.js"}, files: map[string]string{"trace-2.jsonl": strings.Replace(good, `"capped":false`, `"capped":false,"esm":"no module.register"`, 1)}, esm: true,
			want: "test/b.test.js is an ES module and the ES-module hooks that trace its imports are off: no module.register"},
		{name: "a FIFO is not waited on", tests: []string{"test/a.test.js"}, files: map[string]string{"trace-2.jsonl": "fifo"}, want: "not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tt.files {
				p := filepath.Join(dir, name)
				if content == "fifo" {
					if err := syscall.Mkfifo(p, 0o644); err != nil {
						t.Skipf("mkfifo: %v", err)
					}
					continue
				}
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r := &Run{Dir: dir, tests: tt.tests}
			got := r.Read(func(string) bool { return tt.esm })
			if tt.want == "" {
				if got.Unavailable != "" || len(got.Calls) != tt.calls || strings.Join(got.Files, ",") != strings.Join(tt.seen, ",") {
					t.Errorf("got %+v, want %d calls of %v", got, tt.calls, tt.seen)
				}
				return
			}
			if !strings.Contains(got.Unavailable, tt.want) {
				t.Errorf("unavailable %q, want it to say %q", got.Unavailable, tt.want)
			}
		})
	}
}

// TestHookTestHelper pins that, in a run of one test file, a helper under the test directory is
// part of the test: its calls into the package are recorded as the test's, the one the test
// makes into the helper is not, and f.apply(…) is recorded as a call of f. With neighbours on,
// each such call is made again with one argument changed, and recorded with Origin "neighbour".
func TestHookTestHelper(t *testing.T) {
	needNode(t)
	root, err := filepath.Abs("testdata/helper")
	if err != nil {
		t.Fatal(err)
	}
	// Asked to run the one test file (the node runner), or not told the files while the command
	// names one (node --test FILE as an oracle command).
	for _, c := range []struct {
		neighbours bool
		tests      []string
	}{{false, []string{"test/check.test.js"}}, {true, []string{"test/check.test.js"}}, {true, nil}} {
		neighbours := c.neighbours
		r, err := PrepareWith(t.TempDir(), root, c.tests, []string{"test/check.test.js"}, HookOptions{Neighbours: neighbours})
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("node", "--test", "test/check.test.js")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), r.Env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("node --test: %v\n%s", err, out)
		}
		tr := r.Read(nil)
		r.Remove()
		if tr.Unavailable != "" {
			t.Fatalf("trace unavailable: %s", tr.Unavailable)
		}
		var own, near []string
		for _, c := range tr.Calls {
			if c.File != "test/check.test.js" {
				t.Errorf("call %s attributed to %s, want the test file", c.Callee, c.File)
			}
			if c.Origin == "neighbour" {
				near = append(near, c.Callee+" "+strings.Join(c.Args, " "))
			} else {
				own = append(own, c.Callee+" "+strings.Join(c.Args, " "))
			}
		}
		want := []string{
			`src/check.js#isShort args=Arguments(1) args[0]=str:"ab"`,
			`src/check.js#isShort args=Arguments(1) args[0]=str:"abc"`,
			`src/check.js#isShort args=Arguments(1) args[0]=str:"abcd"`,
		}
		if strings.Join(own, "\n") != strings.Join(want, "\n") {
			t.Errorf("neighbours %v: recorded calls\n%s\nwant\n%s", neighbours, strings.Join(own, "\n"), strings.Join(want, "\n"))
		}
		if !neighbours && len(near) > 0 {
			t.Errorf("neighbour calls without neighbours: %v", near)
		}
		if neighbours && !slicesContain(near, `src/check.js#isShort args=Arguments(1) args[0]=str:"abcdd"`) {
			t.Errorf("neighbour calls %v, want one with the last character doubled", near)
		}
	}
}

func slicesContain(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
