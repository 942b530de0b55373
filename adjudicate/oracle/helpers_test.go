package oracle

import (
	"os/exec"
	"testing"

	"github.com/bond-tool/bond/internal/testneed"
	"github.com/bond-tool/bond/internal/testrepo"
)

func needNode(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		testneed.Missing(t, "node is not on PATH; CI must have it: the test would prove nothing skipped")
	}
}

// linkedTree copies an installed fixture tree, node_modules left out and linked instead, into a
// fresh git checkout. The fixture must hold need (its runner, installed by npm ci from the
// committed lockfile, as scripts/test does): under CI its absence fails the test, elsewhere it
// skips it.
func linkedTree(t *testing.T, src, need string) string {
	t.Helper()
	return linkedTreeFrom(t, src, src, need)
}

// linkedTreeFrom is linkedTree with the node_modules of the fixture at modules (a fixture that
// shares another's install: its package.json asks for the same versions).
func linkedTreeFrom(t testing.TB, src, modules, need string) string {
	t.Helper()
	return testrepo.Linked(t, src, modules, need)
}
