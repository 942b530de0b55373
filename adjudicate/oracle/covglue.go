package oracle

// This file is the glue to adjudicate/oracle/coverage: coverage prepared for one command run and read
// back as hit maps (SPEC §3.3).

import (
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
)

// prepareCoverage sets up coverage for one command run at root, writing into tmp, through
// coverage.Prepare: NODE_V8_COVERAGE for the run and every child process, and, where the command
// runs jest or vitest, the command rewritten to ask the runner for lcov (SPEC §3.3).
func prepareCoverage(cmd, root, tmp string) (coverRun, error) {
	p, err := coverage.Prepare(cmd, root, tmp)
	if err != nil {
		return coverRun{}, err
	}
	return coverRun{
		Cmd: p.Cmd,
		Env: p.Env,
		Read: func(root string, output []byte) (coverage.HitMap, map[string]string, map[string]string, error) {
			defer p.Remove()
			res, err := p.ReadWithOutput(root, output)
			if err != nil {
				return nil, nil, nil, err
			}
			srcs := make(map[string]string, len(res.Sources))
			for path, s := range res.Sources {
				srcs[path] = string(s)
			}
			unavail := res.Unavailable
			if unavail == nil {
				unavail = map[string]string{}
			}
			if len(res.Notes) > 0 && len(res.Hits) == 0 && len(unavail) == 0 {
				unavail["*"] = strings.Join(res.Notes, "; ")
			}
			return res.Hits, srcs, unavail, nil
		},
	}, nil
}
