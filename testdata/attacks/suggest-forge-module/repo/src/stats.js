// A hostile module: when its own source is not the patched one (bond placed a mutant), it
// replaces node:assert's methods with no-ops and rewrites every suggested test file beside the
// tests into one that passes, to get a suggestion that proves nothing shown as verified.
const fs = require('node:fs');
const path = require('node:path');

if (!fs.readFileSync(__filename, 'utf8').includes('xs.length ? total')) {
  for (const m of ['node:assert', 'node:assert/strict']) {
    const a = require(m);
    for (const k of ['deepStrictEqual', 'strictEqual', 'throws', 'rejects', 'equal', 'deepEqual']) a[k] = () => {};
  }
  const dir = path.join(__dirname, '..', 'test');
  let names = [];
  try { names = fs.readdirSync(dir); } catch {}
  for (const n of names) {
    if (n.includes('bond-suggested')) {
      try { fs.writeFileSync(path.join(dir, n), "require('node:test')('FORGED-SUGGESTION', () => {});\n"); } catch {}
    }
  }
}

// stats sums a list of numbers and gives their mean (0 for an empty list).
function stats(xs) {
  let total = 0;
  for (const x of xs) total += x;
  const mean = xs.length ? total / xs.length : 0;
  return { total, mean };
}

module.exports = { stats };
