// Package testneed is the one rule bond's tests follow when something they need from the machine
// is missing (node, git, chromium, a fixture's npm install, namespaces): skip on a developer's
// machine, fail under CI. .ci/run installs and provides all of it, so a skip there would hide a
// broken install behind a green run, and the test would prove nothing.
package testneed

import (
	"fmt"
	"os"
	"testing"
)

// UnderCI reports whether the tests run under CI (the CI environment variable is set, as
// .ci/run and every hosted CI set it).
func UnderCI() bool { return os.Getenv("CI") != "" }

// Missing stops the test because what it needs is absent: a failure under CI, a skip elsewhere.
// The message should name what is missing and what to do (install it, run npm ci where).
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if UnderCI() {
		t.Fatalf("%s (CI provides this, so the test fails rather than skip and prove nothing)", msg)
	}
	t.Skip(msg)
}
