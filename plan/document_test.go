package plan

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/bond-tool/bond/internal/golden"
)

// TestDocumentGolden pins the plan document (SPEC §5, docs/plan.md) byte for byte on a fixture
// planned with the real operator table. Regenerate with go test ./plan -update after a schema or
// operator change, and read the diff.
func TestDocumentGolden(t *testing.T) {
	r, err := Build(context.Background(), Options{Repo: "testdata/doc", DiffPath: "testdata/doc/patch.diff", Budget: 3})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r.Document(true)); err != nil {
		t.Fatal(err)
	}
	golden.Compare(t, "testdata/plan.golden", buf.Bytes())
	// Without --all-candidates the candidates key is absent, and mutants is [] not null.
	empty, err := Build(context.Background(), Options{Repo: "testdata/doc", DiffPath: "testdata/doc/patch.diff", Operators: []string{"negate-condition"}, Include: []string{"none/**"}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(empty.Document(false))
	if bytes.Contains(b, []byte(`"candidates"`)) || !bytes.Contains(b, []byte(`"mutants":[]`)) || !bytes.Contains(b, []byte(`"files":[]`)) {
		t.Errorf("empty document %s", b)
	}
}
