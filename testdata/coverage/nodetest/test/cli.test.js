const test = require('node:test');
const assert = require('node:assert');
const { execFileSync } = require('node:child_process');
const path = require('node:path');

// The child process is a grandchild of `node --test`: its coverage must be read too.
test('the cli prints the sign of a negative number', () => {
  const out = execFileSync(process.execPath, [path.join(__dirname, '..', 'src', 'cli.js'), '-3']);
  assert.strictEqual(out.toString().trim(), 'negative');
});
