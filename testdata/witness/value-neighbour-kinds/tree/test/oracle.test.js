const test = require('node:test');
const assert = require('node:assert/strict');
const { byteLength, clampCode, isHex, isTag } = require('../src/index.js');

test('byteLength counts one byte per ASCII character', () => {
  assert.equal(byteLength('abc'), 3);
});

test('clampCode is the first code', () => {
  assert.equal(clampCode('abc'), 97);
});

test('isHex takes #fff and refuses fff', () => {
  assert.equal(isHex('#fff'), true);
  assert.equal(isHex('fff'), false);
});

test('isTag takes x#abc and refuses abc', () => {
  assert.equal(isTag('x#abc'), true);
  assert.equal(isTag('abc'), false);
});
