package contracts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/input"
)

// testRepo makes a repository with src/a.js, a symbolic link inside it and one leaving it.
func testRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "repo", "src"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "repo", "src", "a.js"), []byte("let x = 1;\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "outside.js"), []byte("let y = 2;\n"), 0o644))
	must(os.Symlink("a.js", filepath.Join(dir, "repo", "src", "inside-link.js")))
	must(os.Symlink("../../outside.js", filepath.Join(dir, "repo", "src", "escape.js")))
	return filepath.Join(dir, "repo")
}

const okMutation = `
[[mutation]]
name = "m"
file = "src/a.js"
old = "x = 1"
new = "x = 2"
fires = ["a test"]
`

func TestParse(t *testing.T) {
	repo := testRepo(t)
	tests := []struct {
		name string
		src  string
		want []string // substrings of the one error; nil: valid
	}{
		{"valid", "format = 1\n" + okMutation, nil},
		{"valid invariance with count and note", "format = 1\noracle_cmd = \"npm test\"\n[[mutation]]\nname = \"i\"\nfile = \"src/a.js\"\nold = \"1\"\nnew = \"2\"\ninvisible = true\ncount = 1\nnote = \"n\"\n", nil},
		{"valid symlink inside", "format = 1\n" + strings.Replace(okMutation, "src/a.js", "src/inside-link.js", 1), nil},
		{"valid oracle files", "format = 1\noracle = [\"src/a.js\"]\n" + okMutation, nil},
		{"not toml", "format = \n", []string{"must be valid TOML"}},
		{"format missing", okMutation, []string{`missing required key "format"`}},
		{"format 2", "format = 2\n" + okMutation, []string{"format = 2: this bond reads format = 1"}},
		{"unknown top key", "format = 1\noracel = \"x\"\n" + okMutation, []string{`unknown key "oracel" (did you mean "oracle"?)`}},
		{"fire instead of fires", "format = 1\n" + strings.Replace(okMutation, "fires =", "fire =", 1), []string{`unknown key "fire" (did you mean "fires"?)`, `no "fires"`}},
		{"old equals new", "format = 1\n" + strings.Replace(okMutation, `"x = 2"`, `"x = 1"`, 1), []string{`"old" and "new" are the same text`}},
		{"fires with invisible", "format = 1\n" + strings.Replace(okMutation, "fires =", "invisible = true\nfires =", 1), []string{`"fires" is set on an invisible mutation`}},
		{"may_fire with invisible", "format = 1\n" + strings.Replace(okMutation, `fires = ["a test"]`, "invisible = true\nmay_fire = [\"b\"]", 1), []string{`"may_fire" is set on an invisible mutation`}},
		{"neither fires nor invisible", "format = 1\n" + strings.Replace(okMutation, `fires = ["a test"]`, "", 1), []string{`no "fires"; name the tests`}},
		{"empty fires entry", "format = 1\n" + strings.Replace(okMutation, `["a test"]`, `[""]`, 1), []string{"empty string, which would match every test"}},
		{"absolute path", "format = 1\n" + strings.Replace(okMutation, "src/a.js", "/etc/passwd", 1), []string{`"/etc/passwd" is absolute`}},
		{"dotdot path", "format = 1\n" + strings.Replace(okMutation, "src/a.js", "../outside.js", 1), []string{`"../outside.js" leaves the repository`}},
		{"symlink escaping", "format = 1\n" + strings.Replace(okMutation, "src/a.js", "src/escape.js", 1), []string{"is a symbolic link to", "outside the repository"}},
		{"missing file", "format = 1\n" + strings.Replace(okMutation, "src/a.js", "src/nope.js", 1), []string{`"src/nope.js" does not exist`}},
		{"duplicate names", "format = 1\n" + okMutation + okMutation, []string{`mutation "m" (mutation 2): duplicate name, first used by mutation 1`}},
		{"count zero", "format = 1\n" + okMutation + "count = 0\n", []string{"count = 0: must be a positive integer"}},
		{"count string", "format = 1\n" + okMutation + "count = \"2\"\n", []string{"count = 2: must be a positive integer"}},
		{"missing keys", "format = 1\n[[mutation]]\nfires = [\"t\"]\n", []string{`missing required key "name"`, `missing required key "file"`, `missing required key "old"`, `missing required key "new"`}},
		{"empty old", "format = 1\n" + strings.Replace(okMutation, `"x = 1"`, `""`, 1), []string{`key "old" is empty`}},
		{"no mutations", "format = 1\n", []string{"no [[mutation]] tables"}},
		{"both oracles", "format = 1\noracle_cmd = \"x\"\noracle = [\"src/a.js\"]\n" + okMutation, []string{`"oracle_cmd" and "oracle" are both set`}},
		{"empty oracle_cmd", "format = 1\noracle_cmd = \" \"\n" + okMutation, []string{`"oracle_cmd" is empty`}},
		{"wrong types", "format = 1\n[[mutation]]\nname = 3\nfile = \"src/a.js\"\nold = \"x\"\nnew = \"y\"\nfires = \"t\"\ninvisible = \"yes\"\n", []string{`key "name" must be a string, not an integer`, `key "fires" must be an array of strings, not a string`, `key "invisible" must be true or false`}},
		{"every problem at once", "format = 3\nbogus = 1\n" + strings.Replace(okMutation, "fires =", "fire =", 1) + strings.Replace(okMutation, "src/a.js", "/abs.js", 1), []string{"format = 3", `unknown key "bogus"`, `unknown key "fire"`, "is absolute", "duplicate name", "6 problems"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse("mutations.toml", repo, []byte(tt.src))
			if tt.want == nil {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				if len(f.Mutations) == 0 || f.Mutations[0].Count != 1 {
					t.Errorf("mutations %+v: want one with count 1", f.Mutations)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if !input.Is(err) {
				t.Errorf("error is not an input.Error: %v", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not mention %q:\n%v", w, err)
				}
			}
		})
	}
}

func TestSelect(t *testing.T) {
	f := &File{Path: "m.toml", Mutations: []Mutation{{Name: "a"}, {Name: "b"}, {Name: "c"}}}
	got, err := f.Select([]string{"c", "a"})
	if err != nil || len(got) != 2 || got[0].Name != "a" || got[1].Name != "c" {
		t.Errorf("Select(c, a) = %v, %v; want a, c in file order", got, err)
	}
	if _, err := f.Select([]string{"a", "zz"}); err == nil || !input.Is(err) || !strings.Contains(err.Error(), "--only zz") {
		t.Errorf("Select(zz) error = %v; want an input error naming zz", err)
	}
}

func TestPlace(t *testing.T) {
	tests := []struct {
		name, src, old, new string
		count               int
		found               int
		want                string // "" when not applied
		crlf, overlapping   bool
		sites, mutated      []Site
	}{
		{"once", "a\nb = 1\nc\n", "b = 1", "b = 2", 1, 1, "a\nb = 2\nc\n", false, false, []Site{{2, 2}}, []Site{{2, 2}}},
		{"twice wanted twice", "x;x;\n", "x", "y", 2, 2, "y;y;\n", false, false, []Site{{1, 1}, {1, 1}}, []Site{{1, 1}, {1, 1}}},
		{"twice wanted once", "x;\nx;\n", "x", "y", 1, 2, "", false, false, []Site{{1, 1}, {2, 2}}, nil},
		{"absent", "a\n", "b", "c", 1, 0, "", false, false, nil, nil},
		{"crlf", "a\r\nb\r\n", "a\nb", "c", 1, 0, "", true, false, nil, nil},
		{"overlapping", "aaa", "aa", "b", 2, 2, "", false, true, []Site{{1, 1}, {1, 1}}, nil},
		{"multi-line to one", "1\nif (a) {\n  b();\n}\n5\n", "if (a) {\n  b();\n}", "c();", 1, 1, "1\nc();\n5\n", false, false, []Site{{2, 4}}, []Site{{2, 2}}},
		{"deletion", "1\n  b();\n3\n", "  b();\n", "", 1, 1, "1\n3\n", false, false, []Site{{2, 2}}, []Site{{2, 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pl, mut := place([]byte(tt.src), tt.old, tt.new, tt.count)
			if pl.Found != tt.found || pl.CRLF != tt.crlf || pl.Overlapping != tt.overlapping {
				t.Errorf("placement %+v; want found %d crlf %v overlapping %v", pl, tt.found, tt.crlf, tt.overlapping)
			}
			if string(mut) != tt.want {
				t.Errorf("mutated %q, want %q", mut, tt.want)
			}
			if !sameSites(pl.Sites, tt.sites) || !sameSites(pl.MutatedSites, tt.mutated) {
				t.Errorf("sites %v / %v, want %v / %v", pl.Sites, pl.MutatedSites, tt.sites, tt.mutated)
			}
		})
	}
}

func sameSites(a, b []Site) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
