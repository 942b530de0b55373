package isolate

import (
	"slices"
	"strings"
	"testing"
)

func TestEnv(t *testing.T) {
	environ := []string{
		"PATH=/usr/bin:/bin", "HOME=/home/u", "USER=u", "SHELL=/bin/bash", "LANG=C.UTF-8",
		"LC_ALL=C", "LC_CTYPE=UTF-8", "TZ=UTC", "TERM=xterm", "CI=true", "NODE_ENV=test",
		"NODE_OPTIONS=--max-old-space-size=512", "TMPDIR=/tmp/user",
		"npm_config_cache=/home/u/.npm", "npm_config_registry=https://registry.npmjs.org/",
		"NPM_CONFIG_LOGLEVEL=warn", "npm_config_user_agent=npm/10",
		// secrets and CI step files: none may pass
		"AWS_SECRET_ACCESS_KEY=s3cr3t", "AWS_ACCESS_KEY_ID=AKIA", "NPM_CONFIG__AUTH=dXNlcjpwYXNz",
		"npm_config__authToken=tok", "npm_config_//registry.npmjs.org/:_authToken=tok",
		"NPM_CONFIG_PASSWORD=pw", "npm_config_email=a@b.c", "npm_config_cert=----", "npm_config_key=----",
		"npm_config_keyfile=/k", "npm_config_certfile=/c", "npm_config_username=u", "npm_config_otp=123456",
		"npm_config_proxy=http://user:pw@proxy:3128", "npm_config_https_proxy=http://user:pw@proxy/x",
		"GITHUB_TOKEN=ghp", "GH_TOKEN=ghp", "NPM_TOKEN=n", "NODE_AUTH_TOKEN=n", "GITHUB_ENV=/f",
		"GITHUB_OUTPUT=/f", "GITHUB_PATH=/f", "GITHUB_STEP_SUMMARY=/f", "GITHUB_STATE=/f",
		"ACTIONS_ID_TOKEN_REQUEST_URL=u", "DATABASE_URL=postgres://u:p@h/db", "SSH_AUTH_SOCK=/s",
		"MY_API_KEY=k", "PATHX=/not-path", "LANGUAGE=de", "XLC_ALL=x", "NODE_V8_COVERAGE=/c",
		"no-equals", "=empty-name",
	}
	tests := []struct {
		name      string
		opts      EnvOptions
		want      []string // NAME=VALUE that must be present
		wantNames []string // exactly the names passed
	}{
		{
			name: "allow-list only",
			opts: EnvOptions{TMPDIR: "/sb/tmp"},
			want: []string{"PATH=/usr/bin:/bin", "TMPDIR=/sb/tmp", "NODE_OPTIONS=--max-old-space-size=512",
				"npm_config_registry=https://registry.npmjs.org/", "NPM_CONFIG_LOGLEVEL=warn"},
			wantNames: []string{"CI", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "NODE_ENV", "NODE_OPTIONS",
				"NPM_CONFIG_LOGLEVEL", "PATH", "SHELL", "TERM", "TMPDIR", "TZ", "USER",
				"npm_config_cache", "npm_config_registry", "npm_config_user_agent"},
		},
		{
			name: "pass-env adds exactly the names given, secrets too if the user asks",
			opts: EnvOptions{TMPDIR: "/sb/tmp", Pass: []string{"DATABASE_URL", "NOT_SET"}},
			want: []string{"DATABASE_URL=postgres://u:p@h/db"},
			wantNames: []string{"CI", "DATABASE_URL", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "NODE_ENV",
				"NODE_OPTIONS", "NPM_CONFIG_LOGLEVEL", "PATH", "SHELL", "TERM", "TMPDIR", "TZ", "USER",
				"npm_config_cache", "npm_config_registry", "npm_config_user_agent"},
		},
		{
			name: "no sandbox TMPDIR: the caller's is not passed",
			opts: EnvOptions{},
			wantNames: []string{"CI", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "NODE_ENV", "NODE_OPTIONS",
				"NPM_CONFIG_LOGLEVEL", "PATH", "SHELL", "TERM", "TZ", "USER",
				"npm_config_cache", "npm_config_registry", "npm_config_user_agent"},
		},
		{
			name: "--pass-env TMPDIR keeps the caller's when there is no sandbox TMPDIR",
			opts: EnvOptions{Pass: []string{"TMPDIR"}},
			want: []string{"TMPDIR=/tmp/user"},
			wantNames: []string{"CI", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "NODE_ENV", "NODE_OPTIONS",
				"NPM_CONFIG_LOGLEVEL", "PATH", "SHELL", "TERM", "TMPDIR", "TZ", "USER",
				"npm_config_cache", "npm_config_registry", "npm_config_user_agent"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, names := Env(environ, tt.opts)
			if !slices.Equal(names, tt.wantNames) {
				t.Errorf("names:\n got %q\nwant %q", names, tt.wantNames)
			}
			for _, w := range tt.want {
				if !slices.Contains(env, w) {
					t.Errorf("missing %s in %q", w, env)
				}
			}
			if len(env) != len(names) {
				t.Errorf("%d variables but %d names", len(env), len(names))
			}
			for _, kv := range env {
				for _, secret := range []string{"s3cr3t", "dXNlcjpwYXNz", "tok", "ghp", "pw", "AKIA", "=/f"} {
					if strings.Contains(kv, secret) && !slices.Contains(tt.opts.Pass, strings.SplitN(kv, "=", 2)[0]) {
						t.Errorf("secret %q leaked in %s", secret, kv)
					}
				}
			}
		})
	}
}

func TestEnvLaterDuplicateWins(t *testing.T) {
	env, _ := Env([]string{"PATH=/a", "PATH=/b"}, EnvOptions{})
	if !slices.Equal(env, []string{"PATH=/b"}) {
		t.Errorf("got %q, want PATH=/b", env)
	}
}
