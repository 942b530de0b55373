package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/bond-tool/bond/operators"
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
		{"no build info", none, "human", []string{"commit     unknown (this binary has no VCS stamp: go build -buildvcs=auto in a git checkout records it)\n", "built      unknown\n", "go         unknown\n"}},
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

// bond version lists every operator set with the digest bond operators prints for it at its
// default budget, and marks exactly the default set, whose digest is also operator_digest.
func TestVersionOperatorSets(t *testing.T) {
	var out bytes.Buffer
	if err := runVersion(&versionOptions{Out: &out, Format: "json", buildInfo: func() (*debug.BuildInfo, bool) { return nil, false }}); err != nil {
		t.Fatal(err)
	}
	var v versionInfo
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	if got, want := len(v.OperatorSets), len(operators.Sets()); got != want {
		t.Fatalf("%d operator sets, want %d: %s", got, want, out.String())
	}
	for _, s := range v.OperatorSets {
		var ob bytes.Buffer
		if err := runOperators(context.Background(), &operatorsOptions{Out: &ob, Format: "json", OperatorSet: s.Set, set: func(string) bool { return false }}); err != nil {
			t.Fatal(err)
		}
		var doc operatorsDoc
		if err := json.Unmarshal(ob.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		if s.Digest != doc.Digest || s.Budget != doc.Budget {
			t.Errorf("set %d: version says %s at %+v, bond operators %s at %+v", s.Set, s.Digest, s.Budget, doc.Digest, doc.Budget)
		}
		if s.Default != (s.Set == operators.DefaultSet) {
			t.Errorf("set %d: default %v, DefaultSet is %d", s.Set, s.Default, operators.DefaultSet)
		}
		if s.Default && (v.OperatorDigest != s.Digest || v.Budget != s.Budget) {
			t.Errorf("operator_digest %s at %+v is not the default set's %s at %+v", v.OperatorDigest, v.Budget, s.Digest, s.Budget)
		}
	}
	var h bytes.Buffer
	if err := runVersion(&versionOptions{Out: &h, Format: "human", buildInfo: func() (*debug.BuildInfo, bool) { return nil, false }}); err != nil {
		t.Fatal(err)
	}
	for _, s := range v.OperatorSets {
		if want := fmt.Sprintf("set %d %s (budget %d, %d per operator", s.Set, s.Digest, s.Budget.Total, s.Budget.PerOperator); !strings.Contains(h.String(), want) {
			t.Errorf("human output lacks %q:\n%s", want, h.String())
		}
	}
	if !strings.Contains(h.String(), fmt.Sprintf("set %d %s (budget %d, %d per operator; the default set)\n", operators.DefaultSet, v.OperatorDigest, v.Budget.Total, v.Budget.PerOperator)) {
		t.Errorf("human output does not mark the default set:\n%s", h.String())
	}
}
