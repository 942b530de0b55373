package corpus

// This file validates one [[task]] table of a corpus file (SPEC §6.1): its keys, the head/patch
// and oracle_cmd/oracle pairs, runner, gates, the held-back oracle and the ground-truth keys; and
// the value checks the top level shares with it: paths that must stay inside the corpus
// directory, positive integers and durations.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/bond-tool/bond/internal/tomlcheck"
)

// parseTask validates one [[task]] table, adding every problem to p.
func parseTask(p *tomlcheck.Problems, dir string, i int, m map[string]any, repos bool) Task {
	t := Task{Index: i, Arm: DefaultArm, Sample: DefaultSample}
	id, _ := m["id"].(string)
	where := fmt.Sprintf("task %d (no id)", i+1)
	if id != "" {
		where = fmt.Sprintf("task %q (task %d)", id, i+1)
	}
	for _, k := range tomlcheck.SortedKeys(m) {
		if _, ok := taskKeys[k]; !ok {
			p.Addf("%s: unknown key %q", where, k)
		}
	}
	for _, k := range tomlcheck.SortedKeys(taskKeys) {
		if taskKeys[k] {
			if _, ok := m[k]; !ok {
				p.Addf("%s: missing required key %q", where, k)
			}
		}
	}
	t.ID = p.Str(where, "id", m["id"])
	if _, ok := m["id"]; ok && strings.TrimSpace(t.ID) == "" {
		p.Addf("%s: key \"id\" is empty; give the task a unique id", where)
	}
	t.Repo = p.Str(where, "repo", m["repo"])
	t.Base = p.Str(where, "base", m["base"])
	if _, ok := m["base"]; ok && t.Base == "" {
		p.Addf("%s: key \"base\" is empty; give the commit the patch applies to", where)
	}
	t.Head = p.Str(where, "head", m["head"])
	t.Patch = p.Str(where, "patch", m["patch"])
	_, hasHead := m["head"]
	_, hasPatch := m["patch"]
	switch {
	case hasHead && hasPatch:
		p.Addf("%s: keys \"head\" and \"patch\" are both set; give the patched tree either as a commit (head) or as a diff on base (patch)", where)
	case !hasHead && !hasPatch:
		p.Addf("%s: missing required key \"head\" or \"patch\"; give the patched tree as a commit or as a diff on base", where)
	}
	if v, ok := m["arm"]; ok {
		t.Arm = p.Str(where, "arm", v)
	}
	if v, ok := m["sample"]; ok {
		t.Sample = p.Str(where, "sample", v)
		if t.Sample != SampleIn && t.Sample != SampleOut {
			p.Addf("%s: sample = %q: use \"in\" (the task informed the operator design) or \"out\"", where, t.Sample)
		}
	}
	t.Install = p.Str(where, "install", m["install"])
	t.OracleCmd = p.Str(where, "oracle_cmd", m["oracle_cmd"])
	_, hasCmd := m["oracle_cmd"]
	_, hasFiles := m["oracle"]
	switch {
	case hasCmd && hasFiles:
		p.Addf("%s: keys \"oracle_cmd\" and \"oracle\" are both set; give the oracle either as a command or as test files", where)
	case !hasCmd && !hasFiles:
		p.Addf("%s: missing required key \"oracle_cmd\" or \"oracle\"", where)
	case hasCmd && strings.TrimSpace(t.OracleCmd) == "":
		p.Addf("%s: key \"oracle_cmd\" is empty", where)
	}
	if v, ok := m["oracle"]; ok {
		t.Oracle = p.StrList(where, "oracle", v)
		if len(t.Oracle) == 0 {
			p.Addf("%s: key \"oracle\" lists no test files", where)
		}
		for _, f := range t.Oracle {
			if !filepath.IsLocal(filepath.FromSlash(f)) {
				p.Addf("%s: oracle file %q is not a path inside the repository; use a repository-relative path", where, f)
			}
		}
	}
	if v, ok := m["runner"]; ok {
		t.Runner = p.Str(where, "runner", v)
		if t.Runner != "auto" && t.Runner != "node" && t.Runner != "embedded" {
			p.Addf("%s: runner = %q: use auto, node or embedded", where, t.Runner)
		}
	}
	if v, ok := m["gates"]; ok {
		gm, isMap := v.(map[string]any)
		if !isMap {
			p.Addf("%s: key \"gates\" must be a table of name = \"command\"", where)
		} else {
			t.Gates = map[string]string{}
			for _, name := range tomlcheck.SortedKeys(gm) {
				cmd, isStr := gm[name].(string)
				switch {
				case !isStr:
					p.Addf("%s: gate %q must be a command string", where, name)
				case name == "" || strings.ContainsAny(name, "= "):
					p.Addf("%s: gate name %q must be non-empty, without spaces or '='", where, name)
				case strings.TrimSpace(cmd) == "":
					p.Addf("%s: gate %q has an empty command", where, name)
				default:
					t.Gates[name] = cmd
				}
			}
		}
	}
	t.HeldbackCmd = p.Str(where, "heldback_cmd", m["heldback_cmd"])
	t.HeldbackPatch = p.Str(where, "heldback_patch", m["heldback_patch"])
	if t.HeldbackPatch != "" && t.HeldbackCmd == "" {
		p.Addf("%s: key \"heldback_patch\" is set without \"heldback_cmd\"; the held-back tests need a command to run them", where)
	}
	if v, ok := m["timeout"]; ok {
		t.Timeout = duration(p, where, "timeout", v)
	}

	switch {
	case t.Repo != "" && repos:
		t.RepoDir = localPath(p, dir, where, "repo", t.Repo, true)
	case t.Repo != "" && !filepath.IsLocal(filepath.FromSlash(t.Repo)):
		p.Addf("%s: repo = %q leaves the corpus directory; use a path relative to the corpus file, inside its directory", where, t.Repo)
	}
	parseTruthKeys(p, dir, where, &t, m)
	if t.Patch != "" {
		t.PatchPath = localPath(p, dir, where, "patch", t.Patch, false)
	}
	if t.HeldbackPatch != "" {
		t.HeldbackPatchPath = localPath(p, dir, where, "heldback_patch", t.HeldbackPatch, false)
	}
	return t
}

// parseTruthKeys reads the task's known_gap and ground_truth; a ground-truth file is read and
// validated here, and must agree with known_gap: a gap exactly when a mutant is judged real.
func parseTruthKeys(p *tomlcheck.Problems, dir, where string, t *Task, m map[string]any) {
	if v, ok := m["known_gap"]; ok {
		b, isBool := v.(bool)
		if !isBool {
			p.Addf("%s: key \"known_gap\" must be true or false, not %s", where, tomlcheck.TypeName(v))
		} else {
			t.KnownGap = &b
		}
	}
	t.GroundTruth = p.Str(where, "ground_truth", m["ground_truth"])
	if t.GroundTruth == "" {
		return
	}
	full := localPath(p, dir, where, "ground_truth", t.GroundTruth, false)
	if full == "" {
		return
	}
	t.Truth = loadTruth(p, where, t.ID, t.GroundTruth, full)
	if t.Truth == nil {
		return
	}
	real := t.Truth.HasReal()
	switch {
	case t.KnownGap == nil:
		p.Addf("%s: ground_truth %s is set without known_gap; its judgements say known_gap = %t", where, t.GroundTruth, real)
	case *t.KnownGap != real:
		p.Addf("%s: known_gap = %t, but ground_truth %s judges %s; make them agree", where, *t.KnownGap, t.GroundTruth, map[bool]string{true: "a mutant real (a gap)", false: "no mutant real (no gap)"}[real])
	}
}

// localPath resolves rel against dir and checks that it stays inside dir (also through symbolic
// links) and exists, as a directory when wantDir.
func localPath(p *tomlcheck.Problems, dir, where, key, rel string, wantDir bool) string {
	if !filepath.IsLocal(filepath.FromSlash(rel)) {
		p.Addf("%s: %s = %q leaves the corpus directory; use a path relative to the corpus file, inside its directory", where, key, rel)
		return ""
	}
	full := filepath.Join(dir, filepath.FromSlash(rel))
	fi, err := os.Stat(full)
	if err != nil {
		p.Addf("%s: %s = %q: %v", where, key, rel, err)
		return ""
	}
	if wantDir && !fi.IsDir() {
		p.Addf("%s: %s = %q is not a directory; point it at a git repository", where, key, rel)
		return ""
	}
	if !wantDir && fi.IsDir() {
		p.Addf("%s: %s = %q is a directory; point it at a diff file", where, key, rel)
		return ""
	}
	realDir, err1 := filepath.EvalSymlinks(dir)
	real, err2 := filepath.EvalSymlinks(full)
	if err1 == nil && err2 == nil {
		if r, err := filepath.Rel(realDir, real); err != nil || !filepath.IsLocal(r) {
			fix := "copy the file under the corpus file's directory"
			if wantDir {
				fix = fmt.Sprintf("clone the repository under the corpus file's directory (git clone %s %s)", real, full)
			}
			p.Addf("%s: %s = %q leaves the corpus directory through a symbolic link (to %s); bond reads only "+
				"what lies under the corpus directory: %s, or write the corpus file beside it", where, key, rel, real, fix)
			return ""
		}
	}
	return full
}

func positive(p *tomlcheck.Problems, where, key string, v any) int {
	n, ok := v.(int64)
	if !ok || n < 1 || n > 1<<20 {
		p.Addf("%s: key %q must be a positive integer, not %v", tomlcheck.Where(where), key, v)
		return 0
	}
	return int(n)
}

func duration(p *tomlcheck.Problems, where, key string, v any) time.Duration {
	s, ok := v.(string)
	if !ok {
		p.Addf("%s: key %q must be a duration string such as \"30s\", not %s", tomlcheck.Where(where), key, tomlcheck.TypeName(v))
		return 0
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		p.Addf("%s: %s = %q is not a positive duration; write e.g. \"30s\" or \"2m\"", tomlcheck.Where(where), key, s)
		return 0
	}
	return d
}
