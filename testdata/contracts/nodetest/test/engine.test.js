'use strict';
const { describe, test } = require('node:test');
const assert = require('node:assert/strict');
const { elder, clamp, label } = require('../src/engine.js');
const { twice } = require('../src/crlf.js');

describe('elder rule', () => {
  test('older wins', () => {
    assert.equal(elder([1, 5], 0, 1), 0);
    assert.equal(elder([5, 1], 0, 1), 1);
  });
  test('tie goes to lower index', () => {
    assert.equal(elder([3, 3], 1, 0), 0);
  });
});

describe('clamp', () => {
  test('below', () => { assert.equal(clamp(-5, 0, 10), 0); });
  test('above', () => { assert.equal(clamp(50, 0, 10), 10); });
  test('inside', () => { assert.equal(clamp(5, 0, 10), 5); });
});

test('label positive', () => { assert.equal(label(3), 'pos'); });

test('twice', () => { assert.equal(twice(2), 4); });
