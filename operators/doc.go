// Package operators is bond's lexical mutation engine: a JavaScript/TypeScript lexer that
// tokenizes a whole file once (so block comments and template literals that span lines are
// known), the per-line view of those tokens (Lines), and the eight mutation operators of
// SPEC §2.3 in rank order (Table).
//
// The operators are lexical, not an AST walk, so one implementation serves JS, JSX, TS and
// TSX. That is a deliberate trade: it is fast (see BenchmarkOperators) and dialect-blind, and
// what it gets wrong is caught downstream by the esbuild parse check (SPEC §2.4, package plan).
//
// Decisions that hold for every operator:
//   - Operators read only code tokens: no operator edits inside a string, a template's text,
//     a regex or a comment, and comment-only and blank lines get no mutant. The code in a
//     template substitution (`${a === b}`) is code and may be mutated: it is lexed as tokens
//     between the template's pieces.
//   - Fire is line-local, pure and cheap; every Edit lies inside Line.Text, changes it, and
//     never introduces a line break, so a mutant changes exactly its own line (the fuzz
//     targets check this). Line.Text excludes the "\r" of a CRLF terminator; the caller
//     writes the terminator back unchanged.
//   - Bracket matching is per line and ignores bracket types; TypeScript generic brackets
//     are recognised heuristically (see codeTokens) only where commas and '=' are counted.
//
// Named residuals of the lexical reading, each caught by the parse check when it matters:
//   - JSX text children (<p>Don't</p>) are lexed as code: the apostrophe opens a string that
//     runs to the end of the line. No operator fires inside that string, so such a line
//     usually gets no mutant at all, rather than a wrong one.
//   - A '/' after ')' is read as division (SPEC §2.2), so `if (x) /re/.test(s)` mis-lexes
//     the pattern; after '}' a '/' opens a pattern (a statement after a block), so an object
//     literal divided by something mis-lexes. Both are rare in real code.
//   - TypeScript generics are not brackets: a comma inside `Map<string, number>` counts as
//     an argument separator, so swap-call-arguments sees three arguments and does not fire
//     (the conservative direction: a lost mutant, never a wrong one).
package operators
