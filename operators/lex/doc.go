// Package lex is bond's JavaScript/TypeScript lexer, a leaf in the manner of go/scanner and
// go/token: it tokenizes one whole file in one pass (so block comments and template literals
// that span lines are known), and it knows nothing of mutants, coverage or test runners.
//
// Its four parts:
//   - positions (position.go): a File holds a path, its bytes and its line starts; a Pos is a
//     byte offset into one File (NoPos is -1, since 0 is the first byte); File.Position
//     resolves a Pos to a 1-based line and byte column for messages.
//   - tokens (token.go): a Token is a Kind and a byte span [Pos, End); Kind is an int enum with
//     a name table. Template literals come in pieces so the code in a `${ … }` substitution is
//     lexed as code.
//   - the lexer (lexer.go, literal.go): var lx Lexer; lx.Init(f, errh); then Next until it
//     returns EOF. A '/' is told a pattern or a division, and a word a keyword or a property
//     name, from the previous significant token.
//   - errors: each lexical error goes to the ErrorHandler given to Init (which may be nil) and
//     bumps ErrorCount; lexing goes on, and the lexer never panics, whatever the bytes.
//
// Its readers: package operators (the per-line view the mutation operators read), package
// plan (statement boundaries), the coverage reader (which bytes are code, and which comments
// are coverage-ignore hints) and the embedded runner's config reader.
//
// What a lexical reading cannot know, and how each reader copes, is written in package
// operators' documentation (JSX text children, a '/' after ')' or '}', TypeScript generics).
package lex
