package embedded

import (
	"context"
	"testing"
)

func TestSmoke(t *testing.T) {
	r, err := New("../../testdata/embedded/basic", []string{"test/calc.test.js"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res, err := r.Run(context.Background(), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", res)
	t.Log(res.Output)
}

func TestSmokeHits(t *testing.T) {
	r, err := New("../../testdata/embedded/basic", []string{"test/calc.test.js"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res, err := r.Run(context.Background(), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for f, h := range res.Hits {
		for _, l := range h.Lines() {
			t.Logf("%s:%d %v", f, l, h[l])
		}
	}
}
