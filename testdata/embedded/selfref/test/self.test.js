// A test that imports its own package by name: node resolves it through this directory's
// package.json ("name" and "exports"), with the conditions node runs under.
import assert from 'node:assert/strict';
import test from 'node:test';
import { target } from 'selfref';
import { kind } from 'selfref/kind';

test('the self-reference loads the development target', () => {
  assert.equal(target, 'development');
});

test('the self-reference loads the default target', () => {
  assert.equal(target, 'default');
});

test('an import picks the import target', () => {
  assert.equal(kind, 'import');
});
