package proc

import (
	"slices"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/isolate"
)

// The oracle gets the allow-list, the names --pass-env adds and bond's own extras; never
// credentials, CI step files or anything unlisted.
func TestEnvAllowList(t *testing.T) {
	environ := []string{"PATH=/bin", "HOME=/h", "GITHUB_TOKEN=s", "AWS_SECRET_ACCESS_KEY=s", "NPM_CONFIG__AUTH=s",
		"GITHUB_OUTPUT=/f", "MY_SERVICE_URL=u", "DATABASE_URL=d", "NODE_V8_COVERAGE=/c", "TMPDIR=/host-tmp"}
	tests := []struct {
		name      string
		opts      isolate.EnvOptions
		extra     []string
		want      string
		wantNames []string
	}{
		{"allow-list", isolate.EnvOptions{}, nil, "HOME=/h PATH=/bin", []string{"HOME", "PATH"}},
		{"sandbox TMPDIR and extras", isolate.EnvOptions{TMPDIR: "/sb/tmp"}, []string{"EXTRA=1"},
			"HOME=/h PATH=/bin TMPDIR=/sb/tmp EXTRA=1", []string{"HOME", "PATH", "TMPDIR"}},
		{"pass-env", isolate.EnvOptions{Pass: []string{"DATABASE_URL", "NOT_SET"}}, nil,
			"DATABASE_URL=d HOME=/h PATH=/bin", []string{"DATABASE_URL", "HOME", "PATH"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, names := Env(environ, tt.opts, tt.extra)
			if got := strings.Join(env, " "); got != tt.want {
				t.Errorf("env = %s, want %s", got, tt.want)
			}
			if !slices.Equal(names, tt.wantNames) {
				t.Errorf("names = %v, want %v", names, tt.wantNames)
			}
		})
	}
}
