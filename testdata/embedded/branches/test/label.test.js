import { test } from 'node:test';
import assert from 'node:assert/strict';
import { label, pick } from '../src/label.js';

test('label with every option given', () => {
  assert.equal(label(3, { sep: '/', unit: 'kg', loud: false }), '3/items/kg');
});

test('pick takes the first when it is set', () => {
  assert.equal(pick(' x ', 'y'), 'x');
});
