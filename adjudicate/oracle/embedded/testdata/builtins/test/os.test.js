const test = require('node:test');
const assert = require('node:assert');
const os = require('node:os');
const path = require('node:path');

test('os constants of a Linux machine', () => {
  assert.strictEqual(os.EOL, '\n');
  assert.strictEqual(os.platform(), process.platform);
  assert.strictEqual(os.type(), 'Linux');
  assert.strictEqual(os.devNull, '/dev/null');
  assert.strictEqual(os.endianness(), 'LE');
  assert.strictEqual(['a', 'b'].join(os.EOL), 'a\nb');
  assert.strictEqual(path.join('x', 'y'), 'x/y');
});

test('a deliberately failing os test', () => {
  assert.strictEqual(os.EOL, '\r\n');
});
