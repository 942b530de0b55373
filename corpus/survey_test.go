package corpus

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// The embedded-reach survey of issue 25 ([speed] deliverable 1, docs/embedded-survey.md) is valid
// as committed: at least 40 commits from at least 30 libraries, none from a repository reserved
// for independent checks nor from the evaluation corpus, each with an oracle and an install
// command; and its committed rows (what scripts/embedded-survey reads) cover every task and only
// the survey's, each row naming the runner auto chose, stripped of the foreign tests' output.
func TestSurveyCorpus(t *testing.T) {
	g, err := LoadGroundTruth("../testdata/survey/survey.toml")
	if err != nil {
		t.Fatal(err)
	}
	eval, err := LoadGroundTruth("../testdata/eval/operators-3.toml")
	if err != nil {
		t.Fatal(err)
	}
	reserved := []string{"koajs/koa", "tj/commander.js", "iamkun/dayjs", "pillarjs/path-to-regexp",
		"jshttp/cookie", "jshttp/mime-types", "moment/luxon", "immerjs/immer", "sinonjs/fake-timers",
		"fastify/fastify-cors", "yargs/yargs-parser", "fastify/fast-json-stringify", "fastify/fast-uri",
		"ramda/ramda"}
	repoOf := func(id string) string { return id[:strings.IndexAny(id, "#@")] }
	evalRepos := map[string]bool{}
	for id := range eval.Tasks {
		evalRepos[strings.ToLower(repoOf(id))] = true
	}
	repos := map[string]bool{}
	for id := range g.Tasks {
		repo := repoOf(id)
		repos[strings.ToLower(repo)] = true
		for _, r := range reserved {
			if strings.EqualFold(repo, r) {
				t.Errorf("%s: %s is kept for independent checks", id, r)
			}
		}
		if evalRepos[strings.ToLower(repo)] {
			t.Errorf("%s: %s is in the evaluation corpus", id, repo)
		}
	}
	if len(g.Tasks) < 40 || len(repos) < 30 {
		t.Errorf("%d tasks from %d repositories, want at least 40 from at least 30", len(g.Tasks), len(repos))
	}
	text, err := os.ReadFile("../testdata/survey/survey.toml")
	if err != nil {
		t.Fatal(err)
	}
	for i, blk := range strings.Split(string(text), "\n[[task]]\n")[1:] {
		if !strings.Contains(blk, "\noracle_cmd = ") || !strings.Contains(blk, "\ninstall = ") {
			t.Errorf("task %d: an oracle_cmd and an install command are required", i)
		}
	}

	b, err := os.ReadFile("../testdata/survey/rows/survey.rows.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), `"output_tail"`) {
		t.Error("the committed rows carry output_tail: strip them with scripts/eval-rows-strip")
	}
	seen := map[string]bool{}
	for n, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var r struct {
			Task   string `json:"task"`
			Report *struct {
				Run struct {
					Runner string `json:"runner"`
				} `json:"run"`
			} `json:"report"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("row %d: %v", n+1, err)
		}
		if _, ok := g.Tasks[r.Task]; !ok {
			t.Errorf("row %d: task %s is not in the survey", n+1, r.Task)
		}
		seen[r.Task] = true
		if r.Report == nil || r.Report.Run.Runner == "" {
			t.Errorf("row %d: %s names no runner", n+1, r.Task)
		}
	}
	if len(seen) != len(g.Tasks) {
		t.Errorf("rows for %d of the survey's %d tasks", len(seen), len(g.Tasks))
	}
}
