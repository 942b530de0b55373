package lex_test

import (
	"fmt"

	"github.com/bond-tool/bond/operators/lex"
)

func ExampleLexer_Next() {
	f := lex.NewFile("x.ts", []byte("x = a / b + /re,g/.exec(`${s}`)?.length"))
	var lx lex.Lexer
	lx.Init(f, func(pos lex.Position, msg string) { fmt.Println(pos, msg) })
	for {
		tok := lx.Next()
		if tok.Kind == lex.EOF {
			break
		}
		fmt.Printf("%d\t%s\t%s\n", f.Position(tok.Pos).Col, tok.Kind, f.Src[tok.Pos:tok.End])
	}
	// Output:
	// 1	Ident	x
	// 3	Punct	=
	// 5	Ident	a
	// 7	Punct	/
	// 9	Ident	b
	// 11	Punct	+
	// 13	Regex	/re,g/
	// 19	Punct	.
	// 20	Ident	exec
	// 24	Punct	(
	// 25	TemplateHead	`${
	// 28	Ident	s
	// 29	TemplateTail	}`
	// 31	Punct	)
	// 32	Punct	?.
	// 34	Ident	length
}
