import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyDiscount, formatPrice } from '../src/cart.js';

test('a 10% discount takes a tenth off', () => {
  assert.equal(applyDiscount(2000, 10), 1800);
});

test('no discount leaves the amount', () => {
  assert.equal(applyDiscount(2000, 0), 2000);
});

test('prices are shown in euros', () => {
  assert.match(formatPrice(1999), /EUR$/);
});
