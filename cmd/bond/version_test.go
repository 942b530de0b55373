package main

import (
	"bytes"
	"encoding/json"
	"runtime/debug"
	"strings"
	"testing"
)

// bond version reads the commit, build date and Go version from the build info, and says
// "unknown" for what a build without VCS stamps lacks.
func TestRunVersion(t *testing.T) {
	stamped := func() (*debug.BuildInfo, bool) {
		return &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.1.0"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "f97e9aac9a7a69ac2719a159b15399c3cc26c47b"}, {Key: "vcs.time", Value: "2026-12-02T00:54:01Z"}, {Key: "vcs.modified", Value: "true"}}}, true
	}
	none := func() (*debug.BuildInfo, bool) { return nil, false }
	for _, c := range []struct {
		name   string
		bi     func() (*debug.BuildInfo, bool)
		format string
		want   []string
	}{
		{"stamped", stamped, "human", []string{"bond 0.1.0\n", "module     v0.1.0\n", "commit     f97e9aac9a7a69ac2719a159b15399c3cc26c47b (modified)\n", "built      2026-12-02T00:54:01Z\n", "go         go1.26.8\n", "operators  "}},
		{"no build info", none, "human", []string{"commit     unknown\n", "built      unknown\n", "go         unknown\n"}},
		{"json", stamped, "json", []string{`"commit": "f97e9aac9a7a69ac2719a159b15399c3cc26c47b"`, `"modified": true`, `"build_date": "2026-12-02T00:54:01Z"`, `"go_version": "go1.26.8"`, `"operator_digest": "`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := runVersion(&versionOptions{Out: &out, Format: c.format, buildInfo: c.bi}); err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
			if c.format == "json" {
				var v versionInfo
				if err := json.Unmarshal(out.Bytes(), &v); err != nil || len(v.OperatorDigest) != 64 {
					t.Errorf("not a version document (%v): %s", err, out.String())
				}
			}
		})
	}
}
