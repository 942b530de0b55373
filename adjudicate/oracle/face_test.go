package oracle_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testneed"
)

const (
	module     = "github.com/bond-tool/bond"
	oraclePath = module + "/adjudicate/oracle"
	// certifyPath is certify's engine, the one importer still allowed past the face: its phases
	// drive the pool, the runs and the runners directly until they run through Lab.Run (doc.go).
	certifyPath = module + "/adjudicate"
)

// faceFiles are the files whose exported names are the oracle layer's face; runnerNames are the
// names of --runner's values, which a caller needs to fill Options.Runner.
var (
	faceFiles   = []string{"lab.go", "labrun.go"}
	runnerNames = []string{"RunnerAuto", "RunnerNode", "RunnerEmbedded", "RunnerCommand"}
)

// TestOnlyTheFaceIsUsed checks, with go list, that every package of the module that imports
// adjudicate/oracle — except certify's engine, named above — uses only its face (Open, Options,
// Lab, Sandbox, Scenario, Outcome, … and the runner names), so a sandbox or runner fix behind
// it reaches contracts and the CLI without their code changing (issue 23, item 2).
func TestOnlyTheFaceIsUsed(t *testing.T) {
	face := map[string]bool{}
	for _, n := range runnerNames {
		face[n] = true
	}
	fset := token.NewFileSet()
	for _, name := range faceFiles {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					face[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						face[s.Name.Name] = s.Name.IsExported()
					case *ast.ValueSpec:
						for _, n := range s.Names {
							face[n.Name] = n.IsExported()
						}
					}
				}
			}
		}
	}
	if !face["Open"] || !face["Lab"] || !face["Outcome"] {
		t.Fatalf("face %v lacks Open, Lab or Outcome: the test reads the wrong files", face)
	}

	out, err := exec.Command("go", "list", "-json=ImportPath,Dir,GoFiles,TestGoFiles,XTestGoFiles,Imports,TestImports,XTestImports", module+"/...").Output()
	if err != nil {
		testneed.Missing(t, "go list could not list the module's packages: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	importers := 0
	for dec.More() {
		var p struct {
			ImportPath                         string
			Dir                                string
			GoFiles, TestGoFiles, XTestGoFiles []string
			Imports, TestImports, XTestImports []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if p.ImportPath == oraclePath || p.ImportPath == certifyPath || strings.HasPrefix(p.ImportPath, oraclePath+"/") {
			continue
		}
		imports := append(append(append([]string{}, p.Imports...), p.TestImports...), p.XTestImports...)
		if !contains(imports, oraclePath) {
			continue
		}
		importers++
		for _, name := range append(append(append([]string{}, p.GoFiles...), p.TestGoFiles...), p.XTestGoFiles...) {
			path := filepath.Join(p.Dir, name)
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			local := ""
			for _, imp := range f.Imports {
				if v, _ := strconv.Unquote(imp.Path.Value); v == oraclePath {
					local = "oracle"
					if imp.Name != nil {
						local = imp.Name.Name
					}
				}
			}
			if local == "" {
				continue
			}
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == local && id.Obj == nil && !face[sel.Sel.Name] {
					t.Errorf("%s: uses oracle.%s, which is behind the oracle layer's face (%s and the runner names); go through Open and Lab.Run, or add to the face on purpose",
						fset.Position(sel.Pos()), sel.Sel.Name, strings.Join(faceFiles, ", "))
				}
				return true
			})
		}
	}
	if importers == 0 {
		t.Fatalf("no package outside %s imports it: the test is looking in the wrong place (contracts should)", oraclePath)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
