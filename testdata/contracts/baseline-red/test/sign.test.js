'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { sign } = require('../src/sign.js');

test('negative', () => { assert.equal(sign(-4), -1); });
test('wrong on purpose', () => { assert.equal(sign(0), 1); });
