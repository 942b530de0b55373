package adjudicate

// This file is --incremental FILE (docs/incremental.md): the previous run's results read before
// anything runs, a mutant's recorded outcome reused when its key (incrementalkey.go) is
// byte-identical, and this run's results written at the end, by bond alone. Every entry is
// signed with the user's key (internal/seal): one that does not verify is never trusted.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/atomicfile"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/internal/seal"
	"github.com/bond-tool/bond/internal/version"
	"github.com/bond-tool/bond/plan"
)

// IncrementalKind and IncrementalSchema identify an incremental file; another kind is an input
// error, another schema version is read as no previous results. Schema 2 signs each entry.
const (
	IncrementalKind   = "bond-incremental"
	IncrementalSchema = "2"
)

// incrementalDoc is the file: the previous run's key and the results keyed by each mutant's key.
type incrementalDoc struct {
	Kind          string         `json:"kind"`
	SchemaVersion string         `json:"schema_version"`
	Tool          plan.Tool      `json:"tool"`
	Key           runKey         `json:"key"`
	Mutants       []sealedMutant `json:"mutants"`
}

// sealedMutant is one entry as the file holds it: a cachedMutant's JSON and its HMAC-SHA256
// under the user's key (seal.IncrementalEntry), over the entry's compact JSON, so re-indenting the
// file changes nothing while any other change to an entry makes it untrusted.
type sealedMutant struct {
	MAC   string          `json:"mac"`
	Entry json.RawMessage `json:"entry"`
}

// cachedMutant is one mutant's recorded facts under its key. Verdicts are not kept: they are
// derived again from the facts.
type cachedMutant struct {
	Key    string              `json:"key"`
	Result report.MutantResult `json:"result"`
	// DecidedBy is set on an accepted mutant left not-adjudicated because --adjudicate first had
	// decided the bond: the id of the earlier mutant whose witness decided it. The outcome is
	// reused only when that mutant's is too, and still comes first.
	DecidedBy string `json:"decided_by,omitempty"`
}

// incremental is one certify's use of an incremental file.
type incremental struct {
	path    string
	start   []byte // the file's bytes when certify began; nil when it did not exist
	prev    *incrementalDoc
	key     *runKey
	keys    []string // each mutant's key, in plan order
	info    *report.IncrementalInfo
	skipRel string // the file's slash path in the tree when it lies in the repository
	// seal signs the entries written and verifies those read; nil when the user's key could
	// not be had (then nothing is reused, and what is written is unsigned).
	seal *seal.Key
	// trusted are the previous run's entries whose signature verified.
	trusted []cachedMutant
}

// openIncremental reads the incremental file at p (absolute) and the user's signing key in
// keyDir before anything runs. A missing file or one of another format version is no previous
// results, said in the note; anything else that is not an incremental file is an input error
// naming it. An entry whose signature does not verify is left out and counted (never trusted,
// never fatal), and so is every entry when the key cannot be had.
func openIncremental(p, repo, keyDir string) (*incremental, error) {
	inc := &incremental{path: p, info: &report.IncrementalInfo{Path: p, Covers: KeyCovers, Omits: KeyOmits, UnkeyedFiles: []string{}}}
	var keyErr error
	if keyDir == "" {
		keyErr = errors.New("no user cache dir to keep bond's signing key in; set XDG_CACHE_HOME or HOME")
	} else {
		inc.seal, keyErr = seal.Load(keyDir)
	}
	if rel, err := filepath.Rel(repo, p); err == nil && !strings.HasPrefix(rel, "..") {
		inc.skipRel = filepath.ToSlash(rel)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return nil, input.Errorf("--incremental %s: cannot make its directory (%v); name a writable path", p, err)
	}
	b, err := safefile.Read(p, safefile.DataMax)
	switch {
	case errors.Is(err, os.ErrNotExist):
		inc.info.Note = "no previous results yet: every mutant runs"
		return inc, nil
	case err != nil:
		return nil, input.Errorf("--incremental %s: %v; name a readable file", p, err)
	}
	inc.start = b
	var d incrementalDoc
	if err := json.Unmarshal(b, &d); err != nil || d.Kind != IncrementalKind {
		why := fmt.Sprintf("kind %q", d.Kind)
		if err != nil {
			why = err.Error()
		}
		return nil, input.Errorf("--incremental %s: not a bond incremental file (%s); delete it or name another file", p, why)
	}
	if d.SchemaVersion != IncrementalSchema {
		inc.info.Note = fmt.Sprintf("%s is in format %q, which this bond (format %q) does not read: nothing reused; it is rewritten at the end", p, d.SchemaVersion, IncrementalSchema)
		return inc, nil
	}
	inc.prev = &d
	for _, e := range d.Mutants {
		var c cachedMutant
		if inc.seal == nil || !inc.verify(e) || json.Unmarshal(e.Entry, &c) != nil {
			inc.info.Untrusted++
			continue
		}
		inc.trusted = append(inc.trusted, c)
	}
	switch {
	case inc.seal == nil:
		inc.info.Note = fmt.Sprintf("%d recorded outcomes not trusted, run again: bond's signing key: %v", inc.info.Untrusted, keyErr)
	case inc.info.Untrusted > 0:
		inc.info.Note = fmt.Sprintf("%d recorded outcomes not trusted, run again: their signature does not verify under bond's key %s (the file was changed by something other than bond, or written with another key)", inc.info.Untrusted, inc.seal.Path())
	}
	return inc, nil
}

// verify says whether e's MAC is its entry's under the user's key. The entry is compacted
// first: the file is written indented, and the MAC was made over the compact JSON.
func (inc *incremental) verify(e sealedMutant) bool {
	var b bytes.Buffer
	if err := json.Compact(&b, e.Entry); err != nil {
		return false
	}
	return inc.seal.Verify(seal.IncrementalEntry, b.Bytes(), e.MAC)
}

// reuse fills results with the recorded outcome of every mutant whose key is in the previous run's
// file, marked cached, and returns the indexes of the mutants that must run.
func (inc *incremental) reuse(k runKey, front plan.Front, muts []plan.Mutant, results []report.MutantResult, doc *VerdictDoc) []int {
	inc.key = &k
	inc.info.UnkeyedFiles = k.Unkeyed
	sha := map[string]string{}
	for _, f := range front.Files {
		sha[f.Path] = f.SHA256
	}
	judged := map[string]string{}
	if doc != nil {
		for _, v := range doc.Verdicts {
			judged[v.MutantID] = string(v.Verdict) + "\x00" + v.Note
		}
	}
	prev := map[string]cachedMutant{}
	if inc.prev != nil {
		if what := changedSince(inc.prev.Key, k); what != "" {
			inc.info.Note = strings.TrimPrefix(inc.info.Note+"; ", "; ") + "nothing reused: changed since the previous run: " + what
		} else {
			for _, c := range inc.trusted {
				prev[c.Key] = c
			}
		}
	}
	var fresh []int
	inc.keys = make([]string, len(muts))
	reused := map[string]bool{} // ids reused so far, in plan order
	for i, m := range muts {
		inc.keys[i] = k.mutantKey(m, sha[m.Path], judged[m.ID])
		c, ok := prev[inc.keys[i]]
		if !ok || c.DecidedBy != "" && !reused[c.DecidedBy] {
			fresh = append(fresh, i)
			continue
		}
		reused[m.ID] = true
		r := c.Result
		r.Mutant, r.Cached = m, true
		r.Verdict, r.ByRegime = "", nil
		if r.Runs == nil {
			r.Runs = []report.MutantRun{}
		}
		results[i] = r
		inc.info.Reused++
	}
	inc.info.Ran = len(fresh)
	return fresh
}

// changedSince names the key components that differ from the previous run's, and for the tree
// the first files that changed.
func changedSince(prev, cur runKey) string {
	var out []string
	names := []string{keyBond, keyOperators, keyRunner, keyOracle, keyGates, keyOptions, keyEnvironment, keyTree, keyDependencies, keyBaseline}
	for _, n := range names {
		if prev.Components[n] == cur.Components[n] {
			continue
		}
		switch n {
		case keyTree:
			out = append(out, "the tree ("+filesChanged(prev.Files, cur.Files)+")")
		case keyBaseline:
			out = append(out, "the baseline's reach (a test that behaves differently run to run, or something the key does not cover)")
		default:
			out = append(out, n)
		}
	}
	return strings.Join(out, ", ")
}

// filesChanged names up to five files added, removed or changed between two file maps.
func filesChanged(prev, cur map[string]string) string {
	var diffs []string
	for p, h := range cur {
		switch old, ok := prev[p]; {
		case !ok:
			diffs = append(diffs, p+" added")
		case old != h:
			diffs = append(diffs, p+" changed")
		}
	}
	for p := range prev {
		if _, ok := cur[p]; !ok {
			diffs = append(diffs, p+" removed")
		}
	}
	sort.Strings(diffs)
	if len(diffs) > 5 {
		diffs = append(diffs[:5], fmt.Sprintf("%d more", len(diffs)-5))
	}
	return strings.Join(diffs, ", ")
}

// cacheable says whether a mutant's facts are an outcome worth keeping: an error, a run that did
// not finish and an adjudication left undone (--adjudicate first, the suite cap, an equivalent
// mutant) run again next time, as do unreadable coverage and a memory limit. So does an outcome
// a canary decided (canary-survived, canary-error): the canaries run after the mutants each
// time, and a reused outcome must not carry the last run's canary into this one's.
func cacheable(r report.MutantResult) bool {
	if r.Reason == report.ReasonCanarySurvived || r.Reason == report.ReasonCanaryError {
		return false
	}
	switch r.Status {
	case report.StatusKilled, report.StatusTimeout, report.StatusSkipped:
		return true
	case report.StatusAccepted:
		if r.Reason == report.ReasonCoverageUnreadable || r.Reason == report.ReasonMemoryLimit {
			return false
		}
		return r.Reason != "" || r.Witness.Kind != report.WitnessNotAdjudicated
	}
	return false
}

// leftByFirst says whether r is an accepted mutant --adjudicate first left unadjudicated, which
// after a decided bond is its outcome as long as the deciding mutant's is unchanged.
func leftByFirst(r report.MutantResult, mode string) bool {
	return mode == AdjudicateFirst && r.Status == report.StatusAccepted && r.Reason == "" && r.Equivalence == "" &&
		r.Witness.Kind == report.WitnessNotAdjudicated
}

// finish ends certify's use of the file: after a run that finished, it writes this run's results
// (reused ones included) atomically; after one that did not, it leaves the file as it was at the
// start. Either way a file that changed during the run was not written by bond (bond writes only
// here), so it is overwritten or put back, and the report says so.
func (inc *incremental) finish(rep *report.Report, runErr error) error {
	now, err := safefile.Read(inc.path, safefile.DataMax)
	tampered := (err == nil) != (inc.start != nil) || !bytes.Equal(now, inc.start)
	if tampered && rep != nil {
		rep.Incremental.Note = strings.TrimPrefix(rep.Incremental.Note+"; ", "; ") +
			inc.path + " changed during the run, not by this bond: what was written there was not read and is replaced"
	}
	if runErr == nil && rep != nil && !rep.Partial && inc.key != nil {
		d := incrementalDoc{Kind: IncrementalKind, SchemaVersion: IncrementalSchema, Tool: plan.Tool{Name: version.ToolName, Version: version.Tool}, Key: *inc.key, Mutants: []sealedMutant{}}
		decider := ""
		for i, r := range rep.Mutants {
			if i >= len(inc.keys) {
				break
			}
			c := cachedMutant{Key: inc.keys[i]}
			switch {
			case cacheable(r):
			case decider != "" && leftByFirst(r, rep.Run.Adjudicate):
				c.DecidedBy = decider
			default:
				continue
			}
			if decider == "" && r.Status == report.StatusAccepted && r.Witness.Kind.Shows() {
				decider = r.ID
			}
			r.Cached, r.Verdict, r.ByRegime = false, "", nil
			c.Result = r
			e, err := json.Marshal(c)
			if err != nil {
				return fmt.Errorf("encoding the incremental entry of %s: %w", r.ID, err)
			}
			sm := sealedMutant{Entry: e}
			if inc.seal != nil {
				sm.MAC = inc.seal.Sum(seal.IncrementalEntry, e)
			}
			d.Mutants = append(d.Mutants, sm)
		}
		b, err := json.MarshalIndent(d, "", " ")
		if err != nil {
			return fmt.Errorf("encoding the incremental file: %w", err)
		}
		if err := atomicfile.Write(inc.path, append(b, '\n'), 0o644); err != nil {
			return input.Errorf("--incremental %s: could not write this run's results (%v); name a writable path", inc.path, err)
		}
		return nil
	}
	if !tampered {
		return nil
	}
	if inc.start == nil {
		if err := os.Remove(inc.path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return input.Errorf("--incremental %s: a test wrote it and it cannot be removed (%v); delete it", inc.path, err)
		}
		return nil
	}
	if err := atomicfile.Write(inc.path, inc.start, 0o644); err != nil {
		return input.Errorf("--incremental %s: a test changed it and it cannot be put back (%v); delete it", inc.path, err)
	}
	return nil
}
