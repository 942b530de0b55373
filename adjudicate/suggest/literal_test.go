package suggest

import (
	"errors"
	"strings"
	"testing"
)

func TestLiteral(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		root  string
		want  string
		why   string // a fragment of the refusal, when refused
	}{
		{name: "integer", lines: []string{"return=num:3"}, root: "return", want: "3"},
		{name: "negative zero", lines: []string{"return=num:-0"}, root: "return", want: "-0"},
		{name: "NaN", lines: []string{"return=num:NaN"}, root: "return", want: "NaN"},
		{name: "infinities", lines: []string{"return=Array(2)", "return[0]=num:Infinity", "return[1]=num:-Infinity"}, root: "return", want: "[Infinity, -Infinity]"},
		{name: "exponent", lines: []string{"return=num:1e+21"}, root: "return", want: "1e+21"},
		{name: "fraction", lines: []string{"return=num:0.1"}, root: "return", want: "0.1"},
		{name: "Go-quoted string", lines: []string{`return=str:"a'b\\c\n\x01"`}, root: "return", want: `'a\'b\\c\n\u0001'`},
		{name: "JSON-quoted string", lines: []string{`return=str:"\u00e9\u2028"`}, root: "return", want: `'\u00e9\u2028'`},
		{name: "astral string", lines: []string{`return=str:"😀"`}, root: "return", want: `'\ud83d\ude00'`},
		{name: "booleans, null, undefined", lines: []string{"return=Array(4)", "return[0]=true", "return[1]=false", "return[2]=null", "return[3]=undefined"}, root: "return", want: "[true, false, null, undefined]"},
		{name: "bigint", lines: []string{"return=bigint:-12n"}, root: "return", want: "-12n"},
		{name: "nested object", lines: []string{"return=Object", "return.total=num:6", "return.mean=num:2", "return.tags=Array(1)", "return.tags[0]=str:\"x\""}, root: "return", want: `{ total: 6, mean: 2, tags: ['x'] }`},
		{name: "empty object and array", lines: []string{"return=Array(2)", "return[0]=Object", "return[1]=Array(0)"}, root: "return", want: "[{}, []]"},
		{name: "proto key stays own", lines: []string{"return=Object", "return.__proto__=num:1"}, root: "return", want: `{ ['__proto__']: 1 }`},
		{name: "hostile key stays a string", lines: []string{"return=Object", "return.a'); evil(); ('=num:1"}, root: "return", want: `{ 'a\'); evil(); (\'': 1 }`},
		{name: "a key with = is no value", lines: []string{"return=Object", "return.a=1; evil()=num:1"}, root: "return", why: "which a literal cannot rebuild exactly"},
		{name: "hostile number", lines: []string{"return=num:1;evil()"}, root: "return", why: "not one bond spells"},
		{name: "hostile bigint", lines: []string{"return=bigint:1n;evil()"}, root: "return", why: "not a literal"},
		{name: "date", lines: []string{"return=Date(0)"}, root: "return", want: "new Date(0)"},
		{name: "only its root", lines: []string{"return=num:1", "after=Arguments(0)"}, root: "return", want: "1"},

		{name: "function", lines: []string{"return=function pred"}, root: "return", why: "a function pred"},
		{name: "class instance", lines: []string{"return=Bag", "return.n=num:2"}, root: "return", why: "an instance of Bag (a class instance)"},
		{name: "null prototype", lines: []string{"return=Object(null prototype)"}, root: "return", why: "null prototype"},
		{name: "map", lines: []string{"return=Map(0)"}, root: "return", why: "a Map"},
		{name: "shared structure", lines: []string{"return=Array(2)", "return[0]=Object", "return[1]=[Ref return[0]]"}, root: "return", why: "shared or cyclic"},
		{name: "long string", lines: []string{`return=str(len=200,fnv=ab):"aaa"…`}, root: "return", why: "longer than the trace records"},
		{name: "items past the cap", lines: []string{"return=Array(101)", "return[0]=num:1", "return[…]=100 more items not recorded"}, root: "return", why: "past the trace's caps"},
		{name: "leaves past the cap", lines: []string{"return=Object", "return.a=…(more leaves not recorded)"}, root: "return", why: "past the trace's caps"},
		{name: "depth cap", lines: []string{"return=[Object past depth 8]"}, root: "return", why: "past the trace's caps"},
		{name: "array with a named property", lines: []string{"return=Array(1)", "return[0]=num:1", "return.extra=num:2"}, root: "return", why: "named properties"},
		{name: "dotted key reads as no parent", lines: []string{"return=Object", "return.a.b=num:1"}, root: "return", why: "no recorded parent"},
		{name: "repeated path", lines: []string{"return=Object", "return.a=Object", "return.a.b=num:1", "return.a.b=num:2"}, root: "return", why: "recorded twice"},
		{name: "symbol", lines: []string{"return=symbol:Symbol(x)"}, root: "return", why: "a symbol"},
		{name: "replacement character", lines: []string{`return=str:"\ufffd"`}, root: "return", why: "U+FFFD"},
		{name: "threw while read", lines: []string{"return=[threw while read]"}, root: "return", why: "reading threw"},
		{name: "error in a value", lines: []string{"return=Error(TypeError: x)"}, root: "return", why: "an Error (TypeError: x)"},
		{name: "nothing recorded", lines: []string{"after=Arguments(0)"}, root: "return", why: "nothing is recorded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Literal(tt.lines, tt.root)
			if tt.why != "" {
				var r *Refusal
				if !errors.As(err, &r) || !strings.Contains(err.Error(), tt.why) {
					t.Fatalf("Literal = %q, %v; want a refusal saying %q", got, err, tt.why)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Literal = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name                 string
		args, outcome, after []string
		wantArgs             []string
		wantKind, wantValue  string
		wantType             string // Outcome.Type: a function, asserted by its typeof
		wantErr              *ErrorShape
		wantAfter            map[int]string
		why                  string
	}{
		{name: "return", args: []string{"args=Arguments(1)", "args[0]=Array(3)", "args[0][0]=num:1", "args[0][1]=num:2", "args[0][2]=num:3"},
			outcome: []string{"return=Object", "return.total=num:6", "return.mean=num:2"}, after: []string{"after=Arguments(1)", "after[0]=Array(3)", "after[0][0]=num:1", "after[0][1]=num:2", "after[0][2]=num:3"},
			wantArgs: []string{"[1, 2, 3]"}, wantKind: "return", wantValue: `{ total: 6, mean: 2 }`},
		{name: "an argument changed by the call", args: []string{"args=Arguments(1)", "args[0]=Array(2)", "args[0][0]=num:1", "args[0][1]=num:2"},
			outcome: []string{"return=undefined"}, after: []string{"after=Arguments(1)", "after[0]=Array(1)", "after[0][0]=num:1"},
			wantArgs: []string{"[1, 2]"}, wantKind: "return", wantValue: "undefined", wantAfter: map[int]string{0: "[1]"}},
		{name: "thrown error", args: []string{"args=Arguments(1)", "args[0]=str:\"x\""}, outcome: []string{"throw=Error(RangeError: not a port: x)", "throw.code=str:\"EPORT\""},
			wantArgs: []string{"'x'"}, wantKind: "throw", wantErr: &ErrorShape{Name: "RangeError", Message: "not a port: x", Props: [][2]string{{"code", "'EPORT'"}}}},
		{name: "error without message", args: []string{"args=Arguments(0)"}, outcome: []string{"rejected=Error(Error)"},
			wantArgs: []string{}, wantKind: "rejected", wantErr: &ErrorShape{Name: "Error"}},
		{name: "thrown primitive", args: []string{"args=Arguments(0)"}, outcome: []string{"throw=str:\"boom\""}, wantArgs: []string{}, wantKind: "throw", wantValue: "'boom'"},
		{name: "resolved", args: []string{"args=Arguments(0)"}, outcome: []string{"resolved=num:1"}, wantArgs: []string{}, wantKind: "resolved", wantValue: "1"},
		{name: "returned function: its type", args: []string{"args=Arguments(1)", "args[0]=Object", "args[0].depth=num:0"}, outcome: []string{"return=function parse", "return.cache=Object"},
			wantArgs: []string{"{ depth: 0 }"}, wantKind: "return", wantType: "function"},
		{name: "resolved function: its type", args: []string{"args=Arguments(0)"}, outcome: []string{"resolved=function (anonymous)"}, wantArgs: []string{}, wantKind: "resolved", wantType: "function"},

		{name: "function argument", args: []string{"args=Arguments(2)", "args[0]=Array(0)", "args[1]=function (anonymous)"}, outcome: []string{"return=Array(0)"}, why: "argument 2: args[1] is a function (anonymous)"},
		{name: "never settled", args: []string{"args=Arguments(0)"}, why: "never settled"},
		{name: "argument count mismatch", args: []string{"args=Arguments(2)", "args[0]=num:1"}, outcome: []string{"return=num:1"}, why: "with 1 of them recorded"},
		{name: "changed argument past a cap", args: []string{"args=Arguments(1)", "args[0]=Object"}, outcome: []string{"return=undefined"}, after: []string{"after=Arguments(1)", "after[0]=Object", "after[0].f=function g"}, why: "argument 1 after the call"},
		{name: "error name unreadable", args: []string{"args=Arguments(0)"}, outcome: []string{"throw=Error(: msg)"}, why: "does not say its name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Decode(tt.args, tt.outcome, tt.after)
			if tt.why != "" {
				if err == nil || !strings.Contains(err.Error(), tt.why) {
					t.Fatalf("Decode = %+v, %v; want a refusal saying %q", d, err, tt.why)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(d.Args, "|") != strings.Join(tt.wantArgs, "|") || d.Outcome.Kind != tt.wantKind || d.Outcome.Value != tt.wantValue || d.Outcome.Type != tt.wantType {
				t.Errorf("Decode = %+v", d)
			}
			if (tt.wantErr == nil) != (d.Outcome.Error == nil) || tt.wantErr != nil && (d.Outcome.Error.Name != tt.wantErr.Name || d.Outcome.Error.Message != tt.wantErr.Message || len(d.Outcome.Error.Props) != len(tt.wantErr.Props)) {
				t.Errorf("error %+v, want %+v", d.Outcome.Error, tt.wantErr)
			}
			if len(d.After) != len(tt.wantAfter) {
				t.Errorf("after %v, want %v", d.After, tt.wantAfter)
			}
			for i, v := range tt.wantAfter {
				if d.After[i] != v {
					t.Errorf("after[%d] = %q, want %q", i, d.After[i], v)
				}
			}
		})
	}
}
