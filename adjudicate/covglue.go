package adjudicate

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/bond-tool/bond/adjudicate/coverage"
)

// prepareCoverage sets up coverage for one command run at root, writing into tmp.
//
// Stopgap until coverage.Prepare lands: V8 coverage only (NODE_V8_COVERAGE for the run and every
// child process), each process's file read with coverage.ParseV8 and merged. A file unavailable
// in any process is unavailable for the run.
func prepareCoverage(cmd, root, tmp string) (coverRun, error) {
	return coverRun{
		Env: []string{"NODE_V8_COVERAGE=" + tmp},
		Read: func(root string) (coverage.HitMap, map[string]string, map[string]string, error) {
			names, err := filepath.Glob(filepath.Join(tmp, "*.json"))
			if err != nil {
				return nil, nil, nil, err
			}
			sort.Strings(names)
			hits := coverage.HitMap{}
			srcs := map[string]string{}
			unavail := map[string]string{}
			for _, n := range names {
				f, err := os.Open(n)
				if err != nil {
					return nil, nil, nil, fmt.Errorf("reading coverage %s: %w", n, err)
				}
				res, err := coverage.ParseV8(f, coverage.V8Options{Root: root})
				f.Close()
				if err != nil {
					return nil, nil, nil, fmt.Errorf("reading coverage %s: %w", n, err)
				}
				hits.Merge(res.Hits)
				for p, s := range res.Sources {
					srcs[p] = string(s)
				}
				for p, why := range res.Unavailable {
					unavail[p] = why
				}
			}
			for p := range unavail {
				delete(hits, p)
			}
			return hits, srcs, unavail, nil
		},
	}, nil
}
