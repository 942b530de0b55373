'use strict';
// The oracle command hides every test name.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { sign } = require('../src/sign.js');

test('negative', () => { assert.equal(sign(-4), -1); });
test('positive', () => { assert.equal(sign(4), 1); });
test('zero', () => { assert.equal(sign(0), 0); });
