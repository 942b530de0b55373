package adjudicate

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/seal"
	"github.com/bond-tool/bond/plan"
)

// fakeTree is a tree of the given files (path → content), as readTree would hold it.
func fakeTree(t *testing.T, files map[string]string) *oracle.Tree {
	tr := &oracle.Tree{Root: t.TempDir()}
	for rel, c := range files {
		tr.Files = append(tr.Files, oracle.TreeFile{Rel: rel, Mode: 0o644, SHA: sha256.Sum256([]byte(c)), Size: int64(len(c)), Content: []byte(c)})
	}
	sort.Slice(tr.Files, func(i, j int) bool { return tr.Files[i].Rel < tr.Files[j].Rel })
	return tr
}

func baseKeyInputs(t *testing.T) keyInputs {
	return keyInputs{
		o: Options{Oracle: []string{"test/a.test.js"}, Adjudicate: AdjudicateFirst, SuiteCap: new(2),
			Gates: []report.GateSpec{{Name: "unit", Cmd: "npm test"}}},
		t: fakeTree(t, map[string]string{
			"src/a.js": "module.exports = 1;\n", "test/a.test.js": "require('../src/a.js');\n",
			"package-lock.json": "{}\n", "README.md": "# a\n", "docs/guide.md": "guide\n", "LICENSE": "MIT\n",
		}),
		front:   plan.Front{Operators: plan.OperatorSet{Digest: "d1"}},
		runner:  RunnerEmbedded,
		envVars: []string{"TZ"},
		reach:   report.Reach{Executable: 1, Ran: 1},
	}
}

var keyMutant = plan.Mutant{ID: "0123456789abcdef", Path: "src/a.js", Operator: "invert-comparison", OperatorVersion: "1"}

// TestKeyComponents: changing any one thing a mutant's outcome depends on changes its key and is
// named as what changed; changing documentation or TMPDIR changes nothing. The self-check is not
// keyed: it runs after the mutants (TestIncrementalCanaryAfterReuse).
func TestKeyComponents(t *testing.T) {
	t.Setenv("TZ", "UTC")
	ctx := context.Background()
	base := computeKey(ctx, baseKeyInputs(t))
	otherTmp := t.TempDir()
	baseMut := base.mutantKey(keyMutant, "sha-a", "")
	setFile := func(rel, content string) func(*keyInputs) {
		return func(in *keyInputs) {
			files := map[string]string{}
			for _, f := range in.t.Files {
				files[f.Rel] = string(f.Content)
			}
			files[rel] = content
			in.t = fakeTree(t, files)
		}
	}
	tests := []struct {
		name   string
		change func(*keyInputs)
		want   string // the component named; "" for no change
	}{
		{"mutated file", setFile("src/a.js", "module.exports = 2;\n"), "the tree (src/a.js changed)"},
		{"test file", setFile("test/a.test.js", "require('../src/a.js'); // more\n"), "the tree (test/a.test.js changed)"},
		{"file it imports added", setFile("src/b.js", "x\n"), "the tree (src/b.js added)"},
		{"lockfile", setFile("package-lock.json", `{"v":2}`), "the tree (package-lock.json changed)"},
		{"fixture text in a test dir", setFile("test/fixtures/in.txt", "x\n"), "the tree (test/fixtures/in.txt added)"},
		{"doc a test names", func(in *keyInputs) {
			setFile("test/a.test.js", "fs.readFileSync('README.md');\n")(in)
		}, "the tree (README.md added, docs/guide.md added, test/a.test.js changed)"},
		{"operators", func(in *keyInputs) { in.front.Operators.Digest = "d2" }, keyOperators},
		{"runner", func(in *keyInputs) { in.runner = RunnerNode }, keyRunner},
		{"oracle files", func(in *keyInputs) { in.o.Oracle = []string{"test/b.test.js"} }, keyOracle},
		{"oracle command", func(in *keyInputs) { in.o.Oracle, in.o.OracleCmd = nil, "npx jest" }, keyOracle},
		{"gates", func(in *keyInputs) { in.o.Gates[0].Cmd = "npm run test:all" }, keyGates},
		{"timeout", func(in *keyInputs) { in.o.Timeout = time.Second }, keyOptions},
		{"adjudicate", func(in *keyInputs) { in.o.Adjudicate = AdjudicateAll }, keyOptions},
		{"suite cap", func(in *keyInputs) { in.o.SuiteCap = new(3) }, keyOptions},
		{"exhaustive runs", func(in *keyInputs) { in.o.ExhaustiveRuns = true }, keyOptions},
		{"hermetic", func(in *keyInputs) { in.o.Hermetic = true }, keyOptions},
		{"environment value", func(in *keyInputs) { t.Setenv("TZ", "Europe/Paris") }, keyEnvironment},
		{"extra environment", func(in *keyInputs) { in.o.Env = []string{"A=1"} }, keyEnvironment},
		{"reach", func(in *keyInputs) { in.reach.Ran = 0 }, "the baseline's reach"},
		{"readme", setFile("README.md", "# b\n"), ""},
		{"docs dir", setFile("docs/guide.md", "more\n"), ""},
		{"licence", setFile("LICENSE", "ISC\n"), ""},
		{"TMPDIR", func(in *keyInputs) { in.envVars = append(in.envVars, "TMPDIR"); t.Setenv("TMPDIR", otherTmp) }, ""},
		{"the incremental file in the tree", func(in *keyInputs) {
			setFile("inc.json", `{"unkeyed_files":["README.md"]}`)(in) // names a doc: still no change
			in.skip = "inc.json"
		}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("TZ", "UTC")
			in := baseKeyInputs(t)
			tc.change(&in)
			k := computeKey(ctx, in)
			got := changedSince(base, k)
			if tc.want == "" {
				if got != "" || k.mutantKey(keyMutant, "sha-a", "") != baseMut {
					t.Fatalf("key changed (%s); want it unchanged", got)
				}
				return
			}
			if !strings.HasPrefix(got, tc.want) {
				t.Fatalf("changed: %q; want %q", got, tc.want)
			}
			if k.mutantKey(keyMutant, "sha-a", "") == baseMut {
				t.Fatal("the mutant's key did not change")
			}
		})
	}
}

// TestMutantKey: the mutant's own parts and a verdict document's judgement enter its key.
func TestMutantKey(t *testing.T) {
	k := computeKey(context.Background(), baseKeyInputs(t))
	base := k.mutantKey(keyMutant, "sha-a", "")
	other := keyMutant
	other.ID = "fedcba9876543210"
	newer := keyMutant
	newer.OperatorVersion = "2"
	for name, got := range map[string]string{
		"id":               k.mutantKey(other, "sha-a", ""),
		"operator version": k.mutantKey(newer, "sha-a", ""),
		"file content":     k.mutantKey(keyMutant, "sha-b", ""),
		"judged":           k.mutantKey(keyMutant, "sha-a", "equivalent\x00note"),
	} {
		if got == base {
			t.Errorf("%s: the key did not change", name)
		}
	}
}

// TestDocsNamedBySourceAreKeyed: a documentation file is keyed when a source names it or its
// extension, or when it lies in a test-data directory.
func TestDocsNamedBySourceAreKeyed(t *testing.T) {
	tests := []struct {
		src, rel string
		keyed    bool
	}{
		{"fs.readFileSync('README.md')", "README.md", true},
		{"glob('**/*.md')", "docs/a.md", true},
		{"import x from './a.mdx'", "docs/a.md", false},
		{"module.exports = 1", "docs/a.md", false},
		{"module.exports = 1", "test/fixtures/a.md", true},
		{"module.exports = 1", "__tests__/notes.txt", true},
		{"const l = 'LICENSE'", "LICENSE", true},
		{"module.exports = 1", "LICENSE", false},
		{"module.exports = 1", "src/License.js", true},
	}
	for _, tc := range tests {
		tr := fakeTree(t, map[string]string{"src/x.js": tc.src, tc.rel: "doc"})
		var unkeyed []string
		files := map[string]string{}
		treeKey(tr, "", files, &unkeyed)
		if _, keyed := files[tc.rel]; keyed != tc.keyed {
			t.Errorf("%q with %s: keyed %v; want %v (unkeyed %v)", tc.rel, tc.src, keyed, tc.keyed, unkeyed)
		}
	}
}

// TestDependenciesKey: what node_modules holds is keyed, by the install record or, without one,
// by every package's package.json.
func TestDependenciesKey(t *testing.T) {
	tr := fakeTree(t, nil)
	tr.NodeModules = []string{"node_modules"}
	nm := filepath.Join(tr.Root, "node_modules")
	write := func(rel, s string) {
		p := filepath.Join(nm, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a/package.json", `{"version":"1.0.0"}`)
	write("@s/b/package.json", `{"version":"1.0.0"}`)
	k0 := dependenciesKey(tr)
	write("@s/b/package.json", `{"version":"1.0.1"}`)
	k1 := dependenciesKey(tr)
	write(".package-lock.json", `{"lockfileVersion":3}`)
	k2 := dependenciesKey(tr)
	write(".package-lock.json", `{"lockfileVersion":3,"x":1}`)
	k3 := dependenciesKey(tr)
	if k0 == k1 || k1 == k2 || k2 == k3 {
		t.Fatalf("keys do not follow the install: %s %s %s %s", k0[:8], k1[:8], k2[:8], k3[:8])
	}
}

// TestOpenIncremental: what each kind of file at the path means.
func TestOpenIncremental(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, content string
		inputErr      string // a fragment of the input error; "" for none
		note          string
		prev          bool
	}{
		{name: "missing", note: "no previous results yet"},
		{name: "corrupt", content: "{not json", inputErr: "not a bond incremental file"},
		{name: "foreign", content: `{"kind":"stryker"}`, inputErr: `kind "stryker"`},
		{name: "report", content: `{"schema_version":"1","mutants":[]}`, inputErr: "not a bond incremental file"},
		{name: "other format", content: `{"kind":"bond-incremental","schema_version":"0"}`, note: `format "0"`},
		{name: "unsigned format 1", content: `{"kind":"bond-incremental","schema_version":"1","mutants":[{"key":"x"}]}`, note: `format "1"`},
		{name: "ours", content: `{"kind":"bond-incremental","schema_version":"2","mutants":[]}`, prev: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, tc.name, "inc.json")
			if tc.content != "" {
				os.MkdirAll(filepath.Dir(p), 0o755)
				os.WriteFile(p, []byte(tc.content), 0o644)
			}
			inc, err := openIncremental(p, dir, filepath.Join(dir, "keys"))
			if tc.inputErr != "" {
				if !input.Is(err) || !strings.Contains(err.Error(), tc.inputErr) || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "delete it") {
					t.Fatalf("err = %v; want an input error naming %s with %q and what to do", err, p, tc.inputErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(inc.info.Note, tc.note) || (inc.prev != nil) != tc.prev {
				t.Fatalf("note %q, prev %v; want %q, %v", inc.info.Note, inc.prev != nil, tc.note, tc.prev)
			}
		})
	}
}

// TestIncrementalRoundTrip: a finished run's cacheable outcomes are written, and the next run with
// the same key reuses them verbatim, marked cached; errors and undone adjudications run again.
func TestIncrementalRoundTrip(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "inc.json")
	muts := []plan.Mutant{keyMutant, {ID: "1111111111111111", Path: "src/a.js"}, {ID: "2222222222222222", Path: "src/a.js"}}
	front := plan.Front{Files: []plan.FileInfo{{Path: "src/a.js", SHA256: "abc"}}}
	k := computeKey(context.Background(), baseKeyInputs(t))
	run := func() (*incremental, *report.Report) {
		inc, err := openIncremental(p, dir, filepath.Join(dir, "keys"))
		if err != nil {
			t.Fatal(err)
		}
		rep := &report.Report{Mutants: make([]report.MutantResult, len(muts)), Incremental: inc.info}
		fresh := inc.reuse(k, front, muts, rep.Mutants, nil)
		for _, i := range fresh {
			rep.Mutants[i] = report.MutantResult{Mutant: muts[i], Status: report.StatusKilled, KilledBy: "t › one", Runs: []report.MutantRun{{Status: report.StatusKilled, DurationMS: 7}}}
		}
		if len(fresh) == 3 {
			rep.Mutants[1].Status = report.StatusError
			rep.Mutants[2] = report.MutantResult{Mutant: muts[2], Status: report.StatusAccepted, Ran: true, Witness: report.Witness{Kind: report.WitnessNotAdjudicated}}
		}
		if err := inc.finish(rep, nil); err != nil {
			t.Fatal(err)
		}
		return inc, rep
	}
	if inc, _ := run(); inc.info.Reused != 0 || inc.info.Ran != 3 {
		t.Fatalf("first run: %+v", inc.info)
	}
	inc, rep := run()
	if inc.info.Reused != 1 || inc.info.Ran != 2 {
		t.Fatalf("second run reused %d, ran %d; want 1 and 2 (the error and the unadjudicated mutant run again)", inc.info.Reused, inc.info.Ran)
	}
	m := rep.Mutants[0]
	if !m.Cached || m.KilledBy != "t › one" || len(m.Runs) != 1 || m.Runs[0].DurationMS != 7 || m.ID != keyMutant.ID {
		t.Fatalf("reused mutant not carried verbatim: %+v", m)
	}
	var d incrementalDoc
	b, _ := os.ReadFile(p)
	if err := json.Unmarshal(b, &d); err != nil || len(d.Mutants) != 3 {
		t.Fatalf("file after the second run: %v, %d mutants (all three cacheable now)", err, len(d.Mutants))
	}
	var c cachedMutant
	if err := json.Unmarshal(d.Mutants[0].Entry, &c); err != nil || c.Result.Cached || d.Mutants[0].MAC == "" {
		t.Fatalf("first entry: %v, cached stored %v, mac %q", err, c.Result.Cached, d.Mutants[0].MAC)
	}
}

// TestIncrementalTamperedFile: a file changed during the run (not by bond) is put back after a run
// that did not finish, removed when there was none, and replaced after one that did.
func TestIncrementalTamperedFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "inc.json")
	poison := []byte(`{"kind":"bond-incremental","schema_version":"2","mutants":[{"key":"x"}]}`)

	inc, err := openIncremental(p, dir, filepath.Join(dir, "keys"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(p, poison, 0o644)
	rep := &report.Report{Incremental: inc.info, Partial: true}
	if err := inc.finish(rep, context.Canceled); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Fatalf("a file a test created during an unfinished run is still there: %v", err)
	}
	if !strings.Contains(rep.Incremental.Note, "changed during the run") {
		t.Fatalf("note %q does not say the file changed", rep.Incremental.Note)
	}

	good := []byte(`{"kind":"bond-incremental","schema_version":"2","mutants":[]}`)
	os.WriteFile(p, good, 0o644)
	inc, _ = openIncremental(p, dir, filepath.Join(dir, "keys"))
	os.WriteFile(p, poison, 0o644)
	if err := inc.finish(&report.Report{Incremental: inc.info, Partial: true}, context.Canceled); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != string(good) {
		t.Fatalf("not put back: %s", b)
	}

	inc, _ = openIncremental(p, dir, filepath.Join(dir, "keys"))
	inc.reuse(computeKey(context.Background(), baseKeyInputs(t)), plan.Front{}, nil, nil, nil)
	os.WriteFile(p, poison, 0o644)
	if err := inc.finish(&report.Report{Incremental: inc.info, Mutants: []report.MutantResult{}}, nil); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); strings.Contains(string(b), `"key":"x"`) {
		t.Fatalf("the poison survived a finished run: %s", b)
	}
}

// TestIncrementalDecidedBy: a mutant --adjudicate first left unadjudicated after an earlier
// mutant's witness decided the bond is reused only together with that mutant.
func TestIncrementalDecidedBy(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "inc.json")
	decider := plan.Mutant{ID: "1111111111111111", Path: "src/a.js"}
	left := plan.Mutant{ID: "2222222222222222", Path: "src/a.js"}
	muts := []plan.Mutant{decider, left}
	k := computeKey(context.Background(), baseKeyInputs(t))
	inc, _ := openIncremental(p, dir, filepath.Join(dir, "keys"))
	rep := &report.Report{Run: report.RunInfo{Adjudicate: AdjudicateFirst}, Mutants: make([]report.MutantResult, 2), Incremental: inc.info}
	inc.reuse(k, plan.Front{}, muts, rep.Mutants, nil)
	rep.Mutants[0] = report.MutantResult{Mutant: decider, Status: report.StatusAccepted, Ran: true, Witness: report.Witness{Kind: report.WitnessCoverage}}
	rep.Mutants[1] = report.MutantResult{Mutant: left, Status: report.StatusAccepted, Ran: true, Witness: report.Witness{Kind: report.WitnessNotAdjudicated}}
	if err := inc.finish(rep, nil); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		doc   *VerdictDoc // judging the decider changes its key
		fresh int
	}{
		{"decider reused", nil, 0},
		{"decider runs again", &VerdictDoc{Verdicts: []VerdictEntry{{MutantID: decider.ID, Verdict: report.VerdictEquivalent}}}, 2},
	}
	for _, tc := range tests {
		inc, err := openIncremental(p, dir, filepath.Join(dir, "keys"))
		if err != nil {
			t.Fatal(err)
		}
		results := make([]report.MutantResult, 2)
		if fresh := inc.reuse(k, plan.Front{}, muts, results, tc.doc); len(fresh) != tc.fresh {
			t.Errorf("%s: %d mutants run again; want %d", tc.name, len(fresh), tc.fresh)
		}
	}
}

// TestIncrementalUntrusted: an entry is reused only when its signature verifies under the user's
// key; a changed, unsigned or foreign-key entry runs again, counted and noted, never fatal.
func TestIncrementalUntrusted(t *testing.T) {
	muts := []plan.Mutant{keyMutant}
	front := plan.Front{Files: []plan.FileInfo{{Path: keyMutant.Path, SHA256: "abc"}}}
	k := computeKey(context.Background(), baseKeyInputs(t))
	tests := []struct {
		name   string
		tamper func(t *testing.T, p, keys string)
		reused int
		note   string
	}{
		{"signed", func(*testing.T, string, string) {}, 1, ""},
		{"accepted flipped to killed", func(t *testing.T, p, _ string) {
			edit(t, p, func(d *incrementalDoc) {
				var b bytes.Buffer
				json.Compact(&b, d.Mutants[0].Entry)
				if !bytes.Contains(b.Bytes(), []byte(`"status":"accepted"`)) {
					t.Fatalf("no accepted status in %s", b.Bytes())
				}
				d.Mutants[0].Entry = bytes.Replace(b.Bytes(), []byte(`"status":"accepted"`), []byte(`"status":"killed"`), 1)
			})
		}, 0, "signature does not verify"},
		{"reindented", func(t *testing.T, p, _ string) {
			edit(t, p, func(d *incrementalDoc) {
				var b bytes.Buffer
				json.Indent(&b, d.Mutants[0].Entry, "", "\t")
				d.Mutants[0].Entry = b.Bytes()
			})
		}, 1, ""},
		{"unsigned", func(t *testing.T, p, _ string) {
			edit(t, p, func(d *incrementalDoc) { d.Mutants[0].MAC = "" })
		}, 0, "1 recorded outcomes not trusted"},
		{"another key", func(t *testing.T, _, keys string) {
			os.Remove(filepath.Join(keys, seal.KeyFile))
		}, 0, "written with another key"},
		{"key unreadable", func(t *testing.T, _, keys string) {
			os.Chmod(filepath.Join(keys, seal.KeyFile), 0o644)
		}, 0, "chmod 600"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p, keys := filepath.Join(dir, "inc.json"), filepath.Join(dir, "keys")
			inc, err := openIncremental(p, dir, keys)
			if err != nil {
				t.Fatal(err)
			}
			rep := &report.Report{Mutants: make([]report.MutantResult, 1), Incremental: inc.info}
			inc.reuse(k, front, muts, rep.Mutants, nil)
			rep.Mutants[0] = report.MutantResult{Mutant: keyMutant, Status: report.StatusAccepted, Ran: true, Witness: report.Witness{Kind: report.WitnessNone}}
			if err := inc.finish(rep, nil); err != nil {
				t.Fatal(err)
			}
			tc.tamper(t, p, keys)
			inc, err = openIncremental(p, dir, keys)
			if err != nil {
				t.Fatalf("an untrusted entry is never fatal: %v", err)
			}
			results := make([]report.MutantResult, 1)
			inc.reuse(k, front, muts, results, nil)
			if inc.info.Reused != tc.reused || inc.info.Untrusted != 1-tc.reused || !strings.Contains(inc.info.Note, tc.note) {
				t.Fatalf("reused %d, untrusted %d, note %q; want %d reused and a note with %q", inc.info.Reused, inc.info.Untrusted, inc.info.Note, tc.reused, tc.note)
			}
			if tc.reused == 1 && results[0].Status != report.StatusAccepted {
				t.Fatalf("reused status %s", results[0].Status)
			}
		})
	}
}

// edit rewrites the incremental file at p through f, as a test with write access could.
func edit(t *testing.T, p string, f func(*incrementalDoc)) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var d incrementalDoc
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	f(&d)
	b, _ = json.MarshalIndent(d, "", " ")
	os.WriteFile(p, b, 0o644)
}
