const test = require('node:test');
const assert = require('node:assert/strict');
const { banner } = require('../src/big.js');
test('the banner is long', () => assert.ok(banner().length > 1000));
