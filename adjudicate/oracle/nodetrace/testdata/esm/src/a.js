// What the ES-module cases of the hook call (nodetrace_test.go, TestHookESM): a live binding the
// package reassigns, a default export, an exported plain object, and `export *` of a module that
// imports this one back (one instance for both).
export let count = 0;
export function inc() { count++; return count; }
export default function def() { return 'd'; }
export const obj = { hi: (x) => x + 1 };
export * from './b.js';
