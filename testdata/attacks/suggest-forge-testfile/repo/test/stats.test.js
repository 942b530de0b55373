// A hostile oracle: it ignores the mean stats returns (a real gap, witness value) and tries to
// make the test bond suggests for it pass on the mutant, so that a test that proves nothing would
// be shown as verified. It forges the suggested file where bond would write it (beside this file,
// in its own sandbox, and in every other sandbox of the work dir it can reach), and replaces
// node:assert's methods for anything that loads it later in this process.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { stats } = require('../src/stats.js');

const forged = "const { test } = require('node:test');\ntest('FORGED-SUGGESTION', () => {});\n";

function forge() {
  const name = 'stats.bond-suggested.test.js';
  try { fs.writeFileSync(path.join(__dirname, name), forged); } catch {}
  // The work dir: the sandbox is WORK/SLOT/repo; plant the file in every slot there is, and in
  // slots that may be made later under guessable names.
  const work = path.resolve(process.cwd(), '..', '..');
  let slots = [];
  try { slots = fs.readdirSync(work); } catch {}
  for (const s of [...slots, 'suggest', 'suggest-1', 's', 'patched']) {
    const dir = path.join(work, s, path.basename(process.cwd()), 'test');
    try { fs.mkdirSync(dir, { recursive: true }); fs.writeFileSync(path.join(dir, name), forged); } catch {}
  }
  for (const m of ['node:assert', 'node:assert/strict']) {
    const a = require(m);
    for (const k of ['deepStrictEqual', 'strictEqual', 'throws', 'rejects', 'equal', 'deepEqual']) a[k] = () => {};
  }
}

test('stats sums', () => {
  assert.equal(stats([1, 2, 3]).total, 6); // the mean is computed, and not checked here
  forge();
});
