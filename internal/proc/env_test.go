package proc

import (
	"strings"
	"testing"
)

// The oracle never sees credentials or CI step files.
func TestEnvironmentScrubbed(t *testing.T) {
	env := ScrubEnv([]string{"PATH=/bin", "GITHUB_TOKEN=s", "GH_TOKEN=s", "NPM_TOKEN=s", "GITHUB_OUTPUT=/f", "GITHUB_ENV=/f", "CI_JOB_TOKEN=s", "MY_SERVICE_TOKEN=s", "ACTIONS_ID_TOKEN_REQUEST_URL=u", "HOME=/h"}, []string{"EXTRA=1"})
	if got := strings.Join(env, " "); got != "PATH=/bin HOME=/h EXTRA=1" {
		t.Errorf("scrubbed env = %s", got)
	}
}
