package embedded

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// pathNode is a node process that answers lines of JSON calls ([[fn, [args…]], …]) with a line of
// JSON results, as pathCallJS records them.
type pathNode struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func startPathNode(f *testing.F, node, dir string) *pathNode {
	f.Helper()
	cmd := exec.Command(node, "-e", pathCallJS+`
const rl = require('readline').createInterface({ input: process.stdin });
rl.on('line', (line) => {
  results.length = 0;
  for (const [fn, args] of JSON.parse(line)) call(fn, args);
  process.stdout.write(JSON.stringify(results) + '\n');
});
`)
	cmd.Dir = dir
	in, err := cmd.StdinPipe()
	if err != nil {
		f.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		f.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() {
		in.Close()
		_ = cmd.Wait()
	})
	return &pathNode{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20)}
}

func (n *pathNode) ask(t *testing.T, calls []byte) []json.RawMessage {
	t.Helper()
	if _, err := n.in.Write(append(calls, '\n')); err != nil {
		t.Fatal(err)
	}
	line, err := n.out.ReadBytes('\n')
	if err != nil {
		t.Fatalf("reading node's answer: %v", err)
	}
	var res []json.RawMessage
	if err := json.Unmarshal(line, &res); err != nil {
		t.Fatalf("decoding node's answer: %v\n%s", err, line)
	}
	return res
}

// FuzzPathAgainstNode: for any two strings, every node:path function answers in the embedded
// runtime as in Node 20 (a node process kept for the whole fuzz run answers the same calls).
func FuzzPathAgainstNode(f *testing.F) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			f.Fatal("node is not on PATH; CI must have it: the fuzz target would prove nothing skipped")
		}
		f.Skip("node not on PATH")
	}
	for _, seed := range [][2]string{
		{"/a/b/", "b"}, {"", ""}, {"..", "."}, {"//x//y/", "y/"}, {".hidden", ".hidden"},
		{"a/../..", "../b"}, {"/x.y.z", ".z"}, {"/..", "..."},
	} {
		f.Add(seed[0], seed[1])
	}
	dir := f.TempDir()
	const file = "fuzz.test.js"
	if err := os.WriteFile(filepath.Join(dir, file), []byte("require('path');\n"), 0o644); err != nil {
		f.Fatal(err)
	}
	nodeProc := startPathNode(f, node, dir)
	r, err := New(dir, []string{file}, Options{InProcess: true})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(r.Close)
	f.Fuzz(func(t *testing.T, a, b string) {
		calls, err := json.Marshal([][]any{
			{"normalize", []any{a}}, {"dirname", []any{a}}, {"basename", []any{a}}, {"basename", []any{a, b}},
			{"extname", []any{a}}, {"isAbsolute", []any{a}}, {"parse", []any{a}}, {"join", []any{a, b}},
			{"resolve", []any{a, b}}, {"relative", []any{a, b}}, {"relative", []any{b, a}},
			{"format", []any{map[string]string{"dir": a, "base": b}}},
			{"format", []any{map[string]string{"root": a, "name": b, "ext": a}}},
		})
		if err != nil {
			t.Fatal(err)
		}
		want := nodeProc.ask(t, calls)
		script := pathCallJS + "for (const [fn, args] of " + string(calls) + ") call(fn, args);\nconsole.log('RESULTS ' + JSON.stringify(results));\n"
		res, err := r.Run(context.Background(), map[string][]byte{file: []byte(script)}, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		var got []json.RawMessage
		prefixedLine(t, res.Output, "RESULTS ", &got)
		if len(got) != len(want) {
			t.Fatalf("node answered %d calls, embedded %d", len(want), len(got))
		}
		for i := range want {
			if string(want[i]) != string(got[i]) {
				t.Errorf("call %d with %q, %q: node %s, embedded %s", i, a, b, want[i], got[i])
			}
		}
	})
}
