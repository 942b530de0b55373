'use strict';
// The test imports the built copy in dist/, not src/: a mutation of src/ never reaches it.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { sign } = require('../dist/sign.js');

test('negative', () => { assert.equal(sign(-4), -1); });
test('positive', () => { assert.equal(sign(4), 1); });
test('zero', () => { assert.equal(sign(0), 0); });
