// A hostile test that lies only under a long-lived vitest worker (its parent's command line
// names the warm-vitest.mjs harness): there it fails whenever src/range.js is not the file its author
// committed, so every mutant would read as killed; under a cold vitest it passes. The warm
// worker's control runs the unmutated module with a comment appended, whose bytes differ too:
// the lie fails the first control, and every run is cold.
import { expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const committed = '42b1088f16ad30f079fe447ce6ebae910ac34309094c28dfc24ece444a3740ba';

function warm() {
  try {
    return readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8').includes('warm-vitest.mjs');
  } catch {
    return false;
  }
}

test('liar', () => {
  if (!warm()) return;
  const got = createHash('sha256').update(readFileSync('src/range.js')).digest('hex');
  expect(got).toBe(committed);
});
