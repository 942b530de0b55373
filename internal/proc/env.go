package proc

import "strings"

// This file is the environment policy of every process bond starts (SPEC §7): what of bond's
// own environment a command may see. It is a deny-list today; it lives here once so that
// changing the policy changes it for the oracle, the gates and the corpus steps alike.

// scrubbed are environment variables never passed to a command: credentials an untrusted
// patch's tests could exfiltrate, and CI step files they could write to (and so change the
// workflow's outputs or environment). NODE_V8_COVERAGE is bond's own to set.
var scrubbed = map[string]bool{
	"GITHUB_TOKEN": true, "GH_TOKEN": true, "GH_ENTERPRISE_TOKEN": true, "GITHUB_ENTERPRISE_TOKEN": true,
	"GITLAB_TOKEN": true, "NPM_TOKEN": true, "NODE_AUTH_TOKEN": true, "YARN_NPM_AUTH_TOKEN": true,
	"ACTIONS_RUNTIME_TOKEN": true, "ACTIONS_RUNTIME_URL": true, "ACTIONS_CACHE_URL": true,
	"ACTIONS_RESULTS_URL": true, "ACTIONS_ID_TOKEN_REQUEST_TOKEN": true, "ACTIONS_ID_TOKEN_REQUEST_URL": true,
	"CI_JOB_TOKEN": true, "CI_JOB_JWT": true, "CI_JOB_JWT_V1": true, "CI_JOB_JWT_V2": true,
	"CI_REGISTRY_PASSWORD": true, "CI_DEPLOY_PASSWORD": true, "CI_BUILD_TOKEN": true,
	"BUILDKITE_AGENT_ACCESS_TOKEN": true, "CIRCLE_TOKEN": true,
	"GITHUB_ENV": true, "GITHUB_OUTPUT": true, "GITHUB_PATH": true, "GITHUB_STEP_SUMMARY": true, "GITHUB_STATE": true,
	"NODE_V8_COVERAGE": true,
}

// ScrubEnv returns env without the variables of scrubbed and without any variable whose name
// ends in _TOKEN, then with extra appended (later entries win in exec).
func ScrubEnv(env []string, extra ...[]string) []string {
	out := make([]string, 0, len(env)+8)
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if scrubbed[name] || strings.HasSuffix(name, "_TOKEN") {
			continue
		}
		out = append(out, kv)
	}
	for _, e := range extra {
		out = append(out, e...)
	}
	return out
}
