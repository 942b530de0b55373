package corpus

import (
	"strings"
	"testing"
)

// The second half of operator set 3's widened evaluation corpus (testdata/eval/operators-3-part2.toml,
// docs/operators-3-corpus-part2.md), kept apart until the lead merges it into operators-3.toml, is
// valid as committed: every ground-truth file well formed and agreeing with its task's known_gap,
// no task from a repository reserved for independent checks or already in operators-2.toml, and
// every judged task's file present. The repositories are not needed.
func TestEvalCorpusOperators3Part2(t *testing.T) {
	g, err := LoadGroundTruth("../testdata/eval/operators-3-part2.toml")
	if err != nil {
		t.Fatal(err)
	}
	old, err := LoadGroundTruth("../testdata/eval/operators-2.toml")
	if err != nil {
		t.Fatal(err)
	}
	oldRepos := map[string]bool{}
	for id := range old.Tasks {
		oldRepos[id[:strings.IndexAny(id, "#@")]] = true
	}
	reserved := []string{"koajs/koa", "tj/commander.js", "iamkun/dayjs", "pillarjs/path-to-regexp",
		"jshttp/cookie", "jshttp/mime-types", "moment/luxon", "immerjs/immer", "sinonjs/fake-timers",
		"fastify/fastify-cors", "yargs/yargs-parser", "fastify/fast-json-stringify", "fastify/fast-uri",
		"ramda/ramda"}
	repos := map[string]bool{}
	for id, tt := range g.Tasks {
		repo := id[:strings.IndexAny(id, "#@")]
		repos[repo] = true
		if oldRepos[repo] {
			t.Errorf("%s: %s is already in operators-2.toml", id, repo)
		}
		for _, r := range reserved {
			if strings.EqualFold(repo, r) {
				t.Errorf("%s: %s is kept for independent checks", id, r)
			}
		}
		if tt.KnownGap != nil && tt.Truth == nil {
			t.Errorf("%s: known_gap without a ground-truth file", id)
		}
	}
	if len(repos) < 3 {
		t.Errorf("%d repositories, want at least 3", len(repos))
	}
}
