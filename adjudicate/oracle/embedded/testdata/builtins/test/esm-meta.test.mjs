import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

test('import.meta.url names this module', () => {
  assert.ok(import.meta.url.startsWith('file:///'));
  assert.ok(import.meta.url.endsWith('/test/esm-meta.test.mjs'));
  assert.equal(fileURLToPath(import.meta.url), join(process.cwd(), 'test', 'esm-meta.test.mjs'));
});

test('import.meta.dirname and filename', () => {
  assert.equal(import.meta.dirname, here);
  assert.equal(import.meta.filename, join(here, 'esm-meta.test.mjs'));
});

test('a file next to the module', async () => {
  assert.equal(readFileSync(join(here, '..', 'data', 'sub', 'inner.txt'), 'utf8'), 'inner\n');
  assert.equal(await readFile(new URL('../data/words.txt', import.meta.url), 'utf8'), 'alpha\nbeta\n');
});

test('a deliberate failure', () => {
  assert.equal(import.meta.url, 'file:///elsewhere.mjs');
});
