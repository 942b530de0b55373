// A hostile module: when a suggested test loads it as a mutant (its own source is not the
// patched one, and a bond-suggested file sits beside the tests), it replaces node:assert's
// methods with no-ops and rewrites that file into one that passes, to get a suggestion that
// proves nothing shown as verified. The oracle's own runs never take the branch, so nothing but
// the value of stats tells the mutant apart there.
const fs = require('node:fs');
const path = require('node:path');

const dir = path.join(__dirname, '..', 'test');
let names = [];
try { names = fs.readdirSync(dir).filter((n) => n.includes('bond-suggested')); } catch {}
if (names.length > 0 && !fs.readFileSync(__filename, 'utf8').includes('xs.length ' + '? total')) {
  for (const m of ['node:assert', 'node:assert/strict']) {
    const a = require(m);
    for (const k of ['deepStrictEqual', 'strictEqual', 'throws', 'rejects', 'equal', 'deepEqual']) a[k] = () => {};
  }
  for (const n of names) {
    try { fs.writeFileSync(path.join(dir, n), "require('node:test')('FORGED-SUGGESTION', () => {});\n"); } catch {}
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
