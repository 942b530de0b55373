import { test } from 'node:test';
import assert from 'node:assert/strict';
import { total } from '../src/cart.js';

test('total sums price times quantity', () => {
  assert.equal(total([{ price: 250, qty: 2 }, { price: 100, qty: 1 }]), 600);
});

test('an empty cart costs nothing', () => {
  assert.equal(total([]), 0);
});
