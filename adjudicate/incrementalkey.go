package adjudicate

// This file is the key of --incremental (docs/incremental.md): everything a mutant's recorded
// outcome depended on, as named digests, computed once the baseline has run. A previous outcome is
// reused only when every component is byte-identical.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/internal/version"
	"github.com/bond-tool/bond/plan"
)

// Key components, in the order they are reported. Each names one thing a mutant's outcome
// depended on; a component that differs from the previous run's reuses nothing.
const (
	keyBond         = "bond"         // bond's version, report schema and executable's SHA-256
	keyOperators    = "operators"    // the operator digest
	keyRunner       = "runner"       // the runner that ran the oracle, and node --version
	keyOracle       = "oracle"       // the oracle's files or command
	keyGates        = "gates"        // the gates' names and commands
	keyOptions      = "options"      // --timeout, --adjudicate, --suite-cap, --exhaustive-runs, --hermetic
	keyEnvironment  = "environment"  // the values of the variables the runs receive from bond's environment
	keyTree         = "tree"         // every mirrored file but documentation (lockfiles included)
	keyDependencies = "dependencies" // what is installed in each node_modules
	keyBaseline     = "baseline"     // this run's evidence: the baseline's reach
)

// KeyCovers says, for the report and docs/incremental.md, what the key covers.
var KeyCovers = []string{
	"the mutant's id and the mutated file's content",
	"every file the sandboxes mirror (tracked, untracked and ignored build output), lockfiles, test files and everything they import or read included, except the documentation files listed in unkeyed_files",
	"what is installed in each node_modules (its .package-lock.json, .modules.yaml, .yarn-state.yml or .yarn-integrity, else every package's package.json)",
	"the runner, the node --version on PATH, the oracle and the gates",
	"--timeout, --adjudicate, --suite-cap, --exhaustive-runs and --hermetic",
	"the values of the environment variables the runs receive",
	"bond's version, its executable's SHA-256 and the operator digest",
	"a verdict document's judgement of the mutant",
	"the baseline's reach, which runs every time: when it differs, nothing is reused",
	"the self-check, run after the mutants every time a file needs its canary: a reused outcome in a file whose canary survives is unshown (canary-survived), and such outcomes are never kept",
}

// KeyOmits says what the key does not cover: a change there is not seen.
var KeyOmits = []string{
	"documentation files no JS, TS or JSON file of the tree names (unkeyed_files)",
	"files outside the repository: global installs, other directories, the network",
	"the clock, and the machine's load and -j (they can change a timeout)",
	"the derived time limit of a run when --timeout is not given (its option is keyed, not the limit)",
}

// runKey is one run's key: the component digests, the keyed files' hashes (to name what changed)
// and the documentation files left out.
type runKey struct {
	Components map[string]string `json:"components"`
	Files      map[string]string `json:"files"`
	Unkeyed    []string          `json:"unkeyed_files"`
}

// keyInputs is what the key is computed from: the run as it happened up to the mutant phase.
type keyInputs struct {
	o       Options
	t       *oracle.Tree
	front   plan.Front
	runner  string   // the runner that ran the baseline
	envVars []string // names of the variables the runs receive from bond's environment
	env     []string // the runs' environment, to ask node --version as a run would
	reach   report.Reach
	skip    string // slash path of the incremental file when it lies in the tree
}

// computeKey digests every component of in.
func computeKey(ctx context.Context, in keyInputs) runKey {
	k := runKey{Components: map[string]string{}, Files: map[string]string{}, Unkeyed: []string{}}
	c := k.Components
	c[keyBond] = digest(version.ToolName, version.Tool, version.Schema, executableSHA())
	c[keyOperators] = digest(in.front.Operators.Digest)
	c[keyRunner] = digest(in.runner, oracle.NodeVersion(ctx, in.t.Root, in.env))
	c[keyOracle] = digest(append([]string{in.o.OracleCmd}, in.o.Oracle...)...)
	var gates []string
	for _, g := range in.o.Gates {
		gates = append(gates, g.Name, g.Cmd)
	}
	c[keyGates] = digest(gates...)
	opts := []string{in.o.Timeout.String(), in.o.Adjudicate, fmt.Sprint(in.o.suiteCap()),
		fmt.Sprint(in.o.ExhaustiveRuns), fmt.Sprint(in.o.Hermetic)}
	if in.o.ValueNeighbours {
		// Appended only when on, so the keys recorded before the flag existed still match.
		opts = append(opts, "value-neighbours")
	}
	c[keyOptions] = digest(opts...)
	var env []string
	for _, n := range in.envVars {
		if n != "TMPDIR" { // bond's own, a fresh directory every run
			env = append(env, n+"="+os.Getenv(n))
		}
	}
	c[keyEnvironment] = digest(append(env, in.o.Env...)...)
	c[keyTree] = treeKey(in.t, in.skip, k.Files, &k.Unkeyed)
	c[keyDependencies] = dependenciesKey(in.t)
	// The self-check is not keyed: it runs after the mutants (certify.canaries), on the reused
	// outcomes too, and an outcome that depended on a canary's survival is never kept (cacheable).
	ev, _ := json.Marshal(struct {
		Reach report.Reach `json:"reach"`
	}{in.reach})
	c[keyBaseline] = digest(string(ev))
	return k
}

// mutantKey is one mutant's key: the run's components, the mutant, its file's content and a
// verdict document's judgement of it.
func (k runKey) mutantKey(m plan.Mutant, fileSHA, judged string) string {
	names := make([]string, 0, len(k.Components))
	for n := range k.Components {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := []string{m.ID, m.Path, m.Operator, m.OperatorVersion, fileSHA, judged}
	for _, n := range names {
		parts = append(parts, n, k.Components[n])
	}
	return digest(parts...)
}

// digest is the SHA-256 of the parts, each length-prefixed so no two lists share a digest.
func digest(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s;", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// treeKey digests every mirrored file but documentation nothing names, filling files (path →
// short hash) and unkeyed (the documentation left out).
func treeKey(t *oracle.Tree, skip string, files map[string]string, unkeyed *[]string) string {
	named := namedDocs(t, skip)
	h := sha256.New()
	for i := range t.Files {
		f := &t.Files[i]
		if f.Rel == skip {
			continue
		}
		if isDoc(f.Rel) && !named(f.Rel) {
			*unkeyed = append(*unkeyed, f.Rel)
			continue
		}
		sum := f.SHA
		if f.Hints > 0 {
			sum = f.UserSHA
		}
		x := hex.EncodeToString(sum[:])
		mode := "f"
		switch {
		case f.Mode&fs.ModeSymlink != 0:
			mode = "l"
		case f.Mode&0o111 != 0:
			mode = "x"
		}
		files[f.Rel] = mode + x[:16]
		fmt.Fprintf(h, "%d:%s %s %s;", len(f.Rel), f.Rel, mode, x)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// docExts and docNames are documentation: left out of the key unless a test-data directory holds
// them or a JS, TS or JSON file names them (namedDocs).
var (
	docExts  = map[string]bool{".md": true, ".markdown": true, ".mdown": true, ".rst": true, ".adoc": true, ".txt": true}
	docNames = map[string]bool{"LICENSE": true, "LICENCE": true, "COPYING": true, "NOTICE": true, "AUTHORS": true,
		"CHANGELOG": true, "CHANGES": true, "HISTORY": true, "CONTRIBUTING": true, "README": true, "CODE_OF_CONDUCT": true, "SECURITY": true}
	testDataDirs = map[string]bool{"test": true, "tests": true, "__tests__": true, "spec": true, "specs": true,
		"fixture": true, "fixtures": true, "__fixtures__": true, "testdata": true, "test-data": true,
		"__snapshots__": true, "snapshots": true, "e2e": true, "data": true}
	sourceExts = map[string]bool{".js": true, ".mjs": true, ".cjs": true, ".jsx": true, ".ts": true, ".mts": true,
		".cts": true, ".tsx": true, ".json": true, ".json5": true}
)

// isDoc says whether rel is documentation by its name and place: a documentation extension, or a
// documentation name with none, in no test-data directory.
func isDoc(rel string) bool {
	base := path.Base(rel)
	ext := strings.ToLower(path.Ext(base))
	if !docExts[ext] && !(ext == "" && docNames[strings.ToUpper(base)]) {
		return false
	}
	for _, seg := range strings.Split(path.Dir(rel), "/") {
		if testDataDirs[strings.ToLower(seg)] {
			return false
		}
	}
	return true
}

// namedDocs returns whether a documentation file is named by some JS, TS or JSON file of the
// tree (but skip, the incremental file): by its base name, or by its extension as a glob or
// comparison would ('.md', "*.md"). A test that reads such a file is then keyed on it.
func namedDocs(t *oracle.Tree, skip string) func(rel string) bool {
	var srcs [][]byte
	for i := range t.Files {
		f := &t.Files[i]
		if f.Rel != skip && sourceExts[strings.ToLower(path.Ext(f.Rel))] && f.Mode.IsRegular() {
			if b, err := t.Bytes(f); err == nil {
				srcs = append(srcs, b)
			}
		}
	}
	seen := map[string]bool{}
	mentioned := func(s string) bool {
		if v, ok := seen[s]; ok {
			return v
		}
		found := false
		for _, b := range srcs {
			if found = containsName(b, s); found {
				break
			}
		}
		seen[s] = found
		return found
	}
	return func(rel string) bool {
		base := path.Base(rel)
		if ext := path.Ext(base); ext != "" && mentioned(ext) {
			return true
		}
		return mentioned(base)
	}
}

// containsName says whether b holds name (".md", "README.md", "LICENSE") not followed by a letter,
// digit or underscore, so ".mdx" does not name ".md" and "README.md'" or "*.md)" do.
func containsName(b []byte, name string) bool {
	e := []byte(name)
	for i := 0; ; {
		j := bytes.Index(b[i:], e)
		if j < 0 {
			return false
		}
		end := i + j + len(e)
		if end == len(b) || !isIdentByte(b[end]) {
			return true
		}
		i = end
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// installMarkers are the files a package manager writes into node_modules to record what it
// installed (npm, pnpm, yarn berry, yarn classic).
var installMarkers = []string{".package-lock.json", ".modules.yaml", ".yarn-state.yml", ".yarn-integrity"}

// dependenciesKey digests what is installed in each node_modules the sandboxes link: its package
// manager's record, else every top-level package's package.json.
func dependenciesKey(t *oracle.Tree) string {
	var parts []string
	for _, nm := range t.NodeModules {
		dir := filepath.Join(t.Root, filepath.FromSlash(nm))
		parts = append(parts, nm)
		found := false
		for _, m := range installMarkers {
			if b, err := safefile.Read(filepath.Join(dir, m), safefile.DataMax); err == nil {
				parts = append(parts, m, string(b))
				found = true
			}
		}
		if !found {
			parts = append(parts, packageManifests(dir)...)
		}
	}
	return digest(parts...)
}

// packageManifests lists every top-level package of a node_modules directory (scoped ones too)
// with its package.json's bytes.
func packageManifests(dir string) []string {
	var out []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, "@") {
			scoped, _ := os.ReadDir(filepath.Join(dir, name))
			for _, s := range scoped {
				b, _ := safefile.Read(filepath.Join(dir, name, s.Name(), "package.json"), safefile.ConfigMax)
				out = append(out, name+"/"+s.Name(), string(b))
			}
			continue
		}
		b, _ := safefile.Read(filepath.Join(dir, name, "package.json"), safefile.ConfigMax)
		out = append(out, name, string(b))
	}
	return out
}

var exeSHA struct {
	once sync.Once
	sum  string
}

// executableSHA is the SHA-256 of bond's own executable, so a rebuilt bond (a changed engine under
// the same version) reuses nothing; when it cannot be read, a value no other run has.
func executableSHA() string {
	exeSHA.once.Do(func() {
		exeSHA.sum = fmt.Sprint("unreadable ", time.Now().UnixNano())
		p, err := os.Executable()
		if err != nil {
			return
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return
		}
		s := sha256.Sum256(b)
		exeSHA.sum = hex.EncodeToString(s[:])
	})
	return exeSHA.sum
}
