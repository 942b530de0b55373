// Package operators is bond's lexical mutation engine: the per-line view (Lines) of a file
// tokenized once by package lex (so block comments and template literals that span lines are
// known), and the operator sets: ordered tables of mutation operators, versioned as a whole
// (Set, Sets, DefaultSet).
//
// Set 1 (Table) is the eight operators of SPEC §2.3 in rank order, kept byte-identical so old
// rows and pre-registrations reproduce (its digest is pinned in testdata/digest.golden). Set 2
// (Set(2)) is ranked for its power to expose a test gap; table2's comment gives the order and
// its reasons, each operator's file its equivalence residual. Set 2's digest is pinned in
// testdata/digest-set2.golden, and TestSetCoverage reports how many lines each set reaches.
//
// The operators are lexical, not an AST walk, so one implementation serves JS, JSX, TS and
// TSX. That is a deliberate trade: it is fast (see BenchmarkOperators) and dialect-blind, and
// what it gets wrong is caught downstream by the esbuild parse check (SPEC §2.4, package plan).
//
// Decisions that hold for every operator:
//   - Operators read only code tokens: no operator edits inside a string, a template's text,
//     a regex or a comment, and comment-only and blank lines get no mutant. The code in a
//     template substitution (`${a === b}`) is code and may be mutated: it is lexed as tokens
//     between the template's pieces. Set 2's literal operators (empty-literal, regex-literal)
//     are the one exception: they edit their own string, template, array or regex token,
//     never one inside a comment or another literal.
//   - Fire is pure and cheap; every Edit lies inside Line.Text, changes it, and never
//     introduces a line break, so a mutant changes exactly its own line (the fuzz targets
//     check this). Line.Text excludes the "\r" of a CRLF terminator; the caller writes the
//     terminator back unchanged. Set 1's operators read only their line; set 2's may also
//     read the lines around it (around.go: the next and previous code token, a statement's
//     later lines, the object literal a property is in), which only Lines provides — on a
//     Line built by hand they read "unknown" and do not fire where they would need it.
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
