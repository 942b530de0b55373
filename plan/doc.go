// Package plan is the planner: it reads a patch's diff, checks that it fits the patched tree, and
// proposes at most one mutant per added line under the budget (SPEC §2). It runs no project code.
// Build is the entry point; Apply puts a planned mutant into a file; Source.Propose is the one
// place a line is offered to the operators, used by the planner and by the lab (plan/lab).
//
// Where the SPEC rules live:
//
//	§2.1 diff sources, parsing, path confinement   diff.go (readDiff, parseDiff, cleanRelPath, gitDiff)
//	§2.1 the diff fits the tree                    build.go (fitCheck)
//	§2.1 source files, tests excluded, globs       tree.go (IsSourceFile, selector, root)
//	§2.1 what the patch changed (issue 27)         changed.go (readHistory: the old file rebuilt;
//	     changed tokens, lines moved into other     changed tokens, moved lines, non-code lines)
//	     blocks, lines that hold no code)
//	§2.3 operators in rank order, fall-through     propose.go (Source.Propose; the changed-first rule)
//	§2.4 parse check, equivalence filter           parse.go; chunk.go (checking a statement alone)
//	§2.5 budget, mutant ids                        budget.go (applyBudget, fill: cut reasons and hints, MutantID)
//	§2.3 operator set and digest in documents      build.go (OperatorSetOf)
//	§2.6 bond plan's document                      types.go (Result, Document), document.go (§5)
//	§3.2 applying a mutant in a sandbox            apply.go
//
// The operators themselves (SPEC §2.2, §2.3) are package operators; .bond.toml is
// internal/config; the bond plan command is cmd/bond/plan.go.
package plan
