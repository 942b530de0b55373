// require.resolve as tests use it: the package's own main through '..', files with and without
// their extension, a directory's index, JSON, built-in names, and the module-not-found error;
// `delete require.cache[…]` before the first require, as browserslist's tests do. The last test
// fails on purpose.
const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');

delete require.cache[require.resolve('..')];
const main = require('..');
const root = path.join(__dirname, '..');

test('the package main through ".." and its module loads once', () => {
  assert.strictEqual(require.resolve('..'), path.join(root, 'src', 'main.js'));
  assert.strictEqual(main.loads, 1);
  assert.strictEqual(main.twice(2), 4);
});

test('files, with and without extension, JSON and a directory index', () => {
  assert.strictEqual(require.resolve('../src/main'), path.join(root, 'src', 'main.js'));
  assert.strictEqual(require.resolve('../src/main.js'), path.join(root, 'src', 'main.js'));
  assert.strictEqual(require.resolve('../src/data'), path.join(root, 'src', 'data.json'));
  assert.strictEqual(require.resolve('../src/lib'), path.join(root, 'src', 'lib', 'index.js'));
  assert.strictEqual(require.resolve('../src/lib/'), path.join(root, 'src', 'lib', 'index.js'));
  assert.strictEqual(require.resolve('./resolve.test.js'), __filename);
  assert.strictEqual(require.resolve(path.join(root, 'src', 'main')), path.join(root, 'src', 'main.js'));
});

test('built-in names resolve to themselves', () => {
  assert.strictEqual(require.resolve('fs'), 'fs');
  assert.strictEqual(require.resolve('node:path'), 'node:path');
});

test('a missing file is MODULE_NOT_FOUND', () => {
  assert.throws(() => require.resolve('../src/nope'), { code: 'MODULE_NOT_FOUND' });
  assert.throws(() => require.resolve('../src/main/'), { code: 'MODULE_NOT_FOUND' });
});

test('deleting the entry of a module never loaded is harmless', () => {
  assert.strictEqual(delete require.cache[require.resolve('../src/lib')], true);
  assert.strictEqual(require('../src/lib'), 'lib');
});

test('deliberate failure: the main is not index.js', () => {
  assert.strictEqual(require.resolve('..'), path.join(root, 'index.js'));
});
